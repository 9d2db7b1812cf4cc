import Analyzer

/// The plan for one glyph in one transition: where it starts, where it ends,
/// when it starts, and how it gets there.
///
/// Transform channels (position, scale, rotation, skew) follow `timing`;
/// appearance channels (opacity, blur, tint, stroke) follow `opacityTiming`.
/// `tracks` add keyframed or looping offsets on top, and `emitter` adds particles.
/// Evaluation is a pure function of time, so any instant can be sampled in any order.
///
/// ```swift
/// var d = AnimationDescriptor(symbol: "A", from: start, to: end, timing: .spring(style.spring))
/// d.delay = 0.05
/// let now = d.state(at: 0.2)
/// ```
public struct AnimationDescriptor: Hashable, Sendable {
    /// The glyph being animated.
    public var symbol: Character
    /// The state at the start (held during the delay).
    public var from: GlyphState
    /// The state at rest, once every curve has run its course.
    public var to: GlyphState
    /// Per-channel velocity at the start, in units per second (from an interrupted
    /// transition); it fades out along each curve's carry (see `TimingSample`).
    @inlinable
    public var velocity: GlyphState {
        get { rare.velocity }
        set { rare.velocity = newValue }
    }
    /// Seconds before the motion starts.
    public var delay: Double
    /// The curve of the transform channels.
    public var timing: TimingCurve
    /// The curve of the appearance channels.
    public var opacityTiming: TimingCurve
    /// Additive keyframed or looping offsets; see `ChannelTrack`.
    public var tracks: [ChannelTrack] {
        get { rare.tracks }
        set { rare.tracks = newValue }
    }
    /// Particles drawn around the glyph, if any.
    public var emitter: ParticleEmitter? {
        get { rare.emitter }
        set { rare.emitter = newValue }
    }
    /// The glyph's frame in the layout it belongs to (the new layout for entering
    /// and persisting glyphs, the old one for exiting glyphs): renderers take the
    /// box size and baseline from it.
    public var box: GlyphFrame

    /// The tracks, the velocity and the particles, kept out of line (see `RareParts`).
    @usableFromInline var rare: RareParts

    /// A descriptor with every part spelled out; velocity zero, no delay, no tracks.
    @inlinable
    public init(
        symbol: Character, from: GlyphState, to: GlyphState, timing: TimingCurve,
        opacityTiming: TimingCurve? = nil, delay: Double = 0, tracks: [ChannelTrack] = [],
        emitter: ParticleEmitter? = nil, box: GlyphFrame? = nil
    ) {
        self.symbol = symbol
        self.from = from
        self.to = to
        self.delay = delay.isFinite ? max(delay, 0) : 0
        self.timing = timing
        self.opacityTiming = opacityTiming ?? timing
        rare = RareParts(tracks: tracks, emitter: emitter)
        self.box = box ?? GlyphFrame(rect: Rect(origin: to.position, size: .zero), baseline: to.position.y, line: 0)
    }

    /// A glyph that stays where it is.
    public static func resting(_ symbol: Character, at state: GlyphState, box: GlyphFrame) -> AnimationDescriptor {
        AnimationDescriptor(symbol: symbol, from: state, to: state, timing: .instant, box: box)
    }

    /// Whether a track repeats forever, so the glyph never comes to rest (a leaving
    /// glyph's loop ends when the glyph is gone).
    public var isLooping: Bool {
        tracks.contains { $0.loops }
    }

    /// Seconds from the transition's start until every finite part of the motion is
    /// over: curves settled (including the fade-out of an initial velocity), finite
    /// tracks finished, particles gone. Loops continue past it. A curve whose channels
    /// neither change nor carry a velocity does not count.
    ///
    /// `state(at: settleTime)` is the resting state, exactly.
    ///
    /// - Complexity: O(tracks).
    public var settleTime: Double {
        let parts = rare.parts?.value
        var end = MotionEnd(atLeast: delay)
        for track in parts?.tracks ?? [] where !track.loops {
            end.include(track.curveStart(delay: delay), lasting: track.curve.duration)
        }
        if let emitter = parts?.emitter { end.include(delay, lasting: emitter.endTime) }
        let (timing, opacityTiming) = (self.timing, self.opacityTiming)
        withUnsafePointer(to: timing) { timing in
            withUnsafePointer(to: opacityTiming) { opacityTiming in
                end.include(
                    change: to - from, velocity: parts?.velocity ?? .zero, timing: timing, transformStart: delay,
                    opacityTiming: opacityTiming, appearanceStart: delay)
            }
        }
        return end.settle
    }

    /// When the glyph's opacity first reaches `level` rising (seconds from the
    /// start): 0 when it starts there, +infinity when it never does.
    package func visibleTime(from level: Double) -> Double {
        let a = from.opacity, b = to.opacity
        if a >= level { return 0 }
        guard b >= level, b > a else { return .infinity }
        return delay + (opacityTiming.firstTime(reaching: (level - a) / (b - a)) ?? opacityTiming.duration)
    }

    /// When the glyph's opacity first falls below `level` (seconds from the
    /// start): 0 when it starts below, its settle time when it never does.
    package func clearTime(below level: Double) -> Double {
        let a = from.opacity, b = to.opacity
        if a < level { return 0 }
        guard b < level, a > b else { return settleTime }
        return delay + (opacityTiming.firstTime(reaching: (a - level) / (a - b)) ?? opacityTiming.duration)
    }

    /// The state at time `t`, seconds from the start of the transition.
    ///
    /// Evaluated as a planned transition's sprites are (see `TransitionPlan`). Never NaN
    /// or infinite for finite from/to states: time is clamped to finite values.
    /// - Complexity: O(tracks).
    public func state(at t: Double) -> GlyphState {
        evaluated(at: t.finiteTime).state
    }

    /// The per-channel velocity at time `t`, in units per second. Times are clamped as
    /// in `state(at:)`: +infinity is long after the end, −infinity and NaN the start.
    ///
    /// - Complexity: O(tracks).
    public func velocity(at t: Double) -> GlyphState {
        let time = t.finiteTime
        guard time >= delay else { return .zero }
        return evaluated(at: time).velocity
    }

    /// The state and velocity at `time` (finite): each group of channels `to` less the
    /// change not yet made along its curve, the velocity carried fading out along the
    /// curves' carry until the glyph settles, the tracks' offsets on top, bounded.
    private func evaluated(at time: Double) -> (state: GlyphState, velocity: GlyphState) {
        let transform = timing.sample(at: time - delay), appearance = opacityTiming.sample(at: time - delay)
        let change = to - from
        var state = to.receding(change, transform: 1 - transform.progress, appearance: 1 - appearance.progress)
        var velocity = GlyphState.zero
        velocity.add(change, transform: transform.velocity, appearance: appearance.velocity)
        let parts = rare.parts?.value
        if let carried = parts?.velocity, !carried.isZero, time < settleTime {
            // Bounded before the carried velocity is added, and again after.
            state.boundPrimary()
            state.add(carried, transform: transform.carry, appearance: appearance.carry)
            velocity.add(carried, transform: transform.carryVelocity, appearance: appearance.carryVelocity)
        }
        if let tracks = parts?.tracks, !tracks.isEmpty {
            state.boundPrimary()
            for track in tracks {
                let sample = track.curve.sample(at: time - track.curveStart(delay: delay))
                state[track.channel] += track.amplitude * (sample.progress + track.bias)
                velocity[track.channel] += track.amplitude * sample.velocity
            }
        }
        state.bound()
        velocity.dropNoise()
        return (state, velocity)
    }

    /// Descriptors are equal when every part is: velocities by value, however stored.
    public static func == (a: AnimationDescriptor, b: AnimationDescriptor) -> Bool {
        a.symbol == b.symbol && a.from == b.from && a.to == b.to && a.velocity == b.velocity && a.delay == b.delay
            && a.timing == b.timing && a.opacityTiming == b.opacityTiming && a.tracks == b.tracks
            && a.emitter == b.emitter && a.box == b.box
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(symbol)
        hasher.combine(from)
        hasher.combine(to)
        hasher.combine(velocity)
        hasher.combine(delay)
        hasher.combine(timing)
        hasher.combine(opacityTiming)
        hasher.combine(tracks)
        hasher.combine(emitter)
        hasher.combine(box)
    }

    /// The particles alive at time `t`, written to `out` (appended).
    ///
    /// - Complexity: O(emitter.count).
    public func particles(at t: Double, center: Point, into out: inout [Particle]) {
        guard let emitter else { return }
        let local = t - delay
        guard local >= emitter.start, local < emitter.endTime else { return }
        for i in 0..<emitter.count {
            if let p = emitter.particle(i, at: local, center: center, boxSize: box.rect.size) { out.append(p) }
        }
    }
}

/// The parts of a descriptor that most glyphs lack (tracks, an initial velocity,
/// particles), kept together behind one pointer: planning builds, moves and
/// destroys one descriptor per glyph, and when all of them are absent they cost a
/// null pointer instead of their bytes and their reference counting.
///
/// The pointer sits in a struct of its own on purpose: as a direct field of the
/// descriptor, the compiler builds each descriptor on the stack and copies it into
/// place (Swift 6.3), where wrapped it writes it in place.
@usableFromInline
struct RareParts: Sendable {
    @usableFromInline
    struct Parts: Sendable {
        @usableFromInline var tracks: [ChannelTrack]
        @usableFromInline var velocity: GlyphState
        @usableFromInline var emitter: ParticleEmitter?

        @inlinable
        init(tracks: [ChannelTrack], velocity: GlyphState, emitter: ParticleEmitter?) {
            self.tracks = tracks
            self.velocity = velocity
            self.emitter = emitter
        }
    }

    /// nil when there are no tracks, no particles and the velocity is +0 in every
    /// channel (bit for bit, so that a velocity reads back exactly as it was set).
    @usableFromInline var parts: OutOfLine<Parts>?

    /// Tracks and particles, at rest.
    @inlinable @inline(__always)
    init(tracks: [ChannelTrack], emitter: ParticleEmitter?) {
        if tracks.isEmpty, case .none = emitter {
            parts = nil
        } else {
            parts = OutOfLine(Parts(tracks: tracks, velocity: .zero, emitter: emitter))
        }
    }

    @inlinable
    init(tracks: [ChannelTrack], velocity: GlyphState, emitter: ParticleEmitter?) {
        if tracks.isEmpty, case .none = emitter, velocity.isPositiveZero {
            parts = nil
        } else {
            parts = OutOfLine(Parts(tracks: tracks, velocity: velocity, emitter: emitter))
        }
    }

    /// Whether there are no tracks, no particles and no velocity: one test of a
    /// pointer, where reading the parts would copy them.
    @inlinable
    var isEmpty: Bool {
        if case .none = parts { return true }
        return false
    }

    @inlinable
    var velocity: GlyphState {
        get { parts?.value.velocity ?? .zero }
        set { self = RareParts(tracks: tracks, velocity: newValue, emitter: emitter) }
    }

    @inlinable
    var tracks: [ChannelTrack] {
        get { parts?.value.tracks ?? [] }
        set { self = RareParts(tracks: newValue, velocity: velocity, emitter: emitter) }
    }

    @inlinable
    var emitter: ParticleEmitter? {
        get { parts?.value.emitter }
        set { self = RareParts(tracks: tracks, velocity: velocity, emitter: newValue) }
    }
}
