import Testing
@testable import Animator
import Analyzer

/// The store keeps a motion as a compact row plus, only when needed, a pose
/// (scale, rotation, skew, opacity, blur) and extras (the rare channels' rest
/// values): what comes back out, and what the evaluator makes of it, must be
/// what went in, bit for bit.
@Suite struct MotionStoreTests {
    /// Every channel's bits, so that a sign of zero counts.
    private func bits(_ s: GlyphState) -> [UInt64] { GlyphChannel.allCases.map { s[$0].bitPattern } }

    private let box = GlyphFrame(rect: Rect(origin: Point(x: 0, y: 0), size: Size(width: 10, height: 20)), baseline: 15, line: 0)

    /// Writes a motion from `from` to `to` on `timing`, starting at 0, as the planner's writer does.
    private func write(_ store: MotionStore, from: GlyphState, to: GlyphState, timing: TimingCurve) -> RowID {
        store.curves.beginPlan(origin: 0)
        defer { store.curves.endPlan() }
        var template = PlanTemplate(RoleTemplate(timing: timing), curves: store.curves)
        let writer = MotionWriter(store: store, origin: 0, fade: 0.15, onScreen: OnScreen(PresentedSnapshot()))
        var glyph = PlacedGlyph(
            from: from, to: to, delay: 0, box: box, template: 0, sharesPose: false, varies: false, hasLane: false,
            laneAmplitude: 0, laneCurve: .instant)
        var placement = MotionWriter.Placement(start: 0, role: .persisting, glyph: 3, order: 0, key: 0)
        placement.drawing = 7
        var variation = GlyphVariation(template: template.template)
        var tracks: [MotionWriter.GlyphTrack] = []
        return writer.write(&glyph, template: &template, variation: &variation, &placement, tracks: &tracks)
    }

    @Test func aMotionComesBackAsItWasWritten() {
        let store = MotionStore()
        var to = GlyphState(position: Point(x: 40, y: 8), scaleX: 1.5, rotation: -0.0, opacity: 0.25, blur: 2)
        to.tint = Tint(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.5)
        to.strokeEnd = 0.75
        to.fill = 0
        let from = GlyphState(position: Point(x: 10, y: 2), scaleX: 0.5, opacity: 0)
        let row = write(store, from: from, to: to, timing: .linear(duration: 1))
        #expect(bits(store.restState(of: row)) == bits(to))
        #expect(bits(store.startState(of: row)) == bits(to - (to - from)))
        #expect(store.settle(of: row) == 1 && store[row].glyph == 3 && store[row].drawing == 7)
        #expect(store[row].baselineOffset == box.baseline - box.rect.midY)
        #expect(!store[row].pose.isNone)
        #expect(!store[row].extras.isNone, "the tint at rest needs an extras entry")
    }

    /// What the store records as presented at a time is, for each row still
    /// in motion then, its own evaluation at that time, bit for bit; a row
    /// that has settled is not recorded (it is read off its rest state).
    @Test func recordsWhatEveryRowInMotionPresents() throws {
        let store = MotionStore()
        let from = GlyphState(position: Point(x: 0, y: 0), scaleX: 0.5, opacity: 0)
        let rows = [0.5, 1.0, 2.0].enumerated().map { k, duration in
            write(
                store, from: from, to: GlyphState(position: Point(x: 10 * Double(k + 1), y: 4), opacity: 0.5 + 0.2 * Double(k)),
                timing: .linear(duration: duration))
        }
        let t = 0.7
        store.recordPresented(at: t)
        #expect(store.presented(rows[0]) == nil && !store.isPresented(rows[0]))
        for row in rows.dropFirst() {
            let expected = store.evaluate(row, at: t)
            let recorded = try #require(store.presented(row))
            #expect(bits(recorded.state) == bits(expected.state))
            #expect(bits(recorded.velocity) == bits(expected.velocity))
            #expect(recorded.state.position.x > 0 && recorded.state.position.x < store.restState(of: row).position.x)
        }
        // Later, only the slowest still moves; the others read as not presented.
        store.recordPresented(at: 1.5)
        #expect(!store.isPresented(rows[0]) && !store.isPresented(rows[1]) && store.isPresented(rows[2]))
        let last = try #require(store.presented(rows[2]))
        #expect(bits(last.state) == bits(store.evaluate(rows[2], at: 1.5).state))
    }

    /// The store's columns by slot grow after the pool (whose buffers move
    /// whole, in one allocation): a store made for one sprite and grown five
    /// times over keeps every row's key, box, settle time, tile and glyph.
    @Test func rowsKeepTheirColumnsWhenThePoolGrows() {
        let store = MotionStore(capacity: 1)
        var rows: [RowID] = []
        for k in 0..<40 {
            let box = GlyphFrame(
                rect: Rect(origin: Point(x: 10 * Double(k), y: 0), size: Size(width: 10, height: 20)), baseline: 15,
                line: k / 8)
            let motion = MotionRow.resting(at: box.rect.center, glyph: GlyphID(k), id: store.takeID(), box: box)
            rows.append(
                store.write(
                    motion, into: .none, band: .persisting, order: k, key: 1_000 + UInt64(k), box: box, settle: Double(k)))
            // Every even row gets the odd row after it as its tile.
            if k % 2 == 1 { store.setTile(of: rows[k - 1], to: rows[k]) }
        }
        #expect(store.pool.stats.growths >= 5)
        for (k, row) in rows.enumerated() {
            #expect(store.key(of: row) == 1_000 + UInt64(k))
            #expect(store.box(of: row).rect.origin.x == 10 * Double(k) && store.box(of: row).line == k / 8)
            #expect(store.settle(of: row) == Double(k))
            #expect(store.tile(of: row) == (k % 2 == 0 ? rows[k + 1] : .none))
            #expect(store[row].glyph == GlyphID(k))
        }
    }

    @Test func aGlyphThatOnlyMovesHasNeitherPoseNorExtras() {
        let store = MotionStore()
        let row = write(
            store, from: .resting(at: Point(x: 0, y: 0)), to: .resting(at: Point(x: 30, y: -4)), timing: .linear(duration: 1))
        #expect(store[row].pose.isNone)
        #expect(store[row].extras.isNone)
        #expect(bits(store.restState(of: row)) == bits(.resting(at: Point(x: 30, y: -4))))
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

    /// Whether a pose rests on the defaults is whether a row with it (and no
    /// extras) rests exactly as a glyph at rest shows, bit for bit: a sign of zero counts.
    @Test func aPoseRestsOnTheDefaultsExactlyWhenItsRowRestsAsAGlyphAtRest() {
        let store = MotionStore()
        let place = Point(x: 12, y: 3)
        var shrunk = GlyphState.resting(at: place)
        shrunk.scale = 0.5
        shrunk.opacity = 0
        var wide = GlyphState.resting(at: place)
        wide.scaleX = 1.5
        var turned = GlyphState.resting(at: place)
        turned.rotation = -0.0
        var faint = GlyphState.resting(at: place)
        faint.opacity = 0.5
        let cases: [(to: GlyphState, defaults: Bool)] = [
            (.resting(at: place), true), (wide, false), (turned, false), (faint, false),
        ]
        for (to, defaults) in cases {
            let row = write(store, from: shrunk, to: to, timing: .linear(duration: 1))
            #expect(!store[row].pose.isNone && store[row].extras.isNone)
            #expect(store.poseRestsOnDefaults(store[row].pose) == defaults)
            #expect(store.poseRestsOnDefaults(store[row].pose) == (bits(store.restState(of: row)) == bits(.resting(at: place))))
        }
    }

    /// The rows a settle or a plan treats as leaving: the live rows listed in
    /// motion whose role is exiting, in the order they are listed; those gone
    /// by a time when one is given; shape rows only when asked for.
    @Test func listsTheLeavingRowsInMotion() throws {
        let store = MotionStore()
        func row(_ role: SpriteRole, hide: Double, shape: ShapeRow? = nil) -> RowID {
            var m = MotionRow.resting(
                at: Point(x: 0, y: 0), glyph: 1, id: store.takeID(), kind: shape == nil ? .glyph : .rect, box: box)
            m.role = role
            m.hide = hide
            guard var shape else { return store.write(m, into: .none, band: role, order: 0, key: 0, box: box, settle: 1) }
            return store.write(m, into: .none, band: role, order: 0, key: 0, box: box, settle: 1, shape: &shape)
        }
        let square = try Shape.rect(width: 10, height: 10)
        let early = row(.exiting, hide: 0.5)
        let staying = row(.persisting, hide: .infinity)
        let late = row(.exiting, hide: 2)
        let shape = row(.exiting, hide: 0.25, shape: ShapeRow(key: "box", from: square, to: square, layer: .belowText))
        let gone = row(.exiting, hide: 0.1)
        store.checkin(gone)
        var rows: [RowID] = []
        store.appendLeavingRows(to: &rows)
        #expect(rows == [early, late])
        rows.removeAll()
        store.appendLeavingRows(to: &rows, goneBy: 1, shapes: true)
        #expect(rows == [early, shape])
        rows = [staying]
        store.appendLeavingRows(to: &rows, goneBy: 3)
        #expect(rows == [staying, early, late], "appended after what the list held")
    }

    @Test func atRestAPoseOfDefaultsGoesAndATintStays() {
        let store = MotionStore()
        var to = GlyphState.resting(at: Point(x: 5, y: 5))
        to.tint = Tint(red: 1, green: 0, blue: 0, alpha: 0.3)
        var from = to
        from.opacity = 0
        let row = write(store, from: from, to: to, timing: .linear(duration: 1))
        #expect(!store[row].pose.isNone, "the opacity changes")
        store.rest(row, order: 0)
        #expect(store[row].pose.isNone)
        #expect(!store[row].extras.isNone)
        #expect(bits(store.restState(of: row)) == bits(to))
        #expect(bits(store.evaluate(row, at: 0).state) == bits(to))
        store.checkin(row)
        #expect(store.count == 0)
    }
}

/// A pose is shared by the glyphs of one template and counted by its rows:
/// it goes when its last row goes, and a row that rests keeps a pose of its
/// own only when its rest values are not the defaults.
@Suite struct SharedPoseTests {
    @Test func aTemplatesGlyphsShareOnePoseUntilTheLastGoes() {
        let store = MotionStore()
        store.curves.beginPlan(origin: 0)
        var shrink = GlyphState()
        shrink.scale = 0.5
        shrink.opacity = 0
        var template = PlanTemplate(RoleTemplate(from: shrink, timing: .linear(duration: 1)), curves: store.curves)
        let writer = MotionWriter(store: store, origin: 0, fade: 0.15, onScreen: OnScreen(PresentedSnapshot()))
        var tracks: [MotionWriter.GlyphTrack] = []
        let rows = (0..<3).map { k -> RowID in
            let box = GlyphFrame(rect: Rect(x: Double(k) * 10, y: 0, width: 10, height: 20), baseline: 15, line: 0)
            var from = shrink
            from.position = box.rect.center
            var glyph = PlacedGlyph(
                from: from, to: .resting(at: box.rect.center), delay: 0, box: box, template: 0, sharesPose: true,
                varies: false, hasLane: false, laneAmplitude: 0, laneCurve: .instant)
            var variation = GlyphVariation(template: template.template)
            var placement = MotionWriter.Placement(start: 0, role: .entering, glyph: 97, order: k, key: 0)
            return writer.write(&glyph, template: &template, variation: &variation, &placement, tracks: &tracks)
        }
        store.curves.endPlan()
        let pose = store[rows[0]].pose
        #expect(!pose.isNone && rows.allSatisfy { store[$0].pose == pose })
        #expect(store.evaluate(rows[2], at: 0.5).state.scaleX == 0.75)
        // Resting gives each its rest pose: the defaults here, so none.
        store.rest(rows[0], order: 0)
        #expect(store[rows[0]].pose.isNone && store[rows[1]].pose == pose)
        store.checkin(rows[1])
        store.checkin(rows[2])
        // The entry is free again: the next pose takes its place.
        #expect(store.tables.addPose(MotionPose()) == pose)
    }
}
