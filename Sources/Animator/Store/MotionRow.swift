import Analyzer

/// The part of a sprite's motion the per-frame sweep reads: the payload of a
/// `MotionStore`'s pool, one per row, 96 bytes.
///
/// A sprite's state at a time is `rest − delta·(1 − progress)` for the channels
/// most motion uses (exactly the rest state once progress is 1), with the
/// transform channels on one curve and the appearance channels on another.
/// The row keeps the position's rest and change; the other primary channels
/// (scale, rotation, skew, opacity, blur) sit in a shared `MotionPose` when
/// they are not at their defaults or change, and everything rarer (an initial
/// velocity, tint or stroke changes and rest values, tracks, particles) in the
/// sprite's `MotionExtras`; its settle time sits in a column by slot. A glyph
/// that only moves reads one row and nothing else.
@frozen @usableFromInline
package struct MotionRow: Sendable {
    /// The position at rest.
    @usableFromInline package var x: Double
    @usableFromInline package var y: Double
    /// How far the position is from rest at progress 0.
    @usableFromInline package var dx: Double
    @usableFromInline package var dy: Double
    @usableFromInline package var transformCurve: CurveID
    @usableFromInline package var appearanceCurve: CurveID
    /// The sprite's extras, or none: then the rare channels rest at their defaults.
    @usableFromInline package var extras: ExtrasID
    /// The sprite's pose, or none: then the other primary channels are at their defaults.
    @usableFromInline package var pose: PoseID
    /// The glyph's identity (see `GlyphID`); 0 for a shape.
    @usableFromInline package var glyph: GlyphID
    /// The sprite's identity in frames: it keeps it from one transition to the next.
    @usableFromInline package var id: Int32
    /// The drawing the glyph shows, as its layout named it (`TextLayoutResult.drawings`), or −1 when unknown.
    @usableFromInline package var drawing: Int32
    @usableFromInline package var role: SpriteRole
    /// A glyph, or the kind of shape the sprite draws.
    @usableFromInline package var kind: SpriteKind
    /// When an exiting sprite is gone (+infinity for the others), absolute.
    @usableFromInline package var hide: Double
    /// The sprite's layout box size, for renderers.
    @usableFromInline package var boxSize: Size
    /// How far the baseline lies below the box centre.
    @usableFromInline package var baselineOffset: Double

    @inlinable
    package init(
        x: Double, y: Double, dx: Double, dy: Double, transformCurve: CurveID, appearanceCurve: CurveID,
        extras: ExtrasID, pose: PoseID, glyph: GlyphID, id: Int32, drawing: Int32, role: SpriteRole, kind: SpriteKind,
        hide: Double, boxSize: Size, baselineOffset: Double
    ) {
        self.x = x
        self.y = y
        self.dx = dx
        self.dy = dy
        self.transformCurve = transformCurve
        self.appearanceCurve = appearanceCurve
        self.extras = extras
        self.pose = pose
        self.glyph = glyph
        self.id = id
        self.drawing = drawing
        self.role = role
        self.kind = kind
        self.hide = hide
        self.boxSize = boxSize
        self.baselineOffset = baselineOffset
    }

    /// A sprite at rest at `position` from now on, with no pose or extras.
    @inlinable
    package static func resting(
        at position: Point, glyph: GlyphID, id: Int32, kind: SpriteKind = .glyph, box: GlyphFrame, drawing: Int32 = -1
    ) -> MotionRow {
        MotionRow(
            x: position.x, y: position.y, dx: 0, dy: 0, transformCurve: .rest, appearanceCurve: .rest, extras: .none,
            pose: .none, glyph: glyph, id: id, drawing: drawing, role: .persisting, kind: kind, hide: .infinity,
            boxSize: box.rect.size, baselineOffset: box.baseline - box.rect.midY)
    }
}
