import Analyzer
import Animator
import Director
import Typesetter

/// A recorded animation: a Director driven through a list of texts and sampled
/// at a fixed frame rate, with the canvas bounds over all its frames. What
/// every renderer in this module draws.
///
/// ```swift
/// let font = try FontLayout(size: 48, alignment: .center)
/// let timeline = try Timeline(texts: ["Send Action", "Action Sent"], layout: font, effect: .wave, style: .bouncy)
/// let svg = try SVGRenderer().animated(timeline)
/// try PNGRenderer().write(timeline, at: timeline.duration, to: "end.png")
/// ```
///
/// The schedule is the Director's `Playback`, as in `kinetype frames`: the
/// first text is at rest at t = 0, text k is set at t = k × `interval`, or,
/// without an interval, the moment the previous transition settles. Frame i
/// shows t = i / fps; the last frame is the first grid time at or after the
/// last settle plus the hold (the playback's tail).
///
/// **Loops.** When the last transition keeps moving after it settles (the dance
/// effect), the recording takes the motion's period from the plan's loops (see
/// ``init(recording:playback:outlines:maximumLoopPeriod:maximumSamples:progress:)``); the
/// timeline then ends one period after the settle and ``loop`` says which part
/// repeats. The animated SVG plays that part forever.
///
/// Coordinates are the Director's "anchored" layout space: the alignment anchor
/// at x = 0, the first line's top at y = 0.
public struct Timeline: Sendable {
    /// The repeating tail of a looping timeline, in frames.
    public struct Loop: Hashable, Sendable {
        /// The frame the repeating part starts at.
        public var startFrame: Int
        /// The frames in one period; frame `startFrame + period` shows the same as `startFrame`.
        public var period: Int

        /// A loop of `period` frames from `startFrame`.
        public init(startFrame: Int, period: Int) {
            self.startFrame = startFrame
            self.period = period
        }
    }

    /// The most frames per second a timeline samples.
    public static let maximumFrameRate: Double = Playback.maximumFPS
    /// The most frames a timeline holds (10 minutes at 60 fps).
    public static let maximumFrameCount = 36_000

    /// Frames per second.
    public let fps: Double
    /// Frame i shows time i / fps; there is always at least one frame.
    public let frames: [Frame]
    /// The texts, in the order they were set.
    public let texts: [String]
    /// When each text was set (the first at 0).
    public let textTimes: [Double]
    /// Every settle and cancel the Director reported while recording.
    public let events: [TransitionEvent]
    /// The repeating tail, when the last transition loops and a period was found.
    public let loop: Loop?
    /// How glyphs are drawn (empty for layouts without a font).
    public let outlines: GlyphOutlines
    /// The rows the Director's plans wrote while it was recorded (empty for a
    /// timeline made from frames): the curves the animated SVG and the Lottie
    /// writer say exactly.
    package let motionLog: MotionLog
    /// Where ink is ever seen: every sprite at least `Frame.seenOpacity`
    /// visible (a glyph waiting invisibly to enter does not count), its outline (its layout box when it
    /// has no outline drawing) under its transform, widened by three blur
    /// radii, every shape's placed outline widened by half its scaled line
    /// width and three blur radii, and every particle.
    public let inkBounds: Rect
    /// The canvas content: ``inkBounds`` joined with the layout boxes of the
    /// first and last frames' sprites, so lines keep their height and a text
    /// at rest sits where its layout says.
    public let bounds: Rect

    /// The last text: what the timeline settles on.
    public var finalText: String { texts.last ?? "" }

    /// Seconds from the first frame to the last.
    public var duration: Double { Double(frames.count - 1) / fps }

    /// The time frame `index` shows.
    public func time(ofFrame index: Int) -> Double { Double(index) / fps }

    /// The frame nearest to time `t`. Past the end, a looping timeline keeps
    /// looping and any other shows its last frame; before 0, the first frame.
    public func frame(at t: Double) -> Frame {
        frames[frameIndex(at: t)]
    }

    /// The index of the frame nearest to time `t` (see ``frame(at:)``).
    public func frameIndex(at t: Double) -> Int {
        guard t.isFinite else { return t > 0 ? frames.count - 1 : 0 }
        let raw = (t * fps).rounded()
        guard raw > 0 else { return 0 }
        let last = frames.count - 1
        guard raw > Double(last) else { return Int(raw) }
        if let loop, loop.period > 0 {
            let beyond = (raw - Double(loop.startFrame)).truncatingRemainder(dividingBy: Double(loop.period))
            return loop.startFrame + Int(beyond)
        }
        return last
    }

    /// Creates a timeline from recorded frames; ``bounds`` are computed from them.
    /// A `loop` reaching past the last frame is dropped.
    ///
    /// - Precondition: `frames` is not empty and `fps` is positive.
    /// - Complexity: O(frames × sprites).
    public init(
        fps: Double, frames: [Frame], texts: [String], textTimes: [Double], events: [TransitionEvent] = [],
        loop: Loop? = nil, outlines: GlyphOutlines = GlyphOutlines()
    ) {
        self.init(
            fps: fps, frames: frames, texts: texts, textTimes: textTimes, events: events, loop: loop, outlines: outlines,
            motionLog: MotionLog())
    }

    init(
        fps: Double, frames: [Frame], texts: [String], textTimes: [Double], events: [TransitionEvent], loop: Loop?,
        outlines: GlyphOutlines, motionLog: MotionLog
    ) {
        precondition(!frames.isEmpty, "a timeline needs at least one frame")
        precondition(fps > 0 && fps.isFinite, "a timeline needs a positive frame rate")
        self.fps = fps
        self.frames = frames
        self.texts = texts
        self.textTimes = textTimes
        self.events = events
        // A loop must lie within the frames; one that does not is left out.
        self.loop = loop.flatMap { l in
            l.startFrame >= 0 && l.period >= 1 && l.startFrame + l.period <= frames.count - 1 ? l : nil
        }
        self.outlines = outlines
        self.motionLog = motionLog
        let measured = TimelineBounds.measure(frames, outlines: outlines)
        inkBounds = measured.ink
        bounds = measured.canvas
    }
}

extension Timeline {
    /// Records a Director playing a script (the texts, their schedule and the frame rate).
    ///
    /// The frames are exactly those `TransitionDirector.play(_:_:)` samples,
    /// so a timeline shows what `kinetype frames` prints for the same options.
    /// The Director should show the first text at rest and not have been used
    /// at later times. Beside the frames the recording keeps the rows each plan
    /// wrote, whose Bézier curves the animated SVG and the Lottie writer say exactly.
    ///
    /// When the Director still moves after the last settle (a looping effect
    /// such as dance), the period comes from the plan: the least common multiple
    /// of its loops' periods (a pass, two when it reverses), when that is a
    /// whole number of frames, within a hundredth of a frame for every loop, of
    /// at most `maximumLoopPeriod` seconds. Found, the timeline ends one period
    /// after the settle and ``loop`` says which part repeats (the playback's
    /// `tail` is then not used, except as a least length in whole periods); not
    /// found, the timeline ends as the playback does. When the plan names no
    /// period the recording samples on and compares frames instead: the
    /// shortest whole number of frames after which every sprite and shape
    /// repeats its state (within a hundredth of a point, a thousandth of a
    /// radian, of scale and of opacity; a shape's size, path and paints too).
    ///
    /// - Throws: ``RenderError`` `.timelineTooLong` past ``maximumFrameCount`` frames.
    /// - Complexity: O(frames × sprites), plus, only when the plan names no
    ///   period, O(p² × sprites) in the frames p of `maximumLoopPeriod`.
    ///
    /// `maximumSamples` bounds the memory a recording takes: the sprites of all
    /// its frames added up (each sample is about 150 bytes). `progress` hears
    /// how many frames are recorded after each one.
    public init(
        recording director: TransitionDirector, playback: Playback, outlines: GlyphOutlines? = nil,
        maximumLoopPeriod: Double = 4, maximumSamples: Int = .max, progress: ((Int) -> Void)? = nil
    ) throws(RenderError) {
        // The outlines come from the Director's own layout unless given.
        let outlines = outlines ?? GlyphOutlines(texts: playback.texts, layout: director.layout)
        let fps = playback.fps
        // A rate so small (subnormal) that one frame lasts longer than any Double has no second frame time.
        guard (1 / fps).isFinite else { throw .invalidFrameRate(fps) }
        let firstEvent = director.events.count
        var frames: [Frame] = []
        var samples = 0
        func keep(_ frame: Frame) throws(RenderError) {
            guard frames.count < Self.maximumFrameCount else { throw .timelineTooLong(frames: frames.count + 1) }
            samples += frame.sprites.count + frame.shapes.count + frame.particles.count
            guard samples <= maximumSamples else { throw .tooManySamples(limit: maximumSamples) }
            // A frame shares the Director's buffer, which has room for every pooled sprite: keep just this frame's.
            var kept = frame
            kept.sprites = Self.compacted(frame.sprites)
            kept.particles = Self.compacted(frame.particles)
            kept.shapes = Self.compacted(frame.shapes)
            frames.append(kept)
            progress?(frames.count)
        }
        var log = MotionLog()
        let summary = try director.record(playback, into: &log) { (frame: Frame) throws(RenderError) in try keep(frame) }
        func sample(through index: Int) throws(RenderError) {
            while frames.count <= index { try keep(director.frame(at: Double(frames.count) / fps)) }
        }
        let settleFrame = min(Int((summary.end * fps - 1e-9).rounded(.up)), frames.count - 1)
        var loop: Loop?
        if maximumLoopPeriod.isFinite, maximumLoopPeriod > 0, frames.count - 1 + 2 < Self.maximumFrameCount {
            let longest = Int((maximumLoopPeriod * fps).rounded(.down))
            let periods = director.loopPeriods
            if !periods.isEmpty,
               let period = LoopPeriod.frames(periods, fps: fps, upTo: min(longest, Self.maximumFrameCount - 1 - settleFrame)) {
                loop = Loop(startFrame: settleFrame, period: period)
            } else {
                // The plan names no period: loops whose periods share no multiple
                // of whole frames within the bound, or motion after the settle
                // that no loop accounts for. Frames may still repeat closely
                // enough to loop; only then is it worth sampling two periods
                // ahead to compare them.
                try sample(through: settleFrame + 1)
                if !LoopFinder.same(frames[settleFrame], frames[settleFrame + 1]) {
                    let maxPeriod = min(longest, (Self.maximumFrameCount - settleFrame) / 2 - 1)
                    if maxPeriod >= 2 {
                        try sample(through: settleFrame + 2 * maxPeriod)
                        if let period = LoopFinder.period(in: frames, from: settleFrame, upTo: maxPeriod) {
                            loop = Loop(startFrame: settleFrame, period: period)
                        }
                    }
                }
            }
        }
        // A loop plays for at least the hold, in whole periods, so `--hold` shows as much of it as asked.
        var last = summary.frames - 1
        if let found = loop {
            let holdFrames = Int((playback.tail * fps).rounded(.up))
            var periods = max(1, (holdFrames + found.period - 1) / found.period)
            while periods > 1 && found.startFrame + periods * found.period >= Self.maximumFrameCount { periods -= 1 }
            try sample(through: found.startFrame + periods * found.period)
            last = found.startFrame + periods * found.period
        }
        frames.removeLast(frames.count - last - 1)
        let events = Array(director.events[firstEvent...])
        self.init(
            fps: fps, frames: frames, texts: playback.texts, textTimes: [0] + summary.changes, events: events, loop: loop,
            outlines: outlines, motionLog: log)
    }

    /// The array in storage of its own size: a frame's arrays share the
    /// Director's buffers, which have room for every sprite in its pool and
    /// every particle it could emit.
    private static func compacted<Element>(_ array: [Element]) -> [Element] {
        guard array.capacity > array.count else { return array }
        var copy: [Element] = []
        copy.reserveCapacity(array.count)
        copy.append(contentsOf: array)
        return copy
    }

    /// Records a Director through a list of texts: ``init(recording:playback:outlines:maximumLoopPeriod:maximumSamples:progress:)``
    /// with a `Playback` of these values.
    ///
    /// - Parameters:
    ///   - director: the Director to drive; its layout, effect, style and seed decide the motion.
    ///   - texts: the texts in order (an empty list records the Director's current text at rest).
    ///   - interval: seconds between texts (greater than 0); `nil` sets each text when the previous transition settles.
    ///   - fps: frames per second, in (0, ``maximumFrameRate``].
    ///   - hold: seconds to keep recording after the last settle (a loop plays on
    ///     for at least as long, in whole periods).
    ///   - scene: a control shown with the texts, tapped at `toggles` (see `Playback`).
    ///   - outlines: how glyphs are drawn (see ``GlyphOutlines``).
    ///   - maximumLoopPeriod: the longest loop period accepted, in seconds (0: no loop).
    /// - Throws: ``RenderError`` for a bad frame rate, interval, hold or toggle,
    ///   or a timeline longer than ``maximumFrameCount`` frames.
    public init(
        recording director: TransitionDirector, texts: [String], interval: Double? = nil, fps: Double = 60,
        hold: Double = 0, scene: Scene? = nil, toggles: [Double] = [], outlines: GlyphOutlines? = nil,
        maximumLoopPeriod: Double = 4
    ) throws(RenderError) {
        guard fps.isFinite, fps > 0, fps <= Self.maximumFrameRate else { throw .invalidFrameRate(fps) }
        let playback: Playback
        do {
            playback = try Playback(
                texts: texts.isEmpty ? [director.text] : texts, interval: interval, fps: fps, tail: hold, scene: scene,
                toggles: toggles)
        } catch {
            throw .invalidTimeline(error.message)
        }
        try self.init(recording: director, playback: playback, outlines: outlines, maximumLoopPeriod: maximumLoopPeriod)
    }

    /// Records a transition from scratch: makes a Director on `layout`, whose
    /// drawings are the glyph outlines (see ``GlyphOutlines``).
    ///
    /// ```swift
    /// let counter = try Timeline(texts: ["99", "100", "1,000"], layout: try FontLayout(size: 64),
    ///                            effect: .rolling, mode: .numeric())
    /// ```
    ///
    /// - Parameters: as `TransitionDirector.init` and
    ///   ``init(recording:texts:interval:fps:hold:scene:toggles:outlines:maximumLoopPeriod:)``;
    ///   `tiles` puts the glyphs on tiles (`TransitionDirector.tiles`).
    /// - Throws: ``RenderError`` for a bad frame rate or toggle, or a timeline that is too long.
    public init(
        texts: [String], layout: any GlyphLayout, effect: any EffectBlueprint = ScaleEffect(), style: MotionStyle = .snappy,
        mode: DiffMode = .morph, preference: MotionPreference = .system, seed: UInt64 = 0,
        interval: Double? = nil, fps: Double = 60, hold: Double = 0, tiles: TileStyle? = nil, scene: Scene? = nil,
        toggles: [Double] = []
    ) throws(RenderError) {
        let director = TransitionDirector(
            text: texts.first ?? "", layout: layout, effect: effect, style: style, mode: mode, preference: preference,
            seed: seed, tiles: tiles)
        try self.init(
            recording: director, texts: texts, interval: interval, fps: fps, hold: hold, scene: scene, toggles: toggles)
    }
}
