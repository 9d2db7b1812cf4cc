/// A layout's frames in the transition's coordinates, where its alignment anchor
/// sits at x = 0 (see `TextLayoutResult.anchored()`), shifted one at a time as
/// the planner asks for them instead of by copying the layout.
///
/// A glyph beyond the last frame (a layout with fewer frames than glyphs) gets
/// an empty box after the last frame.
struct AnchoredFrames {
    /// The frames as they were laid out.
    private let frames: [GlyphFrame]
    /// The layout's alignment anchor: where x = 0 is in the transition's coordinates.
    private let anchor: Double
    /// What `anchored()` subtracts from every x: the alignment anchor, or +0 where
    /// `anchored()` leaves the layout as it is (so that every x stays exactly the same).
    let shift: Double
    /// The layout box in the transition's coordinates.
    let bounds: Rect
    /// The number of lines (at least 1).
    let lineCount: Int
    /// The height of the first glyph's box (0 for an empty layout): the line
    /// height the effect's templates are made for.
    let lineHeight: Double

    init(_ layout: TextLayoutResult) {
        frames = layout.frames
        anchor = layout.alignmentAnchor
        shift = anchor != 0 ? anchor : 0
        bounds = Rect(origin: Point(x: -anchor, y: 0), size: layout.size)
        lineCount = max(layout.lines.count, (layout.frames.last?.line ?? 0) + 1)
        lineHeight = layout.frames.first?.rect.height ?? 0
    }

    /// The frame of glyph `i` in the transition's coordinates.
    @inline(__always)
    subscript(i: Int) -> GlyphFrame {
        Self.frame(frames, i, shift: shift, anchor: anchor)
    }

    /// The frame of glyph `i` moved left by `shift`, or an empty box after the last
    /// frame when there are too few (at −`anchor` when there are none).
    @inline(__always)
    static func frame(_ frames: [GlyphFrame], _ i: Int, shift: Double, anchor: Double) -> GlyphFrame {
        if i >= 0, i < frames.count {
            var frame = frames[i]
            frame.rect.origin.x -= shift
            return frame
        }
        return frameAfterTheLast(frames, shift: shift, anchor: anchor)
    }

    /// The empty box after the last frame, for a glyph the layout has no frame for.
    private static func frameAfterTheLast(_ frames: [GlyphFrame], shift: Double, anchor: Double) -> GlyphFrame {
        guard let last = frames.last else {
            return GlyphFrame(rect: Rect(x: -anchor, y: 0, width: 0, height: 0), baseline: 0, line: 0)
        }
        let lastX = last.rect.origin.x - shift
        return GlyphFrame(
            rect: Rect(x: lastX + last.rect.size.width, y: last.rect.minY, width: 0, height: last.rect.height),
            baseline: last.baseline, line: last.line)
    }
}
