/// Escaping of user text for XML (SVG) and HTML output.
///
/// Every string that comes from input (the texts, the command line) goes
/// through ``escaped(_:)`` before it reaches a document. Markup characters
/// become entities; characters XML cannot carry at all (C0 controls other than
/// tab and newline, DEL, C1 controls, U+FFFE and U+FFFF) become visible
/// stand-ins: the Control Pictures symbol for C0 and DEL ("␛" for ESC, "␇" for
/// BEL), U+FFFD for the rest. So an ESC in a text can never reach a terminal
/// that `cat`s the file, and the file always parses.
enum MarkupText {
    /// The text with `&`, `<`, `>`, `"` and `'` as entities and unwritable
    /// characters replaced; newlines and tabs as character references when
    /// `inAttribute` (parsers would fold them to spaces).
    static func escaped(_ text: String, inAttribute: Bool = true) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\n": out += inAttribute ? "&#10;" : "\n"
            case "\t": out += inAttribute ? "&#9;" : "\t"
            default: out.unicodeScalars.append(visible(scalar))
            }
        }
        return out
    }

    /// A scalar XML can carry and a terminal shows harmlessly.
    static func visible(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        switch scalar.value {
        case 0x00..<0x20: Unicode.Scalar(0x2400 + scalar.value)!
        case 0x7F: "\u{2421}"
        case 0x80..<0xA0, 0xFFFE, 0xFFFF: "\u{FFFD}"
        default: scalar
        }
    }

    /// The texts of a timeline joined for a description: "A → B → C".
    static func sequence(_ texts: [String]) -> String {
        texts.map { "“\($0)”" }.joined(separator: " → ")
    }
}
