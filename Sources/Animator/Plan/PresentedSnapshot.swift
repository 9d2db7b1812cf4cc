import Analyzer

/// What is on screen when a transition starts: each live sprite's presented
/// state and velocity. The planner starts every glyph it continues from here,
/// so an interrupted motion carries on without a jump or a kink.
///
/// The first `textCount` sprites are the old text's glyphs, one per glyph in
/// order; the rest are sprites still leaving from earlier transitions, which
/// the new text may bring back. Glyph ids must come from the same numbering as
/// the change's (the same `TextChangeAnalyzer.Workspace`).
///
/// ```swift
/// var snapshot = PresentedSnapshot()
/// for (i, glyph) in change.oldGlyphs.enumerated() {
///     snapshot.append(glyph: change.oldGlyphs.id(at: i), state: onScreen[i], velocity: speeds[i])
/// }
/// snapshot.textCount = change.oldGlyphs.count
/// let plan = animator.plan(change, from: oldLayout, to: newLayout, snapshot: snapshot)
/// ```
public struct PresentedSnapshot: Sendable {
    /// One sprite as it is presented.
    public struct Sprite: Sendable, Hashable {
        /// The glyph's identity.
        public var glyph: GlyphID
        /// Its state at the start of the transition.
        public var state: GlyphState
        /// Its per-channel velocity then, in units per second.
        public var velocity: GlyphState
        /// The key of its random traits (see `EffectContext.random`): kept from the
        /// transition it entered in, so a glyph that persists keeps its variations.
        public var key: UInt64
        /// Its layout box's size (before its scale), for the choreography's overlap rules.
        public var boxSize: Size
        /// Its row in the store the plan is written into, which the planner
        /// writes the sprite's new motion over; none for a sprite that has none.
        package var row: RowID = .none

        public init(glyph: GlyphID, state: GlyphState, velocity: GlyphState, key: UInt64, boxSize: Size = .zero) {
            self.glyph = glyph
            self.state = state
            self.velocity = velocity
            self.key = key
            self.boxSize = boxSize
        }
    }

    /// The old text's sprites (the first `textCount`), then leaving ones.
    public var sprites: [Sprite]
    /// How many of `sprites` are the old text's glyphs, in order.
    public var textCount: Int

    public init(sprites: [Sprite] = [], textCount: Int = 0) {
        self.sprites = sprites
        self.textCount = textCount
    }

    /// Adds a sprite.
    public mutating func append(
        glyph: GlyphID, state: GlyphState, velocity: GlyphState = .zero, key: UInt64 = 0, boxSize: Size = .zero
    ) {
        sprites.append(Sprite(glyph: glyph, state: state, velocity: velocity, key: key, boxSize: boxSize))
    }

    /// Adds a sprite of a store's row.
    package mutating func append(
        glyph: GlyphID, state: GlyphState, velocity: GlyphState, key: UInt64, boxSize: Size, row: RowID
    ) {
        var sprite = Sprite(glyph: glyph, state: state, velocity: velocity, key: key, boxSize: boxSize)
        sprite.row = row
        sprites.append(sprite)
    }

    /// Empties the snapshot, keeping its storage.
    public mutating func removeAll() {
        sprites.removeAll(keepingCapacity: true)
        textCount = 0
    }
}
