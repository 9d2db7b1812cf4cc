/// User text made safe and legible on a terminal: the one escaper for
/// terminal output, used by error messages here and by the command line.
///
/// Control characters (C0, DEL, C1), bidi overrides and isolates, and line and
/// paragraph separators are written as escapes ("\n", "\t", "\u{1B}") and a
/// backslash is doubled, so nothing raw reaches the terminal and an escape
/// reads the same as the one a user would type.
package enum TerminalEscape {
    /// A glyph as it may be shown.
    package static func visible(_ glyph: Character) -> String {
        var result = ""
        for scalar in glyph.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\\": result += "\\\\"
            case "\u{0}"..."\u{1F}", "\u{7F}"..."\u{9F}", "\u{200E}", "\u{200F}", "\u{2028}", "\u{2029}",
                "\u{202A}"..."\u{202E}", "\u{2066}"..."\u{2069}":
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default:
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// A whole user string as it may be shown in a message: every glyph through
    /// ``visible(_:)``, cut after `limit` glyphs with "…" (a megabyte of text is
    /// not an error message).
    ///
    /// - Complexity: O(min(n, limit)) in glyphs.
    package static func escaped<S: StringProtocol>(_ text: S, limit: Int = 200) -> String {
        var result = ""
        var count = 0
        for glyph in text {
            if count == limit {
                result += "…"
                break
            }
            result += visible(glyph)
            count += 1
        }
        return result
    }
}
