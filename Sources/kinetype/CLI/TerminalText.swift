import Animator

/// Laying out escaped user text on a terminal (the escaping itself is
/// `TerminalEscape`'s): widths and colours.
enum TerminalText {
    /// The columns a visible glyph takes in a monospace terminal: 2 for wide
    /// East Asian characters and emoji, 0 for a lone combining mark, else one
    /// per character of its escape.
    static func width(_ visibleGlyph: String) -> Int {
        if visibleGlyph.hasPrefix("\\") { return visibleGlyph.unicodeScalars.count }
        // A lone combining mark, listed on its own, sits on the column before it.
        if visibleGlyph.unicodeScalars.first?.properties.generalCategory == .nonspacingMark { return 0 }
        return visibleGlyph.reduce(0) { $0 + MonospaceLayout.cells($1) }
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
        isTerminal && environmentValue("NO_COLOR") == nil && environmentValue("TERM") != "dumb"
    }
}
