import Analyzer

extension TransitionPlanner {
    /// Whether the glyphs of template `t` can be written the short way: no
    /// tiles, tracks, particles, per-glyph variation or rare channels, and
    /// finite states. Such a glyph's row is its template's motion put at its
    /// boxes (`MotionWriter.plain`), with nothing placed in between.
    func isPlain(_ t: UnsafeMutablePointer<PlanTemplate>) -> Bool {
        !hasTiles && !t.pointee.hasTracks && !t.pointee.hasEmitter && !t.pointee.variesPerGlyph
            && !t.pointee.needsExtras && t.pointee.isFinite
    }

    /// Writes a leaving glyph of a plain template (`isPlain`) that rides no
    /// anchor, as `place` and `write` would: from its sprite when that rests
    /// just where the motion starts, else as a new row. Returns nil, writing
    /// nothing, when the glyph needs the general path (its sprite shows
    /// anything else, or its place is not finite); else its row, the sprite it
    /// continues, and what its timing mark needs: its place's box, where its
    /// motion ends and when it starts (seconds after the plan's origin).
    @inline(__always)
    func writePlainExit(
        _ entry: PlanEntry, rank: Int32, template t: UnsafeMutablePointer<PlanTemplate>
    ) -> (row: RowID, source: ShownID, box: GlyphFrame, from: Point, to: Point, start: Double)? {
        let index = Int(entry.oldIndex)
        guard let (box, from, to) = plainPlace(old, index, template: t) else { return nil }
        var source = ShownID.none, into = RowID.none
        let key: UInt64
        if let onScreen, index < onScreen.textCount {
            source = ShownID(index)
            guard t.pointee.fromIsRest, onScreen.restsExactly(source, at: from) else { return nil }
            into = onScreen.row(source)
            key = onScreen.key(source)
        } else {
            key = StableHash.of(glyph: entry.glyph, in: symbols, index: index)
        }
        let start = exitStep * Double(rank) + plainDelay(t)
        let row = writer.plain(
            template: t, from: from, to: to, box: box, start: start, role: .exiting, glyph: entry.glyph,
            drawing: namesDrawings ? drawing(old: index) : -1, band: .exiting, order: index, key: key, into: into)
        return (row, source, box, from, to, start)
    }

    /// The box of glyph `index` of `frames` and where a glyph of plain template
    /// `t` starts and ends there; nil when those are not finite.
    @inline(__always)
    func plainPlace(
        _ frames: AnchoredFrames, _ index: Int, template t: UnsafeMutablePointer<PlanTemplate>
    ) -> (box: GlyphFrame, from: Point, to: Point)? {
        let box = frames[index]
        let center = box.rect.center
        let offsets = (from: t.pointee.template.from.position, to: t.pointee.template.to.position)
        let from = Point(x: center.x + offsets.from.x, y: center.y + offsets.from.y)
        let to = Point(x: center.x + offsets.to.x, y: center.y + offsets.to.y)
        guard (from.x + from.y + to.x + to.y).isFinite else { return nil }
        return (box, from, to)
    }

    /// Whether a persisting glyph that stays where it was can keep its row
    /// (`keepInPlace`): the effect's template for such glyphs changes nothing
    /// (plain, starting and ending at rest on the glyph's place), and a store
    /// shows the old text.
    var keepsStillGlyphs: Bool {
        guard let onScreen, onScreen.isStore else { return false }
        let t = template(.still)
        return isPlain(t) && t.pointee.fromIsRest && t.pointee.toIsRest && t.pointee.template.from.position == .zero
            && t.pointee.template.to.position == .zero
    }

    /// Keeps the row of a persisting glyph that stays exactly where it was
    /// (same glyph, box and drawing) and rests there, as writing the still template
    /// over it would leave it: at rest, persisting, in its new reading order.
    /// Nothing is written for a row that rests so already. A row still moving
    /// towards that rest (an arrival under way) keeps its motion as it is, in
    /// its new reading order: a word streamed in after the last one leaves the
    /// last one's arrival alone. Returns
    /// the row, the sprite it continues and whether the row is in motion, or
    /// nil when the glyph needs writing.
    @inline(__always)
    func keepInPlace(_ entry: PlanEntry) -> (row: RowID, source: ShownID, moving: Bool)? {
        let from = Int(entry.oldIndex), to = Int(entry.newIndex)
        guard let onScreen, from < onScreen.textCount else { return nil }
        let box = new[to]
        guard old[from] == box else { return nil }
        let source = ShownID(from)
        let center = box.rect.center
        let rests = onScreen.restsExactly(source, at: center)
        guard rests || onScreen.comesToRest(source, at: center) else { return nil }
        let row = onScreen.row(source)
        let store = writer.store
        // The same glyph (a letter gaining a mark keeps its sprite, but shows another glyph).
        guard store[row].glyph == entry.glyph else { return nil }
        if namesDrawings && store[row].drawing != drawing(new: to) { return nil }
        if rests {
            store.restUnlessResting(row, order: to)
        } else {
            store.setOrder(of: row, to: to)
        }
        return (row, source, !rests)
    }

    /// A plain template's delay (0 when it is not finite).
    @inline(__always)
    func plainDelay(_ t: UnsafeMutablePointer<PlanTemplate>) -> Double {
        t.pointee.delay.isFinite ? t.pointee.delay : 0
    }
}

extension TransitionPlanner.Pass {
    /// Writes an arriving glyph of a plain template that rides no moving
    /// anchor and catches no sprite, held (when `timed`) until its place is
    /// clear, as `place` and `write` would; returns its row, or nil, writing
    /// nothing, when its place is not finite.
    @inline(__always)
    func planPlainArrival(_ entry: PlanEntry, rank: Int32, timed: Bool, pairing: Int?) -> RowID? {
        let t = planner.template(.entering)
        let index = Int(entry.newIndex)
        guard let (box, from, to) = planner.plainPlace(planner.new, index, template: t) else { return nil }
        let delay = planner.plainDelay(t)
        let start = planner.step * Double(rank) + delay
        var hold = 0.0
        if timed {
            hold = holdArrival(
                entry.glyph, from: from, to: to, opacity: (t.pointee.template.from.opacity, t.pointee.template.to.opacity),
                size: box.rect.size, delay: delay, start: start, template: t, sharesPose: true, tracked: false,
                pairing: pairing, follow: nil)
        }
        return planner.writer.plain(
            template: t, from: from, to: to, box: box, start: start + hold, role: .entering, glyph: entry.glyph,
            drawing: planner.namesDrawings ? planner.drawing(new: index) : -1, band: .entering, order: index,
            key: StableHash.of(glyph: entry.glyph, in: planner.symbols, index: index), into: .none)
    }
}
