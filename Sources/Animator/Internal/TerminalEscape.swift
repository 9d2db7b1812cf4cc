/// User text made safe and legible on a terminal: the one escaper for
/// terminal output, used by error messages in every module, the terminal
/// renderer and the command line.
///
/// The scalars that must never reach output raw (``mustEscape(_:)``) are
/// written as escapes ("\n", "\t", "\u{1B}", "\u{61C}"), so nothing reaches
/// the terminal that it would obey, and an escape reads the same as the one a
/// user would type. The JSON writer escapes the same set in its own syntax.
package enum TerminalEscape {
    /// Whether a scalar must not reach a terminal (or a JSON document) raw: C0
    /// controls, DEL, C1 controls (U+0080–U+009F), the bidirectional marks,
    /// embeddings, overrides and isolates (U+061C, U+200E, U+200F,
    /// U+202A–U+202E, U+2066–U+2069), and the line and paragraph separators
    /// (U+2028, U+2029).
    @inlinable
    package static func mustEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// A glyph as it may be shown: unsafe scalars as escapes, a backslash doubled.
    package static func visible(_ glyph: Character) -> String {
        var result = ""
        for scalar in glyph.unicodeScalars { append(scalar, to: &result) }
        return result
    }

    /// A whole user string as it may be shown in a message: every scalar as
    /// ``visible(_:)`` shows it, cut with "…" once the result would pass
    /// `maximumBytes` of UTF-8 (a megabyte of text, or one letter carrying
    /// sixty thousand marks, is not an error message).
    ///
    /// - Complexity: O(min(n, maximumBytes)) in scalars.
    package static func escaped<S: StringProtocol>(_ text: S, maximumBytes: Int = 200) -> String {
        var result = ""
        var piece = ""
        for scalar in text.unicodeScalars {
            piece.removeAll(keepingCapacity: true)
            append(scalar, to: &piece)
            if result.utf8.count + piece.utf8.count > maximumBytes {
                result += "…"
                break
            }
            result += piece
        }
        return result
    }

    /// ``escaped(_:maximumBytes:)`` in double quotes: how a message quotes
    /// the path, name or text it is about.
    package static func quoted<S: StringProtocol>(_ text: S, maximumBytes: Int = 200) -> String {
        "\"" + escaped(text, maximumBytes: maximumBytes) + "\""
    }

    /// A message that may quote raw user text, made safe: unsafe scalars as
    /// escapes (backslashes are left alone, so escapes already in the message
    /// read as they are), cut with "…" past `maximumBytes`.
    ///
    /// - Complexity: O(min(n, maximumBytes)) in scalars.
    package static func sanitized(_ message: String, maximumBytes: Int = 2_000) -> String {
        var result = ""
        var bytes = 0
        for scalar in message.unicodeScalars {
            let piece = mustEscape(scalar) ? escape(scalar) : String(scalar)
            bytes += piece.utf8.count
            if bytes > maximumBytes {
                result += "…"
                break
            }
            result += piece
        }
        return result
    }

    private static func append(_ scalar: Unicode.Scalar, to result: inout String) {
        if scalar == "\\" {
            result += "\\\\"
        } else if mustEscape(scalar) {
            result += escape(scalar)
        } else {
            result.unicodeScalars.append(scalar)
        }
    }

    private static func escape(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\n": "\\n"
        case "\r": "\\r"
        case "\t": "\\t"
        default: "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        }
    }
}
