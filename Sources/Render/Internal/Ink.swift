import Animator

/// A ``StrokeStyle`` resolved for one recording: the pen's width in points and
/// the paint, with a gradient placed across the content.
struct Ink {
    /// The text colour (tints wash over it); the paint unless there is a gradient.
    let color: RenderColor
    /// The gradient's colours and its line in layout space, when the paint is a gradient.
    let gradient: (colors: [RenderColor], start: Point, end: Point)?
    /// The stroke's width in points.
    let lineWidth: Double
    let cap: StrokeStyle.Cap
    let join: StrokeStyle.Join

    /// The ink of `stroke` for content in `bounds`, with `color` as the text colour.
    init(color: RenderColor, stroke: StrokeStyle, bounds: Rect, fontSize: Double?) {
        switch stroke.paint {
        case .solid(let solid): self.color = solid
        case .linearGradient(let colors) where colors.count == 1: self.color = colors[0]
        default: self.color = color
        }
        if let colors = stroke.gradientColors {
            // Left to right across the content, at mid-height; a content of no width still spans a point.
            let width = max(bounds.width, 1)
            gradient = (colors, Point(x: bounds.minX, y: bounds.midY), Point(x: bounds.minX + width, y: bounds.midY))
        } else {
            gradient = nil
        }
        lineWidth = stroke.lineWidth(fontSize: fontSize)
        cap = stroke.cap
        join = stroke.join
    }

    /// The same pen in one colour (for masks).
    init(solid: RenderColor, like ink: Ink) {
        color = solid
        gradient = nil
        lineWidth = ink.lineWidth
        cap = ink.cap
        join = ink.join
    }

    /// A pen of its own in one colour: a shape's stroke (see `ShapeStyle`).
    init(solid: RenderColor, lineWidth: Double, cap: LineCap, join: LineJoin) {
        color = solid
        gradient = nil
        self.lineWidth = lineWidth
        self.cap = cap
        self.join = join
    }

    /// The colour a sprite with this tint is painted in, when there is no gradient.
    func color(tinted tint: Tint) -> RenderColor {
        color.tinted(tint)
    }
}
