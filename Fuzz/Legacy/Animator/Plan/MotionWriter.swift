import LegacyAnalyzer

/// The one place that writes a motion into a `MotionStore`: a glyph's, a tile's
/// or a scene shape's.
///
/// It takes what the effect (or the scene) said — an `AnimationDescriptor`,
/// read, never changed — and where the planner placed it (a `Placement`: when it
/// starts, what is on screen if it continues a sprite, the anchor it rides
/// with), and writes the row: curves into the curve table from their absolute
/// starts, tracks and particles into theirs, the settle time once.
///
/// Continuing a sprite is this writer's rule, written once: the motion starts
/// from what the sprite presents, with the same velocity, whatever the new
/// curves' shapes. A sprite in motion, or one that must start now (a persisting
/// or caught glyph, a shape), starts at once (no stagger, which would freeze
/// it). An appearance the plan did not expect (a glyph caught mid-fade) finishes
/// on an ease-in-out fade rather than popping.
struct MotionWriter {
    /// Where and how a motion is written, besides what its descriptor says.
    struct Placement {
        /// Seconds after the plan's origin at which the motion would start: the
        /// stagger plus the descriptor's own delay.
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
        /// The row to write over (a sprite continued), or −1 for a new row.
        var row: Int32 = -1
        /// The sprite of the writer's snapshot it continues (what it shows now), or
        /// −1 for a sprite at rest on its start.
        var source: Int32 = -1
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

        /// Whether the glyph's drawing changes (two comparisons; fields sized
        /// to keep the placement small: it is made once per glyph).
        var reshapes: Bool { fromDrawing >= 0 && fromDrawing != drawing }
    }

    let store: MotionStore
    /// The plan's origin, absolute seconds.
    let origin: Double
    /// The fade a glyph caught mid-fade finishes on.
    let fade: Double
    /// What is on screen: the sprites placements continue.
    let snapshot: PresentedSnapshot?
    /// Whether the text written runs right to left: a glyph whose drawing
    /// changes keeps its start edge, the right one then.
    var rightToLeft = false

    /// What the sprite a placement continues shows now, if it continues one.
    @inline(__always)
    func presented(_ p: Placement) -> PresentedSnapshot.Sprite? {
        p.source >= 0 ? snapshot?.sprites[Int(p.source)] : nil
    }

    /// Whether the sprite `p` continues (it continues one) is leaving, still, and
    /// shows exactly the state its motion starts from.
    @inline(__always)
    private func continuesAsPlanned(_ d: UnsafePointer<AnimationDescriptor>, _ p: Placement) -> Bool {
        guard !p.startNow, let snapshot else { return false }
        return snapshot.sprites.withUnsafeBufferPointer { sprites in
            let now = sprites.baseAddress! + Int(p.source)
            return now.pointee.velocity.isZero && now.pointee.state.isIdentical(to: d.pointee.from)
        }
    }

    /// Writes the motion `d` placed by `p`, riding with `follow` (if any), drawing
    /// `shape` (for a shape sprite); returns its row.
    ///
    /// - Complexity: O(tracks).
    func write(
        _ d: UnsafePointer<AnimationDescriptor>, _ p: Placement, follow: Follow? = nil, shape: ShapeRow? = nil
    ) -> Int32 {
        // The plain case, most glyphs': a motion as the effect said it, from its start
        // (a sprite continued at rest just where the motion starts, leaving, is one too:
        // the rules below would change nothing).
        if d.pointee.rare.isEmpty, follow == nil, p.tint, !p.reshapes, p.source < 0 || continuesAsPlanned(d, p) {
            let start = p.start + p.hold
            return flatten(
                d, to: d.pointee.to, from: d.pointee.from, velocity: .zero, tracks: [], emitter: nil,
                opacityTiming: d.pointer(to: \.opacityTiming)!, start: start, trackDelay: start, placement: p,
                follow: nil, shape: shape)
        }
        var to = d.pointee.to
        var from = d.pointee.from
        // The rare parts are read once: each getter would copy them.
        let parts = d.pointee.rare.parts
        var velocity = parts?.value.velocity ?? .zero
        var tracks = parts?.value.tracks ?? []
        if !p.tint {
            to.tint = .none
            from.tint = .none
            velocity.tint = GlyphState.zero.tint
            tracks.removeAll { $0.channel.isTint }
        }
        let emitter = parts?.value.emitter
        var fadeCurve: TimingCurve?
        // Tracks on the glyph's clock start with the glyph as planned, holds included.
        let trackDelay = p.start + p.hold
        var start = trackDelay
        if p.source >= 0, let snapshot {
            let now = snapshot.sprites[Int(p.source)]
            let moving = !now.velocity.isZero
            if moving || p.startNow { start = p.startNow && !moving ? p.hold : 0 }
            // The tracks and the anchor add their own offsets at the start; take them
            // out, read where the frames will read them: on each one's clock.
            var trackOffset = GlyphState.zero
            var trackRate = GlyphState.zero
            for track in tracks {
                let time = -CurveTable.quantize(track.curveStart(delay: trackDelay))
                trackOffset[track.channel] += track.amplitude * (track.curve.progress(at: time) + track.bias)
                trackRate[track.channel] += track.amplitude * track.curve.velocity(at: time)
            }
            if let follow {
                let time = -follow.start
                let progress = follow.curve.progress(at: time) + follow.bias
                let rate = follow.curve.velocity(at: time)
                trackOffset.position.x += follow.displacement.x * progress
                trackOffset.position.y += follow.displacement.y * progress
                trackRate.position.x += follow.displacement.x * rate
                trackRate.position.y += follow.displacement.y * rate
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
                        final += track.amplitude * (track.curve.progress(at: track.curve.duration) + track.bias)
                    }
                    guard abs(now.state[channel] - final) < 1e-9 else { continue }
                    tracks.removeAll { $0.channel == channel }
                    to[channel] = final
                    trackOffset[channel] = 0
                    trackRate[channel] = 0
                }
            }
            let planned = from
            from = now.state - trackOffset
            if !p.tint { from.tint = .none }
            if !p.startNow {
                // A leaving sprite leaves as it shows: appearance channels its exit does
                // not change (a stroke half written, a fill) stay where they are.
                if planned.blur == to.blur { to.blur = from.blur }
                if planned.tint.red == to.tint.red { to.tint.red = from.tint.red }
                if planned.tint.green == to.tint.green { to.tint.green = from.tint.green }
                if planned.tint.blue == to.tint.blue { to.tint.blue = from.tint.blue }
                if planned.tint.alpha == to.tint.alpha { to.tint.alpha = from.tint.alpha }
                if planned.strokeEnd == to.strokeEnd { to.strokeEnd = from.strokeEnd }
                if planned.fill == to.fill { to.fill = from.fill }
            }
            let midFade =
                abs(from.opacity - planned.opacity) > 1e-9 || abs(from.blur - planned.blur) > 1e-9
                || abs(from.tint.red - planned.tint.red) > 1e-9 || abs(from.tint.green - planned.tint.green) > 1e-9
                || abs(from.tint.blue - planned.tint.blue) > 1e-9 || abs(from.tint.alpha - planned.tint.alpha) > 1e-9
                || abs(from.strokeEnd - planned.strokeEnd) > 1e-9 || abs(from.fill - planned.fill) > 1e-9
            if midFade && d.pointee.opacityTiming.duration == 0 {
                fadeCurve = .bezier(.easeInOut, duration: fade)
            }
            if moving {
                velocity = Self.carried(
                    now.velocity, trackRate: trackRate, from: from, to: to, timing: d.pointee.timing.initialVelocity,
                    appearance: fadeCurve?.initialVelocity ?? d.pointee.opacityTiming.initialVelocity)
            }
        }
        if !Self.isFinite(velocity) { velocity = .zero }
        // A glyph whose drawing changes keeps its start edge, not its centre, where it was.
        if p.reshapes { from.position.x += reshapeShift(p, box: d.pointee.box) }
        return withUnsafePointer(to: fadeCurve ?? .instant) { fade in
            flatten(
                d, to: to, from: from, velocity: velocity, tracks: tracks, emitter: emitter,
                opacityTiming: fadeCurve == nil ? d.pointer(to: \.opacityTiming)! : fade, start: start,
                trackDelay: trackDelay, placement: p, follow: follow, shape: shape)
        }
    }

    /// Writes the motion in flat form: its curves into the curve table (shared
    /// with every sprite on the same curve from the same start), its tracks and
    /// the tracks that follow its anchor into the track table, and the row.
    private func flatten(
        _ d: UnsafePointer<AnimationDescriptor>, to: GlyphState, from: GlyphState, velocity: GlyphState,
        tracks: [ChannelTrack], emitter: ParticleEmitter?, opacityTiming: UnsafePointer<TimingCurve>, start: Double,
        trackDelay: Double, placement p: Placement, follow: Follow?, shape: ShapeRow?
    ) -> Int32 {
        let store = self.store
        let timing = d.pointer(to: \.timing)!
        let transform = store.curves.entry(timing, start: start)
        let appearance = store.curves.entry(opacityTiming, start: start)
        let motionStart = store.curves.origins[Int(transform)]
        let change = to - from
        let primary = PrimaryDelta(change)
        var rare = GlyphState.zero
        rare.tint = change.tint
        rare.strokeEnd = change.strokeEnd
        rare.fill = change.fill
        let appearanceStart = store.curves.origins[Int(appearance)]
        var end = MotionEnd(atLeast: min(motionStart, appearanceStart))
        var extras: Int32 = -1
        let reshapes = p.reshapes
        if !tracks.isEmpty || emitter != nil || !velocity.isZero || rare.hasAppearance || follow != nil || reshapes {
            let trackStart = store.tables.nextTrack
            for track in tracks {
                let curve = store.curves.entry(track.curve, start: track.curveStart(delay: trackDelay))
                store.curves.retain(curve)
                store.tables.appendTrack(
                    PlannedTrack(
                        channel: track.channel, amplitude: track.amplitude, bias: track.bias, curve: curve,
                        loops: track.loops, clock: track.clock))
                if !track.loops { end.include(store.curves.origins[Int(curve)], lasting: track.curve.duration) }
            }
            if let follow {
                let curve = store.curves.entry(follow.curve, start: follow.start)
                if follow.displacement.x != 0 {
                    store.curves.retain(curve)
                    store.tables.appendTrack(
                        PlannedTrack(channel: .x, amplitude: follow.displacement.x, bias: follow.bias, curve: curve, loops: false))
                }
                if follow.displacement.y != 0 {
                    store.curves.retain(curve)
                    store.tables.appendTrack(
                        PlannedTrack(channel: .y, amplitude: follow.displacement.y, bias: follow.bias, curve: curve, loops: false))
                }
                end.include(store.curves.origins[Int(curve)], lasting: follow.curve.duration)
            }
            if let emitter { end.include(motionStart, lasting: emitter.endTime) }
            extras = store.tables.addExtras(
                velocity: velocity, rareDelta: rare, trackStart: trackStart, emitter: emitter, origin: motionStart,
                fromDrawing: reshapes ? p.fromDrawing : -1,
                fromOffset: reshapes && rightToLeft ? d.pointee.box.rect.width - p.fromWidth : 0, fromWidth: p.fromWidth)
        }
        if shape?.blends == true || reshapes, timing.pointee.duration.isFinite {
            // The shape (or the glyph's drawing) blends on the transform curve, whether or not its state moves.
            end.include(motionStart, lasting: timing.pointee.duration)
        }
        end.include(
            change: change, velocity: velocity, timing: timing, transformStart: motionStart, opacityTiming: opacityTiming,
            appearanceStart: appearanceStart)
        let box = d.pointee.box
        let id = p.row >= 0 ? store.pool[unchecked: Int(p.row)].id : store.takeID()
        let motion = SpriteMotion(
            to: to, delta: primary, transformCurve: transform, appearanceCurve: appearance, extras: extras,
            glyph: p.glyph, id: id, role: p.role, kind: p.kind, settle: end.settle,
            hide: p.role == .exiting ? end.over : .infinity, boxSize: box.rect.size,
            baselineOffset: box.baseline - box.rect.midY, drawing: p.drawing)
        let band = p.band ?? p.role
        if p.row >= 0 {
            store.replace(p.row, with: motion, band: band, order: p.order, key: p.key, box: box, shape: shape)
            return p.row
        }
        return store.checkout(motion, band: band, order: p.order, key: p.key, box: box, shape: shape)
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
        var v = GlyphState.zero
        for channel in GlyphChannel.allCases {
            let change = to[channel] - from[channel]
            if !channel.isTransform && presented[channel] * change <= 0 { continue }
            v[channel] = presented[channel] - trackRate[channel] - change * (channel.isTransform ? timing : appearance)
        }
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
    let curve: TimingCurve
    /// When the anchor's curve starts, in seconds after the plan's origin.
    let start: Double
    let displacement: Vector
    let entering: Bool

    var bias: Double { entering ? -1 : 0 }
}

extension GlyphChannel {
    /// The appearance channels (see `isTransform`), in a constant list.
    fileprivate static let appearance: [GlyphChannel] = allCases.filter { !$0.isTransform }

    /// Whether the channel is one of the tint's.
    fileprivate var isTint: Bool {
        switch self {
        case .tintRed, .tintGreen, .tintBlue, .tintAlpha: true
        default: false
        }
    }
}
