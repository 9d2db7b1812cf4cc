import Analyzer

extension TransitionPlanner {
    /// The planning passes over a plan's entries, with the choreography's
    /// timing (see `Choreography`). Every glyph is written once, in an order that
    /// gives each what it depends on:
    ///
    /// - with clear before fill: leaving glyphs first (they fade where they are),
    ///   noting where each is and when it *clears* (falls below the visible
    ///   opacity); then persisting glyphs, a glyph at rest that moves starting
    ///   late enough not to pass over a leaving glyph still clearly visible;
    /// - without it: persisting glyphs first, then leaving glyphs riding on their
    ///   anchors' curves;
    /// - last, arriving glyphs: each catches a leaving sprite of its glyph wherever
    ///   it is (only on its place when nothing moves); the others ride in with their anchors and become clearly visible
    ///   only once the leaving glyphs on their place, a leaving copy of
    ///   themselves, and glyphs sweeping through their place are gone.
    struct Pass {
        let planner: TransitionPlanner
        let entries: UnsafeBufferPointer<PlanEntry>
        let ranks: [Int32]
        let entering: Int
        let exiting: Int
        let anchors: (old: AnchorTable, new: AnchorTable)
        let followers: Bool
        /// Leaving glyphs as the timing sees them; for the leaving sprites on screen too.
        var exits: [Mark] = []
        /// Persisting glyphs that move.
        var movers: [Mark] = []
        /// The exits by line band and x, and the widest exit: arrivals look up
        /// the exits near their way, not every exit.
        var exitBands = MarkBands()
        /// How many exits `exitBands` indexes (they may since have been reordered), or −1.
        private var exitsIndexed = -1
        var widestExit = 0.0
        /// How far an exit reaches above or below its line (rolling off it) and its tallest box.
        var exitReach = 0.0
        var tallestExit = 0.0
        /// The movers by line band and the left end of their way, the widest, the
        /// tallest and the longest way: arrivals look up the movers near them.
        var moverBands = MarkBands()
        var widestMover = 0.0
        var tallestMover = 0.0
        var longestMove = 0.0
        /// Per index of the new text, how its arrival rides in (`planArrivalRides`);
        /// empty when every arrival rides its own anchor.
        var rides: [Ride] = []
        /// Whether arrivals on no anchor that moves, catching no sprite, are written the short way (`planPlainArrival`).
        var plainArrivals = false
        /// Scratch: sort keys, marks being reordered, the pairing counts of
        /// arrivals and leaving copies, the holds of lines.
        private var keys: [SortKey] = []
        private var sorted: [Mark] = []
        private var paired: [Int32] = []
        private var lineHolds: [Double] = []
        /// Where the marks of the leaving sprites on screen begin in `exits` as
        /// they are noted (one each, in order), and where each stands once the
        /// exits are sorted (by sprite, from the first leaving one).
        private var firstShownMark = 0
        private var shownMarks: [Int32] = []

        /// The lists a pass fills, kept by the plan from one pass to the next
        /// (their storage, not their contents).
        struct Storage {
            fileprivate var exits: [Mark] = []
            fileprivate var movers: [Mark] = []
            fileprivate var exitBands = MarkBands()
            fileprivate var moverBands = MarkBands()
            fileprivate var rides: [Ride] = []
            fileprivate var keys: [SortKey] = []
            fileprivate var sorted: [Mark] = []
            fileprivate var paired: [Int32] = []
            fileprivate var lineHolds: [Double] = []
            fileprivate var shownMarks: [Int32] = []
        }

        /// Takes the plan's lists (emptied) for this pass, or gives them back.
        private mutating func swapStorage(with storage: inout Storage) {
            swap(&exits, &storage.exits)
            swap(&movers, &storage.movers)
            swap(&exitBands, &storage.exitBands)
            swap(&moverBands, &storage.moverBands)
            swap(&rides, &storage.rides)
            swap(&keys, &storage.keys)
            swap(&sorted, &storage.sorted)
            swap(&paired, &storage.paired)
            swap(&lineHolds, &storage.lineHolds)
            swap(&shownMarks, &storage.shownMarks)
        }

        /// A glyph's place and times for the timing rules (seconds after the plan's origin).
        struct Mark {
            /// The plan entry it marks, or −1 for a sprite on screen (`shown`).
            var entry: Int32
            /// The leaving sprite on screen it marks, or none for a plan entry.
            var shown: ShownID
            var glyph: GlyphID
            var y: Double
            /// Where it ends vertically (an exit rolling off its line; `y` for the others).
            var y1: Double
            var x0: Double
            var x1: Double
            var width: Double
            var height: Double
            /// When it clears (exits).
            var clear: Double
            /// Its transform curve's entry in the curve table (movers).
            var curve: CurveID
        }

        init(
            planner: TransitionPlanner, entries: UnsafeBufferPointer<PlanEntry>, ranks: [Int32], entering: Int,
            exiting: Int, anchors: (old: AnchorTable, new: AnchorTable), followers: Bool
        ) {
            self.planner = planner
            self.entries = entries
            self.ranks = ranks
            self.entering = entering
            self.exiting = exiting
            self.anchors = anchors
            self.followers = followers
        }

        mutating func run(leaving: inout LeavingSprites, into plan: inout TransitionPlan) {
            swapStorage(with: &plan.passStorage)
            defer { swapStorage(with: &plan.passStorage) }
            exits.removeAll(keepingCapacity: true)
            movers.removeAll(keepingCapacity: true)
            rides.removeAll(keepingCapacity: true)
            exitBands.index(count: 0, height: 1) { _ in (0, 0) }
            exitsIndexed = -1
            moverBands.index(count: 0, height: 1) { _ in (0, 0) }
            // Room for every mark up front: grown one append at a time, the lists were copied over and over.
            let leavingCount = planner.onScreen.map { $0.count - $0.textCount } ?? 0
            exits.reserveCapacity(exiting + leavingCount)
            movers.reserveCapacity(entries.count - entering - exiting)
            let rules = planner.rules
            let moversEstimate = entries.count - entering - exiting
            // The rules look up marks by line and x (`MarkBands`), so a paragraph
            // keeps them; the limit only spares a pile of glyphs on one spot.
            let timed =
                rules.clearBeforeFill
                && (exiting + (planner.onScreen.map { $0.count - $0.textCount } ?? 0))
                    * (moversEstimate + entering) <= TransitionPlanner.timingPairLimit
            // Under the choreography leaving glyphs fade where they are (riding
            // neighbours that move apart made them run into one another), so they
            // need nothing of the persisting glyphs and go first.
            if rules.clearBeforeFill {
                planExits(marking: timed, into: &plan)
                if timed { markLeavingSprites() }
            }
            planPersisting(timed: timed, into: &plan)
            if timed { indexMovers() }
            if !rules.clearBeforeFill { planExits(marking: false, into: &plan) }
            if timed { sortExits() }
            planArrivalRides(plan)
            plainArrivals = entering > 0 && planner.isPlain(planner.template(.entering))
            // How many arrivals of each glyph have been paired with a leaving copy so
            // far, in the sorted exits' order: the count lives in the glyph's first exit.
            paired.removeAll(keepingCapacity: true)
            if timed { paired.append(contentsOf: repeatElement(0, count: exits.count)) }
            for e in entries.indices where entries[e].role == .entering {
                let entry = entries[e]
                let target = planner.new[Int(entry.newIndex)].rect
                // Where nothing moves, only a copy on its place is caught back: one
                // caught across the line would slide through the text at full opacity
                // (the others leave, and it waits for them as for any copy of itself).
                let radius = planner.rules.allowsMoves ? Double.infinity : 0.5 * target.width
                let caught = leaving.catchSprite(entry.glyph, near: target.center, within: radius)
                if !caught.isNone, timed { release(shown: caught) }
                // The leaving copy it waits for: its k-th arrival waits for the k-th copy.
                var pairing: Int?
                if timed && caught.isNone, let first = firstExit(of: entry.glyph) {
                    pairing = first + Int(paired[first])
                    paired[first] += 1
                }
                planRiding(e, caught: caught, timed: timed && caught.isNone, pairing: pairing, into: &plan)
            }
        }

        /// Persisting glyphs: a run of them (consecutive in both texts) is held back
        /// as one, so it moves as one; and the runs that shift the same way along
        /// a line wait for the one that waits longest, so that the line shifts as
        /// one and the spaces between its words keep their width.
        private mutating func planPersisting(timed: Bool, into plan: inout TransitionPlan) {
            let lanes = laneSides()
            // Per line of the new text and direction (2 × line + 1 moving right):
            // the longest hold of its runs.
            lineHolds.removeAll(keepingCapacity: true)
            if timed && !exits.isEmpty {
                lineHolds.append(contentsOf: repeatElement(0, count: 2 * planner.new.lineCount + 2))
                indexExits()
                var next = 0
                while let run = persistingRun(from: next) {
                    next = run.upperBound
                    guard let slotIndex = lineSlot(of: run) else { continue }
                    for k in run {
                        planner.place(entries[k], rank: 0, peers: 1, anchorDisplacement: .zero, caught: .none)
                        if !moving(planner.placement) {
                            lineHolds[slotIndex] = max(lineHolds[slotIndex], neededHold(planner.glyph, planner.placement))
                        }
                    }
                }
            }
            let keeps = planner.keepsStillGlyphs
            var next = 0
            while let run = persistingRun(from: next) {
                next = run.upperBound
                let e = run.lowerBound, end = run.upperBound
                let hold = lineHolds.isEmpty ? 0 : lineSlot(of: run).map { lineHolds[$0] } ?? 0
                let side = lanes.isEmpty ? 0 : lanes[e]
                for k in e..<end {
                    if keeps, let kept = planner.keepInPlace(entries[k]) {
                        plan.rows[k] = kept.row
                        plan.sources[k] = kept.source
                        if kept.moving {
                            // Still on its way: not at rest, and moving past what may wait for it.
                            planner.noteWritten(Int(entries[k].newIndex))
                            if timed { markMover(k, row: kept.row) }
                        }
                        continue
                    }
                    let source = planner.place(entries[k], rank: 0, peers: 1, anchorDisplacement: .zero, caught: .none)
                    let placement = planner.placement
                    if !moving(placement) {
                        var wait = hold
                        if side != 0 { wait += openLane(side, planner.glyph) }
                        // A glyph continued at rest starts at once, then waits.
                        placement.pointee.hold = Self.rounded(
                            wait, after: placement.pointee.source.isNone ? placement.pointee.start : 0)
                    }
                    let row = planner.write()
                    plan.rows[k] = row
                    plan.sources[k] = source
                    planner.noteWritten(Int(entries[k].newIndex))
                    if timed { markMover(k, row: row) }
                }
            }
        }

        /// Where a moving run's hold is kept in `lineHolds`: its line in the new
        /// text, twice, plus 1 when it moves right; nil when it does not move.
        private func lineSlot(of run: Range<Int>) -> Int? {
            let entry = entries[run.lowerBound]
            let from = planner.old[Int(entry.oldIndex)].rect, to = planner.new[Int(entry.newIndex)]
            let dx = to.rect.midX - from.midX
            guard abs(dx) > 1e-9 || abs(to.rect.midY - from.midY) > 1e-9 else { return nil }
            let line = min(max(to.line, 0), planner.new.lineCount)
            return 2 * line + (dx > 0 ? 1 : 0)
        }

        /// The first run of persisting glyphs (consecutive in both texts) at or
        /// after entry `e`, or nil when none is left.
        private func persistingRun(from e: Int) -> Range<Int>? {
            var start = e
            while start < entries.count, entries[start].role != .persisting { start += 1 }
            guard start < entries.count else { return nil }
            var end = start + 1
            while end < entries.count, entries[end].role == .persisting,
                entries[end].oldIndex == entries[end - 1].oldIndex + 1,
                entries[end].newIndex == entries[end - 1].newIndex + 1
            {
                end += 1
            }
            return start..<end
        }

        // MARK: - Lanes

        /// Seconds a lane takes to open before its run moves sideways, and to close.
        static let laneOpening = 0.06
        static let laneClosing = 0.1

        /// Per entry, for the first entry of each persisting run that must pass
        /// another on its line: its lane in half lines, negative above the line
        /// (first choice of runs moving towards the line's end), positive below;
        /// 0 elsewhere. Runs that pass each other are at least a line apart. Empty when no run passes another (the
        /// persisting glyphs keep their order), which is checked without allocating.
        private func laneSides() -> [Int8] {
            guard planner.rules.lanes != .none else { return [] }
            var last: Int32 = -1
            var reordered = false
            for entry in entries where entry.role == .persisting {
                if entry.oldIndex < last { reordered = true }
                last = entry.oldIndex
            }
            guard reordered else { return [] }
            // The runs: their first entries, and their spans in both layouts.
            var runs: [LaneRun] = []
            var firsts: [Int] = []
            var next = 0
            while let run = persistingRun(from: next) {
                next = run.upperBound
                let e = run.lowerBound, end = run.upperBound
                let a0 = planner.old[Int(entries[e].oldIndex)].rect, a1 = planner.old[Int(entries[end - 1].oldIndex)].rect
                let b0 = planner.new[Int(entries[e].newIndex)].rect, b1 = planner.new[Int(entries[end - 1].newIndex)].rect
                runs.append(LaneRun(old: a0, a1, new: b0, b1))
                firsts.append(e)
            }
            guard let lanes = LaneRun.lanes(of: runs) else { return [] }
            var sides = [Int8](repeating: 0, count: entries.count)
            for i in runs.indices { sides[firsts[i]] = lanes[i] }
            return sides
        }

        /// Adds the lane of a run on `side` to the placed glyph, as a track on
        /// y, and returns how long it waits for the lane to open.
        private func openLane(_ side: Int8, _ glyph: UnsafeMutablePointer<PlacedGlyph>) -> Double {
            let height = glyph.pointee.box.rect.height
            let amplitude = planner.rules.lanes == .arc ? 0.5 * height * Double(side) : 0
            guard amplitude != 0, height > 0 else { return 0 }
            // Apart until the runs have all but passed: 97 % of the way.
            let passed = planner.crossings.firstTimeOrEnd(
                planner.template(of: glyph).pointee.timing, in: planner.writer.store.curves, reaching: 0.97)
            let opening = Self.laneOpening, closing = Self.laneClosing
            guard
                let curve = try? TimingCurve.keyframes([
                    Keyframe(time: 0, value: 0), Keyframe(time: opening, value: 1, curve: .easeOut),
                    Keyframe(time: opening + passed, value: 1),
                    Keyframe(time: opening + passed + closing, value: 0, curve: .easeInOut),
                ])
            else { return 0 }
            // On the glyph's clock, which starts after the wait: the track begins `opening` earlier.
            glyph.pointee.hasLane = true
            glyph.pointee.laneAmplitude = amplitude
            glyph.pointee.laneCurve = planner.writer.store.curves.value(curve)
            return opening
        }

        /// Leaving glyphs, riding on their anchors unless they fade where they are;
        /// with `marking`, each is noted with when it clears.
        private mutating func planExits(marking: Bool, into plan: inout TransitionPlan) {
            // Exits that ride no anchor, on a plain template, are written the short way.
            let t = planner.template(.exiting)
            let plain = !(followers && !planner.rules.clearBeforeFill) && planner.isPlain(t)
            for e in entries.indices where entries[e].role == .exiting {
                if plain, let written = planner.writePlainExit(entries[e], rank: ranks[e], template: t) {
                    plan.rows[e] = written.row
                    plan.sources[e] = written.source
                    if marking {
                        markPlainExit(
                            e, row: written.row, box: written.box, from: written.from, to: written.to,
                            start: written.start, template: t)
                    }
                    continue
                }
                let row = planRiding(e, caught: .none, timed: false, into: &plan)
                if marking { markExit(e, row: row, template: planner.template(of: planner.glyph)) }
            }
        }

        /// Plans an exiting or entering entry, riding on its anchor (an arrival
        /// waiting for exit `pairing`, a leaving copy of itself, if any); returns its row.
        @discardableResult
        private mutating func planRiding(
            _ e: Int, caught: ShownID, timed: Bool, pairing: Int? = nil, into plan: inout TransitionPlan
        ) -> RowID {
            let entry = entries[e]
            let isEntering = entry.role == .entering
            let index = Int(isEntering ? entry.newIndex : entry.oldIndex)
            var displacement = Vector.zero
            var follow: Follow?
            let store = planner.writer.store
            let ride = isEntering ? ride(of: index) : .asAnchored
            let followsAnchor = followers && (isEntering ? ride.anchor != -1 : !planner.rules.clearBeforeFill)
            if followsAnchor,
                let anchor = ride.anchor >= 0
                    ? Int(ride.anchor) : isEntering ? anchors.new.anchor(of: index) : anchors.old.anchor(of: index)
            {
                // The anchor's move as planned: from where it is shown now (a snapshot
                // may have it anywhere), not from its place in the old layout.
                let moved = store[plan.rows[anchor]]
                displacement = Vector(x: ride.anchor >= 0 ? ride.dx : moved.dx, y: moved.dy)
                let curve = moved.transformCurve
                let timing = store.curves.value(of: curve)
                if displacement != .zero, store.curves.duration(of: timing) > 0 {
                    follow = Follow(
                        curve: timing, start: store.curves.origin(of: curve) - planner.origin, displacement: displacement,
                        entering: isEntering)
                }
            }
            if isEntering {
                // Its row is new, or a caught sprite's: written either way.
                planner.noteWritten(index)
                if follow == nil, caught.isNone, plainArrivals,
                    let row = planPlainArrival(entry, rank: ranks[e], timed: timed, pairing: pairing)
                {
                    plan.rows[e] = row
                    plan.sources[e] = .none
                    return row
                }
            }
            let source = planner.place(
                entry, rank: Int(ranks[e]), peers: isEntering ? planner.enteringRanks : planner.exitingRanks,
                anchorDisplacement: displacement, caught: caught)
            if timed {
                planner.placement.pointee.hold = holdArrival(
                    entry, planner.glyph, planner.placement, pairing: pairing, follow: follow)
            }
            let row = planner.write(follow: follow)
            plan.rows[e] = row
            plan.sources[e] = source
            return row
        }

        // MARK: - Marks

        /// Notes a leaving glyph, written in `row`: where it starts and when it clears.
        private mutating func markExit(_ e: Int, row: RowID, template: UnsafeMutablePointer<PlanTemplate>) {
            let store = planner.writer.store
            let m = store[row]
            appendExitMark(
                e, rest: Point(x: m.x, y: m.y), change: Vector(x: m.dx, y: m.dy), box: store.box(of: row),
                pose: store.pose(of: row), clear: clearTime(of: row, template: template))
        }

        /// `markExit` for a glyph the writer's plain path wrote in `row`, from
        /// what it was written with (its box, the ends of its way and its
        /// start, seconds after the plan's origin) and its template's pose and
        /// fade, which are the row's, instead of reading them back.
        @inline(__always)
        private mutating func markPlainExit(
            _ e: Int, row: RowID, box: GlyphFrame, from: Point, to: Point, start: Double,
            template t: UnsafeMutablePointer<PlanTemplate>
        ) {
            // The row's change is `to − from`, as the writer stored it (the mark's start is
            // `to` less that, to the bit, as `markExit` reads it).
            let clear = clearTime(
                pose: t.pointee.pose, fade: t.pointee.opacityTiming,
                curveOrigin: planner.writer.store.curves.origin(ofStart: start), row: row, sharedBy: t)
            appendExitMark(
                e, rest: to, change: Vector(x: to.x - from.x, y: to.y - from.y), box: box, pose: t.pointee.pose,
                clear: clear)
        }

        /// Appends the mark of exit `e`: resting at `rest`, starting `change` from it,
        /// its box scaled as its pose starts, clearing at `clear`.
        @inline(__always)
        private mutating func appendExitMark(
            _ e: Int, rest: Point, change: Vector, box: GlyphFrame, pose: MotionPose, clear: Double
        ) {
            let x = rest.x - change.x
            exits.append(
                Mark(
                    entry: Int32(truncatingIfNeeded: e), shown: .none, glyph: entries[e].glyph, y: rest.y - change.y,
                    y1: rest.y, x0: x, x1: x, width: box.rect.width * abs(pose.rest.scaleX - pose.change.scaleX),
                    height: box.rect.height * abs(pose.rest.scaleY - pose.change.scaleY), clear: clear, curve: .rest))
        }

        /// When the glyph written in `row` clears (falls below the visible opacity
        /// for good), in seconds after the plan's origin; 0 when it is not visible.
        @inline(__always)
        private func clearTime(of row: RowID, template: UnsafeMutablePointer<PlanTemplate>? = nil) -> Double {
            let store = planner.writer.store
            let curve = store[row].appearanceCurve
            let value = store.curves.value(of: curve)
            // The template's pose and fade: its glyphs all clear as long after their curves' starts.
            let shared = template.flatMap {
                store[row].pose == $0.pointee.poseID && value == $0.pointee.opacityTiming ? $0 : nil
            }
            return clearTime(
                pose: store.pose(of: row), fade: value, curveOrigin: store.curves.origin(of: curve), row: row,
                sharedBy: shared)
        }

        /// `clearTime(of:template:)` given the row's pose, its fade's curve and
        /// where that starts (on the store's clock); `sharedBy` is the template
        /// whose pose and fade these are, which keeps the crossing for its glyphs.
        @inline(__always)
        private func clearTime(
            pose: MotionPose, fade value: CurveValueID, curveOrigin: Double, row: RowID,
            sharedBy t: UnsafeMutablePointer<PlanTemplate>?
        ) -> Double {
            let curves = planner.writer.store.curves
            let level = planner.rules.visibleOpacity
            let b = pose.rest.opacity
            let a = b - pose.change.opacity
            guard a >= level else { return 0 }
            guard b < level, a > b else { return planner.writer.store.settle(of: row) - planner.origin }
            let crossed: Double
            if let t {
                if t.pointee.clearAfter.isNaN {
                    t.pointee.clearAfter = planner.crossings.firstTimeOrEnd(
                        value, in: curves, reaching: (a - level) / (a - b))
                }
                crossed = t.pointee.clearAfter
            } else {
                crossed = planner.crossings.firstTimeOrEnd(value, in: curves, reaching: (a - level) / (a - b))
            }
            return curveOrigin - planner.origin + crossed
        }

        /// Notes the snapshot's leaving sprites: when each clears, estimated from how
        /// fast it is fading, or from its fade as written when that would take longer
        /// than the style's fade.
        private mutating func markLeavingSprites() {
            guard let onScreen = planner.onScreen else { return }
            let level = planner.rules.visibleOpacity
            let fade = planner.animator.style.fade
            let store = planner.writer.store
            firstShownMark = exits.count
            for s in onScreen.textCount..<onScreen.count {
                let sprite = ShownID(s)
                let (state, velocity) = onScreen.presented(sprite)
                let row = onScreen.row(sprite)
                let opacity = state.opacity, rate = velocity.opacity
                // A fade caught as it begins (easing in) has a tiny rate: what it has
                // left is at most a whole fade, not (opacity − level) / rate.
                var clear = opacity < level ? 0 : rate < 0 ? min((opacity - level) / -rate, fade) : fade
                if clear >= fade, store.isLive(row) {
                    // Its own fade may be slower than the style's (mist's drifts away): ask it.
                    clear = max(clearTime(of: row), 0)
                }
                let box = onScreen.boxSize(sprite)
                exits.append(
                    Mark(
                        entry: -1, shown: sprite, glyph: onScreen.glyph(sprite), y: state.position.y,
                        y1: state.position.y, x0: state.position.x, x1: state.position.x,
                        width: box.width * abs(state.scaleX), height: box.height * abs(state.scaleY), clear: clear,
                        curve: .rest))
            }
        }

        /// A leaving sprite on screen caught by an arrival is no longer leaving
        /// (the exits sorted: its mark is found where `sortExits` put it).
        private mutating func release(shown s: ShownID) {
            let k = Int(shownMarks[s.index - planner.onScreen!.textCount])
            assert(exits[k].shown == s, "a leaving sprite's mark moved without its place")
            exits[k].clear = 0
        }

        /// Notes a persisting glyph, written in `row`, that moves along its line.
        private mutating func markMover(_ e: Int, row: RowID) {
            let store = planner.writer.store
            let m = store[row]
            let to = Point(x: m.x, y: m.y), delta = Vector(x: m.dx, y: m.dy)
            let box = store.box(of: row)
            let from = to.x - delta.x
            // A space draws nothing: an arrival need not wait for it to pass.
            guard abs(delta.x) > 0.25 * max(box.rect.width, 1e-9), abs(delta.y) < 0.5 * box.rect.height,
                !planner.symbols.isWhitespace(entries[e].glyph)
            else { return }
            movers.append(
                Mark(
                    entry: Int32(truncatingIfNeeded: e), shown: .none, glyph: entries[e].glyph, y: to.y, y1: to.y,
                    x0: from, x1: to.x, width: box.rect.width, height: box.rect.height, clear: 0,
                    curve: m.transformCurve))
        }

        // MARK: - Holding back

        /// Whether a placement continues a sprite in motion (which starts at once, never held).
        private func moving(_ p: UnsafePointer<MotionWriter.Placement>) -> Bool {
            !p.pointee.source.isNone && planner.onScreen!.isMoving(p.pointee.source)
        }

        /// How long a persisting glyph at rest (placed as `d` by `p`) must wait
        /// so that it reaches no leaving glyph still clearly visible.
        private func neededHold(_ d: UnsafePointer<PlacedGlyph>, _ p: UnsafePointer<MotionWriter.Placement>) -> Double {
            // A glyph continued at rest starts at once, from where it is shown.
            let source = p.pointee.source
            let x0 = source.isNone ? d.pointee.from.position.x : planner.onScreen!.presented(source).state.position.x
            let start = source.isNone ? p.pointee.start : 0
            let x1 = d.pointee.to.position.x, y = d.pointee.to.position.y
            let dx = x1 - x0
            let height = d.pointee.box.rect.height
            guard abs(dx) > 1e-9, abs(y - d.pointee.from.position.y) < 0.5 * height else { return 0 }
            let width = d.pointee.box.rect.width
            let timing = planner.template(of: d).pointee.timing, curves = planner.writer.store.curves
            var needed = 0.0
            // Only exits on its line whose x lies within the widest reach of its way.
            let above = 0.5 * max(height, tallestExit), widest = (width + widestExit) / 2
            exitBands.visit(y: y - above, y + above, x: min(x0, x1) - widest, max(x0, x1) + widest) { k in
                let exit = exits[k]
                guard exit.clear > 0 && sameLine(y, height, exit) else { return }
                let reach = planner.rules.reach(width, exit.width)
                guard reach > 0 else { return }
                var low = (exit.x0 - reach - x0) / dx, high = (exit.x0 + reach - x0) / dx
                if low > high { swap(&low, &high) }
                // Overlapping from the very start cannot be waited out.
                guard low > 0, low < 1 else { return }
                let reached = start + planner.crossings.firstTimeOrEnd(timing, in: curves, reaching: low)
                needed = max(needed, exit.clear - reached)
            }
            return needed
        }

        /// How long an arriving glyph (placed as `d` by `p`) must wait until its
        /// place is clear: of leaving glyphs on it, of a leaving copy of itself,
        /// of glyphs sweeping through.
        private func holdArrival(
            _ entry: PlanEntry, _ d: UnsafePointer<PlacedGlyph>, _ placement: UnsafePointer<MotionWriter.Placement>,
            pairing: Int?, follow: Follow?
        ) -> Double {
            holdArrival(
                entry.glyph, from: d.pointee.from.position, to: d.pointee.to.position,
                opacity: (d.pointee.from.opacity, d.pointee.to.opacity), size: d.pointee.box.rect.size,
                delay: d.pointee.delay, start: placement.pointee.start, template: planner.template(of: d),
                sharesPose: d.pointee.sharesPose, tracked: d.pointee.hasLane, pairing: pairing, follow: follow)
        }

        /// `holdArrival(_:_:_:pairing:follow:)` given its values: an arrival of
        /// template `t` from `from` to `to`, fading between `opacity`, its motion
        /// starting at `start` (seconds after the plan's origin, its delay
        /// included), waiting for the exit `pairing` (a leaving copy of itself)
        /// when it has one. With tracks (its template's, or `tracked`) its way is
        /// read off the planner's placed glyph.
        @inline(__always)
        func holdArrival(
            _ glyph: GlyphID, from: Point, to: Point, opacity: (from: Double, to: Double), size: Size, delay: Double,
            start: Double, template t: UnsafeMutablePointer<PlanTemplate>, sharesPose: Bool, tracked: Bool,
            pairing: Int?, follow: Follow?
        ) -> Double {
            let level = planner.rules.visibleOpacity
            let curves = planner.writer.store.curves
            // When it first shows clearly (its crossing shared with the glyphs of its template).
            let (a, b) = opacity
            let shift = start - delay
            var visible = shift
            if a < level {
                guard b >= level, b > a else { return 0 }
                if sharesPose, !t.pointee.visibleAfter.isNaN {
                    visible = start + t.pointee.visibleAfter
                } else {
                    let crossing = planner.crossings.firstTimeOrEnd(
                        t.pointee.opacityTiming, in: curves, reaching: (level - a) / (b - a))
                    visible = start + crossing
                    if sharesPose {
                        t.pointee.visibleAfter = crossing
                        t.pointee.progressWhenVisible =
                            crossing > 0 ? curves.withCurve(t.pointee.timing) { $0.pointee.progress(at: crossing) } : 0
                    }
                }
            }
            let x = to.x, y = to.y
            // From the moment it is clearly visible the glyph covers the way from
            // where it is then to its place (an arrival sliding in crosses it).
            var seen: Double, seenY: Double
            if !tracked && !t.pointee.hasTracks {
                // No tracks: the position is the transform curve's alone.
                let progress: Double
                if visible <= start {
                    progress = 0
                } else if a < level && sharesPose {
                    progress = t.pointee.progressWhenVisible
                } else {
                    progress = curves.withCurve(t.pointee.timing) { $0.pointee.progress(at: visible - start) }
                }
                seen = from.x + (x - from.x) * progress
                seenY = from.y + (y - from.y) * progress
            } else {
                let position = planner.descriptor(of: planner.glyph.pointee).state(at: visible - shift).position
                (seen, seenY) = (position.x, position.y)
            }
            if let follow {
                // Riding an anchor that moves, it is behind by what the anchor has still to go
                // (less once held back, so the way measured now is the longest).
                seen += follow.displacement.x
                    * (curves.withCurve(follow.curve) { $0.pointee.progress(at: visible - follow.start) } + follow.bias)
            }
            let lowX = min(seen, x), highX = max(seen, x)
            // Its way up or down from there (rolling in from the line below): a glyph
            // leaving a neighbouring line towards it is on the way too.
            let lowY = min(seenY, y), highY = max(seenY, y)
            let width = size.width, height = size.height
            var ready = 0.0
            // Only exits whose x lies within the widest reach of the way can be on it.
            let widest = (width + widestExit) / 2
            // Only exits near its way, up or down as far as an exit rolls: the marks are read in place.
            let rise = 0.5 * max(height, tallestExit) + exitReach
            exits.withUnsafeBufferPointer { exits in
                exitBands.visit(y: lowY - rise, highY + rise, x: lowX - widest, highX + widest) { k in
                    let exit = exits.baseAddress! + k
                    guard exit.pointee.clear > ready && meets(lowY, highY, height, exit.pointee) else { return }
                    let reach = planner.rules.reach(width, exit.pointee.width)
                    if reach > 0 && exit.pointee.x0 > lowX - reach && exit.pointee.x0 < highX + reach {
                        ready = exit.pointee.clear
                    }
                }
            }
            // A leaving copy of this glyph: the k-th arrival of a glyph waits for
            // the k-th of its copies to clear (exits are sorted by glyph, then clear time).
            if let k = pairing, k < exits.count, exits[k].glyph == glyph { ready = max(ready, exits[k].clear) }
            // Only movers on its line whose way passes within the widest reach of its place.
            let moverAbove = 0.5 * max(height, tallestMover), moverReach = (width + widestMover) / 2
            moverBands.visit(y: y - moverAbove, y + moverAbove, x: x - moverReach - longestMove, x + moverReach) { k in
                let mover = movers[k]
                guard mover.entry >= 0 && sameLine(y, height, mover) else { return }
                let reach = planner.rules.reach(width, mover.width)
                let dx = mover.x1 - mover.x0
                guard reach > 0, abs(dx) > 1e-9 else { return }
                var low = (x - reach - mover.x0) / dx, high = (x + reach - mover.x0) / dx
                if low > high { swap(&low, &high) }
                guard high > 0, low < 1, high < 1 else { return }
                let moverStart = curves.origin(of: mover.curve) - planner.origin
                let gone = moverStart + planner.crossings.firstTimeOrEnd(curves.value(of: mover.curve), in: curves, reaching: high) + 0.02
                ready = max(ready, gone)
            }
            return ready > visible ? Self.rounded(ready - visible, after: start) : 0
        }

        /// A hold rounded up so that the held start, rounded to the plan's
        /// grouping step when written, is not early (with half a step to spare for
        /// the leaving glyph's own rounding).
        private static func rounded(_ seconds: Double, after start: Double = 0) -> Double {
            guard seconds > 0 else { return 0 }
            let q = CurveTable.quantum
            return ((start + seconds + q / 2) / q).rounded(.up) * q - start
        }

        /// Sorts the exits by glyph, then clear time (for the pairing of copies), and
        /// indexes them by x (for the arrivals' way).
        private mutating func sortExits() {
            // Sorted as keys (plain integers that order as the numbers do), then
            // moved once: sorting the marks themselves moved 80 bytes per step.
            keys.removeAll(keepingCapacity: true)
            keys.reserveCapacity(exits.count)
            for k in exits.indices {
                keys.append(
                    SortKey(Int32(truncatingIfNeeded: k), UInt64(UInt32(bitPattern: exits[k].glyph)), exits[k].clear))
            }
            SortKey.sort(&keys, firstBelow: planner.symbols.count)
            swap(&sorted, &exits)
            exits.removeAll(keepingCapacity: true)
            exits.reserveCapacity(keys.count)
            for key in keys { exits.append(sorted[Int(key.index)]) }
            // Where each leaving sprite's mark went.
            shownMarks.removeAll(keepingCapacity: true)
            if let onScreen = planner.onScreen, onScreen.count > onScreen.textCount {
                let shown = firstShownMark..<firstShownMark + onScreen.count - onScreen.textCount
                shownMarks.append(contentsOf: repeatElement(-1, count: shown.count))
                for k in keys.indices where shown.contains(Int(keys[k].index)) {
                    shownMarks[Int(keys[k].index) - shown.lowerBound] = Int32(truncatingIfNeeded: k)
                }
            }
            guard exitsIndexed == exits.count else { return indexExits() }
            // The index made before they were sorted follows them to their places
            // (the same bands and widths: the same exits), rather than sorting them
            // again. Their places are listed in `paired`'s storage, which the
            // pairing fills afresh after.
            paired.removeAll(keepingCapacity: true)
            paired.append(contentsOf: repeatElement(0, count: exits.count))
            for (k, key) in keys.enumerated() { paired[Int(key.index)] = Int32(truncatingIfNeeded: k) }
            paired.withUnsafeBufferPointer { exitBands.follow($0) }
        }

        /// Indexes the exits, as they stand in `exits`, by line band and x.
        private mutating func indexExits() {
            (widestExit, tallestExit, exitReach) = Self.index(exits, into: &exitBands, x: { $0.x0 }) {
                abs($0.y1 - $0.y)
            }
            exitsIndexed = exits.count
        }

        /// Indexes the movers by line band and the left end of their way.
        private mutating func indexMovers() {
            (widestMover, tallestMover, longestMove) = Self.index(movers, into: &moverBands, x: { min($0.x0, $0.x1) }) {
                abs($0.x1 - $0.x0)
            }
        }

        /// Indexes `marks` into `bands` by line band (the tallest mark's height)
        /// and `x`; returns the widest and the tallest mark, and the longest `reach`.
        private static func index(
            _ marks: [Mark], into bands: inout MarkBands, x: (Mark) -> Double, reach: (Mark) -> Double
        ) -> (widest: Double, tallest: Double, reach: Double) {
            var widest = 0.0, tallest = 0.0, longest = 0.0
            for mark in marks {
                widest = max(widest, mark.width)
                tallest = max(tallest, mark.height)
                longest = max(longest, reach(mark))
            }
            bands.index(count: marks.count, height: tallest) { k in (marks[k].y, x(marks[k])) }
            return (widest, tallest, longest)
        }

        /// The first exit mark of a glyph (exits sorted by glyph).
        private func firstExit(of glyph: GlyphID) -> Int? {
            let low = partitionPoint(in: 0..<exits.count) { exits[$0].glyph >= glyph }
            return low < exits.count && exits[low].glyph == glyph ? low : nil
        }

        private func sameLine(_ y: Double, _ height: Double, _ mark: Mark) -> Bool {
            abs(mark.y - y) < 0.5 * max(height, mark.height)
        }

        /// Whether a glyph between heights `low` and `high` comes within half a
        /// line of a mark anywhere on the mark's way from `y` to `y1`.
        private func meets(_ low: Double, _ high: Double, _ height: Double, _ mark: Mark) -> Bool {
            let gap = max(min(mark.y, mark.y1) - high, low - max(mark.y, mark.y1), 0)
            return gap < 0.5 * max(height, mark.height)
        }
    }
}
