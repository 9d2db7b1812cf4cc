import Testing
@testable import Animator

/// The store keeps a motion as a compact row plus, only when needed, a pose
/// (scale, rotation, skew, opacity, blur) and extras (the rare channels' rest
/// values): what comes back out, and what the evaluator makes of it, must be
/// what went in, bit for bit.
@Suite struct MotionStoreTests {
    /// Every channel's bits, so that a sign of zero counts.
    private func bits(_ s: GlyphState) -> [UInt64] { GlyphChannel.allCases.map { s[$0].bitPattern } }

    private let box = GlyphFrame(rect: Rect(origin: Point(x: 0, y: 0), size: Size(width: 10, height: 20)), baseline: 15, line: 0)

    /// Writes a motion from `from` to `to` on `timing`, starting at 0.
    private func write(_ store: MotionStore, from: GlyphState, to: GlyphState, timing: TimingCurve, settle: Double = 1) -> Int32 {
        let curve = store.curves.entry(timing, start: 0)
        let motion = SpriteMotion(
            to: to, delta: PrimaryDelta(to - from), transformCurve: curve, appearanceCurve: curve, extras: -1, glyph: 3,
            id: store.takeID(), role: .persisting, settle: settle, hide: .infinity, boxSize: box.rect.size,
            baselineOffset: 5, drawing: 7)
        return store.checkout(motion, band: .persisting, order: 0, key: 0, box: box)
    }

    @Test func aMotionComesBackAsItWasWritten() {
        let store = MotionStore()
        var to = GlyphState(position: Point(x: 40, y: 8), scaleX: 1.5, rotation: -0.0, opacity: 0.25, blur: 2)
        to.tint = Tint(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.5)
        to.strokeEnd = 0.75
        to.fill = 0
        let from = GlyphState(position: Point(x: 10, y: 2), scaleX: 0.5, opacity: 0)
        let row = write(store, from: from, to: to, timing: .linear(duration: 1), settle: 1.25)
        let back = store.motion(row)
        #expect(bits(back.to) == bits(to))
        #expect(back.delta == PrimaryDelta(to - from))
        #expect(back.settle == 1.25 && back.glyph == 3 && back.drawing == 7 && back.baselineOffset == 5)
        #expect(store.pool[unchecked: Int(row)].pose >= 0)
        #expect(store.pool[unchecked: Int(row)].extras >= 0, "the tint at rest needs an extras entry")
    }

    @Test func aGlyphThatOnlyMovesHasNeitherPoseNorExtras() {
        let store = MotionStore()
        let row = write(
            store, from: .resting(at: Point(x: 0, y: 0)), to: .resting(at: Point(x: 30, y: -4)), timing: .linear(duration: 1))
        #expect(store.pool[unchecked: Int(row)].pose == -1)
        #expect(store.pool[unchecked: Int(row)].extras == -1)
        #expect(bits(store.motion(row).to) == bits(.resting(at: Point(x: 30, y: -4))))
    }

    /// The descriptor's evaluation always has a pose and extras; the store's row
    /// for a glyph that only moves has neither. Both give the same bits, also
    /// while a curve overshoots (progress above 1, where a zero change times
    /// 1 − progress is −0).
    @Test(arguments: [0.0, 0.1, 0.35, 0.5, 0.8, 1.0, 2.0])
    func aRowWithoutPoseEvaluatesLikeOneWithIt(_ t: Double) {
        let overshoot = TimingCurve.bezier(CubicBezier(unchecked: 0.34, 1.56, 0.64, 1), duration: 1)
        let from = GlyphState.resting(at: Point(x: 0, y: 0)), to = GlyphState.resting(at: Point(x: 30, y: -4))
        let store = MotionStore()
        let row = write(store, from: from, to: to, timing: overshoot)
        let descriptor = AnimationDescriptor(symbol: "a", from: from, to: to, timing: overshoot, opacityTiming: overshoot)
        let (state, velocity) = store.evaluate(row, at: t)
        #expect(bits(state) == bits(descriptor.state(at: t)))
        #expect(bits(velocity) == bits(descriptor.velocity(at: t)))
    }

    @Test func atRestAPoseOfDefaultsGoesAndATintStays() {
        let store = MotionStore()
        var to = GlyphState.resting(at: Point(x: 5, y: 5))
        to.tint = Tint(red: 1, green: 0, blue: 0, alpha: 0.3)
        var from = to
        from.opacity = 0
        let row = write(store, from: from, to: to, timing: .linear(duration: 1))
        #expect(store.pool[unchecked: Int(row)].pose >= 0, "the opacity changes")
        store.rest(row, order: 0)
        #expect(store.pool[unchecked: Int(row)].pose == -1)
        #expect(store.pool[unchecked: Int(row)].extras >= 0)
        #expect(bits(store.motion(row).to) == bits(to))
        #expect(bits(store.evaluate(row, at: 0).state) == bits(to))
        store.checkin(row)
        #expect(store.count == 0)
    }
}
