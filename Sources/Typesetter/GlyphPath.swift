import Animator

/// The outline of a glyph (or of a whole Character) as a path, in points.
///
/// A glyph outline is an Animator `ShapePath`, so renderers draw, measure and
/// trim glyphs and other shapes with the same code. Coordinates have y pointing
/// down and are relative to the Character's pen origin on the baseline: to
/// draw a Character laid out in `frame`, translate the path by
/// `(frame.rect.minX, frame.baseline)`. Each contour starts with `.move` and
/// ends with `.close`; contours are filled with the non-zero winding rule
/// (TrueType and CFF outlines are drawn that way).
public typealias GlyphPath = ShapePath

extension ShapePath {
    /// The path scaled by `scale` and then moved by `(dx, dy)`.
    func scaled(by scale: Double, dx: Double, dy: Double) -> ShapePath {
        applying(Transform(a: scale, b: 0, c: 0, d: scale, tx: dx, ty: dy))
    }
}
