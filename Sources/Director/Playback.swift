import Animator

/// A script of texts played on a Director's timeline and sampled at a frame rate:
/// what `kinetype frames` prints and the renderers record.
///
/// The first text is shown at rest at t = 0; text k is set at `k × interval`, or,
/// without an interval, the moment the previous transition settles. Frames are
/// sampled at `i / fps` from 0 until the last transition has settled (plus `tail`
/// seconds, for loops that play on), so the last frame shows the settled layout.
///
/// ```swift
/// let playback = try Playback(texts: ["99", "100", "1,000"], fps: 60)
/// let director = TransitionDirector(text: playback.texts[0], effect: RollingEffect())
/// director.play(playback) { frame in draw(frame) }
/// ```
public struct Playback: Hashable, Sendable {
    /// The texts, in order; the first is the starting text.
    public var texts: [String]
    /// Seconds between successive texts; nil to wait for each transition to settle.
    /// An interval shorter than a transition interrupts it.
    public var interval: Double?
    /// Frames per second.
    public var fps: Double
    /// Seconds sampled after the last settle.
    public var tail: Double
    /// A control shown with the texts (its first state at t = 0), or nil.
    public var scene: Scene?
    /// When the control is tapped, in seconds, ascending: the k-th tap moves it
    /// to `scene.state(afterToggles: k + 1)` with the scene's timing and delay.
    public var toggles: [Double]

    /// The highest frame rate accepted.
    public static let maximumFPS = 1000.0
    /// The longest timeline accepted, in seconds (a bound on output size).
    public static let maximumDuration = 3600.0

    /// Creates a playback script.
    ///
    /// A scene's toggles are taps at the times given (see `toggles`).
    ///
    /// - Throws: `PlaybackError` when there is no text, the frame rate is not in
    ///   (0, 1000], the interval or tail is negative or not finite, or a toggle
    ///   time is negative, not finite, beyond `maximumDuration` or earlier than
    ///   the one before it.
    public init(
        texts: [String], interval: Double? = nil, fps: Double = 60, tail: Double = 0, scene: Scene? = nil,
        toggles: [Double] = []
    ) throws(PlaybackError) {
        guard !texts.isEmpty else { throw PlaybackError(.noTexts, "a playback needs at least one text") }
        guard fps.isFinite, fps > 0, fps <= Self.maximumFPS else {
            throw PlaybackError(.invalidFrameRate, "frame rate must be a number in (0, \(Int(Self.maximumFPS))] (got \(fps))")
        }
        if let interval {
            guard interval.isFinite, interval > 0 else {
                throw PlaybackError(.invalidInterval, "interval must be a positive number of seconds (got \(interval))")
            }
        }
        guard tail.isFinite, tail >= 0, tail <= Self.maximumDuration else {
            throw PlaybackError(.invalidTail, "tail must be a non-negative number of seconds (got \(tail))")
        }
        var previous = 0.0
        for (k, time) in toggles.enumerated() {
            guard time.isFinite, time >= 0, time <= Self.maximumDuration else {
                throw PlaybackError(.invalidToggle, "toggle \(k + 1) must be a time in seconds, in 0…\(Int(Self.maximumDuration)) (got \(time))")
            }
            guard time >= previous else {
                throw PlaybackError(.invalidToggle, "toggle times must not go back (toggle \(k + 1) at \(time) s comes after \(previous) s)")
            }
            previous = time
        }
        guard toggles.isEmpty || scene != nil else { throw PlaybackError(.noScene, "toggles need a scene to tap") }
        self.texts = texts
        self.interval = interval
        self.fps = fps
        self.tail = tail
        self.scene = scene
        self.toggles = toggles
    }
}

/// What happened while a playback ran.
public struct PlaybackSummary: Hashable, Sendable {
    /// When each text after the first was set.
    public var changes: [Double]
    /// When the last transition settled (0 when nothing changed).
    public var end: Double
    /// The number of frames sampled.
    public var frames: Int
}

extension TransitionDirector {
    /// Plays a script from t = 0, calling `body` with every sampled frame in time order.
    ///
    /// The Director should show `playback.texts[0]` at rest; a different current
    /// text is first changed to it at t = 0.
    ///
    /// - Complexity: O(frames × sprites) plus one transition per text.
    @discardableResult
    public func play<E: Error>(_ playback: Playback, _ body: (Frame) throws(E) -> Void) throws(E) -> PlaybackSummary {
        try play(playback, planned: {}, body)
    }

    /// `play(_:_:)`, calling `planned` after every call that may have planned
    /// sprites' motions (a text, a restage, a scene), before the next frame.
    func play<E: Error>(
        _ playback: Playback, planned: () -> Void, _ body: (Frame) throws(E) -> Void
    ) throws(E) -> PlaybackSummary {
        if text != playback.texts[0] { setText(playback.texts[0], at: 0) }
        if let scene = playback.scene { showScene(scene.states[0]) }
        // A dance starts on its first text, without waiting for a change.
        if effect.movesAtRest, !isAnimating, !text.isEmpty { restage(at: 0) }
        planned()
        var next = 1
        var tapped = 0
        var changes: [Double] = []
        // When the next text is due: fixed steps, or the settle of the transition before it.
        func due() -> Double {
            if let interval = playback.interval { return Double(next) * interval }
            return settleTime ?? clock.callerTime(lastFence)
        }
        var end = settleTime ?? 0
        var index = 0
        while true {
            let t = Double(index) / playback.fps
            while next < playback.texts.count, due() <= t {
                let at = due()
                setText(playback.texts[next], at: at)
                planned()
                changes.append(at)
                next += 1
            }
            while let scene = playback.scene, tapped < playback.toggles.count, playback.toggles[tapped] <= t {
                tapped += 1
                setScene(
                    scene.state(afterToggles: tapped), at: playback.toggles[tapped - 1], timing: scene.timing,
                    delay: scene.delay)
                planned()
            }
            end = max(end, settleTime ?? end)
            try body(frame(at: t))
            index += 1
            let finished = next >= playback.texts.count && tapped >= playback.toggles.count && !isAnimating
            if finished && t >= end + playback.tail { break }
            if t > Playback.maximumDuration { break }
        }
        return PlaybackSummary(changes: changes, end: end, frames: index)
    }
}
