import Animator
import Director

/// Frames drawn into RGBA pixels as ``PNGRenderer`` draws them, on a canvas
/// set up once for the whole source: what the GIF and WebP writers encode.
struct FrameRaster {
    private let drawer: PNGRenderer
    private let setup: ResolvedStyle
    private let outlines: GlyphOutlines
    /// Each outline's measure, kept from frame to frame.
    private let measures = OutlineMeasures()

    /// The canvas for `source` drawn with `style`.
    ///
    /// - Throws: ``RenderError`` `.invalidSize` when the canvas cannot be placed.
    init(style: RenderStyle, source: FrameSource) throws(RenderError) {
        drawer = PNGRenderer(style: style)
        setup = try style.resolved(source.bounds, outlines: source.outlines)
        outlines = source.outlines
    }

    var width: Int { setup.placement.pixelWidth }
    var height: Int { setup.placement.pixelHeight }
    /// The text's colour (or the pen's solid paint): what the GIF palette keeps exact edges for.
    var inkColor: RenderColor { setup.ink.color }

    /// A frame's pixels: RGBA rows, top to bottom, alpha not premultiplied.
    func rgba(_ frame: Frame) throws(RenderError) -> [UInt8] {
        try drawer.draw(frame, outlines: outlines, setup: setup, measures: measures).rgba()
    }

    /// A frame's pixels in `pixels` (its storage reused from frame to frame),
    /// fully transparent ones in `clearColor` at alpha 0 (see `CairoCanvas.rgba(into:clearColor:)`).
    func rgba(_ frame: Frame, into pixels: inout [UInt8], clearColor: (red: UInt8, green: UInt8, blue: UInt8)) throws(RenderError) {
        try drawer.draw(frame, outlines: outlines, setup: setup, measures: measures).rgba(into: &pixels, clearColor: clearColor)
    }
}
