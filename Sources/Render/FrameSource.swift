import Animator
import Director

/// Frames to draw one at a time, from a recorded ``Timeline`` or a
/// ``FrameStream``, with what a renderer sets up from before the first:
/// the canvas bounds, the frame count and rate, and the glyph outlines.
///
/// ```swift
/// let frames = try FrameSource(stream)        // plays the stream once to measure it
/// try WebPRenderer().write(frames, to: "long.webp")
/// ```
public struct FrameSource {
    /// The canvas content over all frames (see ``Timeline/bounds``).
    public let bounds: Rect
    /// How many frames ``forEach(_:)`` hands over.
    public let frameCount: Int
    /// How many of them draw a picture of their own (see ``FrameStream/Measure/pictureCount``):
    /// what drawing and encoding them costs is in proportion to this.
    public let pictureCount: Int
    /// Frames per second.
    public let fps: Double
    /// How glyphs are drawn.
    public let outlines: GlyphOutlines

    private enum Frames {
        case timeline([Frame])
        case stream(FrameStream)
    }

    private let frames: Frames
    /// Called after each frame ``forEach(_:)`` hands over, with the count so far.
    private var progress: ((Int) -> Void)?

    /// The frames of a recorded timeline.
    public init(_ timeline: Timeline) {
        bounds = timeline.bounds
        frameCount = timeline.frames.count
        pictureCount = zip(timeline.frames.dropFirst(), timeline.frames).reduce(1) { count, pair in
            FrameRaster.drawAlike(pair.1, pair.0) ? count : count + 1
        }
        fps = timeline.fps
        outlines = timeline.outlines
        frames = .timeline(timeline.frames)
    }

    /// The frames of a stream, measured first (a whole pass) unless `measured`
    /// is given; `progress` hears the measuring pass's frames as they come.
    ///
    /// - Throws: ``RenderError`` `.timelineTooLong` past the stream's ``FrameStream/maximumFrames``.
    public init(
        _ stream: FrameStream, measured: FrameStream.Measure? = nil, progress: ((Int) -> Void)? = nil
    ) throws(RenderError) {
        let measure: FrameStream.Measure
        if let measured { measure = measured } else { measure = try stream.measure(progress: progress) }
        bounds = measure.bounds
        frameCount = measure.frameCount
        pictureCount = measure.pictureCount
        fps = stream.playback.fps
        outlines = stream.outlines
        frames = .stream(stream)
    }

    /// Calls `body` with every frame, in order.
    ///
    /// - Throws: `body`'s errors, and a stream's.
    public func forEach(_ body: (Frame) throws(RenderError) -> Void) throws(RenderError) {
        var count = 0
        switch frames {
        case .timeline(let frames):
            for frame in frames {
                try body(frame)
                count += 1
                progress?(count)
            }
        case .stream(let stream):
            try stream.forEach { (frame: Frame) throws(RenderError) in
                try body(frame)
                count += 1
                progress?(count)
            }
        }
    }

    /// These frames, with `progress` called after each frame ``forEach(_:)``
    /// hands over, with the number handed over so far (of ``frameCount``).
    public func reporting(_ progress: @escaping (Int) -> Void) -> FrameSource {
        var reported = self
        reported.progress = progress
        return reported
    }
}
