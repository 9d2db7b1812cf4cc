import Analyzer

/// The one place that writes a motion into a `MotionStore`: a glyph's, a tile's
/// or a scene shape's.
///
/// It takes a glyph as the planner placed it (a `PlacedGlyph`: its template's
/// states put at its boxes, its template's curves as registered values) and
/// where it starts (a `Placement`: when, what is on screen if it continues a
/// sprite, the anchor it rides with), and writes the row: curve entries from
/// their absolute starts, tracks and particles into their tables, the pose
/// (the template's own entry when the glyph's pose is the template's), the
/// settle time once.
///
/// Continuing a sprite is this writer's rule, written once: the motion starts
/// from what the sprite presents, with the same velocity, whatever the new
/// curves' shapes. A sprite in motion, or one that must start now (a persisting
/// or caught glyph, a shape), starts at once (no stagger, which would freeze
/// it). An appearance the plan did not expect (a glyph caught mid-fade) finishes
/// on an ease-in-out fade rather than popping.
struct MotionWriter {
    /// Where and how a motion is written, besides what the glyph's template says.
    struct Placement {
        /// Seconds after the plan's origin at which the motion would start: the
        /// stagger plus the glyph's own delay.
        var start: Double
        /// Seconds the choreography holds the motion back (not applied to a sprite
        /// that continues in motion, which starts at once).
        var hold = 0.0
        var role: SpriteRole
        var glyph: GlyphID
        /// The drawing the glyph ends on (its layout's), or −1 when unknown.
        var drawing: Int32 = -1
        var kind: SpriteKind = .glyph
        /// The drawing band, when it is not the role's (scene shapes keep their places).
        var band: SpriteRole?
        /// The reading order within the drawing band.
        var order: Int
        /// The key of the sprite's random traits.
        var key: UInt64
        /// The row to write over (a sprite continued), or none for a new row.
        var row = RowID.none
        /// The sprite on screen it continues (what it shows now), or none for a
        /// sprite at rest on its start.
        var source = ShownID.none
        /// Whether a continued sprite starts at once even when it is still.
        var startNow = false
        /// Whether the sprite's tint channels are written (a glyph on a tile that
        /// pulses gives them to its tile; a tile that does not pulse has none).
        var tint = true
        /// The drawing it shows now when that differs (its shape changes: it
        /// blends from this one into `drawing` along its transform curve), or −1.
        var fromDrawing: Int32 = -1
        /// The width of the box the old drawing was drawn in, when it changes.
        var fromWidth = 0.0

        /// Whether the glyph's drawing changes.
        var reshapes: Bool { fromDrawing >= 0 && fromDrawing != drawing }
    }

    /// A track of one glyph as it is written: the template's with the glyph's
    /// own amplitude and phase, or the lane the planner added.
    struct GlyphTrack {
        var channel: GlyphChannel
        var amplitude: Double
        var bias: Double
        var timeOffset: Double
        var clock: ChannelTrack.Clock
        var value: CurveValueID
        var duration: Double

        var loops: Bool { duration == .infinity }

        /// When the track's curve starts, for a glyph whose motion starts at `delay`.
        func curveStart(delay: Double) -> Double {
            (clock == .glyph ? delay : 0) - timeOffset
        }
    }

    let store: MotionStore
    /// The plan's origin, absolute seconds.
    let origin: Double
    /// The fade a glyph caught mid-fade finishes on.
    let fade: Double
    /// What is on screen: the sprites placements continue.
    let onScreen: OnScreen
    /// Whether the text written runs right to left: a glyph whose drawing
    /// changes keeps its start edge, the right one then.
    var rightToLeft = false

    /// Writes the glyph `d` of template `t`, varied by `variation` (read when
    /// `d.varies`), placed by `p`, continuing what its sprite presents
    /// (`d.shown`, when `d.isShown`: read before any row is written over),
    /// riding with `follow` (if any), drawing `shape` (for a shape sprite);
    /// returns its row. `tracks` is scratch.
    ///
    /// - Complexity: O(tracks).
    func write(
        _ d: UnsafePointer<PlacedGlyph>, template t: UnsafeMutablePointer<PlanTemplate>,
        variation: UnsafePointer<GlyphVariation>, _ placement: UnsafePointer<Placement>, follow: Follow? = nil,
        shape shapePointer: UnsafePointer<ShapeRow>? = nil, tracks: inout [GlyphTrack]
    ) -> RowID {
        // The plain case, most glyphs': a motion as the template says, from its start
        // (a sprite continued at rest just where the motion starts, leaving, is one too:
        // the rules below would change nothing).
        let hasTracks = d.pointee.hasLane || t.pointee.hasTracks
        let hasEmitter = t.pointee.hasEmitter
        if !hasTracks, !hasEmitter, follow == nil, placement.pointee.tint, !placement.pointee.reshapes,
            !d.pointee.isShown || continuesAsPlanned(d, placement)
        {
            let start = placement.pointee.start + placement.pointee.hold
            if d.pointee.sharesPose && shapePointer == nil && !t.pointee.needsExtras {
                return plain(d, template: t, start: start, placement: placement)
            }
            let p = placement.pointee
            tracks.removeAll(keepingCapacity: true)
            return flatten(
                d, template: t, to: d.pointee.to, from: d.pointee.from, velocity: .zero, tracks: tracks, emitter: nil,
                appearance: t.pointee.opacityTiming, start: start, trackDelay: start, placement: p, follow: nil,
                shape: shapePointer, sharesPose: d.pointee.sharesPose)
        }
        let p = placement.pointee
        // (Looked at only when the template has one: the optional is large to copy.)
        let emitter = !hasEmitter ? nil : t.pointee.template.emitter.map { emitter -> ParticleEmitter in
            var seeded = emitter
            seeded.seed = variation.pointee.seed
            return seeded
        }
        var to = d.pointee.to
        var from = d.pointee.from
        var velocity = GlyphState.zero
        gatherTracks(d, template: t, variation: variation, into: &tracks)
        if !p.tint {
            to.tint = .none
            from.tint = .none
            tracks.removeAll { $0.channel.isTint }
        }
        var appearance = t.pointee.opacityTiming
        // Tracks on the glyph's clock start with the glyph as planned, holds included.
        let trackDelay = p.start + p.hold
        var start = trackDelay
        var sharesPose = d.pointee.sharesPose
        if d.pointee.isShown {
            let moving = !d.pointee.shownVelocity.isZero
            if moving || p.startNow { start = p.startNow && !moving ? p.hold : 0 }
            // The tracks and the anchor add their own offsets at the start; take them
            // out, read where the frames will read them: on each one's clock.
            var trackOffset = GlyphState.zero
            var trackRate = GlyphState.zero
            for track in tracks {
                let time = -CurveTable.quantize(track.curveStart(delay: trackDelay))
                store.curves.withCurve(track.value) { curve in
                    trackOffset[track.channel] += track.amplitude * (curve.pointee.progress(at: time) + track.bias)
                    trackRate[track.channel] += track.amplitude * curve.pointee.velocity(at: time)
                }
            }
            if let follow {
                let time = -follow.start
                store.curves.withCurve(follow.curve) { curve in
                    let progress = curve.pointee.progress(at: time) + follow.bias
                    let rate = curve.pointee.velocity(at: time)
                    trackOffset.position.x += follow.displacement.x * progress
                    trackOffset.position.y += follow.displacement.y * progress
                    trackRate.position.x += follow.displacement.x * rate
                    trackRate.position.y += follow.displacement.y * rate
                }
            }
            if p.startNow && !tracks.isEmpty {
                // A sprite that already shows an appearance channel as it will end (a
                // glyph caught fully written) keeps it there: finite tracks on that
                // channel would take it away and bring it back.
                for channel in GlyphChannel.appearance {
                    guard tracks.contains(where: { $0.channel == channel }),
                        !tracks.contains(where: { $0.channel == channel && $0.loops })
                    else { continue }
                    var final = to[channel]
                    for track in tracks where track.channel == channel {
                        final += store.curves.withCurve(track.value) { curve in
                            track.amplitude * (curve.pointee.progress(at: track.duration) + track.bias)
                        }
                    }
                    guard abs(d.pointee.shown[channel] - final) < 1e-9 else { continue }
                    tracks.removeAll { $0.channel == channel }
                    to[channel] = final
                    trackOffset[channel] = 0
                    trackRate[channel] = 0
                }
            }
            let planned = from
            from = d.pointee.shown - trackOffset
            if !p.tint { from.tint = .none }
            if !p.startNow {
                // A leaving sprite leaves as it shows: appearance channels its exit does
                // not change (a stroke half written, a fill) stay where they are.
                to = to.keepingAppearance(of: from, unchangedFrom: planned)
            }
            let midFade =
                abs(from.opacity - planned.opacity) > 1e-9 || abs(from.blur - planned.blur) > 1e-9
                || abs(from.tint.red - planned.tint.red) > 1e-9 || abs(from.tint.green - planned.tint.green) > 1e-9
                || abs(from.tint.blue - planned.tint.blue) > 1e-9 || abs(from.tint.alpha - planned.tint.alpha) > 1e-9
                || abs(from.strokeEnd - planned.strokeEnd) > 1e-9 || abs(from.fill - planned.fill) > 1e-9
            if midFade && store.curves.duration(of: appearance) == 0 {
                appearance = store.curves.value(.bezier(.easeInOut, duration: fade))
            }
            if moving {
                velocity = Self.carried(
                    d.pointee.shownVelocity, trackRate: trackRate, from: from, to: to,
                    timing: store.curves.initialVelocity(of: t.pointee.timing),
                    appearance: store.curves.initialVelocity(of: appearance))
            }
            sharesPose = false
        } else if !p.tint {
            sharesPose = false
        }
        // A glyph whose drawing changes keeps its start edge, not its centre, where it was.
        if p.reshapes {
            from.position.x += reshapeShift(p, box: d.pointee.box)
            sharesPose = false
        }
        return flatten(
            d, template: t, to: to, from: from, velocity: velocity, tracks: tracks, emitter: emitter,
            appearance: appearance, start: start, trackDelay: trackDelay, placement: p, follow: follow, shape: shapePointer,
            sharesPose: sharesPose)
    }

    /// Whether the sprite `p` continues (it continues one) is leaving, still, and
    /// shows exactly the state its motion starts from.
    @inline(__always)
    private func continuesAsPlanned(_ d: UnsafePointer<PlacedGlyph>, _ p: UnsafePointer<Placement>) -> Bool {
        !p.pointee.startNow && d.pointee.shownVelocity.isZero && d.pointee.shown.isIdentical(to: d.pointee.from)
    }

    /// The glyph's tracks: its template's, with its own amplitudes and phases
    /// when it varies, then the lane the planner added.
    private func gatherTracks(
        _ d: UnsafePointer<PlacedGlyph>, template t: UnsafePointer<PlanTemplate>, variation: UnsafePointer<GlyphVariation>,
        into tracks: inout [GlyphTrack]
    ) {
        tracks.removeAll(keepingCapacity: true)
        let curves = store.curves
        let varies = d.pointee.varies, hasLane = d.pointee.hasLane
        for k in t.pointee.template.tracks.indices {
            let track = t.pointee.template.tracks[k]
            // In a lane the lane alone moves the glyph up or down: a wave on
            // top would carry it onto the line it passes.
            if hasLane && track.channel == .y { continue }
            var amplitude = track.amplitude, offset = track.timeOffset
            if varies {
                let v = variation
                if k < v.pointee.amplitudes.count, v.pointee.amplitudes[k].isFinite { amplitude = v.pointee.amplitudes[k] }
                if k < v.pointee.trackOffsets.count, v.pointee.trackOffsets[k].isFinite { offset = v.pointee.trackOffsets[k] }
            }
            let value = t.pointee.trackValues[k]
            tracks.append(
                GlyphTrack(
                    channel: track.channel, amplitude: amplitude, bias: track.bias, timeOffset: offset, clock: track.clock,
                    value: value, duration: curves.duration(of: value)))
        }
        if hasLane {
            // The lane's arc, on the glyph's clock, opening as the glyph's motion starts.
            let value = d.pointee.laneCurve
            tracks.append(
                GlyphTrack(
                    channel: .y, amplitude: d.pointee.laneAmplitude, bias: 0,
                    timeOffset: TransitionPlanner.Pass.laneOpening, clock: .glyph, value: value,
                    duration: curves.duration(of: value)))
        }
    }

    /// Writes the motion in flat form: its curves into the curve table (shared
    /// with every sprite on the same curve from the same start), its tracks and
    /// the tracks that follow its anchor into the track table, and the row.
    private func flatten(
        _ d: UnsafePointer<PlacedGlyph>, template t: UnsafeMutablePointer<PlanTemplate>, to: GlyphState, from: GlyphState,
        velocity: GlyphState, tracks: [GlyphTrack], emitter: ParticleEmitter?, appearance appearanceValue: CurveValueID,
        start: Double, trackDelay: Double, placement p: Placement, follow: Follow?, shape: UnsafePointer<ShapeRow>?, sharesPose: Bool
    ) -> RowID {
        let store = self.store, curves = store.curves
        let change = to - from
        let timingValue = transformTiming(
            t, role: p.role, dx: change.position.x, dy: change.position.y, height: d.pointee.box.rect.height)
        let transform = curves.entry(timingValue, start: start)
        let appearance = curves.entry(appearanceValue, start: start)
        let motionStart = curves.origin(of: transform)
        var rare = GlyphState.zero
        rare.tint = change.tint
        rare.strokeEnd = change.strokeEnd
        rare.fill = change.fill
        let appearanceStart = curves.origin(of: appearance)
        var end = MotionEnd(atLeast: min(motionStart, appearanceStart))
        var extras = ExtrasID.none
        let reshapes = p.reshapes
        // The template's emitter, when it has one, is `emitter`.
        if !tracks.isEmpty || t.pointee.hasEmitter || !velocity.isZero || rare.hasAppearance || follow != nil || reshapes {
            let trackStart = store.tables.nextTrack
            for track in tracks {
                let curve = curves.entry(track.value, start: track.curveStart(delay: trackDelay))
                curves.retain(curve)
                store.tables.appendTrack(
                    PlannedTrack(
                        channel: track.channel, amplitude: track.amplitude, bias: track.bias, curve: curve,
                        loops: track.loops, clock: track.clock))
                if !track.loops { end.include(curves.origin(of: curve), lasting: track.duration) }
            }
            if let follow {
                let curve = curves.entry(follow.curve, start: follow.start)
                if follow.displacement.x != 0 {
                    curves.retain(curve)
                    store.tables.appendTrack(
                        PlannedTrack(channel: .x, amplitude: follow.displacement.x, bias: follow.bias, curve: curve, loops: false))
                }
                if follow.displacement.y != 0 {
                    curves.retain(curve)
                    store.tables.appendTrack(
                        PlannedTrack(channel: .y, amplitude: follow.displacement.y, bias: follow.bias, curve: curve, loops: false))
                }
                end.include(curves.origin(of: curve), lasting: curves.duration(of: follow.curve))
            }
            if let emitter { end.include(motionStart, lasting: emitter.endTime) }
            extras = store.tables.addExtras(
                velocity: velocity, rareDelta: rare, trackStart: trackStart, emitter: emitter, origin: motionStart,
                fromDrawing: reshapes ? p.fromDrawing : -1,
                fromOffset: reshapes && rightToLeft ? d.pointee.box.rect.width - p.fromWidth : 0, fromWidth: p.fromWidth)
        }
        let timingDuration = curves.duration(of: timingValue)
        if shape?.pointee.blends == true || reshapes, timingDuration.isFinite {
            // The shape (or the glyph's drawing) blends on the transform curve, whether or not its state moves.
            end.include(motionStart, lasting: timingDuration)
        }
        curves.withCurve(timingValue) { timing in
            curves.withCurve(appearanceValue) { opacityTiming in
                end.include(
                    change: change, velocity: velocity, timing: timing, transformStart: motionStart,
                    opacityTiming: opacityTiming, appearanceStart: appearanceStart)
            }
        }
        // The rare channels rest in the extras when they are not at their defaults.
        if MotionExtras.restsAwayFromDefaults(tint: to.tint, to.strokeEnd, to.fill) {
            if extras.isNone {
                extras = store.tables.addExtras(
                    velocity: .zero, rareDelta: .zero, trackStart: store.tables.nextTrack, emitter: nil, origin: 0)
            }
            store.tables.setRest(of: extras, to: to)
        } else if !extras.isNone {
            store.tables.setRest(of: extras, to: to)
        }
        let pose: PoseID
        if sharesPose {
            pose = templatePose(t)
        } else {
            let own = MotionPose(rest: to, change: change)
            pose = own.isDefault ? .none : store.tables.addPose(own)
        }
        let box = d.pointee.box
        let id = p.row.isNone ? store.takeID() : store[p.row].id
        let row = MotionRow(
            x: to.position.x, y: to.position.y, dx: change.position.x, dy: change.position.y,
            transformCurve: transform, appearanceCurve: appearance, extras: extras, pose: pose, glyph: p.glyph, id: id,
            drawing: p.drawing, role: p.role, kind: p.kind, hide: p.role == .exiting ? end.over : .infinity,
            boxSize: box.rect.size, baselineOffset: box.baseline - box.rect.midY)
        return store.write(
            row, into: p.row, band: p.band ?? p.role, order: p.order, key: p.key, box: box, settle: end.settle,
            shape: shape)
    }

    /// Writes a glyph whose motion is its template's, placed at its boxes: no
    /// tracks, particles, velocity, rare channels or anchor to ride; what
    /// the glyphs of the template share is read off the template, and the
    /// glyph's own part is its position. The same row as `flatten` writes.
    @inline(__always)
    private func plain(
        _ d: UnsafePointer<PlacedGlyph>, template t: UnsafeMutablePointer<PlanTemplate>, start: Double,
        placement p: UnsafePointer<Placement>
    ) -> RowID {
        plain(
            template: t, from: d.pointee.from.position, to: d.pointee.to.position, box: d.pointee.box, start: start,
            role: p.pointee.role, glyph: p.pointee.glyph, drawing: p.pointee.drawing, kind: p.pointee.kind,
            band: p.pointee.band ?? p.pointee.role, order: p.pointee.order, key: p.pointee.key, into: p.pointee.row)
    }

    /// `plain(_:template:start:placement:)` given its values: a glyph of
    /// template `t` moving from `from` to `to`, its motion starting at `start`
    /// (seconds after the plan's origin), written into row `into` (or a new one).
    @inline(__always)
    func plain(
        template t: UnsafeMutablePointer<PlanTemplate>, from: Point, to: Point, box: GlyphFrame, start: Double,
        role: SpriteRole, glyph: GlyphID, drawing: Int32, kind: SpriteKind = .glyph, band: SpriteRole, order: Int,
        key: UInt64, into: RowID
    ) -> RowID {
        let curves = store.curves
        let dx = to.x - from.x, dy = to.y - from.y
        let timing = transformTiming(t, role: role, dx: dx, dy: dy, height: box.rect.height)
        let transform = curves.entry(timing, start: start)
        let appearance = curves.entry(t.pointee.opacityTiming, start: start)
        let motionStart = curves.origin(of: transform), appearanceStart = curves.origin(of: appearance)
        var end = MotionEnd(atLeast: min(motionStart, appearanceStart))
        let timingDuration = timing == t.pointee.timing ? t.pointee.timingDuration : curves.duration(of: timing)
        if t.pointee.changesPose || dx != 0 || dy != 0, timingDuration.isFinite {
            end.include(motionStart, lasting: timingDuration)
        }
        if t.pointee.changesAppearance, t.pointee.opacityDuration.isFinite {
            end.include(appearanceStart, lasting: t.pointee.opacityDuration)
        }
        let row = MotionRow(
            x: to.x, y: to.y, dx: dx, dy: dy, transformCurve: transform, appearanceCurve: appearance, extras: .none,
            pose: templatePose(t), glyph: glyph, id: into.isNone ? store.takeID() : store[into].id, drawing: drawing,
            role: role, kind: kind, hide: role == .exiting ? end.over : .infinity, boxSize: box.rect.size,
            baselineOffset: box.baseline - box.rect.midY)
        return store.write(row, into: into, band: band, order: order, key: key, box: box, settle: end.settle)
    }

    /// Writes a leaving sprite that shows nothing now and would show nothing
    /// on its way out (see `TransitionPlanner.Stillness.unseen`): at rest on what
    /// it shows, hidden from `origin` (the plan's start on the store's clock).
    /// The frames leave it out from then on, no later change catches it, and
    /// the next change returns it to the pool. Its pose and rare channels are
    /// what it shows, so a plan that reads its state reads what was drawn.
    func hidden(_ d: UnsafePointer<PlacedGlyph>, placement p: UnsafePointer<Placement>, origin: Double) -> RowID {
        rest(d, placement: p, hide: origin, settle: origin)
    }

    /// A row at rest on what the sprite `d` shows (its pose and rare channels
    /// as shown), hidden at `hide` and settled at `settle` (on the store's clock).
    private func rest(
        _ d: UnsafePointer<PlacedGlyph>, placement p: UnsafePointer<Placement>, hide: Double, settle: Double
    ) -> RowID {
        let box = d.pointee.box, into = p.pointee.row
        var row = MotionRow.resting(
            at: d.pointee.shown.position, glyph: p.pointee.glyph, id: into.isNone ? store.takeID() : store[into].id,
            kind: p.pointee.kind, box: box, drawing: p.pointee.drawing)
        row.role = p.pointee.role
        row.hide = hide
        (row.pose, row.extras) = store.tables.resting(on: d.pointee.shown)
        return store.write(
            row, into: into, band: p.pointee.band ?? p.pointee.role, order: p.pointee.order, key: p.pointee.key,
            box: box, settle: settle)
    }

    /// Writes a sprite that shows, at rest, exactly the state its motion ends
    /// in (see `TransitionPlanner.Stillness.atItsEnd`). The row `write` would
    /// write changes nothing and carries nothing; this one is written at rest
    /// on that state, settled (and hidden, if it leaves) when that motion
    /// would have started, so it presents the same state, velocity and times,
    /// with no curve entries.
    func constant(_ d: UnsafePointer<PlacedGlyph>, placement p: UnsafePointer<Placement>) -> RowID {
        // When `write` starts a sprite at rest: at once when it turns back, else in its turn.
        let start = p.pointee.startNow ? p.pointee.hold : p.pointee.start + p.pointee.hold
        let over = store.curves.origin(ofStart: start)
        return rest(d, placement: p, hide: p.pointee.role == .exiting ? over : .infinity, settle: over)
    }

    /// The most a staying glyph's spring may carry it past its place, as a
    /// fraction of its box's height: a tenth of a line.
    static let overshootLimit = 0.1

    /// The transform curve of a glyph of template `t` in `role`, moving by
    /// (`dx`, `dy`) with a box `height` tall: the template's, but for a staying
    /// glyph whose spring would carry it more than `overshootLimit` of its
    /// height past its place. Overshoot grows with the distance (1.5 % of 500
    /// points is a space), and a glyph sliding up to one that stands still
    /// would touch it ("river.New"): such a move takes the spring damped just
    /// enough, in steps that each halve its overshoot, so long moves share a
    /// few curves. A short move keeps the spring's character (bouncy's bounce).
    @inline(__always)
    func transformTiming(
        _ t: UnsafeMutablePointer<PlanTemplate>, role: SpriteRole, dx: Double, dy: Double, height: Double
    ) -> CurveValueID {
        let distance = max(abs(dx), abs(dy)), limit = Self.overshootLimit * height
        // A spring overshoots by less than the distance.
        guard role == .persisting, distance > limit else { return t.pointee.timing }
        return calmerTiming(t, distance: distance, limit: limit)
    }

    @inline(never)
    private func calmerTiming(_ t: UnsafeMutablePointer<PlanTemplate>, distance: Double, limit: Double) -> CurveValueID {
        if t.pointee.overshoot.isNaN { t.pointee.overshoot = t.pointee.template.timing.springOvershoot }
        let overshoot = t.pointee.overshoot
        // The first step whose overshoot (halved at each step) stays within the limit.
        var step = 0, past = overshoot * distance
        while past > limit && step < Self.calmerSteps {
            past /= 2
            step += 1
        }
        guard step > 0 else { return t.pointee.timing }
        while t.pointee.calmerTimings.count < step {
            let k = t.pointee.calmerTimings.count + 1
            let fraction = k == Self.calmerSteps ? 0 : overshoot / Double(1 << k)
            t.pointee.calmerTimings.append(store.curves.value(t.pointee.template.timing.damped(toOvershoot: fraction)))
        }
        return t.pointee.calmerTimings[step - 1]
    }

    /// Damping steps before a move's spring is critically damped (no overshoot).
    private static let calmerSteps = 8

    /// The template's pose entry, made when its first glyph takes it (none for the defaults).
    @inline(__always)
    private func templatePose(_ t: UnsafeMutablePointer<PlanTemplate>) -> PoseID {
        if t.pointee.poseIsDefault { return .none }
        if t.pointee.poseID.isNone { t.pointee.poseID = store.tables.addPose(t.pointee.pose) }
        return t.pointee.poseID
    }

    /// How far a glyph whose drawing changes starts moved along x, so that its
    /// start edge (left, or right in right-to-left text) begins where the old
    /// drawing's was: half of what its box grew.
    private func reshapeShift(_ p: Placement, box: GlyphFrame) -> Double {
        let grown = box.rect.width - p.fromWidth
        return rightToLeft ? -grown / 2 : grown / 2
    }

    /// Carries a presented velocity on into a motion that starts from the
    /// presented state: each curve contributes (to − from)·v₀ at its start (v₀
    /// its initial velocity); the rest is carried. `trackRate` is what the tracks
    /// already move at the start. A fade carries on only the way it is planned to
    /// go: one that changes direction turns at once (a leaving glyph caught while
    /// appearing would brighten first). A velocity that is not finite is dropped.
    static func carried(
        _ presented: GlyphState, trackRate: GlyphState, from: GlyphState, to: GlyphState, timing: Double,
        appearance: Double
    ) -> GlyphState {
        // Channel by channel, as whole states: presented − trackRate − change × rate
        // (adding a product by −rate is subtracting it, to the bit).
        let change = to - from
        var v = presented - trackRate
        v.add(change, transform: -timing, appearance: -appearance)
        func turn(_ carried: inout Double, _ presented: Double, _ change: Double) {
            if presented * change <= 0 { carried = 0 }
        }
        turn(&v.opacity, presented.opacity, change.opacity)
        turn(&v.blur, presented.blur, change.blur)
        turn(&v.tint.red, presented.tint.red, change.tint.red)
        turn(&v.tint.green, presented.tint.green, change.tint.green)
        turn(&v.tint.blue, presented.tint.blue, change.tint.blue)
        turn(&v.tint.alpha, presented.tint.alpha, change.tint.alpha)
        turn(&v.strokeEnd, presented.strokeEnd, change.strokeEnd)
        turn(&v.fill, presented.fill, change.fill)
        return isFinite(v) ? v : .zero
    }

    /// Whether every channel of a state is finite (one sum: NaN and infinities
    /// survive addition, and an overflow from huge values counts as broken too).
    static func isFinite(_ s: GlyphState) -> Bool {
        let sum = s.position.x + s.position.y + s.scaleX + s.scaleY + s.rotation + s.skew + s.opacity + s.blur
            + s.tint.red + s.tint.green + s.tint.blue + s.tint.alpha + s.strokeEnd + s.fill
        return sum.isFinite
    }
}

/// An entering or exiting glyph riding along with its anchor: it starts
/// `displacement` behind its place and arrives with the anchor (entering), or
/// leaves with it, moving as the anchor does (exiting), on the anchor's curve.
struct Follow {
    /// The anchor's transform curve.
    let curve: CurveValueID
    /// When the anchor's curve starts, in seconds after the plan's origin.
    let start: Double
    let displacement: Vector
    let entering: Bool

    var bias: Double { entering ? -1 : 0 }
}

extension GlyphChannel {
    /// Whether the channel is one of the tint's.
    fileprivate var isTint: Bool {
        switch self {
        case .tintRed, .tintGreen, .tintBlue, .tintAlpha: true
        default: false
        }
    }
}
