/// The samples of a curve table at the time being evaluated, by entry: computed
/// once per frame for a sweep, or for the few entries one sprite uses.
@frozen @usableFromInline
package struct SampledCurves {
    @usableFromInline let samples: UnsafePointer<TimingSample>

    @inlinable
    package init(_ samples: UnsafePointer<TimingSample>) { self.samples = samples }

    @inlinable @inline(__always)
    package func sample(_ curve: CurveID) -> TimingSample { samples[curve.index] }
}

/// The one evaluator of sprite motion: a sprite's state and velocity at a time,
/// from its `MotionRow`, its extras and its curves' samples. The Director's
/// per-frame sweep, `TransitionPlan.state(of:at:)`, `TransitionPlan.velocity(of:at:)`
/// and `AnimationDescriptor.state(at:)` all come here.
///
/// Opacity, stroke end and fill are kept in 0…1, blur at 0 or more. The rule for an initial velocity
/// (a sprite thrown by an interruption) lives here too: it is carried along each curve's `carry` — for a spring, the
/// spring's own response, which goes on past the unit step's settling time —
/// until the sprite's own `settle`, when the sprite rests exactly on `to`.
///
/// A sprite without extras rests with its rare channels (tint, stroke end, fill)
/// at their defaults; with extras, at the values its extras keep.
@usableFromInline
package enum MotionEvaluator {
    /// The state at time `t` (absolute) of the sprite in `row`, whose motion is `motion`.
    @inlinable @inline(__always)
    package static func state(
        _ motion: UnsafePointer<MotionRow>, row: RowID, tables: EvaluatorTables, samples: SampledCurves, at t: Double
    ) -> GlyphState {
        var s = primaryState(motion, tables: tables, samples: samples)
        if !motion.pointee.extras.isNone {
            addExtras(
                tables.extras(motion.pointee.extras), to: &s, samples.sample(motion.pointee.transformCurve),
                samples.sample(motion.pointee.appearanceCurve), tables: tables, samples: samples,
                settle: tables.settle(row), at: t)
        }
        return s
    }

    /// The state from the primary channels alone, `to − delta·(1 − progress)`,
    /// with the rare channels at their defaults (and, without a pose, the
    /// other primary channels at theirs: what the pose's defaults give for any
    /// finite progress).
    @inlinable @inline(__always)
    package static func primaryState(
        _ m: UnsafePointer<MotionRow>, tables: EvaluatorTables, samples: SampledCurves
    ) -> GlyphState {
        let tr = 1 - samples.sample(m.pointee.transformCurve).progress
        // `Tint.none`, spelled out: a global's lazy accessor in the sweep costs a call per sprite.
        var s = GlyphState(
            position: Point(x: m.pointee.x - m.pointee.dx * tr, y: m.pointee.y - m.pointee.dy * tr),
            tint: Tint(red: 1, green: 1, blue: 1, alpha: 0))
        if !m.pointee.pose.isNone {
            let p = tables.pose(m.pointee.pose)
            let or = 1 - samples.sample(m.pointee.appearanceCurve).progress
            s.scaleX = p.pointee.rest.scaleX - p.pointee.change.scaleX * tr
            s.scaleY = p.pointee.rest.scaleY - p.pointee.change.scaleY * tr
            s.rotation = p.pointee.rest.rotation - p.pointee.change.rotation * tr
            s.skew = p.pointee.rest.skew - p.pointee.change.skew * tr
            // Opacity stays in 0…1, and blur at 0 or more, whatever a curve overshoots.
            s.opacity = min(max(p.pointee.rest.opacity - p.pointee.change.opacity * or, 0), 1)
            s.blur = max(p.pointee.rest.blur - p.pointee.change.blur * or, 0)
        }
        return s
    }

    /// Adds what the extras contribute: the rare channels' rest values and
    /// change, the carried velocity (until `settle`) and the tracks.
    @inlinable
    package static func addExtras(
        _ e: UnsafePointer<MotionExtras>, to s: inout GlyphState, _ T: TimingSample,
        _ O: TimingSample, tables: EvaluatorTables, samples: SampledCurves, settle: Double, at t: Double
    ) {
        s.tint = e.pointee.restTint
        s.strokeEnd = e.pointee.restStrokeEnd
        s.fill = e.pointee.restFill
        if e.pointee.carries && t < settle {
            s.add(e.pointee.velocity, transform: T.carry, appearance: O.carry)
        }
        if e.pointee.changesRareChannels {
            let r = e.pointee.rareDelta, k = 1 - O.progress
            s.tint.red -= r.tint.red * k
            s.tint.green -= r.tint.green * k
            s.tint.blue -= r.tint.blue * k
            s.tint.alpha -= r.tint.alpha * k
            s.strokeEnd -= r.strokeEnd * k
            s.fill -= r.fill * k
        }
        let first = Int(e.pointee.trackStart)
        for k in first..<(first + Int(e.pointee.trackCount)) {
            let track = tables.track(k)
            s[track.pointee.channel] += track.pointee.amplitude * (samples.sample(track.pointee.curve).progress + track.pointee.bias)
        }
        // A carried velocity or a track may push the bounded channels past their ends.
        s.bound()
    }

    /// The per-channel velocity at time `t` (absolute), in units per second.
    @inlinable
    package static func velocity(
        _ motion: UnsafePointer<MotionRow>, row: RowID, tables: EvaluatorTables, samples: SampledCurves, at t: Double
    ) -> GlyphState {
        let T = samples.sample(motion.pointee.transformCurve)
        let O = samples.sample(motion.pointee.appearanceCurve)
        // Without a pose, the defaults' zero change (a zero times the velocity keeps its sign rule).
        let d = motion.pointee.pose.isNone ? MotionPose() : tables.pose(motion.pointee.pose).pointee
        var v = GlyphState.zero
        v.position.x = motion.pointee.dx * T.velocity
        v.position.y = motion.pointee.dy * T.velocity
        v.scaleX = d.change.scaleX * T.velocity
        v.scaleY = d.change.scaleY * T.velocity
        v.rotation = d.change.rotation * T.velocity
        v.skew = d.change.skew * T.velocity
        v.opacity = d.change.opacity * O.velocity
        v.blur = d.change.blur * O.velocity
        guard !motion.pointee.extras.isNone else { return v }
        let e = tables.extras(motion.pointee.extras)
        if e.pointee.changesRareChannels {
            let r = e.pointee.rareDelta, k = O.velocity
            v.tint.red = r.tint.red * k
            v.tint.green = r.tint.green * k
            v.tint.blue = r.tint.blue * k
            v.tint.alpha = r.tint.alpha * k
            v.strokeEnd = r.strokeEnd * k
            v.fill = r.fill * k
        }
        if e.pointee.carries && t < tables.settle(row) {
            v.add(e.pointee.velocity, transform: T.carryVelocity, appearance: O.carryVelocity)
        }
        let first = Int(e.pointee.trackStart)
        for k in first..<(first + Int(e.pointee.trackCount)) {
            let track = tables.track(k)
            v[track.pointee.channel] += track.pointee.amplitude * samples.sample(track.pointee.curve).velocity
        }
        return v
    }
}
