import Analyzer
import Animator
import Director
import Pool

/// The planner the Director used before the run model, kept as the reference the run model
/// is compared with (the differential fuzzer and a few tests) until that planner is deleted:
/// each change planned by `GlyphAnimator` into one `MotionStore`, each frame swept from it,
/// with the Director's rules for time, settling, scenes and tiles. It keeps no events and
/// runs no rehearsal; it draws what the Director drew.
package final class StoreDirector {
    package var layout: AnyLayout
    package var tiles: TileStyle? {
        // The text's rows gain or lose their tiles at the next plan: none of them is kept as it is.
        didSet { store.markTextDirty() }
    }
    package var effect: AnyEffect
    package var style: MotionStyle
    package var mode: DiffMode
    package var preference: MotionPreference
    package var seed: UInt64
    package private(set) var text: String

    private var plan: TransitionPlan
    private let workspace = TextChangeAnalyzer.Workspace()
    private var targetLayout: TextLayoutResult
    private var targetLayoutMaker: AnyLayout?
    private var recycledFrames = RecycledFrames()
    private var active: Running?
    private var sceneActive: Running?
    private var sceneRows = ScenePlanner.Rows()
    private var lastFence = 0.0
    private var clock = PlaybackClock()
    private var textAwaitsRest = false
    private var leavingScratch: [RowID] = []

    private struct Running {
        var end: Double
    }

    private var store: MotionStore { plan.store }

    package init(
        text: String = "", layout: AnyLayout = AnyLayout(MonospaceLayout()), effect: AnyEffect = .scale,
        style: MotionStyle = .snappy, mode: DiffMode = .morph, preference: MotionPreference = .system,
        seed: UInt64 = 0, tiles: TileStyle? = nil
    ) {
        (self.layout, self.effect, self.style, self.mode) = (layout, effect, style, mode)
        (self.preference, self.seed, self.tiles, self.text) = (preference, seed, tiles, text)
        // The text at rest: the new side of a change from nothing, planned with no motion.
        let change = TextChangeAnalyzer(mode: mode).analyze(from: "", to: text, in: workspace)
        var plan = TransitionPlan(store: MotionStore(capacity: max(64, change.newGlyphCount, 1)))
        let laidOut = layout.layout(change.newGlyphs)
        let anchored = mode.numberAnchor(in: change.newGlyphs).map(laidOut.anchoringNumber(at:)) ?? laidOut
        GlyphAnimator(effect: effect, style: style, preference: preference, seed: seed, tiles: tiles).plan(
            change, from: layout.layout([]), to: anchored, motion: .none, leaving: [], startTime: 0, continuing: &plan)
        self.plan = plan
        targetLayout = plan.laidOutNewLayout
        targetLayoutMaker = layout
    }

    deinit { store.removeAll() }

    /// The change's counts and its duration in the caller's seconds, as the Director's estimate gives them.
    package struct Estimate: Equatable {
        package var entering: Int
        package var exiting: Int
        package var persisting: Int
        package var duration: Double
    }

    @discardableResult
    package func setText(_ newText: String, at time: Double) -> Estimate {
        let planned = planTime(time), t = max(planned, lastFence)
        advance(to: t, restingText: false)
        guard newText != text else {
            restText()
            return Estimate(
                entering: 0, exiting: 0, persisting: store.textRows.count,
                duration: clock.callerSeconds(max((active?.end ?? t) - t, 0)))
        }
        return transition(to: newText, at: t, callerTime: t == planned ? time : nil)
    }

    @discardableResult
    package func restage(at time: Double) -> Estimate {
        let planned = planTime(time), t = max(planned, lastFence)
        advance(to: t)
        return transition(to: text, at: t, callerTime: t == planned ? time : nil)
    }

    package func showScene(_ state: SceneState) {
        sceneActive = nil
        ScenePlanner(store: store).show(state, rows: &sceneRows)
        if let text = state.text { setText(text, at: clock.callerTime(lastFence)) }
    }

    package func setScene(_ state: SceneState, at time: Double, timing: TimingCurve = .instant, delay: Double = 0) {
        if let text = state.text { setText(text, at: time) }
        let t = max(planTime(time), lastFence)
        advance(to: t)
        sceneActive = nil
        lastFence = t
        collectFinishedExits(at: t)
        store.sampleCurves(at: t)
        let end = ScenePlanner(store: store).plan(
            state, rows: &sceneRows, origin: t, motion: preference.resolved(), timing: timing, delay: delay)
        sceneActive = Running(end: end)
    }

    /// The plan's time at `time`; a retimed change over by then is played at its own pace no
    /// more: from its end on, the two times run together again, this time included.
    private func planTime(_ time: Double) -> Double {
        guard time.isFinite && abs(time) <= TransitionDirector.maximumTime else { return lastFence }
        let t = clock.planTime(time)
        guard let running = active, t >= running.end, clock.rate != 1 else { return t }
        clock.restart(atPlanTime: running.end, rate: 1)
        return clock.planTime(time)
    }

    private func transition(to newText: String, at t: Double, callerTime: Double?) -> Estimate {
        textAwaitsRest = false
        active = nil
        lastFence = t
        collectFinishedExits(at: t)
        releaseUnusedGlyphs()
        // What the sprites in motion present at `t`, and the glyphs still leaving, oldest first.
        store.recordPresented(at: t)
        var leaving = leavingScratch
        leaving.removeAll(keepingCapacity: true)
        store.appendLeavingRows(to: &leaving)
        let store = self.store
        leaving.sort { store[$0].id < store[$1].id }
        leavingScratch = leaving

        let change = TextChangeAnalyzer(mode: mode).analyze(from: text, to: newText, in: workspace)
        let laidOut: ReusedLayout
        if let maker = targetLayoutMaker, maker.isSame(as: layout) {
            laidOut = layout.layout(
                change.newGlyphs, reusing: targetLayout, unchanged: change.unchanged, recycling: &recycledFrames)
        } else {
            laidOut = ReusedLayout(layout: layout.layout(change.newGlyphs), samePrefix: 0, sameSuffix: 0)
        }
        GlyphAnimator(effect: effect, style: style, preference: preference, seed: seed, tiles: tiles).plan(
            change, from: targetLayout, to: laidOut.layout, motion: preference.resolved(), leaving: leavingScratch,
            startTime: t, sameFrames: (laidOut.samePrefix, laidOut.sameSuffix), continuing: &plan)
        targetLayoutMaker = layout
        text = newText
        plan.releaseOldLayout()
        let replaced = targetLayout.frames
        targetLayout = plan.laidOutNewLayout
        recycledFrames = RecycledFrames(frames: replaced, sameAsPrevious: laidOut.samePrefix)
        let duration = plan.duration
        active = Running(end: t + duration)
        clock.restart(atPlanTime: t, callerTime: callerTime, rate: style.playbackRate(of: plan))
        let counts = plan.roleCounts
        return Estimate(
            entering: counts.entering, exiting: counts.exiting, persisting: counts.persisting,
            duration: clock.callerSeconds(duration))
    }

    private func collectFinishedExits(at t: Double) {
        var finished: [RowID] = []
        store.appendLeavingRows(to: &finished, goneBy: t, shapes: true)
        for row in finished { store.checkin(row) }
        sceneRows.removeDead(in: store)
    }

    private func releaseUnusedGlyphs() {
        let store = self.store
        guard workspace.glyphCount - 128 > 2 * store.count + 64 else { return }
        var live: [GlyphID] = []
        store.forEachRow { row in
            if !store.shapes.contains(row.slot) { live.append(store[row].glyph) }
        }
        store.renumberGlyphs(workspace.compact(keeping: live))
    }

    private func advance(to t: Double, restingText: Bool = true) {
        if let scene = sceneActive, t >= scene.end, scene.end <= active?.end ?? .infinity { settleScene() }
        if let running = active, t >= running.end {
            active = nil
            clock.restart(atPlanTime: running.end, rate: 1)
            var finished: [RowID] = []
            store.appendLeavingRows(to: &finished)
            for row in finished { store.checkin(row) }
            textAwaitsRest = true
        }
        if let scene = sceneActive, t >= scene.end { settleScene() }
        if restingText { restText() }
    }

    private func restText() {
        guard textAwaitsRest else { return }
        textAwaitsRest = false
        let store = self.store
        for index in store.textDirty.clamped(to: store.textRows.indices) {
            let row = store.textRows[index]
            store.rest(row, order: index)
            let tile = store.tile(of: row)
            if !tile.isNone { store.rest(tile, order: index) }
        }
        store.textDirty = 0..<0
    }

    private func settleScene() {
        sceneActive = nil
        let store = self.store
        var kept = ScenePlanner.Rows()
        for (key, row) in zip(sceneRows.keys, sceneRows.rows) where store.isLive(row) {
            if store[row].role == .exiting {
                store.checkin(row)
            } else {
                store.rest(row, band: ScenePlanner.band, order: ScenePlanner.firstOrder + kept.keys.count)
                kept.keys.append(key)
                kept.rows.append(row)
            }
        }
        sceneRows = kept
    }

    /// Every live sprite's state at `time`, in z-order, with the particles, shapes and reshapes.
    package func frame(at time: Double) -> Frame {
        let t = planTime(time)
        advance(to: t)
        let store = self.store
        store.sampleCurves(at: t)
        var sprites: [SpriteFrame] = [], shapes: [ShapeSprite] = []
        var particles: [Particle] = [], reshapes: [SpriteReshape] = []
        store.withFrameSources { sources in
            for i in 0..<sources.zOrder.count {
                let slot = sources.zOrder[i]
                let m = sources.motions + Int(slot)
                if t >= m.pointee.hide { continue }
                let row = RowID(slot: Int(slot))
                let T = sources.samples.sample(m.pointee.transformCurve)
                let O = sources.samples.sample(m.pointee.appearanceCurve)
                var state = MotionEvaluator.primaryState(m, tables: sources.tables, samples: sources.samples)
                if !m.pointee.extras.isNone {
                    let e = sources.tables.extras(m.pointee.extras)
                    if e.pointee.fromDrawing >= 0 && m.pointee.kind == .glyph {
                        reshapes.append(
                            SpriteReshape(
                                sprite: Int32(sprites.count), from: e.pointee.fromDrawing, progress: T.progress,
                                offset: e.pointee.fromOffset, width: e.pointee.fromWidth))
                    }
                    MotionEvaluator.addExtras(
                        e, to: &state, T, O, tables: sources.tables, samples: sources.samples,
                        settle: sources.tables.settle(row), at: t)
                    // (A tile moves as its glyph does, but the particles are the glyph's.)
                    if !e.pointee.emitter.isNone && (m.pointee.kind == .glyph || (store.shapes[row.slot]?.glyphSprite ?? -1) < 0),
                        let emitter = sources.emitters[e.pointee.emitter.index]
                    {
                        let local = t - e.pointee.origin
                        if local >= emitter.start && local < emitter.endTime {
                            for k in 0..<emitter.count {
                                if let p = emitter.particle(k, at: local, center: state.position, boxSize: m.pointee.boxSize) {
                                    particles.append(p)
                                }
                            }
                        }
                    }
                }
                guard m.pointee.kind == .glyph else {
                    Self.shape(store, slot: row.slot, m, state: state, blend: T.progress, into: &shapes)
                    continue
                }
                sprites.append(
                    SpriteFrame(
                        id: m.pointee.id, glyph: m.pointee.glyph, role: m.pointee.role, state: state,
                        boxSize: m.pointee.boxSize, baselineOffset: m.pointee.baselineOffset, drawing: m.pointee.drawing))
            }
        }
        return Frame(
            time: clock.callerTime(t), sprites: sprites, particles: particles, symbols: workspace.symbols, shapes: shapes,
            reshapes: reshapes)
    }

    /// The periods of the loops still running: each live track that repeats forever and
    /// moves its channel, one entry per distinct period.
    package var loopPeriods: [Double] {
        let store = self.store
        var periods: [Double] = []
        store.forEachRow { row in
            let extras = store[row].extras
            guard !extras.isNone else { return }
            for track in store.tracks(of: extras) where track.loops && track.amplitude != 0 {
                guard let period = store.curve(track.curve).loopPeriod else { continue }
                if !periods.contains(period) { periods.append(period) }
            }
        }
        return periods
    }

    /// A shape sprite's frame: its shape blended as far as its transform curve has gone; a
    /// tile that pulses shows its tint on its border; a tile whose glyph is not visible is left out.
    private static func shape(
        _ store: MotionStore, slot: Int, _ m: UnsafePointer<MotionRow>, state: GlyphState, blend: Double,
        into shapes: inout [ShapeSprite]
    ) {
        guard let row = store.shapes[slot] else { return }
        var state = state
        var from = row.from, to = row.to
        if row.glyphSprite >= 0 {
            guard state.opacity > 0 else { return }
            if row.tintsStroke, state.tint.alpha > 0 {
                from.stroke = TileStyle.wash(from.stroke, with: state.tint)
                to.stroke = TileStyle.wash(to.stroke, with: state.tint)
            }
            state.tint = .none
            state.strokeEnd = 1
            state.fill = 1
        }
        shapes.append(
            ShapeSprite(
                id: m.pointee.id, key: row.key, from: from, to: to, blend: row.blends ? blend : 1, role: m.pointee.role,
                state: state, layer: row.layer, glyphSprite: row.glyphSprite))
    }
}

extension ScenePlanner.Rows {
    /// Drops the shapes whose rows are gone.
    fileprivate mutating func removeDead(in store: MotionStore) {
        guard rows.contains(where: { !store.isLive($0) }) else { return }
        var kept = ScenePlanner.Rows()
        for (key, row) in zip(keys, rows) where store.isLive(row) {
            kept.keys.append(key)
            kept.rows.append(row)
        }
        self = kept
    }
}
