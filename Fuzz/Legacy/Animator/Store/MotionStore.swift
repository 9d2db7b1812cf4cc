import LegacyAnalyzer
import LegacyPool

/// The one store of sprite motions: what the planner writes and the Director
/// sweeps every frame.
///
/// A row is a sprite: a slot of the store's `SpritePool`, whose payload is the
/// sprite's `MotionRow` (the hot part of its `SpriteMotion`, what the sweep
/// reads), with its drawing band and reading order in the pool's z-order.
/// Beside it, by slot, sit the colder columns (the key of the sprite's random
/// traits, its layout box, its settle time), and the tables the motions refer
/// to: one curve table with absolute start times, and the poses, extras (which
/// also keep the rare channels' rest values when they are not the defaults),
/// tracks and particle emitters.
///
/// The planner writes each row once per transition, in place: a sprite it
/// continues keeps its row (and its identity), a new one gets a new row.
/// Nothing is copied or remapped afterwards; a `TransitionPlan` reads the rows
/// it wrote. The Director owns one store for its whole life; a plan made on its
/// own has a store of its own.
///
/// - Important: A store is confined to its owner, like the pool it holds.
package final class MotionStore {
    // The stored state is marked `@exclusivity(unchecked)`: dynamic exclusivity
    // checks on it were a large share of planning, and they guard nothing here.
    // A store is confined to its owner, its methods make momentary accesses only,
    // and no caller code runs while they do.
    package let pool: SpritePool<MotionRow>
    /// The one curve table.
    package let curves = CurveTable()
    /// Extras, tracks and particle emitters.
    @exclusivity(unchecked)
    package var tables = MotionTables()
    /// By slot: the key of the sprite's random traits (see `EffectContext.random`).
    @exclusivity(unchecked)
    package private(set) var keys: [UInt64] = []
    /// By slot: the sprite's layout box (new layout for entering and persisting
    /// glyphs, old for exiting ones; the element's box for a shape).
    @exclusivity(unchecked)
    package private(set) var boxes: [GlyphFrame] = []
    /// By slot: when the sprite's finite motion ends (`SpriteMotion.settle`).
    @exclusivity(unchecked)
    private var settles: [Double] = []
    /// By slot: what a shape sprite draws (nil for a glyph).
    package let shapes = ShapeColumn()
    /// By slot: the row of a glyph's tile, or −1.
    @exclusivity(unchecked)
    package private(set) var tiles: [Int32] = []
    /// The rows of the text shown or headed to, one per glyph, in order.
    @exclusivity(unchecked)
    package var textRows: [Int32] = []
    @exclusivity(unchecked)
    private var nextID: Int32 = 0

    package init(capacity: Int = 64) {
        pool = SpritePool(capacity: max(capacity, 1))
    }

    /// The number of live rows.
    package var count: Int { pool.count }

    /// A new sprite identity.
    package func takeID() -> Int32 {
        defer { nextID &+= 1 }
        return nextID
    }

    /// The motion of a row.
    @inline(__always)
    package func motion(_ row: Int32) -> SpriteMotion {
        let m = pool[unchecked: Int(row)]
        let change = pose(of: row).change
        var delta = PrimaryDelta()
        (delta.x, delta.y, delta.scaleX, delta.scaleY) = (m.dx, m.dy, change.scaleX, change.scaleY)
        (delta.rotation, delta.skew) = (change.rotation, change.skew)
        (delta.opacity, delta.blur) = (change.opacity, change.blur)
        return SpriteMotion(
            to: restState(of: row), delta: delta, transformCurve: m.transformCurve, appearanceCurve: m.appearanceCurve,
            extras: m.extras, glyph: m.glyph, id: m.id, role: m.role, kind: m.kind, settle: settle(of: row),
            hide: m.hide, boxSize: m.boxSize, baselineOffset: m.baselineOffset, drawing: m.drawing)
    }

    /// A row's state at rest (`SpriteMotion.to`), read in place.
    @inline(__always)
    package func restState(of row: Int32) -> GlyphState {
        let m = pool[unchecked: Int(row)]
        let r = pose(of: row).rest
        var to = GlyphState(
            position: Point(x: m.x, y: m.y), scaleX: r.scaleX, scaleY: r.scaleY, rotation: r.rotation, skew: r.skew,
            opacity: r.opacity, blur: r.blur, tint: Tint(red: 1, green: 1, blue: 1, alpha: 0))
        if m.extras >= 0 {
            tables.extras.withUnsafeBufferPointer { extras in
                let e = extras.baseAddress! + Int(m.extras)
                to.tint = e.pointee.restTint
                to.strokeEnd = e.pointee.restStrokeEnd
                to.fill = e.pointee.restFill
            }
        }
        return to
    }

    /// A row's pose: its scale, rotation, skew, opacity and blur at rest and
    /// their change (the defaults when the row has no pose entry).
    @inline(__always)
    package func pose(of row: Int32) -> MotionPose {
        let index = pool[unchecked: Int(row)].pose
        return index >= 0 ? tables.poses.withUnsafeBufferPointer { $0[Int(index)] } : MotionPose()
    }

    /// When a row's finite motion ends (`SpriteMotion.settle`).
    @inline(__always)
    package func settle(of row: Int32) -> Double { settles.withUnsafeBufferPointer { $0[Int(row)] } }

    /// The row the pool keeps for `motion`: a pose entry when its other primary
    /// channels need one; its extras, made for it when it has none and its rare
    /// channels rest away from their defaults, take the rest values and the
    /// settle time.
    @inline(__always)
    private func row(of motion: SpriteMotion) -> MotionRow {
        let pose = MotionPose(motion)
        var extras = motion.extras
        if extras < 0
            && MotionExtras.restsAwayFromDefaults(tint: motion.to.tint, motion.to.strokeEnd, motion.to.fill)
        {
            extras = tables.addExtras(
                velocity: .zero, rareDelta: .zero, trackStart: tables.nextTrack, emitter: nil, origin: 0)
        }
        if extras >= 0 { tables.setRest(of: extras, from: motion) }
        return MotionRow(motion, extras: extras, pose: pose.isDefault ? -1 : tables.addPose(pose))
    }

    /// Whether `row` names a live sprite.
    package func isLive(_ row: Int32) -> Bool {
        row >= 0 && pool.handle(atSlot: Int(row)) != nil
    }

    // MARK: - Writing rows

    /// A new row holding `motion`, drawn in the band of `band` at `order`; the
    /// motion's curves are retained (its tracks already were, by the writer).
    @discardableResult @inline(__always)
    package func checkout(
        _ motion: SpriteMotion, band: SpriteRole, order: Int, key: UInt64, box: GlyphFrame, shape: ShapeRow? = nil
    ) -> Int32 {
        curves.retain(motion.transformCurve)
        curves.retain(motion.appearanceCurve)
        let handle = pool.checkout(row(of: motion), role: band, order: order)
        let slot = handle.slot
        if slot >= keys.count { growColumns(to: pool.stats.capacity) }
        keys[slot] = key
        boxes[slot] = box
        settles[slot] = motion.settle
        // Glyph rows stay glyph rows: their column is nil already.
        if shape != nil { shapes[slot] = shape }
        return Int32(slot)
    }

    /// Writes `motion` over a live row, releasing what its previous motion held
    /// (the row keeps its sprite's identity: `motion.id` should be the row's).
    @inline(__always)
    package func replace(
        _ row: Int32, with motion: SpriteMotion, band: SpriteRole, order: Int, key: UInt64, box: GlyphFrame,
        shape: ShapeRow? = nil
    ) {
        curves.retain(motion.transformCurve)
        curves.retain(motion.appearanceCurve)
        releaseResources(of: row)
        let slot = Int(row)
        let hot = self.row(of: motion)
        pool.withUnsafePayloads { $0[slot] = hot }
        try? pool.setRole(band, order: order, for: pool.handle(atSlot: slot)!)
        keys[slot] = key
        boxes[slot] = box
        settles[slot] = motion.settle
        if shape != nil { shapes[slot] = shape }
    }

    /// Gives back the curve references, extras, tracks and emitter a row holds.
    package func releaseResources(of row: Int32) {
        let m = pool[unchecked: Int(row)]
        curves.release(m.transformCurve)
        curves.release(m.appearanceCurve)
        tables.release(m.extras, curves: curves)
        tables.releasePose(m.pose)
    }

    /// Removes a row: its resources are released and its sprite checked in.
    package func checkin(_ row: Int32) {
        let slot = Int(row)
        guard let handle = pool.handle(atSlot: slot) else { return }
        let tile = tiles[slot]
        tiles[slot] = -1
        let isShape = pool[unchecked: slot].kind != .glyph
        releaseResources(of: row)
        if isShape { shapes[slot] = nil }
        try? pool.checkin(handle)
        // A glyph's tile goes with it.
        if tile >= 0 { checkin(tile) }
    }

    /// Makes `tile` the tile of the glyph in `row` (−1: none; a tile it had is removed).
    package func setTile(of row: Int32, to tile: Int32) {
        let slot = Int(row)
        if tiles[slot] >= 0 && tiles[slot] != tile { checkin(tiles[slot]) }
        tiles[slot] = tile
    }

    /// Puts a row at rest on its `to`: curves at rest, the carried velocity and
    /// finished tracks gone, loops kept, a shape on its last shape; the sprite
    /// persists from now on (in the band `band`). The one place where a motion
    /// comes to rest.
    package func rest(_ row: Int32, band: SpriteRole = .persisting, order: Int) {
        let slot = Int(row)
        var m = pool[unchecked: slot]
        curves.release(m.transformCurve)
        curves.release(m.appearanceCurve)
        m.transformCurve = CurveTable.restID
        m.appearanceCurve = CurveTable.restID
        m.dx = 0
        m.dy = 0
        if m.pose >= 0, !tables.restPose(m.pose) { m.pose = -1 }
        m.role = .persisting
        if m.extras >= 0, !tables.rest(m.extras, curves: curves) { m.extras = -1 }
        pool.withUnsafePayloads { $0[slot] = m }
        // Most rows are glyphs: asking first spares writing a nil shape back.
        if shapes.contains(slot) { shapes[slot] = shapes[slot]?.resting }
        try? pool.setRole(band, order: order, for: pool.handle(atSlot: slot)!)
    }

    /// Calls `body` with every live row, in slot order (no z-order needed).
    @inline(__always)
    package func forEachRow(_ body: (Int32) -> Void) {
        for handle in pool.handles { body(Int32(truncatingIfNeeded: handle.slot)) }
    }

    /// Every row's slot in drawing order (see `SpritePool.withZOrder`).
    package func withZOrder<R>(_ body: (UnsafeBufferPointer<Int32>) -> R) -> R {
        pool.withZOrder(body)
    }

    /// Empties the store, keeping its storage.
    package func removeAll() {
        pool.removeAll()
        shapes.removeAll()
        for slot in tiles.indices { tiles[slot] = -1 }
        curves.removeAll()
        tables.removeAll()
        textRows.removeAll(keepingCapacity: true)
    }

    private func growColumns(to capacity: Int) {
        let extra = capacity - keys.count
        guard extra > 0 else { return }
        keys.append(contentsOf: repeatElement(0, count: extra))
        shapes.grow(by: extra)
        tiles.append(contentsOf: repeatElement(-1, count: extra))
        boxes.append(contentsOf: repeatElement(GlyphFrame(rect: .zero, baseline: 0, line: 0), count: extra))
        settles.append(contentsOf: repeatElement(-.infinity, count: extra))
    }

    // MARK: - Reading rows

    /// A row's state and velocity at the time of the curves' last `update(at:)`.
    package func presented(_ row: Int32) -> (state: GlyphState, velocity: GlyphState) {
        let t = curves.time
        return curves.samples.withUnsafeBufferPointer { samples in
            evaluate(row, samples: SampledCurves(samples.baseAddress!), at: t)
        }
    }

    /// A row's state and velocity at absolute time `t`, sampling only its own curves.
    package func evaluate(_ row: Int32, at t: Double) -> (state: GlyphState, velocity: GlyphState) {
        let m = pool[unchecked: Int(row)]
        return withUnsafeTemporaryAllocation(of: TimingSample.self, capacity: curves.count) { buffer in
            let out = buffer.baseAddress!
            out[0] = CurveTable.restSample
            curves.sample(m.transformCurve, at: t, into: out)
            curves.sample(m.appearanceCurve, at: t, into: out)
            if m.extras >= 0 { for track in tables.tracks(of: m.extras) { curves.sample(track.curve, at: t, into: out) } }
            return evaluate(row, samples: SampledCurves(UnsafePointer(out)), at: t)
        }
    }

    private func evaluate(_ row: Int32, samples: SampledCurves, at t: Double) -> (state: GlyphState, velocity: GlyphState) {
        pool.withUnsafePayloads { payloads in
            let motion = UnsafePointer(payloads + Int(row))
            return tables.withEvaluatorTables { tables in
                (
                    MotionEvaluator.state(motion, tables: tables, samples: samples, at: t),
                    MotionEvaluator.velocity(motion, tables: tables, samples: samples, at: t)
                )
            }
        }
    }
}
