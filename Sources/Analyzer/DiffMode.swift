/// How the Analyzer pairs the glyphs of an old text with those of a new one.
public enum DiffMode: Hashable, Sendable {
    /// Two-level diff: whole words first, then characters inside the gaps. The default.
    case morph
    /// Positional slots: every slot exits and enters (slot-machine, ticker look).
    case replace
    /// Place-value matching for counters, prices and clocks.
    case numeric(decimalSeparator: Character = ".")
}
