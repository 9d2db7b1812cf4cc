/// The one rule for when a motion is over.
///
/// A motion is over when every finite part has run its course: the transform
/// curve if a transform channel changes or carries a velocity, the appearance
/// curve likewise, finite tracks, particles, riding an anchor, a blending shape,
/// and a thrown spring's velocity dying out. Loops continue past it.
///
/// Two ends are kept. `settle` rounds each part's end up so that at that time
/// every curve reads its final value (`(start + duration) − start` can fall an
/// ulp short of `duration`): the sprite rests exactly there. `over` is the plain
/// sum, which may be an ulp earlier: a leaving sprite is gone from then on (it
/// shows nothing by then).
struct MotionEnd {
    private(set) var settle = -Double.infinity
    private(set) var over = -Double.infinity

    /// A motion that is over at `time` at the earliest.
    init(atLeast time: Double = -.infinity) {
        settle = time
        over = time
    }

    /// Counts a part that starts at `start` and lasts `duration` seconds.
    @inline(__always)
    mutating func include(_ start: Double, lasting duration: Double) {
        var end = start + duration
        over = max(over, end)
        while end - start < duration { end = end.nextUp }
        settle = max(settle, end)
    }

    /// Counts the curves of a motion from `from` to `from + change` with an
    /// initial `velocity`, its transform curve starting at `transformStart` and
    /// its appearance curve at `appearanceStart`.
    mutating func include(
        change: GlyphState, velocity: GlyphState, timing: UnsafePointer<TimingCurve>, transformStart: Double,
        opacityTiming: UnsafePointer<TimingCurve>, appearanceStart: Double
    ) {
        // `isZero` decides as `!= .zero` would (−0 is zero, NaN is not), with one test.
        let thrown = !velocity.isZero
        let transformLength = timing.pointee.duration, appearanceLength = opacityTiming.pointee.duration
        if change.hasTransform || (thrown && velocity.hasTransform), transformLength.isFinite {
            include(transformStart, lasting: transformLength)
        }
        if change.hasAppearance || (thrown && velocity.hasAppearance), appearanceLength.isFinite {
            include(appearanceStart, lasting: appearanceLength)
        }
        if thrown, let spring = timing.pointee.spring {
            // A glyph thrown with a velocity may take longer than the unit step to
            // settle: its largest velocity as a multiple of its channel's distance
            // (in points for positions).
            // The transform channels in their declared order, named rather than
            // looked up through the channel subscript (this runs per glyph caught in motion).
            var speed = 0.0
            @inline(__always)
            func weigh(_ distance: Double, _ rate: Double, atLeast floor: Double) {
                speed = max(speed, abs(rate) / max(abs(distance), floor))
            }
            weigh(change.position.x, velocity.position.x, atLeast: 1)
            weigh(change.position.y, velocity.position.y, atLeast: 1)
            weigh(change.scaleX, velocity.scaleX, atLeast: 0.01)
            weigh(change.scaleY, velocity.scaleY, atLeast: 0.01)
            weigh(change.rotation, velocity.rotation, atLeast: 0.01)
            weigh(change.skew, velocity.skew, atLeast: 0.01)
            include(transformStart, lasting: spring.settleBound(displacement: 1, velocity: speed, tolerance: 0.001))
        }
    }
}
