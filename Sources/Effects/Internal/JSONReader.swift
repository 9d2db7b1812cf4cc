/// A strict JSON reader (RFC 8259) that remembers where every value starts, so
/// errors in an effect file can name the line and column. No Foundation.
///
/// Bounded: nesting deeper than ``maximumDepth`` is an error rather than a deep
/// recursion, and the caller bounds the text's size.
package struct JSONReader {
    /// The deepest nesting of arrays and objects an effect file may have.
    static let maximumDepth = 32

    private let bytes: [UInt8]
    private let maximumDepth: Int
    private var offset = 0
    private var line = 1
    private var column = 1

    /// Parses a whole document: one value, with only whitespace around it.
    package static func parse(_ text: String, maximumDepth: Int = JSONReader.maximumDepth) throws(EffectFileError) -> JSONNode {
        try parse(bytes: Array(text.utf8), maximumDepth: maximumDepth)
    }

    /// Parses a whole document given as its UTF-8 bytes.
    package static func parse(bytes: [UInt8], maximumDepth: Int = JSONReader.maximumDepth) throws(EffectFileError) -> JSONNode {
        var reader = JSONReader(bytes: bytes, maximumDepth: maximumDepth)
        // A byte-order mark is not JSON, but editors write one: skip it.
        if reader.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.offset = 3 }
        reader.skipWhitespace()
        let node = try reader.value(depth: 0)
        reader.skipWhitespace()
        guard reader.offset == reader.bytes.count else { throw reader.error("unexpected text after the document's end") }
        return node
    }

    private init(bytes: [UInt8], maximumDepth: Int) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
    }

    @inline(never)
    private func error(_ message: String) -> EffectFileError {
        .syntax(message, line: line, column: column)
    }

    private var current: UInt8? { offset < bytes.count ? bytes[offset] : nil }

    /// Moves past one byte, counting lines and (Unicode scalar) columns.
    private mutating func advance() {
        let byte = bytes[offset]
        offset += 1
        if byte == UInt8(ascii: "\n") {
            line += 1
            column = 1
        } else if byte & 0xC0 != 0x80 {
            column += 1
        }
    }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { advance() }
    }

    /// `true`, `false` or `null`: its bytes, then the value.
    private mutating func expect(_ literal: StaticString, _ value: JSONNode.Value, at start: (Int, Int)) throws(EffectFileError) -> JSONNode {
        for k in 0..<literal.utf8CodeUnitCount {
            guard current == literal.utf8Start[k] else { throw error("expected " + literal.description) }
            advance()
        }
        return JSONNode(value: value, line: start.0, column: start.1)
    }

    private mutating func value(depth: Int) throws(EffectFileError) -> JSONNode {
        let start = (line, column)
        guard let byte = current else { throw error("the document ends where a value was expected") }
        if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "["), depth >= maximumDepth {
            throw error("nesting deeper than " + String(maximumDepth) + " levels")
        }
        switch byte {
        case UInt8(ascii: "{"):
            return try object(depth: depth, at: start)
        case UInt8(ascii: "["):
            return try array(depth: depth, at: start)
        case UInt8(ascii: "\""):
            return JSONNode(value: .string(try string()), line: start.0, column: start.1)
        case UInt8(ascii: "t"): return try expect("true", .bool(true), at: start)
        case UInt8(ascii: "f"): return try expect("false", .bool(false), at: start)
        case UInt8(ascii: "n"): return try expect("null", .null, at: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONNode(value: .number(try number()), line: start.0, column: start.1)
        default:
            throw error("expected a value (an object, array, string, number, true, false or null)")
        }
    }

    private mutating func object(depth: Int, at start: (Int, Int)) throws(EffectFileError) -> JSONNode {
        advance()
        var members: [JSONNode.Member] = []
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            advance()
            return JSONNode(value: .object(members), line: start.0, column: start.1)
        }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else { throw error("expected a field name in double quotes") }
            let keyLine = line, keyColumn = column
            let key = try string()
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw error("expected ':' after the field name \"" + key + "\"") }
            advance()
            skipWhitespace()
            members.append(JSONNode.Member(key: key, line: keyLine, column: keyColumn, node: try value(depth: depth + 1)))
            if try closes(with: UInt8(ascii: "}"), "expected ',' or '}' after a field", inside: "an object") { break }
        }
        return JSONNode(value: .object(members), line: start.0, column: start.1)
    }

    private mutating func array(depth: Int, at start: (Int, Int)) throws(EffectFileError) -> JSONNode {
        advance()
        var elements: [JSONNode] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            advance()
            return JSONNode(value: .array(elements), line: start.0, column: start.1)
        }
        while true {
            skipWhitespace()
            elements.append(try value(depth: depth + 1))
            if try closes(with: UInt8(ascii: "]"), "expected ',' or ']' after an element", inside: "an array") { break }
        }
        return JSONNode(value: .array(elements), line: start.0, column: start.1)
    }

    /// After a member: reads the ',' before the next (false) or the closing
    /// bracket (true); `expected` is the message when neither comes.
    private mutating func closes(with bracket: UInt8, _ expected: String, inside container: String) throws(EffectFileError) -> Bool {
        skipWhitespace()
        guard let next = current else { throw error("the document ends inside " + container) }
        guard next == bracket || next == UInt8(ascii: ",") else { throw error(expected) }
        advance()
        return next == bracket
    }

    private mutating func string() throws(EffectFileError) -> String {
        advance()
        // The text's bytes are UTF-8 already (they came from a String), and an
        // escape adds a scalar's UTF-8: the bytes make the string in one go.
        var text: [UInt8] = []
        while true {
            guard let byte = current else { throw error("the document ends inside a string") }
            if byte == UInt8(ascii: "\"") {
                advance()
                break
            }
            guard byte >= 0x20 else { throw error("a control character inside a string (write it as an escape such as \\n)") }
            advance()
            guard byte == UInt8(ascii: "\\") else {
                text.append(byte)
                continue
            }
            guard let escape = current else { throw error("the document ends inside a string") }
            advance()
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(escape)
            case UInt8(ascii: "b"): text.append(0x08)
            case UInt8(ascii: "f"): text.append(0x0C)
            case UInt8(ascii: "n"): text.append(0x0A)
            case UInt8(ascii: "r"): text.append(0x0D)
            case UInt8(ascii: "t"): text.append(0x09)
            case UInt8(ascii: "u"):
                var code = try hex4()
                if (0xD800..<0xDC00).contains(code) {
                    // A high surrogate must be followed by a low one.
                    guard current == UInt8(ascii: "\\") else { throw error("a lone surrogate in a \\u escape") }
                    advance()
                    guard current == UInt8(ascii: "u") else { throw error("a lone surrogate in a \\u escape") }
                    advance()
                    let low = try hex4()
                    guard (0xDC00..<0xE000).contains(low) else { throw error("a lone surrogate in a \\u escape") }
                    code = 0x10000 + (code - 0xD800) << 10 + (low - 0xDC00)
                }
                guard Unicode.Scalar(code) != nil else { throw error("a lone surrogate in a \\u escape") }
                Self.appendUTF8(code, to: &text)
            default:
                throw error("an unknown escape in a string (use \\\", \\\\, \\/, \\b, \\f, \\n, \\r, \\t or \\uXXXX)")
            }
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The UTF-8 encoding of the scalar `code` (a valid one).
    private static func appendUTF8(_ code: UInt32, to bytes: inout [UInt8]) {
        if code < 0x80 {
            bytes.append(UInt8(code))
        } else if code < 0x800 {
            bytes.append(UInt8(0xC0 | code >> 6))
            bytes.append(UInt8(0x80 | code & 0x3F))
        } else if code < 0x10000 {
            bytes.append(UInt8(0xE0 | code >> 12))
            bytes.append(UInt8(0x80 | code >> 6 & 0x3F))
            bytes.append(UInt8(0x80 | code & 0x3F))
        } else {
            bytes.append(UInt8(0xF0 | code >> 18))
            bytes.append(UInt8(0x80 | code >> 12 & 0x3F))
            bytes.append(UInt8(0x80 | code >> 6 & 0x3F))
            bytes.append(UInt8(0x80 | code & 0x3F))
        }
    }

    private mutating func hex4() throws(EffectFileError) -> UInt32 {
        var code: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current, let digit = Self.hexValue(byte) else { throw error("expected four hexadecimal digits after \\u") }
            code = code << 4 | digit
            advance()
        }
        return code
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// A number in JSON's grammar: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    private mutating func number() throws(EffectFileError) -> Double {
        let start = offset
        func digits() -> Int {
            var count = 0
            while let byte = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                advance()
                count += 1
            }
            return count
        }
        if current == UInt8(ascii: "-") { advance() }
        if current == UInt8(ascii: "0") {
            advance()
        } else if digits() == 0 {
            throw error("expected a digit in a number")
        }
        if current == UInt8(ascii: ".") {
            advance()
            guard digits() > 0 else { throw error("expected a digit after the decimal point") }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            advance()
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { advance() }
            guard digits() > 0 else { throw error("expected a digit in the exponent") }
        }
        let value = bytes.withUnsafeBufferPointer { DecimalNumber.value(UnsafeBufferPointer(rebasing: $0[start..<offset])) }
        guard value.isFinite else {
            // Decoded from a buffer, as the input of the web build is: the
            // decoding of an array slice is a second specialisation.
            let text = bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[start..<offset]), as: UTF8.self) }
            throw error("the number " + text + " is too large")
        }
        return value
    }
}
