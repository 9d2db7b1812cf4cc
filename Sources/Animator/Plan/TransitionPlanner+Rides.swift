import Analyzer

extension TransitionPlanner.Pass {
    /// How an arrival rides in: with which persisting glyph's curve, and how far.
    struct Ride {
        /// The entry whose move it follows; −1 to enter in place, −2 to ride its
        /// own anchor (`AnchorTable`) as it is.
        var anchor: Int32
        /// Its horizontal displacement (with `anchor` ≥ 0).
        var dx: Double

        static let asAnchored = Ride(anchor: -2, dx: 0)
    }

    /// Decides, per index of the new text, how arrivals whose rides would cross ride in (`rides`).
    ///
    /// A run of arrivals rides in halves, the first with the glyph before it,
    /// the second with the one after. When those two move apart (a word moving
    /// away from an inserted one on a centred line), the halves start on top of
    /// one another and pass through each other as they fade in ("el" of
    /// "delivered" arriving on one spot). Such a run between two glyphs on one
    /// line stretches with the room between them instead: each arrival starts
    /// at its share of the old room and follows the one of the two that moves
    /// (the nearer when both do), so the arrivals keep their order and spread
    /// as the room opens. Where the old room is too narrow for them, or the run
    /// is not between two glyphs of one line, it enters in place, where the
    /// timing rules keep it clear of what sweeps through.
    ///
    /// - Complexity: O(glyphs of the new text); run after the persisting glyphs are written.
    mutating func planArrivalRides(_ plan: borrowing TransitionPlan) {
        rides.removeAll(keepingCapacity: true)
        guard followers, planner.rules.clearBeforeFill, entering > 0 else { return }
        // Arrivals land in the window only; its ends persist when glyphs beyond them are kept.
        let window = planner.window.newRange
        // Per index of the window: whether an arrival lands there (on the stack for short texts).
        withUnsafeTemporaryAllocation(of: Bool.self, capacity: window.count) { arriving in
            arriving.initialize(repeating: false)
            for e in entries.indices where entries[e].role == .entering {
                let i = Int(entries[e].newIndex)
                if window.contains(i) { arriving[i - window.lowerBound] = true }
            }
            planRides(plan.rows, arriving: UnsafeBufferPointer(arriving), from: window.lowerBound)
        }
    }

    /// `planArrivalRides` once the arrivals are marked (`arriving[i - first]`
    /// for glyph i of the new text).
    private mutating func planRides(_ rows: [RowID], arriving: UnsafeBufferPointer<Bool>, from first: Int) {
        let count = first + arriving.count
        let store = planner.writer.store
        let new = planner.new
        /// Whether an arrival lands at index `i` of the new text (one of the window's).
        func lands(_ i: Int) -> Bool { arriving[i - first] }
        /// The planned horizontal move of the persisting glyph at index `i` of
        /// the new text, with its entry (nil when `i` is not persisting).
        func persisting(_ i: Int) -> (entry: Int, dx: Double)? {
            guard i >= first, i < count, !lands(i), let e = anchors.new.anchor(of: i), !rows[e].isNone else { return nil }
            return (e, store[rows[e]].dx)
        }
        /// How far an anchor moves horizontally (0 for none).
        func shift(_ anchor: Int?) -> Double {
            guard let anchor, !rows[anchor].isNone else { return 0 }
            return store[rows[anchor]].dx
        }
        var i = first
        while i < count {
            guard lands(i) else {
                i += 1
                continue
            }
            var end = i + 1
            while end < count, lands(end) { end += 1 }
            defer { i = end }
            // A word that changed line arrives where it lands: riding a neighbour
            // that slides far along the line (text reflowing after an edit)
            // would fly it in across the words in between.
            if (i..<end).contains(where: { carriedFar($0, shift: shift) }) {
                if rides.isEmpty { rides = [Ride](repeating: .asAnchored, count: planner.newCount) }
                for k in i..<end { rides[k] = Ride(anchor: -1, dx: 0) }
                continue
            }
            // Neighbours riding apart that start on one another, or pass each other.
            // Neighbours riding one anchor keep their spacing: only where the anchor
            // changes are the two moves compared.
            var crossing = false
            var anchorA = anchors.new.anchor(of: i)
            var shiftA = shift(anchorA)
            for k in i..<(end - 1) {
                let anchorB = anchors.new.anchor(of: k + 1)
                guard anchorB != anchorA else { continue }
                let shiftB = shift(anchorB)
                defer { (anchorA, shiftA) = (anchorB, shiftB) }
                let a = new[k], b = new[k + 1]
                guard a.line == b.line, shiftA != shiftB else { continue }
                let sa = a.rect.midX - shiftA, sb = b.rect.midX - shiftB
                let along = b.rect.midX - a.rect.midX
                let reach = planner.rules.reach(a.rect.width, b.rect.width)
                if (sb - sa) * along <= 0 || abs(sb - sa) < reach {
                    crossing = true
                    break
                }
            }
            guard crossing else { continue }
            if rides.isEmpty { rides = [Ride](repeating: .asAnchored, count: planner.newCount) }
            let line = new[i].line
            if let left = persisting(i - 1), let right = persisting(end), new[i - 1].line == line,
                new[end].line == line, new[end - 1].line == line,
                planner.old[Int(entries[left.entry].oldIndex)].line == planner.old[Int(entries[right.entry].oldIndex)].line
            {
                let l1 = new[i - 1].rect.midX, r1 = new[end].rect.midX
                let l0 = l1 - left.dx, r0 = r1 - right.dx
                // The room keeps its side (the two did not trade places) and is wide
                // enough at the start for the arrivals squeezed into it to stay apart.
                // Two neighbours on one spot (glyphs without width) leave no room to share out.
                let squeeze = (r0 - l0) / (r1 - l1)
                if r1 != l1, squeeze > 0, stretchable(i..<end, squeeze: squeeze) {
                    for k in i..<end {
                        let x = new[k].rect.midX
                        let share = (x - l1) / (r1 - l1)
                        let nearer = share <= 0.5 ? left : right, farther = share <= 0.5 ? right : left
                        let leader = nearer.dx != 0 ? nearer : farther
                        rides[k] = Ride(anchor: Int32(truncatingIfNeeded: leader.entry), dx: x - (l0 + share * (r0 - l0)))
                    }
                    continue
                }
            }
            for k in i..<end { rides[k] = Ride(anchor: -1, dx: 0) }
        }
    }

    /// Whether the arrival at index `i` of the new text is a glyph of the old
    /// text that changed line (a transform the coherence rule broke) and its
    /// anchor's move (`shift` of the anchor) would carry it more than
    /// `longestRide` advances.
    private func carriedFar(_ i: Int, shift: (Int?) -> Double) -> Bool {
        planner.mutations.action(at: i) == .transform
            && abs(shift(anchors.new.anchor(of: i))) > Self.longestRide * max(planner.new[i].rect.width, 1e-9)
    }

    /// How far, in the glyph's own advances, a word that changed line may ride
    /// a neighbour's move along its new line (a word's width or two).
    static let longestRide = 8.0

    /// Whether arrivals `run` of the new text, squeezed to `squeeze` of their
    /// spacing, stay apart (neighbours overlap by no more than the rules allow).
    private func stretchable(_ run: Range<Int>, squeeze: Double) -> Bool {
        for k in run.lowerBound..<(run.upperBound - 1) {
            let a = planner.new[k].rect, b = planner.new[k + 1].rect
            let reach = planner.rules.reach(a.width, b.width)
            if abs(b.midX - a.midX) * squeeze < reach { return false }
        }
        return true
    }

    /// How the arrival at index `i` of the new text rides in.
    func ride(of i: Int) -> Ride {
        i >= 0 && i < rides.count ? rides[i] : .asAnchored
    }
}
