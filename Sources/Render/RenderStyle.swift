import Animator

/// What every renderer draws with: the canvas (``Viewport``), the background,
/// the text colour and the pen (``StrokeStyle``).
///
/// One style serves every format, so an SVG, a GIF and a Lottie file of the
/// same timeline share their canvas and colours:
///
/// ```swift
/// let style = RenderStyle(viewport: Viewport(width: 480), background: .black, color: .white)
/// let svg = try SVGRenderer(style: style).animated(timeline)
/// try GIFRenderer(style: style).write(timeline, to: "send.gif")
/// ```
public struct RenderStyle: Hashable, Sendable {
    /// The canvas size (see ``Viewport``).
    public var viewport: Viewport
    /// The background; transparent leaves it out (GIF: one-bit transparency).
    public var background: RenderColor
    /// The text colour (tints wash over it).
    public var color: RenderColor
    /// The pen of written-on glyphs and the ink of the text (see ``StrokeStyle``).
    public var stroke: StrokeStyle

    /// The text colour on light backgrounds unless one is given: a near-black,
    /// #1c1c1f (on dark ones, see ``RenderColor/readableText(on:)``).
    public static let defaultTextColor = RenderColor(red: 0.11, green: 0.11, blue: 0.12)

    /// A style; see the properties. Without a `color`, the text takes the
    /// colour that reads best on the background (``RenderColor/readableText(on:)``):
    /// near-black on light backgrounds, near-white on dark ones.
    public init(
        viewport: Viewport = Viewport(), background: RenderColor = .white, color: RenderColor? = nil,
        stroke: StrokeStyle = StrokeStyle()
    ) {
        self.viewport = viewport
        self.background = background
        self.color = color ?? .readableText(on: background)
        self.stroke = stroke
    }

    /// Where content with these bounds lands: the viewport, its padding
    /// widened to hold the pen (see ``StrokeStyle/widened(_:fontSize:)``).
    ///
    /// - Throws: ``RenderError`` `.invalidSize` as ``Viewport/place(_:)`` does.
    public func placement(_ bounds: Rect, fontSize: Double?) throws(RenderError) -> Viewport.Placement {
        try stroke.widened(viewport, fontSize: fontSize).place(bounds)
    }

    /// The style resolved for a recording with these bounds and outlines: its
    /// placement on the canvas and its ink.
    func resolved(_ bounds: Rect, outlines: GlyphOutlines) throws(RenderError) -> ResolvedStyle {
        let fontSize = outlines.fontSize
        return ResolvedStyle(
            placement: try placement(bounds, fontSize: fontSize),
            ink: Ink(color: color, stroke: stroke, bounds: bounds, fontSize: fontSize), background: background)
    }
}

/// A ``RenderStyle`` fitted to one recording: what each renderer sets up once
/// before it draws.
struct ResolvedStyle {
    /// Where the recording's bounds land on the canvas.
    let placement: Viewport.Placement
    /// The text's paint and the pen, with a gradient placed across the content.
    let ink: Ink
    let background: RenderColor
}
