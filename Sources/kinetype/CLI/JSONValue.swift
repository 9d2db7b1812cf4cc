import Render

/// A JSON document built in memory and written deterministically.
///
/// Objects keep their keys in the order given. Numbers use Swift's shortest
/// round-tripping `Double` description; NaN and infinities, which JSON cannot
/// hold, are written as `null`. Strings are written by Render's `JSONString`
/// (control and bidirectional characters escaped, the rest as UTF-8).
///
/// Layout: a container holding only scalars is written on one line; any other
/// container puts each element on its own line, indented by two spaces.
indirect enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        lhs.serialized() == rhs.serialized()
    }

    /// The document as text, ending with a newline.
    func serialized() -> String {
        var output = ""
        write(to: &output, indent: 0)
        output += "\n"
        return output
    }

    private var isScalar: Bool {
        switch self {
        case .array, .object: return false
        default: return true
        }
    }

    /// Appends the value as it appears nested `indent` spaces deep (no trailing newline):
    /// what lets a long array be streamed element by element.
    func write(to output: inout String, indent: Int) {
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .int(let value): output += String(value)
        case .number(let value): output += value.isFinite ? String(value) : "null"
        case .string(let value): JSONString.write(value, to: &output)
        case .array(let elements):
            writeContainer(open: "[", close: "]", count: elements.count, to: &output, indent: indent, inline: elements.allSatisfy(\.isScalar)) {
                elements[$0].write(to: &$1, indent: $2)
            }
        case .object(let members):
            writeContainer(open: "{", close: "}", count: members.count, to: &output, indent: indent, inline: members.allSatisfy(\.1.isScalar)) {
                JSONString.write(members[$0].0, to: &$1)
                $1 += ": "
                members[$0].1.write(to: &$1, indent: $2)
            }
        }
    }

    private func writeContainer(
        open: String, close: String, count: Int, to output: inout String, indent: Int, inline: Bool,
        element: (Int, inout String, Int) -> Void
    ) {
        output += open
        if inline || count == 0 {
            for index in 0..<count {
                if index > 0 { output += ", " }
                element(index, &output, indent)
            }
        } else {
            let padding = String(repeating: " ", count: indent + 2)
            for index in 0..<count {
                output += index > 0 ? ",\n" : "\n"
                output += padding
                element(index, &output, indent + 2)
            }
            output += "\n" + String(repeating: " ", count: indent)
        }
        output += close
    }
}
