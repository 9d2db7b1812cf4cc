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
    /// anything else, or its place is not finite).
    @inline(__always)
    func writePlainExit(
        _ entry: PlanEntry, rank: Int32, template t: UnsafeMutablePointer<PlanTemplate>
    ) -> (row: RowID, source: ShownID)? {
        let index = Int(entry.oldIndex)
        let box = old[index]
        let center = box.rect.center
        let offsets = (from: t.pointee.template.from.position, to: t.pointee.template.to.position)
        let from = Point(x: center.x + offsets.from.x, y: center.y + offsets.from.y)
        let to = Point(x: center.x + offsets.to.x, y: center.y + offsets.to.y)
        guard (from.x + from.y + to.x + to.y).isFinite else { return nil }
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
        let delay = t.pointee.delay.isFinite ? t.pointee.delay : 0
        let row = writer.plain(
            template: t, from: from, to: to, box: box, start: exitStep * Double(rank) + delay, role: .exiting,
            glyph: entry.glyph, drawing: namesDrawings ? drawing(old: index) : -1, band: .exiting, order: index, key: key,
            into: into)
        return (row, source)
    }
}
