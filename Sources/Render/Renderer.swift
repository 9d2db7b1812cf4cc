/// A renderer: something that draws timelines in one format with a
/// ``RenderStyle``. ``SVGRenderer``, ``PNGRenderer``, ``GIFRenderer``,
/// ``WebPRenderer`` and ``LottieRenderer`` are renderers.
///
/// The style's parts read and write through the renderer, and every renderer
/// can be made from them:
///
/// ```swift
/// var png = PNGRenderer(viewport: Viewport(scale: 2), background: .black, color: .white)
/// png.stroke = StrokeStyle(width: .points(3))
/// ```
@dynamicMemberLookup
public protocol Renderer: Sendable {
    /// The canvas, colours and pen.
    var style: RenderStyle { get set }

    /// A renderer drawing with `style`, its other options at their defaults.
    init(style: RenderStyle)
}

extension Renderer {
    /// A renderer drawing in `color` over `background` on `viewport`'s canvas,
    /// written on with `stroke` (see ``RenderStyle``).
    public init(
        viewport: Viewport = Viewport(), background: RenderColor = .white, color: RenderColor? = nil,
        stroke: StrokeStyle = StrokeStyle()
    ) {
        self.init(style: RenderStyle(viewport: viewport, background: background, color: color, stroke: stroke))
    }

    /// The style's parts, read and written through the renderer:
    /// `renderer.viewport`, `.background`, `.color` and `.stroke`.
    public subscript<Value>(dynamicMember part: WritableKeyPath<RenderStyle, Value>) -> Value {
        get { style[keyPath: part] }
        set { style[keyPath: part] = newValue }
    }
}
