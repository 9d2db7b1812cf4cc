import Analyzer

extension TransitionPlanner {
    /// The drawing the old layout named for glyph `i`, or −1 when it names none.
    @inline(__always)
    func drawing(old i: Int) -> Int32 {
        guard let oldDrawings, i >= 0, i < oldDrawings.count else { return -1 }
        return oldDrawings[i]
    }

    /// The drawing the new layout named for glyph `i`, or −1 when it names none.
    @inline(__always)
    func drawing(new i: Int) -> Int32 {
        guard let newDrawings, i >= 0, i < newDrawings.count else { return -1 }
        return newDrawings[i]
    }

    /// Gives a placed glyph its drawings, when a layout names them: it ends on
    /// its drawing in its text; one that stays blends from the drawing it shows
    /// (its old text's, or, continuing a sprite, the sprite's: a caught one's
    /// leaving drawing), keeping its start edge where the old drawing had it.
    @inline(never)  // out of the planner's loop for layouts that name no drawings
    func placeDrawings(_ placement: inout MotionWriter.Placement, from: Int, to: Int, source: ShownID) {
        let role = placement.role
        placement.drawing = role == .exiting ? drawing(old: from) : drawing(new: to)
        if role == .persisting { placement.fromDrawing = drawing(old: from) }
        if !source.isNone, role != .exiting, writer.store.isLive(placement.row) {
            placement.fromDrawing = writer.store[placement.row].drawing
        }
        guard placement.reshapes else { return }
        // The old drawing stays where it was drawn (the writer lines both up by their start edge).
        placement.fromWidth = source.isNone ? old[from].rect.width : onScreen!.boxSize(source).width
    }
}
