import Animator
import CWebP
import Director

/// Writes a timeline as an animated WebP through libwebp, frame by frame.
///
/// ```swift
/// let webp = WebPRenderer(style: RenderStyle(viewport: Viewport(width: 480), background: .transparent), loopCount: 0)
/// try webp.write(timeline, to: "send.webp")
/// ```
///
/// Frames are drawn as ``PNGRenderer`` draws them, every frame of the
/// timeline, each lasting until the next (whole milliseconds, the total
/// exact). Each frame stores only the rectangle that changed, encoded on its
/// own and written at once, and identical frames merge, so memory is three
/// frames however long the animation (libwebp's `WebPAnimEncoder` would keep
/// every frame until the end). A frame is encoded on a second thread while
/// the next is drawn, and a frame that would draw what the one before drew
/// (a held text) is not drawn again. Lossless by default (exact edges, full alpha,
/// small for flat text); with `lossless` false, `quality` 0…100 trades size
/// for fidelity. A side may be at most ``maximumPixels`` (the format's 14
/// bits), checked before anything is drawn. `loopCount` 0 plays forever. The
/// file is written whole or not at all (see ``TextFile``).
public struct WebPRenderer: StreamingRenderer {
    /// The canvas, colours and pen; a transparent background keeps full alpha.
    public var style: RenderStyle
    /// How many times the animation plays: 0 forever (the default), else 1…65535.
    public var loopCount = 0
    /// Lossless (the default) or lossy compression.
    public var lossless = true
    /// Lossy quality, or lossless effort, 0…100 (default 75).
    public var quality = 75.0

    /// The widest and tallest canvas WebP holds: 16,383 pixels.
    public static let maximumPixels = 16_383
    /// Canvases larger than this many pixels are encoded with libwebp's fastest method.
    static let largeCanvas = 4_194_304

    /// A renderer drawing with `style`: lossless, playing forever.
    public init(style: RenderStyle) {
        self.style = style
    }

    /// A renderer drawing with `style` that plays `loopCount` times (0: forever),
    /// lossless or lossy at `quality`.
    public init(style: RenderStyle = RenderStyle(), loopCount: Int, lossless: Bool = true, quality: Double = 75) {
        self.style = style
        self.loopCount = loopCount
        self.lossless = lossless
        self.quality = quality
    }

    /// Writes the frames to `path`; returns the number of frames given to the encoder.
    ///
    /// - Throws: ``RenderError`` for a bad loop count or quality, a canvas that
    ///   cannot be placed, an encoder failure, or a file that cannot be written.
    /// - Complexity: O(frames × pixels).
    @discardableResult
    public func write(_ frames: FrameSource, to path: String) throws(RenderError) -> Int {
        guard (0...65_535).contains(loopCount) else { throw .invalidOption("loop count", Double(loopCount), range: "[0, 65535]") }
        guard quality.isFinite, (0...100).contains(quality) else { throw .invalidOption("quality", quality, range: "[0, 100]") }
        let schedule = try FrameSchedule(frameCount: frames.frameCount, fps: frames.fps, maximumRate: frames.fps)
        let raster = try FrameRaster(style: style, source: frames)
        guard raster.width <= Self.maximumPixels, raster.height <= Self.maximumPixels else {
            throw .canvasTooLarge(width: raster.width, height: raster.height, format: "WebP", side: Self.maximumPixels)
        }
        var config = WebPConfig()
        guard WebPConfigInit(&config) != 0 else { throw .cannotEncode("WebP", "library version mismatch") }
        config.lossless = lossless ? 1 : 0
        config.quality = Float(quality)
        // A canvas of millions of pixels takes libwebp's least lossless effort
        // (method 1, quality 0): on text it is the fastest setting, makes smaller
        // files than method 0 (a 13.5-megapixel frame of 20,000 glyphs: 0.33 s
        // and 1.3 MB against 0.62 s and 3.4 MB) and needs the least memory.
        if lossless, raster.width * raster.height > Self.largeCanvas {
            config.method = 1
            config.quality = 0
        }
        guard WebPValidateConfig(&config) != 0 else { throw .cannotEncode("WebP", "invalid configuration") }
        return try OutputFile.writing(path) { (file: OutputFile) throws(RenderError) -> Int in
            let writer = try WebPAnimationWriter(
                file: file, width: raster.width, height: raster.height, background: style.background, loopCount: loopCount,
                config: config)
            // Three canvases in turn: a frame is drawn while the one before is
            // encoded, compared with the one before that.
            var canvases: [ARGBFrame] = []
            for _ in 0..<3 { canvases.append(try ARGBFrame(width: raster.width, height: raster.height)) }
            var drawn = 0
            var last: Frame?
            try schedule.play(frames) { (frame: Frame, outputs: Range<Int>) throws(RenderError) in
                let start = schedule.milliseconds(ofOutputFrame: outputs.lowerBound)
                let end = schedule.milliseconds(ofOutputFrame: outputs.upperBound)
                // A frame that draws what the one before drew (a held text) only lengthens it.
                if let last, FrameRaster.drawAlike(last, frame) { return try writer.extendLast(milliseconds: end - start) }
                last = frame
                let canvas = canvases[drawn % 3]
                drawn += 1
                try raster.draw(frame, into: canvas)
                canvas.canvas.flush()
                try writer.add(canvas, milliseconds: end - start)
            }
            try writer.finish()
            return writer.framesWritten
        }
    }
}
