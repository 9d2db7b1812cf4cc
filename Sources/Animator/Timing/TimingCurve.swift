import Analyzer

/// How progress runs over time: from 0 at t = 0 towards a final value (1 for
/// every curve except keyframes and repeats, which end where their last pass ends).
///
/// ```swift
/// let fade = TimingCurve.bezier(.easeOut, duration: 0.2)
/// let move = TimingCurve.spring(MotionStyle.bouncy.spring)
/// let rock = TimingCurve.linear(duration: 1).repeating(.forever, autoreverse: true)
/// fade.progress(at: 0.1)
/// ```
///
/// The factories never fail, and no curve they make yields a number that is not
/// finite: a duration that is not finite, negative or below ``minimumDuration``
/// makes an instant change, and one above ``maximumDuration`` is clamped to it;
/// split points are clamped into 0…1 and repeat counts into
/// 1…``maximumRepeatCount``. Keyframes, which carry many numbers, are checked
/// and throw instead.
public struct TimingCurve: Hashable, Sendable {
    @usableFromInline
    enum Kind: Hashable, Sendable {
        case instant
        case bezier(CubicBezier, duration: Double)
        case spring(Spring)
        indirect case dualPhase(first: CubicBezier, second: CubicBezier, splitTime: Double, splitProgress: Double, duration: Double)
        case keyframes([Keyframe])
        indirect case repeating(TimingCurve, count: RepeatCount, autoreverse: Bool)
    }

    @usableFromInline let kind: Kind
    /// The time at which the curve reaches its final value; infinite when it repeats forever.
    public let duration: Double

    @usableFromInline
    init(kind: Kind, duration: Double) {
        self.kind = kind
        self.duration = duration
    }

    /// The longest duration of one pass of a curve, in seconds (an hour).
    public static let maximumDuration = 3600.0
    /// The shortest duration that is not an instant change, in seconds: below a
    /// microsecond, progress per second would be too large to carry as a velocity.
    public static let minimumDuration = 1e-6
    /// The most passes a repeating curve plays (`RepeatCount.times`).
    public static let maximumRepeatCount = 1_000_000
    /// The largest magnitude of a keyframe value.
    public static let maximumKeyframeValue = 1e9

    private static func sanitized(_ duration: Double) -> Double {
        duration.isFinite && duration >= minimumDuration ? min(duration, maximumDuration) : 0
    }

    /// A split point clamped into 0…1, snapped to an end when it is within a
    /// millionth of it (a phase that short would have an unbounded slope);
    /// `fallback` when it is not a number.
    private static func sanitizedSplit(_ value: Double, fallback: Double) -> Double {
        guard value.isFinite else { return fallback }
        if value < 1e-6 { return 0 }
        if value > 1 - 1e-6 { return 1 }
        return value
    }

    /// Jumps to the end at t = 0.
    public static let instant = TimingCurve(kind: .instant, duration: 0)

    /// Progress proportional to time over `duration` seconds (see the type's notes on durations).
    public static func linear(duration: Double) -> TimingCurve {
        bezier(.linear, duration: duration)
    }

    /// Progress along a cubic Bézier easing over `duration` seconds, in
    /// ``minimumDuration``…``maximumDuration`` (outside it: instant, or clamped).
    public static func bezier(_ curve: CubicBezier, duration: Double) -> TimingCurve {
        let d = sanitized(duration)
        return d == 0 ? .instant : TimingCurve(kind: .bezier(curve, duration: d), duration: d)
    }

    /// Progress of a spring's unit step; the duration is its settling time at precision 0.001.
    public static func spring(_ spring: Spring) -> TimingCurve {
        TimingCurve(kind: .spring(spring), duration: spring.settleTime)
    }

    /// Two easings joined at a split point, for dramatic accelerations: the first
    /// covers `split.time` of the duration and reaches `split.progress`, the second
    /// covers the rest. Split values are clamped into 0…1 (0.5 when not a
    /// number); the duration is treated as in ``bezier(_:duration:)``.
    public static func dualPhase(
        first: CubicBezier, second: CubicBezier, split: (time: Double, progress: Double), duration: Double
    ) -> TimingCurve {
        let d = sanitized(duration)
        guard d > 0 else { return .instant }
        let st = sanitizedSplit(split.time, fallback: 0.5)
        let sp = split.progress.isFinite ? min(max(split.progress, 0), 1) : 0.5
        return TimingCurve(
            kind: .dualPhase(first: first, second: second, splitTime: st, splitProgress: sp, duration: d), duration: d)
    }

    /// A piecewise curve through keyframes, each segment with its own easing.
    ///
    /// - Parameter frames: at least one keyframe; times in 0…``maximumDuration``
    ///   and never decreasing (two equal times, or times less than
    ///   ``minimumDuration`` apart, make a jump); values finite, with
    ///   magnitude at most ``maximumKeyframeValue``.
    /// - Throws: `TimingError` naming the first keyframe at fault (its index), the
    ///   number and the accepted range.
    /// - Complexity: O(k) in the number of keyframes.
    public static func keyframes(_ frames: [Keyframe]) throws(TimingError) -> TimingCurve {
        guard !frames.isEmpty else {
            throw TimingError(.invalidKeyframes, "a keyframe curve needs at least one keyframe")
        }
        let times = 0...maximumDuration
        let values = -maximumKeyframeValue...maximumKeyframeValue
        var previous = 0.0
        for (index, frame) in frames.enumerated() {
            guard times.contains(frame.time) else {
                throw TimingError(
                    .invalidKeyframes,
                    "keyframe \(index) time \(NumberFormat.short(frame.time)) is out of range; use seconds in \(NumberFormat.short(times))")
            }
            guard values.contains(frame.value) else {
                throw TimingError(
                    .invalidKeyframes,
                    "keyframe \(index) value \(NumberFormat.short(frame.value)) is out of range; use a number in \(NumberFormat.short(values))")
            }
            guard index == 0 || frame.time >= previous else {
                throw TimingError(
                    .invalidKeyframes,
                    "keyframe \(index) time \(NumberFormat.short(frame.time)) comes before keyframe \(index - 1)'s "
                        + "\(NumberFormat.short(previous)); keyframe times must not decrease")
            }
            previous = frame.time
        }
        return TimingCurve(kind: .keyframes(frames), duration: previous)
    }

    /// The curve played several times or forever, optionally reversing direction on every other pass.
    ///
    /// A curve with no duration (instant) does not repeat; a count of passes is
    /// clamped into 1…``maximumRepeatCount``, so the total stays finite.
    public func repeating(_ count: RepeatCount, autoreverse: Bool = false) -> TimingCurve {
        guard duration > 0, duration.isFinite else { return self }
        switch count {
        case .times(let n):
            let passes = min(max(n, 1), Self.maximumRepeatCount)
            return TimingCurve(
                kind: .repeating(self, count: .times(passes), autoreverse: autoreverse), duration: duration * Double(passes))
        case .forever:
            return TimingCurve(kind: .repeating(self, count: .forever, autoreverse: autoreverse), duration: .infinity)
        }
    }

    /// Whether a spring has settled at `t`: within a nanosecond of its duration
    /// counts, since (start + duration) − start can round just below the duration.
    /// The one rule for when a spring is done.
    @inline(__always)
    func isFinished(at t: Double) -> Bool {
        t >= duration - 1e-9
    }

    /// The spring behind this curve, if it is one.
    public var spring: Spring? {
        if case .spring(let s) = kind { return s }
        return nil
    }

    /// Whether the curve never reaches a final value.
    @inlinable
    public var repeatsForever: Bool { duration == .infinity }

    /// Progress at time `t` (seconds from the start; before it, the starting value).
    /// A NaN time counts as the start.
    ///
    /// - Complexity: O(1), except keyframes: O(log k) in the number of keyframes.
    public func progress(at t: Double) -> Double {
        let t = t.isNaN ? 0 : t
        switch kind {
        case .instant:
            return Self.instantProgress(at: t)
        case .bezier(let curve, let d):
            return curve.value(at: t / d)
        case .spring(let s):
            return t <= 0 ? 0 : (isFinished(at: t) ? 1 : s.value(at: t))
        case .dualPhase(let first, let second, let st, let sp, let d):
            let x = t / d
            if x <= 0 { return 0 }
            if x >= 1 { return 1 }
            if x < st { return sp * first.value(at: x / st) }
            return st >= 1 ? 1 : sp + (1 - sp) * second.value(at: (x - st) / (1 - st))
        case .keyframes(let frames):
            return Self.keyframeValue(frames, at: t).value
        case .repeating(let base, let count, let autoreverse):
            let (local, _) = Self.repeatLocalTime(duration: base.duration, count: count, autoreverse: autoreverse, t: t)
            return base.progress(at: local)
        }
    }

    /// The rate of change of progress at `t`, per second (0 at a NaN time).
    public func velocity(at t: Double) -> Double {
        let t = t.isNaN ? 0 : t
        switch kind {
        case .instant:
            return 0
        case .bezier(let curve, let d):
            let x = t / d
            return x <= 0 || x >= 1 ? 0 : curve.derivative(at: x) / d
        case .spring(let s):
            return t <= 0 || isFinished(at: t) ? 0 : s.velocity(at: t)
        case .dualPhase(let first, let second, let st, let sp, let d):
            let x = t / d
            if x <= 0 || x >= 1 { return 0 }
            if x < st { return sp * first.derivative(at: x / st) / (st * d) }
            return (1 - sp) * second.derivative(at: (x - st) / (1 - st)) / ((1 - st) * d)
        case .keyframes(let frames):
            return Self.keyframeValue(frames, at: t).slope
        case .repeating(let base, let count, let autoreverse):
            let (local, direction) = Self.repeatLocalTime(duration: base.duration, count: count, autoreverse: autoreverse, t: t)
            return direction * base.velocity(at: local)
        }
    }

    /// The value the curve holds once it has run its course (1, or a keyframe/repeat's last value).
    public var finalProgress: Double {
        progress(at: duration.isFinite ? duration : 0)
    }

    /// The time within the base curve (`d` long) and the direction of play for a repeating curve.
    static func repeatLocalTime(duration d: Double, count: RepeatCount, autoreverse: Bool, t: Double) -> (Double, Double) {
        if !(t > 0) { return (0, 1) }
        var pass = (t / d).rounded(.down)
        var within = t - pass * d
        if case .times(let n) = count, pass >= Double(n) {
            // Finished: hold the end of the last pass.
            pass = Double(n - 1)
            within = d
        } else if !pass.isFinite || pass >= 0x1p53 {
            // A time so far out that the pass number has no units digit (or is
            // infinite): no phase is left to tell, so show the start of a pass.
            return (0, 1)
        }
        within = min(max(within, 0), d)
        // (The pass is a whole number below 2⁵³ here: its parity is its integer's, without `fmod`.)
        let reversed = autoreverse && Int64(pass) & 1 == 1
        return reversed ? (d - within, -1) : (within, 1)
    }

    /// An instant curve's progress at `t` (not NaN): done from its start on.
    @inline(__always)
    static func instantProgress(at t: Double) -> Double { t >= 0 ? 1 : 0 }

    static func keyframeValue(_ frames: [Keyframe], at t: Double) -> (value: Double, slope: Double) {
        let first = frames[0]
        if t <= first.time || frames.count == 1 { return (first.value, 0) }
        let last = frames[frames.count - 1]
        if t >= last.time { return (last.value, 0) }
        // The segment (frames[hi - 1], frames[hi]) with frames[hi - 1].time <= t < frames[hi].time.
        let hi = partitionPoint(in: 1..<frames.count - 1) { frames[$0].time > t }
        let a = frames[hi - 1], b = frames[hi]
        let span = b.time - a.time
        // Stops closer than a microsecond make a jump, like equal times: the slope
        // of so short a segment would not be a finite velocity.
        guard span >= minimumDuration else { return (b.value, 0) }
        let x = (t - a.time) / span
        let delta = b.value - a.value
        let eased = b.curve.valueAndDerivative(at: x)
        return (a.value + delta * eased.value, delta * eased.derivative / span)
    }
}
