import LegacyAnalyzer

/// The part of a sprite's motion the per-frame sweep reads: the payload of a
/// `MotionStore`'s pool, one per row, 96 bytes.
///
/// A `SpriteMotion` is what a writer hands the store and what `MotionStore.motion(_:)`
/// gives back; the store keeps it as this row plus what most sprites never
/// need in a frame, in the store's tables: the other primary channels (scale,
/// rotation, skew, opacity, blur) in a `MotionPose` when they are not at their
/// defaults or change, the rare channels' rest values (tint, stroke end, fill)
/// in the sprite's `MotionExtras` when they are not at theirs, and the settle
/// time in a column by slot. A glyph that only moves reads one row and
/// nothing else.
@frozen @usableFromInline
package struct MotionRow: Sendable {
    /// The position at rest (`SpriteMotion.to.position`).
    @usableFromInline package var x: Double
    @usableFromInline package var y: Double
    /// How far the position is from rest at progress 0.
    @usableFromInline package var dx: Double
    @usableFromInline package var dy: Double
    @usableFromInline package var transformCurve: Int32
    @usableFromInline package var appearanceCurve: Int32
    /// The sprite's extras, or −1: then the rare channels rest at their defaults.
    @usableFromInline package var extras: Int32
    /// The sprite's pose, or −1: then the other primary channels are at their defaults.
    @usableFromInline package var pose: Int32
    @usableFromInline package var glyph: Int32
    @usableFromInline package var id: Int32
    @usableFromInline package var drawing: Int32
    @usableFromInline package var role: SpriteRole
    @usableFromInline package var kind: SpriteKind
    @usableFromInline package var hide: Double
    @usableFromInline package var boxSize: Size
    @usableFromInline package var baselineOffset: Double

    /// The row of `motion`, whose extras are `extras` and pose `pose`.
    @inlinable
    package init(_ motion: SpriteMotion, extras: Int32, pose: Int32) {
        x = motion.to.position.x
        y = motion.to.position.y
        dx = motion.delta.x
        dy = motion.delta.y
        transformCurve = motion.transformCurve
        appearanceCurve = motion.appearanceCurve
        self.extras = extras
        self.pose = pose
        glyph = motion.glyph
        id = motion.id
        drawing = motion.drawing
        role = motion.role
        kind = motion.kind
        hide = motion.hide
        boxSize = motion.boxSize
        baselineOffset = motion.baselineOffset
    }
}
