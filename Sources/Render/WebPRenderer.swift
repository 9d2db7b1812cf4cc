import Animator
import CWebP
import Director

/// Writes a timeline as an animated WebP through libwebp's `WebPAnimEncoder`.
///
/// ```swift
/// let webp = WebPRenderer(style: RenderStyle(viewport: Viewport(width: 480), background: .transparent), loopCount: 0)
/// try webp.write(timeline, to: "send.webp")
/// ```
///
/// Frames are drawn as ``PNGRenderer`` draws them, every frame of the
/// timeline, with millisecond timestamps; the encoder stores only what changes
/// and merges identical frames. Lossless by default (exact edges, full alpha,
/// small for flat text); with `lossless` false, `quality` 0…100 trades size
/// for fidelity. `loopCount` 0 plays forever. The file is written whole or not
/// at all (see ``TextFile``).
public struct WebPRenderer: StreamingRenderer {
    /// The canvas, colours and pen; a transparent background keeps full alpha.
    public var style: RenderStyle
    /// How many times the animation plays: 0 forever (the default), else 1…65535.
    public var loopCount = 0
    /// Lossless (the default) or lossy compression.
    public var lossless = true
    /// Lossy quality, or lossless effort, 0…100 (default 75).
    public var quality = 75.0

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
        let schedule = FrameSchedule(frameCount: frames.frameCount, fps: frames.fps, maximumRate: frames.fps)
        let raster = try FrameRaster(style: style, source: frames)
        let width = Int32(raster.width), height = Int32(raster.height)
        var options = WebPAnimEncoderOptions()
        guard WebPAnimEncoderOptionsInit(&options) != 0 else { throw .cannotEncode("WebP", "library version mismatch") }
        options.anim_params.loop_count = Int32(loopCount)
        let b = style.background.bytes
        options.anim_params.bgcolor = UInt32(b.alpha) << 24 | UInt32(b.red) << 16 | UInt32(b.green) << 8 | UInt32(b.blue)
        guard let encoder = WebPAnimEncoderNew(width, height, &options) else { throw .cannotEncode("WebP", "cannot start the encoder") }
        defer { WebPAnimEncoderDelete(encoder) }
        var config = WebPConfig()
        guard WebPConfigInit(&config) != 0 else { throw .cannotEncode("WebP", "library version mismatch") }
        config.lossless = lossless ? 1 : 0
        config.quality = Float(quality)
        config.exact = 0
        guard WebPValidateConfig(&config) != 0 else { throw .cannotEncode("WebP", "invalid configuration") }

        var added = 0
        try schedule.play(frames) { (frame: Frame, outputs: Range<Int>) throws(RenderError) in
            let timestamp = Int32(schedule.milliseconds(ofOutputFrame: outputs.lowerBound))
            var pixels = try raster.rgba(frame)
            var picture = WebPPicture()
            guard WebPPictureInit(&picture) != 0 else { throw .cannotEncode("WebP", "library version mismatch") }
            picture.use_argb = 1
            picture.width = width
            picture.height = height
            let imported = pixels.withUnsafeMutableBufferPointer { WebPPictureImportRGBA(&picture, $0.baseAddress, width * 4) }
            defer { WebPPictureFree(&picture) }
            guard imported != 0 else { throw .cannotEncode("WebP", "no memory for a frame") }
            guard WebPAnimEncoderAdd(encoder, &picture, timestamp, &config) != 0 else {
                throw .cannotEncode("WebP", Self.message(encoder))
            }
            added += 1
        }
        // The last frame lasts one frame interval.
        let end = Int32(schedule.milliseconds(ofOutputFrame: schedule.sourceIndices.count))
        guard WebPAnimEncoderAdd(encoder, nil, end, nil) != 0 else { throw .cannotEncode("WebP", Self.message(encoder)) }
        var data = WebPData()
        guard WebPAnimEncoderAssemble(encoder, &data) != 0 else { throw .cannotEncode("WebP", Self.message(encoder)) }
        defer { WebPDataClear(&data) }
        try OutputFile.writing(path) { (file: OutputFile) throws(RenderError) in
            try file.writeAll(UnsafeRawBufferPointer(start: data.bytes, count: data.size))
        }
        return added
    }

    private static func message(_ encoder: OpaquePointer) -> String {
        WebPAnimEncoderGetError(encoder).map { String(cString: $0) } ?? "unknown error"
    }
}
