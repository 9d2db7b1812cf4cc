/// Whether a sprite is leaving, staying or arriving; also its drawing layer:
/// exiting glyphs under persisting ones, persisting under entering.
public enum SpriteRole: UInt8, Hashable, Sendable, CaseIterable, Comparable {
    /// Only in the old text: on its way out.
    case exiting = 0
    /// In both texts: moving to its new place.
    case persisting = 1
    /// Only in the new text: on its way in.
    case entering = 2

    public static func < (a: SpriteRole, b: SpriteRole) -> Bool { a.rawValue < b.rawValue }
}
