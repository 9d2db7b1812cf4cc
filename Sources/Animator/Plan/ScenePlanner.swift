import Analyzer

/// Plans a control's change from one scene state to another into a
/// `MotionStore`, with the planner's writer: shapes are sprites like glyphs,
/// with the same carry rule, the same rest rule and one settle time each.
///
/// A shape with the same key in both states persists: it moves and blends from
/// what it shows now to the new element (a shape in motion turns at once, its
/// velocity kept; one at rest waits the scene's delay). New keys fade in where
/// they belong; keys the new state lacks fade out where they are, keeping their
/// place in the drawing order.
package struct ScenePlanner {
    /// The scene's live shapes in drawing order: each key and its row.
    package struct Rows: Sendable {
        package var keys: [String] = []
        package var rows: [RowID] = []

        package init() {}

        /// The row of a key, if it is live.
        package func row(of key: String) -> RowID? {
            keys.firstIndex(of: key).map { rows[$0] }
        }
    }

    /// Drawing bands: scene shapes are drawn after the tiles, in their own order.
    package static let band = SpriteRole.entering
    package static let firstOrder = 1 << 40

    let store: MotionStore

    package init(store: MotionStore) {
        self.store = store
    }

    /// Shows `state` at rest at once (no motion): shapes keep their rows (and
    /// identities) by key; shapes the state lacks are removed.
    package func show(_ state: SceneState, rows: inout Rows) {
        var next = Rows()
        var seen = Set<String>()
        for element in state.elements where seen.insert(element.key).inserted {
            let box = Self.box(of: element)
            let shape = ShapeRow(key: element.key, from: element.shape, to: element.shape, layer: element.layer)
            let order = Self.firstOrder + next.keys.count
            let row = rows.row(of: element.key) ?? .none
            var motion = MotionRow.resting(
                at: element.state.position, glyph: 0, id: row.isNone ? store.takeID() : store[row].id,
                kind: element.shape.kind, box: box)
            (motion.pose, motion.extras) = store.tables.resting(on: element.state)
            next.keys.append(element.key)
            next.rows.append(
                store.write(
                    motion, into: row, band: Self.band, order: order, key: 0, box: box, settle: -.infinity, shape: shape))
        }
        for (key, row) in zip(rows.keys, rows.rows) where !seen.contains(key) { store.checkin(row) }
        rows = next
    }

    /// Plans the change to `state` starting at `origin` (absolute seconds, the
    /// store's curves updated to it), every shape on `timing` after `delay` as
    /// the motion preference allows; returns when the last shape has settled.
    package func plan(
        _ state: SceneState, rows: inout Rows, origin: Double, motion: ResolvedMotion, timing requested: TimingCurve,
        delay requestedDelay: Double
    ) -> Double {
        let (timing, wait) = motion.adjusted(requested, delay: requestedDelay.isFinite ? max(requestedDelay, 0) : 0)
        store.curves.beginPlan(origin: origin)
        defer { store.curves.endPlan() }
        // What each live shape shows now: the writer continues them from this snapshot.
        var snapshot = PresentedSnapshot()
        var presented: [String: (row: RowID, source: ShownID, state: GlyphState, shape: Shape?)] = [:]
        let samples = store.curves.samples
        for (key, row) in zip(rows.keys, rows.rows) where store.isLive(row) {
            let now = store.evaluatePresented(row)
            let progress = samples[store[row].transformCurve.index].progress
            presented[key] = (
                row, ShownID(snapshot.sprites.count), now.state,
                store.shapes[row.slot]?.shape(at: min(max(progress, 0), 1))
            )
            snapshot.append(glyph: 0, state: now.state, velocity: now.velocity, key: 0, boxSize: .zero, row: row)
        }
        let writer = MotionWriter(store: store, origin: origin, fade: 0, onScreen: OnScreen(snapshot))
        var template = PlanTemplate(RoleTemplate(timing: timing), curves: store.curves)
        var tracks: [MotionWriter.GlyphTrack] = []
        var variation = GlyphVariation(template: template.template)
        // The new drawing order: the state's elements, with each leaving shape
        // after the shapes that preceded it.
        var order: [(key: String, element: SceneElement?)] = []
        var seen = Set<String>()
        for element in state.elements where seen.insert(element.key).inserted { order.append((element.key, element)) }
        for (k, key) in rows.keys.enumerated() where !seen.contains(key) && presented[key] != nil {
            let before = rows.keys[..<k]
            let slot = order.lastIndex { before.contains($0.key) }.map { $0 + 1 } ?? 0
            order.insert((key, nil), at: slot)
        }
        var next = Rows()
        var end = origin
        for (position, item) in order.enumerated() {
            let now = presented[item.key]
            var d: PlacedGlyph
            var placement: MotionWriter.Placement
            var shape: ShapeRow?
            let drawing = Self.firstOrder + position
            if let element = item.element {
                var start = element.state
                if now == nil { start.opacity = 0 } else { start = now!.state }
                d = PlacedGlyph(
                    from: start, to: element.state, delay: 0, box: Self.box(of: element), template: 0, sharesPose: false,
                    varies: false, hasLane: false, laneAmplitude: 0, laneCurve: .instant)
                placement = MotionWriter.Placement(
                    start: wait + element.delay, role: now == nil ? .entering : .persisting, glyph: 0,
                    kind: element.shape.kind, band: Self.band, order: drawing, key: 0)
                shape = ShapeRow(
                    key: element.key, from: now?.shape ?? element.shape, to: element.shape, layer: element.layer)
            } else {
                // Gone from the new state: it fades out where it is, as it is.
                let leaving = now!
                var gone = leaving.state
                gone.opacity = 0
                d = PlacedGlyph(
                    from: leaving.state, to: gone, delay: 0, box: store.box(of: leaving.row), template: 0,
                    sharesPose: false, varies: false, hasLane: false, laneAmplitude: 0, laneCurve: .instant)
                let drawn = leaving.shape ?? store.shapes[leaving.row.slot]?.to
                placement = MotionWriter.Placement(
                    start: wait, role: .exiting, glyph: 0, kind: drawn?.kind ?? .rect, band: Self.band, order: drawing,
                    key: 0)
                if let drawn, let row = store.shapes[leaving.row.slot] {
                    shape = ShapeRow(key: item.key, from: drawn, to: drawn, layer: row.layer)
                }
            }
            if let now {
                placement.row = now.row
                placement.source = now.source
                writer.onScreen.present(now.source, into: &d)
            }
            let row: RowID
            if let shape {
                row = withUnsafePointer(to: shape) {
                    writer.write(&d, template: &template, variation: &variation, &placement, shape: $0, tracks: &tracks)
                }
            } else {
                row = writer.write(&d, template: &template, variation: &variation, &placement, tracks: &tracks)
            }
            next.keys.append(item.key)
            next.rows.append(row)
            end = max(end, store.settle(of: row))
        }
        rows = next
        return end
    }

    /// The element's box: its shape's size, centred on its position.
    static func box(of element: SceneElement) -> GlyphFrame {
        let size = element.shape.size
        let p = element.state.position
        let rect = Rect(origin: Point(x: p.x - size.width / 2, y: p.y - size.height / 2), size: size)
        return GlyphFrame(rect: rect, baseline: rect.maxY, line: 0)
    }
}
