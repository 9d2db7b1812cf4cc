import Analyzer

extension TransitionPlanner {
    /// The planning passes over a plan's entries, with the choreography's
    /// timing (see `Choreography`):
    ///
    /// 1. leaving glyphs are described first to learn when each one *clears*
    ///    (falls below the visible opacity), with where it is;
    /// 2. persisting glyphs: a glyph at rest that moves starts late enough not to
    ///    pass over a leaving glyph still clearly visible;
    /// 3. leaving glyphs, riding on their anchors' curves;
    /// 4. arriving glyphs catch a leaving sprite of their glyph wherever it is;
    ///    the others become clearly visible only once the leaving glyphs on their
    ///    place, a leaving copy of themselves, and glyphs sweeping through their
    ///    place are gone.
    struct Pass {
        let planner: TransitionPlanner
        let entries: UnsafeBufferPointer<PlanEntry>
        let ranks: [Int32]
        let entering: Int
        let exiting: Int
        let anchors: (old: AnchorTable, new: AnchorTable)
        let followers: Bool
        let slot: UnsafeMutablePointer<AnimationDescriptor>
        let context: UnsafeMutablePointer<EffectContext>
        /// Leaving glyphs as the timing sees them; for the snapshot's leaving
        /// sprites too (their `entry` is −1 − their snapshot index).
        var exits: [Mark] = []
        /// Persisting glyphs that move.
        var movers: [Mark] = []

        /// A glyph's place and times for the timing rules.
        struct Mark {
            var entry: Int
            var glyph: GlyphID
            var y: Double
            var x0: Double
            var x1: Double
            var width: Double
            var height: Double
            /// When it clears (exits), or its curve's entry in the plan (movers).
            var clear: Double
            var curve: Int32
        }

        init(
            planner: TransitionPlanner, entries: UnsafeBufferPointer<PlanEntry>, ranks: [Int32], entering: Int,
            exiting: Int, anchors: (old: AnchorTable, new: AnchorTable), followers: Bool,
            slot: UnsafeMutablePointer<AnimationDescriptor>, context: UnsafeMutablePointer<EffectContext>
        ) {
            self.planner = planner
            self.entries = entries
            self.ranks = ranks
            self.entering = entering
            self.exiting = exiting
            self.anchors = anchors
            self.followers = followers
            self.slot = slot
            self.context = context
        }

        mutating func run<Blueprint: EffectBlueprint>(
            _ blueprint: Blueprint, leaving: inout LeavingSprites, into plan: inout TransitionPlan
        ) {
            let rules = planner.rules
            let moversEstimate = entries.count - entering - exiting
            let timed =
                rules.clearBeforeFill
                && (exiting + (planner.snapshot.map { $0.sprites.count - $0.textCount } ?? 0))
                    * (moversEstimate + entering) <= TransitionPlanner.timingPairLimit
            if timed { markExits(blueprint) }
            // Persisting glyphs first: the others ride on their curves. A run of them
            // (consecutive in both texts) is held back as one, so it moves as one.
            var e = 0
            while e < entries.count {
                guard entries[e].role == .persisting else {
                    e += 1
                    continue
                }
                var end = e + 1
                while end < entries.count, entries[end].role == .persisting,
                    entries[end].oldIndex == entries[end - 1].oldIndex + 1,
                    entries[end].newIndex == entries[end - 1].newIndex + 1
                {
                    end += 1
                }
                var hold = 0.0
                if timed {
                    for k in e..<end {
                        let (source, _) = planner.describe(
                            entries[k], rank: 0, peers: 1, anchorDisplacement: .zero, follow: nil, caught: nil,
                            blueprint: blueprint, slot: slot, context: context)
                        if source < 0 || planner.snapshot!.sprites[source].velocity == .zero {
                            hold = max(hold, neededHold())
                        }
                        slot.deinitialize(count: 1)
                    }
                }
                for k in e..<end {
                    let entry = entries[k]
                    let (source, key) = planner.describe(
                        entry, rank: 0, peers: 1, anchorDisplacement: .zero, follow: nil, caught: nil,
                        blueprint: blueprint, slot: slot, context: context)
                    defer { slot.deinitialize(count: 1) }
                    if hold > 0 && (source < 0 || planner.snapshot!.sprites[source].velocity == .zero) {
                        delay(by: hold)
                    }
                    planner.flatten(
                        slot, follow: nil, k: k, role: .persisting, index: Int(entry.newIndex), glyph: entry.glyph,
                        key: key, source: source, into: &plan)
                    if timed { markMover(k, into: plan) }
                }
                e = end
            }
            for e in entries.indices where entries[e].role == .exiting {
                planRiding(e, blueprint: blueprint, caught: nil, timed: false, into: &plan)
            }
            if timed { exits.sort { $0.glyph != $1.glyph ? $0.glyph < $1.glyph : $0.clear < $1.clear } }
            var pairedSoFar: [GlyphID: Int] = [:]
            for e in entries.indices where entries[e].role == .entering {
                let entry = entries[e]
                let target = planner.new[Int(entry.newIndex)].rect.center
                let caught = leaving.catchSprite(entry.glyph, near: target)
                if let caught, timed { release(snapshotSprite: caught) }
                var pairing: Int?
                if timed && caught == nil {
                    let taken = pairedSoFar[entry.glyph, default: 0]
                    pairedSoFar[entry.glyph] = taken + 1
                    pairing = taken
                }
                planRiding(e, blueprint: blueprint, caught: caught, timed: timed && caught == nil, pairing: pairing, into: &plan)
            }
        }

        /// Plans an exiting or entering entry, riding on its anchor.
        private func planRiding<Blueprint: EffectBlueprint>(
            _ e: Int, blueprint: Blueprint, caught: Int?, timed: Bool, pairing: Int? = nil,
            into plan: inout TransitionPlan
        ) {
            let entry = entries[e]
            let isEntering = entry.role == .entering
            let index = Int(isEntering ? entry.newIndex : entry.oldIndex)
            var displacement = Vector.zero
            var follow: Follow?
            // Under the choreography leaving glyphs fade where they are: riding
            // neighbours that move apart made them run into one another.
            let rides = followers && (isEntering || !planner.rules.clearBeforeFill)
            if rides, let anchor = isEntering ? anchors.new.anchor(of: index) : anchors.old.anchor(of: index) {
                // The anchor's move as planned: from where it is shown now (a snapshot
                // may have it anywhere), not from its place in the old layout.
                let delta = plan.motions[anchor].delta
                displacement = Vector(x: delta.x, y: delta.y)
                let curve = Int(plan.motions[anchor].transformCurve)
                if displacement != .zero, plan.curves[curve].curve.duration > 0 {
                    follow = Follow(
                        curve: plan.curves[curve].curve, start: plan.curves[curve].start, displacement: displacement,
                        entering: isEntering)
                }
            }
            let (source, key) = planner.describe(
                entry, rank: Int(ranks[e]), peers: isEntering ? planner.enteringRanks : planner.exitingRanks,
                anchorDisplacement: displacement,
                follow: follow, caught: caught, blueprint: blueprint, slot: slot, context: context)
            defer { slot.deinitialize(count: 1) }
            if timed { holdArrival(entry, pairing: pairing, follow: follow, curves: plan.curves) }
            planner.flatten(
                slot, follow: follow, k: e, role: entry.role, index: index, glyph: entry.glyph, key: key, source: source,
                into: &plan)
        }

        // MARK: - Marks

        /// Describes every leaving glyph once to learn where it is and when it
        /// clears; the snapshot's leaving sprites are estimated from their fade.
        private mutating func markExits<Blueprint: EffectBlueprint>(_ blueprint: Blueprint) {
            let level = planner.rules.visibleOpacity
            for e in entries.indices where entries[e].role == .exiting {
                _ = planner.describe(
                    entries[e], rank: Int(ranks[e]), peers: planner.exitingRanks, anchorDisplacement: .zero, follow: nil,
                    caught: nil,
                    blueprint: blueprint, slot: slot, context: context)
                let d = slot.pointee
                slot.deinitialize(count: 1)
                exits.append(
                    Mark(
                        entry: e, glyph: entries[e].glyph, y: d.from.position.y, x0: d.from.position.x,
                        x1: d.from.position.x, width: d.box.rect.width * abs(d.from.scaleX),
                        height: d.box.rect.height * abs(d.from.scaleY), clear: d.clearTime(below: level), curve: 0))
            }
            guard let snapshot = planner.snapshot else { return }
            let fade = planner.animator.style.fade
            for s in snapshot.textCount..<snapshot.sprites.count {
                let sprite = snapshot.sprites[s]
                let opacity = sprite.state.opacity, rate = sprite.velocity.opacity
                let clear =
                    opacity < level ? 0 : rate < 0 ? (opacity - level) / -rate : fade
                exits.append(
                    Mark(
                        entry: -1 - s, glyph: sprite.glyph, y: sprite.state.position.y, x0: sprite.state.position.x,
                        x1: sprite.state.position.x, width: sprite.boxSize.width * abs(sprite.state.scaleX),
                        height: sprite.boxSize.height * abs(sprite.state.scaleY), clear: clear, curve: 0))
            }
        }

        /// A leaving sprite of the snapshot caught by an arrival is no longer leaving.
        private mutating func release(snapshotSprite s: Int) {
            for k in exits.indices where exits[k].entry == -1 - s { exits[k].clear = 0 }
        }

        /// Records a persisting glyph that moves, with its plan curve.
        private mutating func markMover(_ e: Int, into plan: TransitionPlan) {
            let motion = plan.motions[e]
            let box = plan.boxes[e]
            let from = motion.to.position.x - motion.delta.x
            guard abs(motion.delta.x) > 0.25 * max(box.rect.width, 1e-9), abs(motion.delta.y) < 0.5 * box.rect.height
            else { return }
            movers.append(
                Mark(
                    entry: e, glyph: entries[e].glyph, y: motion.to.position.y, x0: from, x1: motion.to.position.x,
                    width: box.rect.width, height: box.rect.height, clear: 0, curve: motion.transformCurve))
        }

        // MARK: - Holding back

        /// How long a persisting glyph at rest (in the slot) must wait so that it
        /// reaches no leaving glyph still clearly visible.
        private func neededHold() -> Double {
            let d = slot.pointee
            let x0 = d.from.position.x, x1 = d.to.position.x, y = d.to.position.y
            let dx = x1 - x0
            guard abs(dx) > 1e-9, abs(d.to.position.y - d.from.position.y) < 0.5 * d.box.rect.height else { return 0 }
            let width = d.box.rect.width
            var needed = 0.0
            for exit in exits where exit.clear > 0 && sameLine(y, d.box.rect.height, exit) {
                let reach = (width + exit.width) / 2 - planner.rules.overlap * min(width, exit.width)
                guard reach > 0 else { continue }
                var low = (exit.x0 - reach - x0) / dx, high = (exit.x0 + reach - x0) / dx
                if low > high { swap(&low, &high) }
                // Overlapping from the very start cannot be waited out.
                guard low > 0, low < 1 else { continue }
                let reached = d.delay + (d.timing.firstTime(reaching: low) ?? d.timing.duration)
                needed = max(needed, exit.clear - reached)
            }
            return needed
        }

        /// Delays an arriving glyph (in the slot) until its place is clear: of
        /// leaving glyphs on it, of a leaving copy of itself, of glyphs sweeping through.
        private func holdArrival(_ entry: PlanEntry, pairing: Int?, follow: Follow?, curves: [PlannedCurve]) {
            let d = slot.pointee
            let level = planner.rules.visibleOpacity
            let visible = d.visibleTime(from: level)
            guard visible.isFinite else { return }
            let x = d.to.position.x, y = d.to.position.y
            // From the moment it is clearly visible the glyph covers the way from
            // where it is then to its place (an arrival sliding in crosses it).
            var seen: Double
            if d.tracks.isEmpty && d.velocity == .zero {
                // No tracks and no thrown velocity: the position is the transform curve's alone.
                let progress = visible > d.delay ? d.timing.progress(at: visible - d.delay) : 0
                seen = d.from.position.x + (d.to.position.x - d.from.position.x) * progress
            } else {
                seen = d.state(at: visible).position.x
            }
            if let follow {
                // Riding an anchor that moves, it is behind by what the anchor has still to go
                // (less once held back, so the way measured now is the longest).
                seen += follow.displacement.x * (follow.curve.progress(at: visible - follow.start) + follow.bias)
            }
            let lowX = min(seen, x), highX = max(seen, x)
            let width = d.box.rect.width, height = d.box.rect.height
            var ready = 0.0
            for exit in exits where exit.clear > ready && sameLine(y, height, exit) {
                let reach = (width + exit.width) / 2 - planner.rules.overlap * min(width, exit.width)
                if reach > 0 && exit.x0 > lowX - reach && exit.x0 < highX + reach { ready = exit.clear }
            }
            // A leaving copy of this glyph: the k-th arrival of a glyph waits for
            // the k-th of its copies to clear (exits are sorted by glyph, then clear time).
            if let pairing, let first = firstExit(of: entry.glyph) {
                let k = first + pairing
                if k < exits.count && exits[k].glyph == entry.glyph { ready = max(ready, exits[k].clear) }
            }
            for mover in movers where mover.entry >= 0 && sameLine(y, height, mover) {
                let reach = (width + mover.width) / 2 - planner.rules.overlap * min(width, mover.width)
                let dx = mover.x1 - mover.x0
                guard reach > 0, abs(dx) > 1e-9 else { continue }
                var low = (x - reach - mover.x0) / dx, high = (x + reach - mover.x0) / dx
                if low > high { swap(&low, &high) }
                guard high > 0, low < 1, high < 1 else { continue }
                let curve = curves[Int(mover.curve)]
                let gone = curve.start + (curve.curve.firstTime(reaching: high) ?? curve.curve.duration) + 0.02
                ready = max(ready, gone)
            }
            if ready > visible { delay(by: ready - visible) }
        }

        /// The first exit mark of a glyph (exits sorted by glyph).
        private func firstExit(of glyph: GlyphID) -> Int? {
            var low = 0, high = exits.count
            while low < high {
                let middle = (low + high) / 2
                if exits[middle].glyph < glyph { low = middle + 1 } else { high = middle }
            }
            return low < exits.count && exits[low].glyph == glyph ? low : nil
        }

        private func sameLine(_ y: Double, _ height: Double, _ mark: Mark) -> Bool {
            abs(mark.y - y) < 0.5 * max(height, mark.height)
        }

        /// Adds a choreography delay to the slot's descriptor: tracks on the glyph's
        /// clock move with it, tracks on the transition's stay where they are.
        private func delay(by seconds: Double) {
            // Starts are rounded to the plan's grouping step when flattened; round this
            // one up, with half a step to spare for the leaving glyph's own rounding.
            let q = PlannedCurve.quantum
            slot.pointee.delay = ((slot.pointee.delay + seconds + q / 2) / q).rounded(.up) * q
        }
    }
}
