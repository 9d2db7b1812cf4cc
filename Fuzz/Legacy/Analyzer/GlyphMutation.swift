/// What happens to one glyph in a text change.
public struct GlyphMutation: Hashable, Sendable {
    /// The kind of change.
    public enum Action: String, Hashable, Sendable {
        /// The glyph enters: it is only in the new text.
        case insert
        /// The glyph leaves: it is only in the old text.
        case remove
        /// The glyph persists (it may move): it is in both texts.
        case transform
    }

    /// The kind of change.
    public var action: Action
    /// The glyph's index in the old text; `nil` for `.insert`.
    public var indexFrom: Int?
    /// The glyph's index in the new text; `nil` for `.remove`.
    public var indexTo: Int?
    /// The glyph (for a transform, as it stands in the new text).
    public var symbol: Character
    /// The stagger order in 0…1: 0 starts first.
    public var priorityWeight: Double

    /// A mutation with every field given; `TextChangeAnalyzer` makes these.
    public init(action: Action, indexFrom: Int?, indexTo: Int?, symbol: Character, priorityWeight: Double) {
        self.action = action
        self.indexFrom = indexFrom
        self.indexTo = indexTo
        self.symbol = symbol
        self.priorityWeight = priorityWeight
    }
}
