extension Character {
    /// Whether a line may break after this Character, which then hangs at the
    /// end of the line: white space other than the no-break spaces (U+00A0,
    /// U+2007, U+202F), which glue words together and count as ink.
    var isBreakingBlank: Bool {
        guard isWhitespace, let first = unicodeScalars.first else { return false }
        return first != "\u{00A0}" && first != "\u{2007}" && first != "\u{202F}"
    }
}
