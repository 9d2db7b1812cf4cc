import Animator
import Director

/// Writes a timeline as a video through FFmpeg's libraries: H.264 in `.mp4`,
/// VP9 in `.webm` (with alpha over a transparent background), ProRes 4444 with
/// alpha in `.mov` (see ``VideoFormat``).
///
/// ```swift
/// try VideoRenderer(format: .mp4, viewport: Viewport(width: 1280)).write(timeline, to: "send.mp4")
/// try VideoRenderer(format: .webm, background: .transparent, color: .white).write(timeline, to: "overlay.webm")
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
///   ``RenderError`` `.unsupportedByFormat`.
/// - Streamed: one frame is drawn and handed to the encoder at a time; the
///   encoders' look-ahead is bounded so that memory stays far below 512 MB
///   for any canvas ``Viewport`` allows.
/// - The file is written whole or not at all (see ``TextFile``); to a pipe,
///   `.mp4` and `.mov` are written as fragments (no index at the end).
public struct VideoRenderer: StreamingRenderer {
    /// The container and codec (default `.mp4`).
    public var format: VideoFormat = .mp4
    /// The canvas (odd sides grow by one pixel), colours and pen; a transparent
    /// background keeps alpha in `.webm` and `.mov`.
    public var style: RenderStyle

    /// An `.mp4` renderer drawing with `style`.
    public init(style: RenderStyle) {
        self.style = style
    }

    /// A renderer writing `format`, drawing with `style`.
    public init(format: VideoFormat, style: RenderStyle) {
        self.format = format
        self.style = style
    }

    /// A renderer writing `format` in `color` over `background` on `viewport`'s
    /// canvas, written on with `stroke` (see ``RenderStyle``).
    public init(
        format: VideoFormat, viewport: Viewport = Viewport(), background: RenderColor = .white,
        color: RenderColor? = nil, stroke: StrokeStyle = StrokeStyle()
    ) {
        self.init(format: format, style: RenderStyle(viewport: viewport, background: background, color: color, stroke: stroke))
    }

    /// Whether the video keeps an alpha channel: `.mov` always, `.webm` when
    /// the background is not opaque.
    public var keepsAlpha: Bool {
        switch format {
        case .mp4: false
        case .webm: style.background.alpha < 1
        case .mov: true
        }
    }

    /// The canvas content with these bounds gets: the style's, with even sides.
    public func placement(_ bounds: Rect, fontSize: Double?) throws(RenderError) -> Viewport.Placement {
        try evenStyle.placement(bounds, fontSize: fontSize)
    }

    /// The style with the viewport's sides made even (4:2:0 chroma needs them).
    private var evenStyle: RenderStyle {
        var even = style
        even.viewport.evenSize = true
        return even
    }

    /// Writes the frames to `path` and returns the number of pictures written.
    ///
    /// - Throws: ``RenderError`` for a transparent background in `.mp4`, a
    ///   canvas that cannot be placed, an encoder failure, or a file that cannot be written.
    /// - Complexity: O(frames × pixels).
    @discardableResult
    public func write(_ frames: FrameSource, to path: String) throws(RenderError) -> Int {
        guard format.hasAlpha || style.background.alpha >= 1 else { throw .noAlpha(format) }
        let raster = try FrameRaster(style: evenStyle, source: frames)
        return try OutputFile.writing(path) { (file: OutputFile) throws(RenderError) -> Int in
            let video = try VideoEncoder(
                format: format, width: raster.width, height: raster.height, fps: frames.fps, alpha: keepsAlpha, file: file)
            // Transparent pixels take the text's colour, so chroma shared with an edge stays the text's.
            let c = raster.inkColor.bytes
            let clear = (UInt8(clamping: c.red), UInt8(clamping: c.green), UInt8(clamping: c.blue))
            var pixels: [UInt8] = []
            var count = 0
            var last: Frame?
            try frames.forEach { (frame: Frame) throws(RenderError) in
                // A frame that draws what the one before drew (a held text) is encoded again, not drawn.
                if last == nil || !FrameRaster.drawAlike(last!, frame) {
                    try raster.rgba(frame, into: &pixels, clearColor: clear)
                    last = frame
                }
                try pixels.withUnsafeBufferPointer { (buffer) throws(RenderError) in try video.add(rgba: buffer.baseAddress!) }
                count += 1
            }
            // The trailer is the last write: freeing FFmpeg's objects writes nothing.
            try video.finish()
            return count
        }
    }
}
