import Analyzer
import Pool

/// The one store of sprite motions: what the planner writes and the Director
/// sweeps every frame.
///
/// A row is a sprite: a slot of the store's `SpritePool`, whose payload is the
/// sprite's `MotionRow` (what the sweep reads), with its drawing band and
/// reading order in the pool's z-order. Beside it, by slot, sit the colder
/// columns (the key of the sprite's random traits, its layout box, its settle
/// time), and the tables the rows refer to: one curve table with absolute start
/// times, and the poses, extras, tracks and particle emitters.
///
/// The planner writes each row once per transition, in place: a sprite it
/// continues keeps its row (and its identity), a new one gets a new row.
/// Nothing is copied or remapped afterwards; a `TransitionPlan` reads the rows
/// it wrote. The Director owns one store for its whole life; a plan made on its
/// own has a store of its own.
///
/// The store keeps the rows in motion in a list of their own, so that what
/// is at rest costs nothing when a transition starts or settles.
///
/// - Important: A store is confined to its owner, like the pool it holds.
package final class MotionStore {
    package let pool: SpritePool<MotionRow>
    /// The one curve table.
    package let curves = CurveTable()

    // The columns and tables sit behind one pointer the store owns (`state`,
    // read and written through addressors): the planner and the Director
    // touch them per sprite, and the dynamic exclusivity checks of stored
    // class properties cost more than the work (measured with callgrind on the
    // label's `setText`). The store is confined to its owner and its methods
    // make momentary accesses only.
    private struct State {
        var tables = MotionTables()
        // The columns by slot are `Column`s: written per sprite, an array's
        // copy-on-write check on each write cost as much as the write. Made
        // with room for the pool's slots (no default value: it would be
        // allocated, then overwritten and lost).
        var keys: Column<UInt64>
        var boxes: Column<GlyphFrame>
        var settles: Column<Double>
        var tiles: Column<RowID>
        var textRows: [RowID] = []
        var textDirty = 0..<0
        var moving: Column<RowID>
        var isListedMoving: Column<Bool>
        var presentedStates = Column<Presented>()
        var presentedIndex: Column<Int32>
        var presentedStamp: Column<UInt32>
        var stamp: UInt32 = 0
        var nextID: Int32 = 0

        init(slots: Int) {
            keys = Column(capacity: slots)
            boxes = Column(capacity: slots)
            settles = Column(capacity: slots)
            tiles = Column(capacity: slots)
            moving = Column(capacity: slots)
            isListedMoving = Column(capacity: slots)
            presentedIndex = Column(capacity: slots)
            presentedStamp = Column(capacity: slots)
        }

        func deallocate() {
            tables.deallocate()
            keys.deallocate()
            boxes.deallocate()
            settles.deallocate()
            tiles.deallocate()
            moving.deallocate()
            isListedMoving.deallocate()
            presentedStates.deallocate()
            presentedIndex.deallocate()
            presentedStamp.deallocate()
        }
    }

    /// What a row in motion presented.
    private struct Presented {
        var state: GlyphState
        var velocity: GlyphState
    }

    private let storage: UnsafeMutablePointer<State>

    private var state: State {
        unsafeAddress { UnsafePointer(storage) }
        unsafeMutableAddress { storage }
    }

    /// Poses, extras, tracks and particle emitters.
    package var tables: MotionTables {
        _read { yield storage.pointee.tables }
        _modify { yield &storage.pointee.tables }
    }
    /// By slot: what a shape sprite draws (nil for a glyph).
    package let shapes = ShapeColumn()
    /// The rows of the text shown or headed to, one per glyph, in order.
    package var textRows: [RowID] {
        _read { yield storage.pointee.textRows }
        _modify { yield &storage.pointee.textRows }
    }

    /// The text rows (indices into `textRows`) that may not rest exactly as
    /// their layout places them, persisting, in their reading order: those the
    /// last plans wrote. Every other text row does, so a plan may keep it as
    /// it is (see `PlanWindow`). Empty when all rest so.
    package var textDirty: Range<Int> {
        get { storage.pointee.textDirty }
        set { storage.pointee.textDirty = newValue }
    }

    /// Counts every text row as possibly not at rest (after a change that
    /// touched them all outside a plan: tiles turned on or off).
    package func markTextDirty() {
        storage.pointee.textDirty = 0..<storage.pointee.textRows.count
    }
    /// The rows that may be in motion (written since they last came to rest),
    /// in place: valid until the store next writes a row.
    package var moving: UnsafeBufferPointer<RowID> { state.moving.buffer }

    package init(capacity: Int = 64) {
        pool = SpritePool(capacity: max(capacity, 1))
        storage = .owning(State(slots: pool.stats.capacity))
    }

    deinit {
        storage.pointee.deallocate()
        storage.free()
    }

    /// The number of live rows.
    package var count: Int { pool.count }

    /// A new sprite identity.
    package func takeID() -> Int32 {
        defer { state.nextID &+= 1 }
        return state.nextID
    }

    // MARK: - Reading rows

    /// A row's hot part, read in place.
    @inline(__always)
    package subscript(row: RowID) -> MotionRow {
        pool[unchecked: row.slot]
    }

    /// When a row's finite motion ends.
    @inline(__always)
    package func settle(of row: RowID) -> Double { state.settles[row.slot] }
    /// Sets when row `row`'s motion is over (a glyph and its tile share theirs).
    package func setSettle(of row: RowID, to time: Double) { state.settles[row.slot] = time }

    /// A row's layout box.
    @inline(__always)
    package func box(of row: RowID) -> GlyphFrame { state.boxes[row.slot] }

    /// The row of a glyph's tile, or none.
    @inline(__always)
    package func tile(of row: RowID) -> RowID { state.tiles[row.slot] }

    /// The key of a row's random traits.
    @inline(__always)
    package func key(of row: RowID) -> UInt64 { state.keys[row.slot] }

    /// A row's pose: its scale, rotation, skew, opacity and blur at rest and
    /// their change (the defaults when the row has no pose entry).
    @inline(__always)
    package func pose(of row: RowID) -> MotionPose {
        let id = pool[unchecked: row.slot].pose
        return id.isNone ? MotionPose() : state.tables.poses[id.index]
    }

    /// A row's state at rest, read in place.
    @inline(__always)
    package func restState(of row: RowID) -> GlyphState {
        let m = pool[unchecked: row.slot]
        var to = GlyphState(position: Point(x: m.x, y: m.y), tint: Tint(red: 1, green: 1, blue: 1, alpha: 0))
        if !m.pose.isNone {
            let r = state.tables.poses[m.pose.index].rest
            (to.scaleX, to.scaleY, to.rotation, to.skew, to.opacity, to.blur) =
                (r.scaleX, r.scaleY, r.rotation, r.skew, r.opacity, r.blur)
        }
        if !m.extras.isNone {
            let e = state.tables.extras.base + m.extras.index
            to.tint = e.pointee.restTint
            to.strokeEnd = e.pointee.restStrokeEnd
            to.fill = e.pointee.restFill
        }
        return to
    }

    /// The state the row starts from at progress 0 (its rest less its change).
    package func startState(of row: RowID) -> GlyphState {
        let m = pool[unchecked: row.slot]
        var from = restState(of: row)
        from.position.x -= m.dx
        from.position.y -= m.dy
        let change = pose(of: row).change
        from.scaleX -= change.scaleX
        from.scaleY -= change.scaleY
        from.rotation -= change.rotation
        from.skew -= change.skew
        from.opacity -= change.opacity
        from.blur -= change.blur
        if !m.extras.isNone { from = from - state.tables.extras[m.extras.index].rareDelta }
        return from
    }

    /// Whether `row` names a live sprite.
    package func isLive(_ row: RowID) -> Bool {
        !row.isNone && pool.handle(atSlot: row.slot) != nil
    }

    /// Whether a row's glyph has a track that loops forever.
    package func loops(_ row: RowID) -> Bool {
        state.tables.loops(pool[unchecked: row.slot].extras)
    }

    // MARK: - Writing rows

    /// Writes `motion` with its layout `box`, its settle time and its random
    /// traits' `key` into `row` (over what it held, keeping its identity) or,
    /// for none, into a new row; returns the row. Its curves and pose are
    /// retained here (its tracks' curves already are, by the writer), and a row
    /// written over gives back what its previous motion held. A row in motion
    /// joins the list of moving rows.
    @discardableResult @inline(__always)
    package func write(
        _ motion: MotionRow, into row: RowID, band: SpriteRole, order: Int, key: UInt64, box: GlyphFrame,
        settle: Double, shape: ShapeRow
    ) -> RowID {
        withUnsafePointer(to: shape) {
            write(motion, into: row, band: band, order: order, key: key, box: box, settle: settle, shape: $0)
        }
    }

    /// `write(_:into:band:order:key:box:settle:shape:)` with the shape, if any,
    /// read in place (the planner's glyphs pass none; a copy of the optional
    /// costs its retains and releases per row).
    @discardableResult @inline(__always)
    package func write(
        _ motion: MotionRow, into row: RowID, band: SpriteRole, order: Int, key: UInt64, box: GlyphFrame,
        settle: Double, shape: UnsafePointer<ShapeRow>? = nil
    ) -> RowID {
        curves.retain(motion.transformCurve)
        curves.retain(motion.appearanceCurve)
        state.tables.retainPose(motion.pose)
        let slot: Int
        if row.isNone {
            slot = pool.checkout(motion, role: band, order: order).slot
            if slot >= state.keys.count { growColumns(to: pool.stats.capacity) }
        } else {
            slot = row.slot
            releaseResources(of: row)
            pool.withUnsafePayloads { $0[slot] = motion }
            try? pool.setRole(band, order: order, for: pool.handle(atSlot: slot)!)
        }
        state.keys[slot] = key
        state.boxes[slot] = box
        state.settles[slot] = settle
        // Glyph rows stay glyph rows: their column is nil already.
        if let shape { shapes[slot] = shape.pointee }
        if !state.isListedMoving[slot] {
            state.isListedMoving[slot] = true
            state.moving.append(RowID(slot: slot))
        }
        return RowID(slot: slot)
    }

    /// Gives back the curve references, pose, extras, tracks and emitter a row holds.
    package func releaseResources(of row: RowID) {
        let m = pool[unchecked: row.slot]
        curves.release(m.transformCurve)
        curves.release(m.appearanceCurve)
        // Most rows hold no extras (and many no pose): asked here, the tables are not called.
        if !m.extras.isNone { state.tables.release(m.extras, curves: curves) }
        if !m.pose.isNone { state.tables.releasePose(m.pose) }
    }

    /// Appends to `rows`, in the order they are listed, the live rows listed
    /// in motion that leave: those hidden by `goneBy` when it is given (a
    /// leaving sprite whose exit is over), shape rows only with `shapes`. Read
    /// here, in place, rather than a whole row at a time by the Director.
    package func appendLeavingRows(to rows: inout [RowID], goneBy t: Double? = nil, shapes includeShapes: Bool = false) {
        for row in state.moving.buffer where isLive(row) {
            let m = pool[unchecked: row.slot]
            guard m.role == .exiting, includeShapes || !shapes.contains(row.slot) else { continue }
            if let t, !(m.hide <= t) { continue }
            rows.append(row)
        }
    }

    /// Removes a row: its resources are released and its sprite checked in.
    package func checkin(_ row: RowID) {
        let slot = row.slot

        guard let handle = pool.handle(atSlot: slot) else { return }
        let tile = state.tiles[slot]
        state.tiles[slot] = .none
        let isShape = pool[unchecked: slot].kind != .glyph
        releaseResources(of: row)
        if isShape { shapes[slot] = nil }
        try? pool.checkin(handle)
        // A glyph's tile goes with it.
        if !tile.isNone { checkin(tile) }
    }

    /// Makes `tile` the tile of the glyph in `row` (none: none; a tile it had is removed).
    package func setTile(of row: RowID, to tile: RowID) {
        let slot = row.slot
        if !state.tiles[slot].isNone && state.tiles[slot] != tile { checkin(state.tiles[slot]) }
        state.tiles[slot] = tile
    }

    /// Puts a row at rest on its rest state: curves at rest, the carried
    /// velocity and finished tracks gone, loops kept, a shape on its last
    /// shape; the sprite persists from now on (in the band `band`). The one
    /// place where a motion comes to rest.
    /// Gives a row another reading order, in the band it is in.
    package func setOrder(of row: RowID, to order: Int) {
        guard let handle = pool.handle(atSlot: row.slot), let band = pool.role(of: handle) else { return }
        try? pool.setRole(band, order: order, for: handle)
    }

    /// Puts a row at rest as `rest(_:order:)` does, unless it rests so already
    /// (a persisting glyph in reading order `order`, its curves at rest, no
    /// pose or extras): then nothing is written.
    @inline(__always)
    package func restUnlessResting(_ row: RowID, order: Int) {
        let m = pool[unchecked: row.slot]
        if m.role == .persisting, m.transformCurve.isRest, m.appearanceCurve.isRest, m.pose.isNone, m.extras.isNone,
            let handle = pool.handle(atSlot: row.slot), pool.order(of: handle) == order,
            pool.role(of: handle) == .persisting
        {
            return
        }
        rest(row, order: order)
    }

    package func rest(_ row: RowID, band: SpriteRole = .persisting, order: Int) {
        let slot = row.slot
        var m = pool[unchecked: slot]
        curves.release(m.transformCurve)
        curves.release(m.appearanceCurve)
        m.transformCurve = .rest
        m.appearanceCurve = .rest
        m.dx = 0
        m.dy = 0
        m.pose = state.tables.restPose(m.pose)
        m.role = .persisting
        if !m.extras.isNone, !state.tables.rest(m.extras, curves: curves) { m.extras = .none }
        pool.withUnsafePayloads { $0[slot] = m }
        // Most rows are glyphs: asking first spares writing a nil shape back.
        if shapes.contains(slot) { shapes[slot] = shapes[slot]?.resting }
        try? pool.setRole(band, order: order, for: pool.handle(atSlot: slot)!)
    }

    /// Renumbers the glyphs of the glyph rows (`renumbered[old id]` is the new
    /// id), once their workspace compacted its table.
    package func renumberGlyphs(_ renumbered: [GlyphID]) {
        pool.withUnsafePayloads { motions in
            forEachRow { row in
                if !shapes.contains(row.slot) { motions[row.slot].glyph = renumbered[Int(motions[row.slot].glyph)] }
            }
        }
    }

    /// Calls `body` with every live row, in slot order (no z-order needed).
    @inline(__always)
    package func forEachRow(_ body: (RowID) -> Void) {
        for handle in pool.handles { body(RowID(slot: handle.slot)) }
    }

    /// Every row's slot in drawing order (see `SpritePool.withZOrder`).
    package func withZOrder<R>(_ body: (UnsafeBufferPointer<Int32>) -> R) -> R {
        pool.withZOrder(body)
    }

    /// Empties the store, keeping its storage.
    package func removeAll() {
        pool.removeAll()
        shapes.removeAll()
        for slot in state.tiles.indices { state.tiles[slot] = .none }
        for k in state.moving.indices { state.isListedMoving[state.moving[k].slot] = false }
        state.moving.truncate(to: 0)
        curves.removeAll()
        state.tables.removeAll()
        state.textRows.removeAll(keepingCapacity: true)
        state.textDirty = 0..<0
    }

    private func growColumns(to capacity: Int) {
        let extra = capacity - state.keys.count
        guard extra > 0 else { return }
        state.keys.append(repeating: 0, count: extra)
        shapes.grow(by: extra)
        state.tiles.append(repeating: .none, count: extra)
        state.boxes.append(repeating: GlyphFrame(rect: .zero, baseline: 0, line: 0), count: extra)
        state.settles.append(repeating: -.infinity, count: extra)
        state.isListedMoving.append(repeating: false, count: extra)
        state.presentedIndex.append(repeating: -1, count: extra)
        state.presentedStamp.append(repeating: 0, count: extra)
    }

    // MARK: - Rows in motion

    /// Drops from the list of moving rows those gone or at rest by `t`, and
    /// calls `body` with each row still in motion then: one whose curves have
    /// not all run their course, or that loops, or a leaving one not yet gone.
    ///
    /// - Complexity: O(rows listed).
    package func forEachMoving(at t: Double, _ body: (RowID) -> Void) {
        var kept = 0
        for k in state.moving.indices {
            let row = state.moving[k]
            guard isLive(row), inMotion(row, at: t) else {
                state.isListedMoving[row.slot] = false
                continue
            }
            state.moving[kept] = row
            kept += 1
        }
        state.moving.truncate(to: kept)
        for k in 0..<kept { body(state.moving[k]) }
    }

    /// Whether a live row still moves at `t`: a leaving one until it is gone,
    /// another until it settles (from then on it shows its rest state exactly,
    /// whether or not it was put at rest), or for ever when it loops.
    private func inMotion(_ row: RowID, at t: Double) -> Bool {
        let m = pool[unchecked: row.slot]
        if m.role == .exiting { return t < m.hide }
        if settle(of: row) > t { return true }
        return !m.extras.isNone && state.tables.loops(m.extras)
    }

    /// Records what every row in motion presents at `t` (updating the curves
    /// to `t` when one is): what `presented(_:)` answers until the next call.
    ///
    /// - Complexity: O(rows listed moving), plus the curves when a row is in motion.
    package func recordPresented(at t: Double) {
        state.stamp &+= 1
        if state.stamp == 0 {
            for slot in state.presentedStamp.indices { state.presentedStamp[slot] = 0 }
            state.stamp = 1
        }
        state.presentedStates.truncate(to: 0)
        // The rows in motion, listed first (`forEachMoving` keeps just those in
        // `moving`), are then evaluated in one pass, each written in its place.
        var count = 0
        forEachMoving(at: t) { _ in count += 1 }
        guard count > 0 else { return }
        curves.update(at: t)
        let time = curves.time, samples = SampledCurves(curves.samples), stamp = state.stamp
        let rows = state.moving.base
        let out = state.presentedStates.appendUnwritten(count: count)
        pool.withUnsafePayloads { payloads in
            withEvaluatorTables { tables in
                for k in 0..<count {
                    let row = rows[k]
                    state.presentedIndex[row.slot] = Int32(truncatingIfNeeded: k)
                    state.presentedStamp[row.slot] = stamp
                    let motion = UnsafePointer(payloads + row.slot)
                    // (Rounding left in a velocity, a motion over a distance of an ulp, does not make the row move.)
                    var velocity = MotionEvaluator.velocity(motion, row: row, tables: tables, samples: samples, at: time)
                    velocity.dropNoise()
                    (out + k).initialize(
                        to: Presented(
                            state: MotionEvaluator.state(motion, row: row, tables: tables, samples: samples, at: time),
                            velocity: velocity))
                }
            }
        }
    }

    /// What a row presented at the last `recordPresented(at:)`: its state and
    /// velocity when it was in motion, else nil (it rests on `restState(of:)`).
    @inline(__always)
    package func presented(_ row: RowID) -> (state: GlyphState, velocity: GlyphState)? {
        guard state.presentedStamp[row.slot] == state.stamp else { return nil }
        let shown = state.presentedStates[Int(state.presentedIndex[row.slot])]
        return (shown.state, shown.velocity)
    }

    /// Whether a row was in motion at the last `recordPresented(at:)` (else it rests on `restState(of:)`).
    @inline(__always)
    package func isPresented(_ row: RowID) -> Bool { state.presentedStamp[row.slot] == state.stamp }

    /// `presented(_:)` written in place: false (nothing written) for a row at rest.
    @inline(__always)
    package func present(
        _ row: RowID, into state: UnsafeMutablePointer<GlyphState>, velocity: UnsafeMutablePointer<GlyphState>
    ) -> Bool {
        guard self.state.presentedStamp[row.slot] == self.state.stamp else { return false }
        let shown = self.state.presentedStates.base + Int(self.state.presentedIndex[row.slot])
        state.pointee = shown.pointee.state
        velocity.pointee = shown.pointee.velocity
        return true
    }

    /// Whether pose `id` rests on the defaults, bit for bit: a row with it and
    /// no extras rests as a row with no pose does (what `writeRestState` writes).
    @inline(__always)
    package func poseRestsOnDefaults(_ id: PoseID) -> Bool {
        state.tables.poses[id.index].rest.hasBits(of: MotionPose().rest)
    }

    /// `restState(of:)` written in place.
    @inline(__always)
    package func writeRestState(of row: RowID, into to: UnsafeMutablePointer<GlyphState>) {
        let m = pool[unchecked: row.slot]
        to.pointee.position = Point(x: m.x, y: m.y)
        if m.pose.isNone {
            (to.pointee.scaleX, to.pointee.scaleY, to.pointee.rotation, to.pointee.skew) = (1, 1, 0, 0)
            (to.pointee.opacity, to.pointee.blur) = (1, 0)
        } else {
            let r = state.tables.poses[m.pose.index].rest
            (to.pointee.scaleX, to.pointee.scaleY, to.pointee.rotation, to.pointee.skew) =
                (r.scaleX, r.scaleY, r.rotation, r.skew)
            (to.pointee.opacity, to.pointee.blur) = (r.opacity, r.blur)
        }
        if m.extras.isNone {
            to.pointee.tint = Tint(red: 1, green: 1, blue: 1, alpha: 0)
            to.pointee.strokeEnd = 1
            to.pointee.fill = 1
        } else {
            let e = state.tables.extras.base + m.extras.index
            to.pointee.tint = e.pointee.restTint
            to.pointee.strokeEnd = e.pointee.restStrokeEnd
            to.pointee.fill = e.pointee.restFill
        }
    }

    /// A row's state and velocity at the time of the curves' last `update(at:)`.
    package func evaluatePresented(_ row: RowID) -> (state: GlyphState, velocity: GlyphState) {
        let t = curves.time
        return evaluate(row, samples: SampledCurves(curves.samples), at: t)
    }

    /// A row's state and velocity at absolute time `t`, sampling only its own curves.
    package func evaluate(_ row: RowID, at t: Double) -> (state: GlyphState, velocity: GlyphState) {
        let m = pool[unchecked: row.slot]
        return withUnsafeTemporaryAllocation(of: TimingSample.self, capacity: curves.count) { buffer in
            let out = buffer.baseAddress!
            out[0] = CurveTable.restSample
            curves.sample(m.transformCurve, at: t, into: out)
            curves.sample(m.appearanceCurve, at: t, into: out)
            if !m.extras.isNone {
                for track in state.tables.tracks(of: m.extras) { curves.sample(track.curve, at: t, into: out) }
            }
            return evaluate(row, samples: SampledCurves(UnsafePointer(out)), at: t)
        }
    }

    private func evaluate(_ row: RowID, samples: SampledCurves, at t: Double) -> (state: GlyphState, velocity: GlyphState) {
        pool.withUnsafePayloads { payloads in
            let motion = UnsafePointer(payloads + row.slot)
            return withEvaluatorTables { tables in
                (
                    MotionEvaluator.state(motion, row: row, tables: tables, samples: samples, at: t),
                    MotionEvaluator.velocity(motion, row: row, tables: tables, samples: samples, at: t)
                )
            }
        }
    }

    /// Calls `body` with the tables the evaluator reads, in place.
    @inline(__always)
    package func withEvaluatorTables<R>(_ body: (EvaluatorTables) -> R) -> R {
        state.tables.withEvaluatorTables(settles: UnsafePointer(state.settles.base), body)
    }

    /// Stops the program with a message when what the store counts disagrees
    /// with what its rows hold: each pose's rows, each listed moving row
    /// flagged, and the tables' and the curve table's own counts. Tests call
    /// it; building with the KINETYPE_INVARIANTS condition makes every plan
    /// end with it.
    ///
    /// - Complexity: O(rows + table entries).
    package func checkInvariants() {
        var poseRows = [Int32](repeating: 0, count: state.tables.poses.count)
        forEachRow { row in
            let pose = self[row].pose
            if !pose.isNone { poseRows[pose.index] += 1 }
        }
        state.tables.checkInvariants(poseRows: poseRows)
        curves.checkInvariants()
        for k in 0..<state.moving.count {
            let row = state.moving[k]
            precondition(state.isListedMoving[row.slot], "MotionStore: row \(row.slot) listed but not flagged")
        }
    }
}
