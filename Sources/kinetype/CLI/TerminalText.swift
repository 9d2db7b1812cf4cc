import Animator

/// Making user text safe and legible on a terminal.
enum TerminalText {
    /// A glyph as it may be shown: control characters (C0, DEL, C1), bidi
    /// overrides and isolates, and line/paragraph separators are written as
    /// escapes ("\n", "\t", "\u{1B}"), so nothing raw reaches the terminal
    /// (the engine's one escaper, `TerminalEscape`).
    static func visible(_ glyph: Character) -> String {
        TerminalEscape.visible(glyph)
    }

    /// A whole user string as it may be shown in a message: every glyph through
    /// ``visible(_:)``, and cut after `limit` glyphs (a megabyte of text is not
    /// an error message).
    static func escaped(_ text: String, limit: Int = 200) -> String {
        TerminalEscape.escaped(text, limit: limit)
    }

    /// The columns a visible glyph takes in a monospace terminal: 2 for wide
    /// East Asian characters and emoji, 0 for a lone combining mark, else one
    /// per character of its escape.
    static func width(_ visibleGlyph: String) -> Int {
        guard let first = visibleGlyph.unicodeScalars.first else { return 0 }
        if visibleGlyph.hasPrefix("\\") { return visibleGlyph.unicodeScalars.count }
        if first.properties.isEmojiPresentation || visibleGlyph.unicodeScalars.contains("\u{FE0F}") { return 2 }
        switch first.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x3FFFD:
            return 2
        default:
            return first.properties.generalCategory == .nonspacingMark ? 0 : 1
        }
    }

    /// SGR colours, used only when standard output is a terminal and
    /// `NO_COLOR` is unset.
    enum Style: String {
        case kept = ""
        case entering = "\u{1B}[42;30m"
        case leaving = "\u{1B}[41;30m"
        case dim = "\u{1B}[2m"

        static let reset = "\u{1B}[0m"

        func apply(_ text: String, enabled: Bool) -> String {
            enabled && self != .kept ? rawValue + text + Self.reset : text
        }
    }

    /// Whether colour is wanted on this output.
    static func colorEnabled(isTerminal: Bool) -> Bool {
        isTerminal && Platform.environment("NO_COLOR") == nil && Platform.environment("TERM") != "dumb"
    }
}
