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

    /// Whether two frames draw the same picture: the same sprites (identity,
    /// drawing, state, box), symbols, reshapes, shapes and particles. A held
    /// final text is many such frames, drawn once.
    ///
    /// - Complexity: O(sprites + shapes + particles), far less than drawing them.
    static func drawAlike(_ a: Frame, _ b: Frame) -> Bool {
        guard a.sprites == b.sprites, a.shapes == b.shapes, a.particles == b.particles, a.reshapes == b.reshapes else {
            return false
        }
        return a.sprites.allSatisfy { a.symbol(of: $0) == b.symbol(of: $0) }
    }

    /// Draws a frame into `target` (this raster's size) as straight-alpha ARGB words.
    func draw(_ frame: Frame, into target: ARGBFrame) throws(RenderError) {
        try drawer.draw(frame, outlines: outlines, setup: setup, measures: measures, on: target.canvas)
        // On an opaque background every pixel is opaque: premultiplied is straight.
        if setup.background.alpha < 1 { target.unpremultiply() }
    }

    /// A frame's pixels in `pixels` (its storage reused from frame to frame),
    /// fully transparent ones in `clearColor` at alpha 0 (see `CairoCanvas.rgba(into:clearColor:)`).
    func rgba(_ frame: Frame, into pixels: inout [UInt8], clearColor: (red: UInt8, green: UInt8, blue: UInt8)) throws(RenderError) {
        try drawer.draw(frame, outlines: outlines, setup: setup, measures: measures).rgba(into: &pixels, clearColor: clearColor)
    }
}

/// A frame of 32-bit ARGB pixels (alpha in the top byte, rows `width` words
/// apart) that Cairo draws into and an encoder reads, kept from frame to frame
/// so that no frame allocates a canvas. Confined, like its canvas.
final class ARGBFrame {
    let width: Int, height: Int
    /// The pixels: premultiplied while Cairo draws, straight once ``unpremultiply()`` ran.
    let words: UnsafeMutablePointer<UInt32>
    /// Cairo's canvas over ``words``.
    let canvas: CairoCanvas

    init(width: Int, height: Int) throws(RenderError) {
        self.width = width
        self.height = height
        words = .allocate(capacity: width * height)
        words.initialize(repeating: 0, count: width * height)
        do {
            canvas = try CairoCanvas(width: width, height: height, pixels: words)
        } catch {
            words.deallocate()
            throw error
        }
    }

    deinit {
        // Cairo lets go of the words before they are freed (the canvas itself goes after).
        canvas.finish()
        words.deallocate()
    }

    /// Turns Cairo's premultiplied pixels into straight alpha; a fully
    /// transparent pixel becomes 0 (what the encoders write for one anyway).
    func unpremultiply() {
        canvas.flush()
        for i in 0..<(width * height) {
            let w = words[i]
            let a = w >> 24
            if a == 255 { continue }
            if a == 0 {
                words[i] = 0
                continue
            }
            let r = ((w >> 16) & 0xFF) * 255 + a / 2, g = ((w >> 8) & 0xFF) * 255 + a / 2, b = (w & 0xFF) * 255 + a / 2
            words[i] = a << 24 | min(r / a, 255) << 16 | min(g / a, 255) << 8 | min(b / a, 255)
        }
    }
}
