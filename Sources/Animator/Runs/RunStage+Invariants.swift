import Analyzer

// Consistency checking.
//
// The stage keeps its sprites in flat rows that name their records beside them by index
// (a template, a box, a look, an own motion, a ride, a lane, track variations), and it
// renumbers those records as it lets unused ones go. `_checkInvariants()` verifies every
// such reference, the tables that must stay in step, and the counts kept beside them, in
// O(sprites + templates + boxes). The tests and the FuzzPlan target call it after every
// change; building with the KINETYPE_INVARIANTS compilation condition also makes every
// change call it:
//
//     swift test -Xswiftc -DKINETYPE_INVARIANTS --filter DirectorTests

extension RunStage {
    /// Stops the program with a message if the stage's storage is inconsistent.
    ///
    /// - Complexity: O(sprites + templates + boxes).
    @inline(never)
    package func _checkInvariants() {
        let templateCount = templateKeys.count
        checkTemplates(count: templateCount)
        boxes.checkInvariants()
        let w = scratch
        // The records beside the rows each name.
        precondition(w.owns.count <= w.owns.capacity && w.follows.count <= w.follows.capacity, "a record column past its room")
        for r in 0..<w.follows.count {
            let follow = w.follows[r]
            precondition(
                follow.template.exists && follow.template.index < templateCount,
                "ride \(r) names template \(follow.template.raw) of \(templateCount)")
            precondition(follow.start.isFinite && follow.dx.isFinite && follow.dy.isFinite, "ride \(r) is not finite")
        }
        for r in 0..<w.lanes.count {
            let curve = w.lanes[r].curve
            precondition(curve.exists && curve.index < laneCurves.count, "lane \(r) names curve \(curve.raw) of \(laneCurves.count)")
        }
        // The rows: the text's glyphs in order, the leaving ones, the scene's shapes.
        var ids: [Int32] = []
        func check(_ band: Column<Sprite>, _ name: String, kinds: ClosedRange<UInt8>, owns: Column<Own>) {
            for k in 0..<band.count {
                let s = band[k]
                let at = "\(name) sprite \(k) (id \(s.id))"
                ids.append(s.id)
                precondition(s.id >= 0 && s.id < nextID, "\(at): an id the stage never gave (next \(nextID))")
                precondition(kinds.contains(s.kind), "\(at): kind \(s.kind) outside \(kinds.lowerBound)...\(kinds.upperBound)")
                // (Only a sprite at rest may name no template: set at rest before any change.)
                precondition(
                    s.template.isNone ? s.kind == 0 : s.template.index < templateCount,
                    "\(at): template \(s.template.raw) of \(templateCount)")
                precondition(Int(s.look) < looks.count, "\(at): look \(s.look) of \(looks.count)")
                precondition(s.box.exists && s.box.index < boxes.count, "\(at): box outside the table of \(boxes.count)")
                precondition(s.ownIndex.isNone || s.ownIndex.index < owns.count, "\(at): own motion past the \(owns.count) kept")
                precondition(s.followIndex.isNone || s.followIndex.index < w.follows.count, "\(at): ride past the \(w.follows.count) kept")
                precondition(s.laneIndex.isNone || s.laneIndex.index < w.lanes.count, "\(at): lane past the \(w.lanes.count) kept")
                if s.variation.exists {
                    let tracks = info[s.template.index].pointee.trackCount
                    precondition(s.variation.index + tracks <= w.variations.count, "\(at): its \(tracks) track variations past the \(w.variations.count) kept")
                }
                precondition(s.drawing >= -1, "\(at): drawing \(s.drawing)")
                precondition(s.x.isFinite && s.y.isFinite && s.dx.isFinite && s.dy.isFinite, "\(at): a place that is not finite")
                precondition(!s.start.isNaN && !s.settle.isNaN && !s.hide.isNaN, "\(at): a time that is not a number")
            }
        }
        check(w.current, "text", kinds: 0...3, owns: w.owns)
        check(w.leaving, "leaving", kinds: 2...2, owns: w.owns)
        check(sceneSprites, "scene", kinds: 0...3, owns: sceneOwns)
        ids.sort()
        for n in ids.indices.dropFirst() { precondition(ids[n - 1] != ids[n], "two sprites have id \(ids[n])") }
        precondition(sceneShapes.count == sceneSprites.count, "\(sceneShapes.count) scene shapes, \(sceneSprites.count) sprites")
        // The text's rows are its glyphs, each in its laid-out box.
        let glyphs = symbols.count
        // (A change a caller analysed and laid out may come with too few frames, or too many:
        // a glyph past the last frame gets an empty box after it.)
        precondition(
            givenSymbols != nil || w.current.count == laidOut.frames.count,
            "\(w.current.count) text sprites for \(laidOut.frames.count) glyphs laid out")
        let frames = AnchoredFrames(laidOut)
        // (A line that only shifted keeps its boxes: the baseline's offset from the centre may
        // then differ in its last bits.)
        let near = { (a: Double, b: Double) in a == b || abs(a - b) <= 1e-9 * max(1, abs(a), abs(b)) }
        for k in 0..<w.current.count {
            let s = w.current[k], box = boxes[s.box], laid = Box(frames[k])
            precondition(Int(s.glyph) < glyphs && Int(s.bornGlyph) < glyphs, "text sprite \(k): glyph \(s.glyph) outside the table of \(glyphs)")
            precondition(
                near(box.width, laid.width) && near(box.height, laid.height) && near(box.baselineOffset, laid.baselineOffset),
                "text sprite \(k): its box is not the one the layout gives its glyph")
        }
        for k in 0..<w.leaving.count {
            precondition(Int(w.leaving[k].glyph) < glyphs, "leaving sprite \(k): glyph \(w.leaving[k].glyph) outside the table of \(glyphs)")
        }
        // The particles a frame is given room for.
        if emittingTemplates > 0 {
            let bound = particlesShown(by: w.leaving) + particlesShown(by: w.current)
            precondition(particleBound == bound, "room for \(particleBound) particles, the sprites show up to \(bound)")
        }
    }

    /// The template tables stay in step: one entry each per template, the tracks each
    /// template names its own, and the counts kept of them true.
    private func checkTemplates(count: Int) {
        for (table, n) in [
            ("templates", templates.count), ("timings", timings.count), ("fades", fades.count), ("poses", poses.count),
            ("info", info.count), ("looks", templateLooks.count),
        ] {
            precondition(n == count, "\(n) template \(table) for \(count) templates")
        }
        precondition(laneCurveOf.count <= count, "\(laneCurveOf.count) lane curves named for \(count) templates")
        for k in laneCurveOf.indices {
            let curve = laneCurveOf[k]
            precondition(curve.isNone || curve.index < laneCurves.count, "template \(k)'s lane curve \(curve.raw) of \(laneCurves.count)")
        }
        precondition(tracks.count == trackCurves.count, "\(tracks.count) tracks, \(trackCurves.count) track curves")
        var owner = [Int](repeating: -1, count: tracks.count)
        var emitting = 0
        for k in 0..<count {
            let i = info[k].pointee
            precondition(i.trackStart >= 0 && i.trackCount == templateKeys[k].tracks.count, "template \(k) has \(i.trackCount) tracks, its key \(templateKeys[k].tracks.count)")
            precondition(i.trackStart + i.trackCount <= tracks.count, "template \(k)'s tracks past the \(tracks.count) kept")
            for r in i.trackStart..<i.trackStart + i.trackCount {
                precondition(owner[r] < 0, "track \(r) is template \(owner[r])'s and template \(k)'s")
                owner[r] = k
            }
            precondition(Int(templateLooks[k]) < looks.count, "template \(k)'s look \(templateLooks[k]) of \(looks.count)")
            // (Its key's channel sum, by which `template(_:ownsSeed:)` passes keys over, is the key's.)
            let sum = Self.channelSum(of: templateKeys[k])
            precondition(i.channelSum == sum, "template \(k) is summed as \(i.channelSum), its key sums to \(sum)")
            if i.particleCount > 0 { emitting += 1 }
        }
        precondition(emitting == emittingTemplates, "\(emitting) templates emit, the count says \(emittingTemplates)")
    }
}

extension RunStage.BoxTable {
    /// Stops the program with a message if the table is inconsistent: every box held once
    /// (bit for bit), each found through the index, the last one asked for held.
    func checkInvariants() {
        precondition(last.isNone || last.index < boxes.count, "the last box asked for is not held")
        guard slots.count > 0 else {
            precondition(boxes.count <= 1, "\(boxes.count) boxes without an index")
            return
        }
        precondition(slots.count & (slots.count - 1) == 0, "\(slots.count) slots, not a power of two")
        precondition(2 * boxes.count <= slots.count, "\(boxes.count) boxes in \(slots.count) slots")
        var indexed = [Bool](repeating: false, count: boxes.count)
        for slot in 0..<slots.count where slots[slot] >= 0 {
            let k = Int(slots[slot])
            precondition(k < boxes.count && !indexed[k], "slot \(slot) names box \(k) (of \(boxes.count)) again or past the end")
            indexed[k] = true
        }
        precondition(!indexed.contains(false), "a box the index does not name")
        let mask = slots.count - 1
        for k in 0..<boxes.count {
            // Found where a look-up goes: from its hash's slot on, before an empty one.
            var slot = Self.hash(boxes[k]) & mask
            while slots[slot] >= 0 && Int(slots[slot]) != k {
                precondition(!boxes[Int(slots[slot])].isIdentical(to: boxes[k]), "boxes \(slots[slot]) and \(k) are the same box")
                slot = (slot + 1) & mask
            }
            precondition(slots[slot] >= 0, "box \(k) is not found through the index")
        }
    }
}
