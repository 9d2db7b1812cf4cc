extension SpriteRole {
    /// "exiting", "persisting" or "entering".
    public var name: String {
        switch self {
        case .exiting: "exiting"
        case .persisting: "persisting"
        case .entering: "entering"
        }
    }
}
