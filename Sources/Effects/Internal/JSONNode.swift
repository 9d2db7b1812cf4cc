/// A JSON value read from an effect file, with the line and column it starts at
/// (both from 1), so that an error can point at the value it is about. The
/// package's one JSON reader (the tests read the command line's output with it).
///
/// A class, so that a node is one reference wherever the readers pass it,
/// return it as a field's value or keep it in a member (as a struct, its value
/// and position were copied field by field at each of those places).
package final class JSONNode: Sendable {
    package enum Value: Sendable {
        case null
        case bool(Bool)
        case number(Double)
        case string(String)
        case array([JSONNode])
        /// Members in document order (a key given twice is an error when read).
        case object([Member])
    }

    /// A field of an object: its name, where the name starts, and its value.
    /// A class for the same reason as the node.
    package final class Member: Sendable {
        package let key: String
        package let line: Int
        package let column: Int
        package let node: JSONNode

        package init(key: String, line: Int, column: Int, node: JSONNode) {
            self.key = key
            self.line = line
            self.column = column
            self.node = node
        }

        /// The name as a node, for errors about the field itself (an unknown or repeated name).
        var keyNode: JSONNode { JSONNode(value: .string(key), line: line, column: column) }
    }

    package let value: Value
    package let line: Int
    package let column: Int

    package init(value: Value, line: Int, column: Int) {
        self.value = value
        self.line = line
        self.column = column
    }

    /// What kind of value this is, as an error names it.
    var kind: String {
        switch value {
        case .null: "null"
        case .bool: "true or false"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// An object's members once checked, looked up by name: a scan of the members
/// (an effect file's objects have a handful), so that reading a field is one
/// call rather than a dictionary's hashing inlined at every field. A name given
/// twice finds its last value, as a dictionary filled in document order would.
package struct JSONFields {
    package var members: [JSONNode.Member]

    package init(_ members: [JSONNode.Member]) { self.members = members }

    /// The value of the field `key`, nil when the object has none.
    package subscript(key: String) -> JSONNode? { value(key) }

    @inline(never)
    private func value(_ key: String) -> JSONNode? {
        var k = members.count
        while k > 0 {
            k -= 1
            if members[k].key == key { return members[k].node }
        }
        return nil
    }
}
