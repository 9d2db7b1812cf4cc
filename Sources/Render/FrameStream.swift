import Animator
import Director

/// A playback recorded without keeping its frames: played once to measure the
/// canvas, then again to draw, frame by frame. What the GIF and WebP renderers
/// and numbered PNG frames use for animations too long to hold in memory.
///
/// ```swift
/// let stream = FrameStream(playback: try Playback(texts: ["Send Action", "Action Sent"], fps: 30)) {
///     TransitionDirector(text: "Send Action", layout: font, effect: .wave)
/// }
/// try GIFRenderer().write(stream, to: "send.gif")
/// ```
///
/// The Director is deterministic, so both passes see the same frames: those
/// `TransitionDirector.play(_:_:)` samples, the playback's tail included. Unlike
/// ``Timeline``, a stream does not look for the period of a looping tail.
/// Memory is one frame (plus what the encoder keeps), whatever the length.
public struct FrameStream {
    /// The script: texts, schedule, frame rate and tail.
    public let playback: Playback
    /// How glyphs are drawn.
    public let outlines: GlyphOutlines
    /// The most frames accepted.
    public let maximumFrames: Int
    private let makeDirector: () -> TransitionDirector

    /// A stream of `playback` on fresh Directors from `director` (each must show
    /// the first text at rest); the outlines come from their layout unless given.
    public init(
        playback: Playback, outlines: GlyphOutlines? = nil, maximumFrames: Int = Timeline.maximumFrameCount,
        director: @escaping () -> TransitionDirector
    ) {
        self.playback = playback
        self.outlines = outlines ?? GlyphOutlines(texts: playback.texts, layout: director().layout)
        self.maximumFrames = maximumFrames
        self.makeDirector = director
    }

    /// What the first pass learns: the canvas bounds (as ``Timeline/bounds``), the
    /// frame count, and how many of the frames show a picture of their own.
    public struct Measure: Hashable, Sendable {
        public var bounds: Rect
        public var frameCount: Int
        /// The frames that draw something other than the frame before them (the
        /// first counts): the pictures a renderer draws; the rest (a held text) repeat one.
        public var pictureCount: Int
    }

    /// Plays the stream once, keeping only the bounds; `progress` hears how
    /// many frames have passed after each one.
    ///
    /// - Throws: ``RenderError`` `.timelineTooLong` past ``maximumFrames``.
    /// - Complexity: O(frames × sprites).
    public func measure(progress: ((Int) -> Void)? = nil) throws(RenderError) -> Measure {
        var accumulator = TimelineBounds.Accumulator(outlines: outlines)
        var first: Frame?
        var last: Frame?
        var count = 0
        var pictures = 0
        try forEach { (frame: Frame) throws(RenderError) in
            accumulator.add(frame)
            if first == nil { first = frame }
            if last.map({ !FrameRaster.drawAlike($0, frame) }) ?? true { pictures += 1 }
            last = frame
            count += 1
            progress?(count)
        }
        return Measure(bounds: accumulator.result(first: first, last: last).canvas, frameCount: count, pictureCount: pictures)
    }

    /// Plays the stream, calling `body` with every frame in order.
    ///
    /// - Throws: `body`'s errors, and ``RenderError`` `.timelineTooLong` past ``maximumFrames``.
    public func forEach(_ body: (Frame) throws(RenderError) -> Void) throws(RenderError) {
        var count = 0
        let limit = maximumFrames
        try makeDirector().play(playback) { (frame: Frame) throws(RenderError) in
            count += 1
            guard count <= limit else { throw .timelineTooLong(frames: count, limit: limit) }
            try body(frame)
        }
    }
}
