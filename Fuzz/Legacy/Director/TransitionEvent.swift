/// Something that happened on the Director's timeline.
public struct TransitionEvent: Hashable, Sendable {
    /// What happened.
    public enum Kind: String, Hashable, Sendable {
        /// A transition finished: every glyph reached the new layout.
        case settle
        /// A transition was superseded by a newer `setText` before it finished.
        case cancel
    }

    /// What happened.
    public var kind: Kind
    /// When it happened: the settle time, or the time of the superseding `setText`.
    public var time: Double
    /// The transition's serial number (1 for the first `setText`).
    public var transition: Int
    /// The text the transition was heading to (for a scene change, the scene state's name).
    public var text: String
    /// Whether the transition was a scene change (`setScene`) rather than a text change.
    public var isScene: Bool

    public init(kind: Kind, time: Double, transition: Int, text: String, isScene: Bool = false) {
        self.kind = kind
        self.time = time
        self.transition = transition
        self.text = text
        self.isScene = isScene
    }
}
