/// Whether a sprite is entering, persisting or exiting: the three roles of a
/// transition, and the bands sprites are drawn in (exiting under persisting,
/// persisting under entering, so an arriving glyph is never hidden behind one
/// that is fading out).
///
/// The diff names the same split by its actions (`GlyphMutation.Action`):
/// an insert enters, a remove exits, a transform persists (`action.role`). The
/// planner may make a persisting glyph exit and enter again instead of moving
/// (see the Animator's choreography).
///
/// ```swift
/// GlyphMutation.Action.insert.role   // .entering
/// SpriteRole.exiting < .entering     // drawn under it
/// ```
public enum SpriteRole: UInt8, Hashable, Sendable, CaseIterable, Comparable, BitwiseCopyable {
    /// Only in the old text: on its way out.
    case exiting = 0
    /// In both texts: moving to its new place.
    case persisting = 1
    /// Only in the new text: on its way in.
    case entering = 2

    /// Whether `a` is drawn below `b`.
    @inlinable
    public static func < (a: SpriteRole, b: SpriteRole) -> Bool { a.rawValue < b.rawValue }
}

extension GlyphMutation.Action {
    /// The role of a glyph with this action: insert → entering, remove → exiting,
    /// transform → persisting.
    @inlinable
    public var role: SpriteRole {
        switch self {
        case .insert: .entering
        case .remove: .exiting
        case .transform: .persisting
        }
    }
}
