/// How the Analyzer pairs the glyphs of an old text with those of a new one.
///
/// See `TextChangeAnalyzer` for each mode's exact rules and costs.
public enum DiffMode: Hashable, Sendable {
    /// Two-level diff: whole words first, then characters inside the gaps. The default.
    case morph
    /// Positional slots: every slot exits and enters (slot-machine, ticker look).
    case replace
    /// Place-value matching for counters, prices and clocks: a glyph persists
    /// only where the same glyph stands at the same place (prefix position,
    /// integer or fraction place, separator, suffix position from the right).
    /// The separator must be one glyph: "," for de-DE "1.234,56".
    case numeric(decimalSeparator: Character = ".")
}
