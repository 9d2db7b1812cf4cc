import Animator

/// The one writer of JSON string literals, for every JSON this package writes
/// (Lottie files, the command line's `--json`).
///
/// Quotes and backslashes are escaped, as are the scalars that must never
/// reach a terminal raw (`TerminalEscape.mustEscape`: C0 and C1 controls, DEL,
/// the bidirectional formatting characters, U+2028 and U+2029), so a document
/// printed to a terminal is harmless and one embedded in a JavaScript string
/// stays valid. Backspace, form feed, newline, carriage return and tab use
/// their short forms (`\b`, `\f`, `\n`, `\r`, `\t`), the rest `\u` and four
/// lower-case hex digits. Everything else is written as UTF-8.
package enum JSONString {
    /// Appends `string` as a JSON string literal, quotes included.
    ///
    /// - Complexity: O(n) in scalars.
    package static func write<S: StringProtocol>(_ string: S, to output: inout String) {
        output += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\u{8}": output += "\\b"
            case "\u{C}": output += "\\f"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            default:
                if TerminalEscape.mustEscape(scalar) {
                    let hex = String(scalar.value, radix: 16)
                    output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        output += "\""
    }

    /// `string` as a JSON string literal, quotes included.
    package static func quoted<S: StringProtocol>(_ string: S) -> String {
        var output = ""
        write(string, to: &output)
        return output
    }
}
