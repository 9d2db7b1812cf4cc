import Animator
import Director

/// Writes a timeline as a video through FFmpeg's libraries: H.264 in `.mp4`,
/// VP9 in `.webm` (with alpha over a transparent background), ProRes 4444 with
/// alpha in `.mov` (see ``VideoFormat``).
///
/// ```swift
/// try VideoRenderer(format: .mp4, viewport: Viewport(width: 1280)).write(timeline, to: "send.mp4")
/// try VideoRenderer(format: .webm, background: .transparent).write(timeline, to: "overlay.webm")
/// ```
///
/// - Frames are drawn as ``PNGRenderer`` draws them (glyphs, pen strokes,
///   blur, shapes, particles), one picture per timeline frame at the
///   timeline's frame rate, each lasting 1 / fps: a video of n frames lasts
///   n / fps seconds.
/// - Sides are rounded up to even numbers (4:2:0 chroma needs them); the
///   content stays centred.
/// - A transparent (or translucent) background keeps its alpha in `.webm`
///   and `.mov`; `.mp4` has no alpha and refuses it with
///   ``RenderError/Code/unsupportedByFormat``.
/// - Streamed: one frame is drawn and handed to the encoder at a time; the
///   encoders' look-ahead is bounded so that memory stays far below 512 MB
///   for any canvas ``Viewport`` allows.
/// - The file is written whole or not at all (see ``TextFile``); to a pipe,
///   `.mp4` and `.mov` are written as fragments (no index at the end).
public struct VideoRenderer: Sendable {
    /// The container and codec.
    public var format: VideoFormat
    /// The canvas size (see ``Viewport``; odd sides grow by one pixel).
    public var viewport: Viewport
    /// The background; transparent keeps alpha in `.webm` and `.mov`.
    public var background: RenderColor
    /// The text colour.
    public var color: RenderColor
    /// The pen of written-on glyphs and the ink of the text (see ``StrokeStyle``).
    public var stroke: StrokeStyle

    /// A renderer; see the properties.
    public init(
        format: VideoFormat, viewport: Viewport = Viewport(), background: RenderColor = .white,
        color: RenderColor = RenderColor(red: 0.11, green: 0.11, blue: 0.12), stroke: StrokeStyle = StrokeStyle()
    ) {
        self.format = format
        self.viewport = viewport
        self.background = background
        self.color = color
        self.stroke = stroke
    }

    /// Whether the video keeps an alpha channel: `.mov` always, `.webm` when
    /// the background is not opaque.
    public var keepsAlpha: Bool {
        switch format {
        case .mp4: false
        case .webm: background.alpha < 1
        case .mov: true
        }
    }

    /// Writes the timeline to `path` and returns the number of pictures written.
    ///
    /// - Throws: ``RenderError`` for a transparent background in `.mp4`, a
    ///   canvas that cannot be placed, an encoder failure, or a file that cannot be written.
    /// - Complexity: O(frames × pixels).
    @discardableResult
    public func write(_ timeline: Timeline, to path: String) throws(RenderError) -> Int {
        try write(fps: timeline.fps, bounds: timeline.bounds, outlines: timeline.outlines, to: path) {
            (consume: (Frame) throws(RenderError) -> Void) throws(RenderError) in
            for frame in timeline.frames { try consume(frame) }
        }
    }

    /// Writes a stream to `path`, holding one frame at a time: a first pass
    /// measures the canvas (unless `measured` is given), a second draws.
    @discardableResult
    public func write(_ stream: FrameStream, measured: FrameStream.Measure? = nil, to path: String) throws(RenderError) -> Int {
        let measure: FrameStream.Measure
        if let measured { measure = measured } else { measure = try stream.measure() }
        return try write(fps: stream.playback.fps, bounds: measure.bounds, outlines: stream.outlines, to: path) {
            (consume: (Frame) throws(RenderError) -> Void) throws(RenderError) in
            try stream.forEach(consume)
        }
    }

    /// The canvas a recording with these bounds gets: the viewport with even sides.
    public func placement(_ bounds: Rect, outlines: GlyphOutlines) throws(RenderError) -> Viewport.Placement {
        try drawer.placement(bounds, outlines: outlines)
    }

    private var drawer: PNGRenderer {
        var even = viewport
        even.evenSize = true
        return PNGRenderer(viewport: even, background: background, color: color, stroke: stroke)
    }

    /// The encoder behind both `write`s: `frames` hands every frame, in order, to its argument.
    private func write(
        fps: Double, bounds: Rect, outlines: GlyphOutlines, to path: String,
        frames: ((Frame) throws(RenderError) -> Void) throws(RenderError) -> Void
    ) throws(RenderError) -> Int {
        guard format.hasAlpha || background.alpha >= 1 else { throw .noAlpha(format) }
        let drawer = drawer
        let placement = try drawer.placement(bounds, outlines: outlines)
        let ink = drawer.ink(bounds, outlines: outlines)
        let measures = OutlineMeasures()
        let file: OutputFile
        switch OutputFile.create(path) {
        case .success(let created): file = created
        case .failure(let failure): throw .cannotWrite(path, reason: failure.reason)
        }
        do throws(RenderError) {
            let video = try VideoEncoder(
                format: format, width: placement.pixelWidth, height: placement.pixelHeight, fps: fps, alpha: keepsAlpha,
                file: file)
            // Transparent pixels take the text's colour, so chroma shared with an edge stays the text's.
            let c = ink.color.bytes
            let clear = (UInt8(clamping: c.red), UInt8(clamping: c.green), UInt8(clamping: c.blue))
            var pixels: [UInt8] = []
            var count = 0
            try frames { (frame: Frame) throws(RenderError) in
                let canvas = try drawer.draw(frame, outlines: outlines, placement: placement, ink: ink, measures: measures)
                canvas.rgba(into: &pixels, clearColor: clear)
                try pixels.withUnsafeBufferPointer { (buffer) throws(RenderError) in try video.add(rgba: buffer.baseAddress!) }
                count += 1
            }
            // The trailer is the last write: freeing FFmpeg's objects writes nothing.
            try video.finish()
            if let failure = file.commit() { throw RenderError.cannotWrite(path, reason: failure.reason) }
            return count
        } catch {
            file.discard()
            throw error
        }
    }
}
