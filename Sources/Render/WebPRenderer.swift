import Animator
import CWebP
import Director

/// Writes a timeline as an animated WebP through libwebp's `WebPAnimEncoder`.
///
/// ```swift
/// let webp = WebPRenderer(viewport: Viewport(width: 480), background: .transparent, loopCount: 0)
/// try webp.write(timeline, to: "send.webp")
/// ```
///
/// Frames are drawn as ``PNGRenderer`` draws them, every frame of the
/// timeline, with millisecond timestamps; the encoder stores only what changes
/// and merges identical frames. Lossless by default (exact edges, full alpha,
/// small for flat text); with `lossless` false, `quality` 0…100 trades size
/// for fidelity. `loopCount` 0 plays forever. The file is written whole or not
/// at all (see ``TextFile``).
public struct WebPRenderer: Sendable {
    /// The canvas size (see ``Viewport``).
    public var viewport: Viewport
    /// The background; transparent keeps full alpha.
    public var background: RenderColor
    /// The text colour.
    public var color: RenderColor
    /// The pen of written-on glyphs and the ink of the text (see ``StrokeStyle``).
    public var stroke: StrokeStyle
    /// How many times the animation plays: 0 forever, else 1…65535.
    public var loopCount: Int
    /// Lossless (the default) or lossy compression.
    public var lossless: Bool
    /// Lossy quality, or lossless effort, 0…100.
    public var quality: Double

    /// A renderer; see the properties.
    public init(
        viewport: Viewport = Viewport(), background: RenderColor = .white,
        color: RenderColor = RenderColor(red: 0.11, green: 0.11, blue: 0.12), stroke: StrokeStyle = StrokeStyle(), loopCount: Int = 0, lossless: Bool = true,
        quality: Double = 75
    ) {
        self.viewport = viewport
        self.background = background
        self.color = color
        self.stroke = stroke
        self.loopCount = loopCount
        self.lossless = lossless
        self.quality = quality
    }

    /// Writes the timeline to `path`; returns the number of frames given to the encoder.
    ///
    /// - Throws: ``RenderError`` for a bad loop count or quality, a canvas that
    ///   cannot be placed, an encoder failure, or a file that cannot be written.
    /// - Complexity: O(frames × pixels).
    @discardableResult
    public func write(_ timeline: Timeline, to path: String) throws(RenderError) -> Int {
        let schedule = FrameSchedule(frameCount: timeline.frames.count, fps: timeline.fps, maximumRate: timeline.fps)
        return try write(schedule, bounds: timeline.bounds, outlines: timeline.outlines, to: path) { (consume: (Frame) throws(RenderError) -> Void) throws(RenderError) in
            for frame in timeline.frames { try consume(frame) }
        }
    }

    /// Writes a stream to `path`, drawing one frame at a time (the encoder
    /// keeps the compressed result): a first pass measures the canvas (unless
    /// `measured` is given), a second draws.
    @discardableResult
    public func write(_ stream: FrameStream, measured: FrameStream.Measure? = nil, to path: String) throws(RenderError) -> Int {
        let measure: FrameStream.Measure
        if let measured { measure = measured } else { measure = try stream.measure() }
        let schedule = FrameSchedule(frameCount: measure.frameCount, fps: stream.playback.fps, maximumRate: stream.playback.fps)
        return try write(schedule, bounds: measure.bounds, outlines: stream.outlines, to: path) { (consume: (Frame) throws(RenderError) -> Void) throws(RenderError) in
            try stream.forEach(consume)
        }
    }

    /// The encoder behind both `write`s: `frames` hands every source frame, in order, to its argument.
    func write(
        _ schedule: FrameSchedule, bounds: Rect, outlines: GlyphOutlines, to path: String,
        frames: ((Frame) throws(RenderError) -> Void) throws(RenderError) -> Void
    ) throws(RenderError) -> Int {
        guard (0...65_535).contains(loopCount) else { throw .invalidOption("loop count", Double(loopCount), range: "[0, 65535]") }
        guard quality.isFinite, (0...100).contains(quality) else { throw .invalidOption("quality", quality, range: "[0, 100]") }
        let drawer = PNGRenderer(viewport: viewport, background: background, color: color, stroke: stroke)
        let placement = try drawer.placement(bounds, outlines: outlines)
        let ink = drawer.ink(bounds, outlines: outlines)
        let measures = OutlineMeasures()
        let width = Int32(placement.pixelWidth), height = Int32(placement.pixelHeight)
        var options = WebPAnimEncoderOptions()
        guard WebPAnimEncoderOptionsInit(&options) != 0 else { throw .cannotEncode("WebP", "library version mismatch") }
        options.anim_params.loop_count = Int32(loopCount)
        let b = background.bytes
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
        var source = 0
        var next = 0
        let indices = schedule.sourceIndices
        try frames { (frame: Frame) throws(RenderError) in
            defer { source += 1 }
            guard next < indices.count, indices[next] == source else { return }
            let timestamp = Int32(schedule.milliseconds(ofOutputFrame: next))
            while next < indices.count, indices[next] == source { next += 1 }
            var pixels = try drawer.draw(frame, outlines: outlines, placement: placement, ink: ink, measures: measures).rgba()
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
        let bytes = UnsafeRawBufferPointer(start: data.bytes, count: data.size)
        let file: OutputFile
        switch OutputFile.create(path) {
        case .success(let created): file = created
        case .failure(let failure): throw .cannotWrite(path, reason: failure.reason)
        }
        if let failure = file.write(bytes) {
            file.discard()
            throw .cannotWrite(path, reason: failure.reason)
        }
        if let failure = file.commit() { throw .cannotWrite(path, reason: failure.reason) }
        return added
    }

    private static func message(_ encoder: OpaquePointer) -> String {
        WebPAnimEncoderGetError(encoder).map { String(cString: $0) } ?? "unknown error"
    }
}
