import Animator
import Director
import Typesetter

/// The pen that writes glyphs on, and the ink of the text: a stroke's width,
/// ends and corners, and a colour or a gradient.
///
/// ```swift
/// let rainbow = StrokeStyle(width: .points(10), paint: .linearGradient([.black, .white]))
/// let svg = SVGRenderer(background: .black, stroke: rainbow)
/// ```
///
/// **What is drawn.** Every renderer draws a sprite's `GlyphState` the same
/// way: the outline is filled with opacity × `fill`; while `fill < 1` or
/// `strokeEnd < 1` it is also stroked, from its start up to `strokeEnd` of its
/// length (contours in order, see `PathMeasure`), at the sprite's opacity. At
/// rest (both 1) a glyph is filled only. The pen is in the glyph's own space:
/// it scales, rotates and skews with the glyph.
///
/// **Paint.** The paint is the text's ink, for fills and strokes alike: `.text`
/// (the default) is the renderer's text colour, which tints wash over; `.solid`
/// is a colour of its own; `.linearGradient` runs its colours, evenly spaced,
/// from the left to the right edge of the recording's content
/// (``Timeline/bounds``), at mid-height, in layout space, so the colours stay
/// in place while glyphs move through them. Tints are not drawn over a gradient.
///
/// A stroke reaches half its width beyond the outline; renderers widen the
/// viewport's padding to at least that (and a point).
public struct StrokeStyle: Hashable, Sendable {
    /// How open ends of a stroke are drawn (the same as a shape's, `LineCap`).
    public typealias Cap = LineCap

    /// How a stroke turns a corner (the same as a shape's, `LineJoin`).
    public typealias Join = LineJoin

    /// How wide the stroke is.
    public enum Width: Hashable, Sendable {
        /// A width in points (layout units).
        case points(Double)
        /// A width as a fraction of the font size (a timeline without a font counts 16 points).
        case em(Double)
    }

    /// What fills and strokes are painted with.
    public enum Paint: Hashable, Sendable {
        /// The renderer's text colour, with tints.
        case text
        /// One colour.
        case solid(RenderColor)
        /// Colours evenly spaced from the left to the right of the content.
        case linearGradient([RenderColor])
    }

    /// The most colours a gradient keeps (more are dropped from the end).
    public static let maximumGradientColors = 64
    /// The widest stroke drawn, in points (wider ones are drawn with it).
    public static let maximumWidth = 1_000.0

    /// The stroke's width (default 1/20 of the font size).
    public var width: Width
    /// The ends of open strokes (default round).
    public var cap: Cap
    /// The corners (default round).
    public var join: Join
    /// The ink of fills and strokes (default the text colour).
    public var paint: Paint

    /// A pen; see the properties.
    public init(width: Width = .em(0.05), cap: Cap = .round, join: Join = .round, paint: Paint = .text) {
        self.width = width
        self.cap = cap
        self.join = join
        self.paint = paint
    }

    /// The stroke's width in points for a font size (nil: 16 points); a
    /// negative, NaN or infinite width is 0 and a huge one ``maximumWidth``.
    public func lineWidth(fontSize: Double?) -> Double {
        let points: Double
        switch width {
        case .points(let value): points = value
        case .em(let fraction):
            let size = fontSize.flatMap { $0.isFinite && $0 > 0 ? $0 : nil } ?? 16
            points = fraction * size
        }
        return points.isFinite ? min(max(points, 0), Self.maximumWidth) : 0
    }

    /// The viewport with at least the padding this pen needs not to be cut:
    /// half its width and a point. Every renderer places its canvas with it,
    /// so a stroke wider than twice the padding widens the canvas.
    public func widened(_ viewport: Viewport, fontSize: Double?) -> Viewport {
        var widened = viewport
        let reach = lineWidth(fontSize: fontSize) / 2 + 1
        // A negative or NaN padding stays, for `Viewport.place` to refuse.
        if viewport.padding >= 0, viewport.padding < reach { widened.padding = reach }
        return widened
    }

    /// The gradient's colours, at most ``maximumGradientColors``; nil for a single paint.
    var gradientColors: [RenderColor]? {
        guard case .linearGradient(let colors) = paint, colors.count > 1 else { return nil }
        return Array(colors.prefix(Self.maximumGradientColors))
    }

    /// Whether a sprite in this state shows its outline as a stroke: while it
    /// is being written (`strokeEnd < 1`) or not fully filled (`fill < 1`).
    static func strokes(_ state: GlyphState) -> Bool {
        state.fill < 1 || state.strokeEnd < 1
    }

    /// What a glyph drawn by `drawing` shows in `state`: a pen's strokes (open
    /// paths, `GlyphDrawing.isPenStroke`) are never filled, whatever the effect
    /// says, so they are stroked instead.
    static func shown(_ state: GlyphState, by drawing: GlyphDrawing?) -> GlyphState {
        guard drawing?.isPenStroke == true, state.fill != 0 else { return state }
        var inked = state
        inked.fill = 0
        return inked
    }

    /// The samples of a sprite as ``shown(_:by:)`` makes them.
    static func shown(_ samples: [SpriteFrame?], by drawing: GlyphDrawing?) -> [SpriteFrame?] {
        guard drawing?.isPenStroke == true else { return samples }
        return samples.map { $0.map { sample in
            var sample = sample
            sample.state = shown(sample.state, by: drawing)
            return sample
        } }
    }
}
