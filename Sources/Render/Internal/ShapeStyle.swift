import Animator
import Director

/// A shape sprite's paints resolved for one renderer, the same in every format.
///
/// `.ink` is the ink's colour (the text colour, or the pen's solid paint; a
/// gradient ink paints shapes in the text colour), `.color` its own rgba. The
/// fill shows at opacity × `fill` × the paint's alpha; the stroke, with the
/// shape's own width, ends and corners (in the shape's box space, so it scales
/// with the sprite), at opacity × the paint's alpha, from the outline's start
/// up to `strokeEnd` of its length (`PathMeasure`, subpaths in order).
struct ShapeStyle {
    /// The fill's colour, alpha included; nil when the shape is not filled.
    let fill: RenderColor?
    /// The stroke's colour, alpha included; nil when the shape is not stroked (or its line has no width).
    let stroke: RenderColor?
    /// The stroke's width in the shape's box space.
    let lineWidth: Double
    let cap: LineCap
    let join: LineJoin

    init(_ shape: Shape, ink: Ink) {
        fill = Self.color(shape.fill, ink: ink)
        let width = shape.lineWidth.isFinite ? min(max(shape.lineWidth, 0), StrokeStyle.maximumWidth) : 0
        stroke = width > 0 ? Self.color(shape.stroke, ink: ink) : nil
        lineWidth = width
        cap = shape.cap
        join = shape.join
    }

    /// The colour of a paint, nil when it paints nothing.
    static func color(_ paint: ShapePaint, ink: Ink) -> RenderColor? {
        let color: RenderColor
        switch paint {
        case .none: return nil
        case .ink: color = ink.color
        case .color(let t): color = RenderColor(red: t.red, green: t.green, blue: t.blue, alpha: t.alpha)
        }
        return color.alpha > 0 ? color : nil
    }

    /// The stroke as a pen for the Cairo canvas (nil when not stroked).
    var pen: Ink? {
        stroke.map { Ink(solid: $0, lineWidth: lineWidth, cap: cap, join: join) }
    }

    /// The fill's share in a state: its `fill` channel in 0…1.
    static func fillShare(_ state: GlyphState) -> Double {
        state.fill.isNaN ? 0 : min(max(state.fill, 0), 1)
    }

    /// The share of the outline stroked in a state: its `strokeEnd` in 0…1.
    static func strokeShare(_ state: GlyphState) -> Double {
        state.strokeEnd.isNaN ? 0 : min(max(state.strokeEnd, 0), 1)
    }

    /// The reach of the stroke beyond the placed outline, in layout points: half
    /// the line width times the sprite's larger scale (0 when not stroked).
    func reach(_ state: GlyphState) -> Double {
        guard stroke != nil else { return 0 }
        return lineWidth / 2 * max(abs(state.scaleX), abs(state.scaleY))
    }
}
