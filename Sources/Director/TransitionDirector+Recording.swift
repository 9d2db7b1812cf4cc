import Animator

/// One write of a sprite's row as a recording saw it: what a renderer needs to
/// draw the motion from its curves instead of from sampled frames.
///
/// From its fence until the sprite's next record (or its exit's end), the
/// sprite's channels are `to − delta·(1 − progress)`: the transform channels
/// (position, scale, rotation, skew) on the `transform` curve, the appearance
/// channels (opacity, blur, tint, stroke end, fill) on `appearance`, each curve
/// started at its absolute `origin` — except where the row's extras add to a
/// group (a carried velocity, tracks, an anchor to follow): that group is not
/// `isExact`, and its frames are the only faithful account of it.
package struct MotionRecord: Sendable {
    /// A channel group's timing curve with the absolute time it starts.
    package struct Curve: Sendable {
        package var curve: TimingCurve
        package var origin: Double
        /// Whether the group's channels follow this curve alone.
        package var isExact: Bool
    }

    /// The sprite's identity (`SpriteFrame.id`, `ShapeSprite.id`).
    package var sprite: Int32
    /// When the row was written (the plan's fence).
    package var fence: Double
    package var kind: SpriteKind
    /// The state once both curves have run their course.
    package var to: GlyphState
    /// How far the channels are from `to` at progress 0.
    package var delta: GlyphState
    package var transform: Curve
    package var appearance: Curve
    /// When a leaving sprite is gone (+infinity for the others).
    package var hide: Double
    package var boxSize: Size
    package var baselineOffset: Double

    /// The state at progress 0 of both curves.
    package var from: GlyphState { to - delta }
}

/// The rows a Director's plans wrote while it was recorded, in the order written.
package struct MotionLog: Sendable {
    package private(set) var records: [MotionRecord] = []
    /// Each sprite's last record, to log only the rows a plan rewrote.
    private var latest: [Int32: Int] = [:]

    package init() {}

    /// Appends `record` unless it says what the sprite's last record says.
    mutating func log(_ record: MotionRecord) {
        if let last = latest[record.sprite], Self.same(records[last], record) { return }
        latest[record.sprite] = records.count
        records.append(record)
    }

    private static func same(_ a: MotionRecord, _ b: MotionRecord) -> Bool {
        a.kind == b.kind && a.to == b.to && a.delta == b.delta && a.transform.curve == b.transform.curve
            && a.transform.origin == b.transform.origin && a.appearance.curve == b.appearance.curve
            && a.appearance.origin == b.appearance.origin && a.transform.isExact == b.transform.isExact
            && a.appearance.isExact == b.appearance.isExact && a.hide == b.hide
            && a.boxSize == b.boxSize && a.baselineOffset == b.baselineOffset
    }
}

extension TransitionDirector {
    /// Plays a script as `play(_:_:)` does, logging into `log` the sprites' motions each of
    /// its plans wrote (and, first, those already there), with the plan's fence.
    ///
    /// The logging reads the stage's motions after each plan; frames are drawn as ever.
    ///
    /// - Complexity: `play(_:_:)`'s, plus O(sprites) per plan.
    package func record<E: Error>(
        _ playback: Playback, into log: inout MotionLog, _ body: (Frame) throws(E) -> Void
    ) throws(E) -> PlaybackSummary {
        logRows(into: &log)
        return try play(playback, planned: { logRows(into: &log) }, body)
    }

    /// Logs every live sprite whose motion differs from its sprite's last record.
    private func logRows(into log: inout MotionLog) {
        let clock = self.clock
        let fence = clock.callerTime(lastFence)
        // In the caller's time: a retimed Bézier runs `rate` times as fast;
        // other curves, retimed, are left to the frames.
        func curve(_ timing: TimingCurve, from origin: Double, exact: Bool) -> MotionRecord.Curve {
            var timing = timing, exact = exact
            if !clock.isIdentity, clock.rate != 1 {
                if let bezier = timing.cubicBezier {
                    timing = .bezier(bezier.curve, duration: bezier.duration / clock.rate)
                } else if !timing.isInstant {
                    exact = false
                }
            }
            return MotionRecord.Curve(curve: timing, origin: clock.callerTime(origin), isExact: exact)
        }
        stage.forEachMotion(atPlanTime: lastSeen) { m in
            // A sprite at rest holds its state: an instant curve from its settle.
            let transform = m.isAtRest ? .instant : m.transform, appearance = m.isAtRest ? .instant : m.appearance
            let origin = m.isAtRest ? m.settle : m.start
            log.log(
                MotionRecord(
                    sprite: m.id, fence: fence, kind: .glyph, to: m.rest, delta: m.change,
                    transform: curve(transform, from: origin, exact: m.transformIsExact),
                    appearance: curve(appearance, from: origin, exact: m.appearanceIsExact),
                    hide: clock.callerTime(m.hide), boxSize: m.boxSize, baselineOffset: m.baselineOffset))
        }
    }

    /// The periods (seconds) of the loops still running: each live track that
    /// repeats forever and moves its channel, one entry per distinct period.
    ///
    /// After a transition settles only loops move, and the motion repeats after
    /// the least common multiple of these periods.
    ///
    /// - Complexity: O(templates + tracks).
    package var loopPeriods: [Double] { stage.loopPeriods }
}
