/// A layout's frames in the transition's coordinates, where its alignment anchor
/// sits at x = 0 (see `TextLayoutResult.anchored()`), shifted one at a time as
/// the planner asks for them instead of by copying the layout.
///
/// A glyph beyond the last frame (a layout with fewer frames than glyphs) gets
/// an empty box after the last frame.
struct AnchoredFrames {
    /// The layout as it was laid out.
    let layout: TextLayoutResult
    /// What `anchored()` subtracts from every x: the alignment anchor, or +0 where
    /// `anchored()` leaves the layout as it is (so that every x stays exactly the same).
    private let shift: Double

    init(_ layout: TextLayoutResult) {
        self.layout = layout
        let dx = layout.alignmentAnchor
        shift = dx != 0 ? dx : 0
    }

    /// The frame of glyph `i` in the transition's coordinates.
    @inline(__always)
    subscript(i: Int) -> GlyphFrame {
        Self.frame(layout, i, shift: shift)
    }

    /// The layout box in the transition's coordinates.
    var bounds: Rect {
        Rect(origin: Point(x: -layout.alignmentAnchor, y: 0), size: layout.size)
    }

    /// The frame of glyph `i` of `layout` moved left by `shift`, or an empty box after
    /// the last frame when the layout has too few.
    @inline(__always)
    static func frame(_ layout: TextLayoutResult, _ i: Int, shift: Double) -> GlyphFrame {
        if i >= 0, i < layout.frames.count {
            var frame = layout.frames[i]
            frame.rect.origin.x -= shift
            return frame
        }
        return frameAfterTheLast(layout, shift: shift)
    }

    /// The empty box after a layout's last frame, for a glyph it has no frame for.
    private static func frameAfterTheLast(_ layout: TextLayoutResult, shift: Double) -> GlyphFrame {
        guard let last = layout.frames.last else {
            return GlyphFrame(rect: Rect(x: -layout.alignmentAnchor, y: 0, width: 0, height: 0), baseline: 0, line: 0)
        }
        let lastX = last.rect.origin.x - shift
        return GlyphFrame(
            rect: Rect(x: lastX + last.rect.size.width, y: last.rect.minY, width: 0, height: last.rect.height),
            baseline: last.baseline, line: last.line)
    }
}
