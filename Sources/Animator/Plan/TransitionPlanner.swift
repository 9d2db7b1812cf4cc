import Analyzer

/// One `GlyphAnimator.plan` call at work: it asks the effect for each glyph's
/// motion, adds the stagger and anchor-following, applies the choreography
/// (see `Choreography`), starts every glyph it continues from the presented
/// snapshot, and writes the result in flat form into a `TransitionPlan`.
///
/// A plan has one entry per mutation, in the change's order, then one more per
/// persisting glyph the choreography made leave and enter instead of moving
/// (its arrival; its mutation's entry is its exit). Persisting glyphs are
/// planned first, so that entering and exiting glyphs can ride on their
/// anchor's curve; each glyph's descriptor is built once, adjusted in place and
/// flattened at once.
final class TransitionPlanner {
    let animator: GlyphAnimator
    let change: TextChange
    let mutations: MutationList
    let symbols: GlyphTable
    let oldCount: Int
    let newCount: Int
    let old: AnchoredFrames
    let new: AnchoredFrames
    let snapshot: PresentedSnapshot?
    /// The effect actually used (the cross-fade under reduced motion).
    let blueprint: any EffectBlueprint
    let motion: ResolvedMotion
    let rules: Choreography
    /// Seconds between successive entering (or exiting) glyphs.
    let step: Double
    /// The stagger step between leaving glyphs (`step`, or less under the choreography's `exitSpread`).
    let exitStep: Double
    /// How far entering and exiting glyphs drift, in points.
    let drift: Double
    /// The numbers of stagger ranks among entering and among exiting glyphs.
    let enteringRanks: Int
    let exitingRanks: Int
    /// Each glyph's word in the old and new texts, the texts' word and line counts.
    let oldWords: [Int32]
    let newWords: [Int32]
    let oldWordCount: Int
    let newWordCount: Int
    let oldLineCount: Int
    let newLineCount: Int
    private let root: SeededRandom
    /// The context each glyph's is made from: the style and mode are copied once.
    private let context: EffectContext
    /// The pen's ink per glyph, when a layout has a pen.
    private let ink: InkLedger?

    /// The most pairs of glyphs the timing rules compare; beyond, a huge change
    /// keeps the coherence rule only.
    static let timingPairLimit = 200_000

    init(
        _ animator: GlyphAnimator, _ change: TextChange, old: AnchoredFrames, new: AnchoredFrames, fontSize: Double,
        motion: ResolvedMotion, startTime: Double, snapshot: PresentedSnapshot?, counts: StaggerRanks.Counts,
        staggers: Bool, words: (old: [Int32], oldCount: Int, new: [Int32], newCount: Int), ink: InkLedger? = nil
    ) {
        self.ink = ink
        self.animator = animator
        self.change = change
        mutations = change.mutations
        symbols = change.symbols
        oldCount = change.oldGlyphs.count
        newCount = change.newGlyphs.count
        self.old = old
        self.new = new
        self.snapshot = snapshot
        self.motion = motion
        let reduced = motion == .reduced
        blueprint = reduced ? CrossFadeEffect() : animator.effect
        rules = motion == .none ? .none : blueprint.choreography
        let style = animator.style
        let isMorph = change.mode == .morph
        // A ratio from a hand-made change may be anything; the analyzer's lies in 0…1.
        let ratio = change.changeRatio.isFinite ? min(max(change.changeRatio, 0), 1) : 1
        var step = reduced || motion == .none || !staggers ? 0 : style.stagger * (isMorph ? max(ratio, 0.3) : 1)
        let widest = max(counts.enteringRanks, counts.exitingRanks)
        if widest > 1, step * Double(widest - 1) > style.maximumStaggerSpread {
            step = style.maximumStaggerSpread / Double(widest - 1)
        }
        self.step = step
        // With clear before fill the old text is out of the way quickly, however long it is.
        let exitRanks = counts.exitingRanks
        exitStep = rules.clearBeforeFill && exitRanks > 1 ? min(step, rules.exitSpread / Double(exitRanks - 1)) : step
        enteringRanks = counts.enteringRanks
        exitingRanks = counts.exitingRanks
        oldWords = words.old
        newWords = words.new
        oldWordCount = words.oldCount
        newWordCount = words.newCount
        oldLineCount = old.lineCount
        newLineCount = new.lineCount
        drift = reduced || motion == .none ? 0 : style.drift * fontSize * (isMorph ? ratio : 1)
        root = SeededRandom(seed: animator.seed)
        context = EffectContext(
            index: 0, count: 0, changeRatio: ratio, trend: change.trend, mode: change.mode, style: style, drift: drift,
            fontSize: fontSize, startTime: startTime.isFinite ? startTime : 0)
    }

    /// The plan's entries: one per mutation, a persisting glyph the coherence
    /// rule breaks becoming an exit, then the arrivals of those glyphs.
    static func entries(
        of change: TextChange, old: AnchoredFrames, new: AnchoredFrames, rules: Choreography, into entries: inout [PlanEntry],
        broken: inout [Bool], still: inout [Bool]
    ) {
        let mutations = change.mutations
        entries.removeAll(keepingCapacity: true)
        broken.removeAll(keepingCapacity: true)
        broken.append(contentsOf: repeatElement(false, count: mutations.count))
        var breaks = 0
        if rules.coherence {
            breaks = Coherence(
                mutations: mutations, oldIDs: change.oldGlyphs, newIDs: change.newGlyphs, symbols: change.symbols,
                old: old, new: new, rules: rules
            ).breakIncoherentMoves(broken: &broken, still: &still)
        }
        for k in mutations.indices {
            let action = mutations.action(at: k)
            let from = Int32(truncatingIfNeeded: mutations.indexFrom(at: k))
            let to = Int32(truncatingIfNeeded: mutations.indexTo(at: k))
            let glyph = mutations.glyph(at: k)
            switch action {
            case .transform where broken[k]:
                entries.append(
                    PlanEntry(
                        mutation: Int32(k), role: .exiting, oldIndex: from, newIndex: -1, glyph: glyph,
                        weight: mutations.weight(ofOld: Int(from))))
            case .transform:
                entries.append(PlanEntry(mutation: Int32(k), role: .persisting, oldIndex: from, newIndex: to, glyph: glyph, weight: 0))
            case .insert:
                entries.append(
                    PlanEntry(
                        mutation: Int32(k), role: .entering, oldIndex: -1, newIndex: to, glyph: glyph,
                        weight: mutations.priorityWeight(at: k)))
            case .remove:
                entries.append(
                    PlanEntry(
                        mutation: Int32(k), role: .exiting, oldIndex: from, newIndex: -1, glyph: glyph,
                        weight: mutations.priorityWeight(at: k)))
            }
        }
        guard breaks > 0 else { return }
        for k in mutations.indices where broken[k] {
            entries.append(
                PlanEntry(
                    mutation: Int32(k), role: .entering, oldIndex: -1,
                    newIndex: Int32(truncatingIfNeeded: mutations.indexTo(at: k)), glyph: mutations.glyph(at: k),
                    weight: mutations.priorityWeight(at: k)))
        }
    }

    /// Plans every entry into `plan` (already reset for this change, its entries and ranks written).
    ///
    /// - Complexity: O(n) in glyphs when the mutations are in stagger order (the
    ///   analyzer's), O(n log n) otherwise, plus the timing rules' comparisons
    ///   (leaving glyphs against moving and arriving ones near them).
    func plan(into plan: inout TransitionPlan, entering: Int, exiting: Int) {
        let entries = plan.entries
        let count = entries.count
        plan.motions.append(contentsOf: repeatElement(Self.placeholder, count: count))
        plan.boxes.append(contentsOf: repeatElement(GlyphFrame(rect: .zero, baseline: 0, line: 0), count: count))
        plan.sources.append(contentsOf: repeatElement(-1, count: count))
        if motion == .none {
            for e in 0..<count { planInstant(entries[e], e, into: &plan) }
            return
        }
        let followers = motion == .full
        let oldAnchors = followers && exiting > 0 ? oldCount : 0
        let newAnchors = followers && entering > 0 ? newCount : 0
        let slots = AnchorTable.slots(count: oldAnchors) + AnchorTable.slots(count: newAnchors)
        var leaving = LeavingSprites(snapshot: snapshot, wanted: entering > 0)
        var context = self.context
        let ranks = plan.ranks
        // On the stack for texts of up to about 60 glyphs.
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: slots) { storage in
            withUnsafeTemporaryAllocation(of: AnimationDescriptor.self, capacity: 1) { slot in
                withUnsafeMutablePointer(to: &context) { context in
                    entries.withUnsafeBufferPointer { entries in
                        let anchors = AnchorTable.build(
                            old: oldAnchors, new: newAnchors, exiting: exiting, entering: entering, entries: entries,
                            storage: storage)
                        var pass = Pass(
                            planner: self, entries: entries, ranks: ranks, entering: entering, exiting: exiting,
                            anchors: anchors, followers: followers, slot: slot.baseAddress!, context: context)
                        pass.run(blueprint, leaving: &leaving, into: &plan)
                    }
                }
            }
        }
    }

    /// The instant swap of `.neverAnimate`, from what is presented if a sprite is continued.
    private func planInstant(_ entry: PlanEntry, _ e: Int, into plan: inout TransitionPlan) {
        let glyph = entry.glyph
        let symbol = symbols[glyph]
        let from = Int(entry.oldIndex), to = Int(entry.newIndex)
        var d: AnimationDescriptor
        switch entry.role {
        case .persisting, .entering:
            let frame = new[to]
            d = .resting(symbol, at: .resting(at: frame.rect.center), box: frame)
        case .exiting:
            let frame = old[from]
            var gone = GlyphState.resting(at: frame.rect.center)
            gone.opacity = 0
            d = AnimationDescriptor(symbol: symbol, from: gone, to: gone, timing: .instant, box: frame)
        }
        var source = -1
        if let snapshot, entry.role != .entering, from < snapshot.textCount {
            source = from
            d.from = snapshot.sprites[from].state
        }
        let index = entry.role == .exiting ? from : to
        let key = source >= 0 ? snapshot!.sprites[source].key : StableHash.of(symbol: symbol, index: index)
        withUnsafePointer(to: &d) { d in
            flatten(d, follow: nil, k: e, role: entry.role, index: index, glyph: glyph, key: key, source: source, into: &plan)
        }
    }

    /// Builds the descriptor of entry `e` in `slot` (initialized on return): the
    /// blueprint's, with the stagger and the box, sanitised, continued from the
    /// snapshot when it continues a sprite. Returns the sprite it continues (or −1)
    /// and the key of its random traits.
    func describe<Blueprint: EffectBlueprint>(
        _ entry: PlanEntry, rank: Int, peers: Int, anchorDisplacement: Vector, follow: Follow?, caught: Int?,
        blueprint: Blueprint, slot: UnsafeMutablePointer<AnimationDescriptor>, context: UnsafeMutablePointer<EffectContext>
    ) -> (source: Int, key: UInt64) {
        let role = entry.role
        let glyph = entry.glyph
        let from = Int(entry.oldIndex), to = Int(entry.newIndex)
        let index = role == .exiting ? from : to
        context.pointee.index = index
        context.pointee.count = role == .exiting ? oldCount : newCount
        context.pointee.rank = rank
        context.pointee.peers = peers
        context.pointee.textBounds = role == .exiting ? old.bounds : new.bounds
        context.pointee.stableHash = StableHash.of(glyph: glyph, in: symbols, index: index)
        let words = role == .exiting ? oldWords : newWords
        context.pointee.word = index >= 0 && index < words.count ? Int(words[index]) : 0
        context.pointee.wordCount = role == .exiting ? oldWordCount : newWordCount
        context.pointee.line = (role == .exiting ? old : new)[index].line
        context.pointee.lineCount = role == .exiting ? oldLineCount : newLineCount
        let stagger = role == .persisting ? 0 : (role == .exiting ? exitStep : step) * Double(rank)
        context.pointee.anchorDisplacement = anchorDisplacement
        if let ink { context.pointee.ink = ink.ink(role: role, index: index) }
        // The sprite this glyph continues: its own for a glyph of the old text, or
        // a leaving one the new text brings back.
        var source = caught ?? -1
        if let snapshot, role != .entering, from < snapshot.textCount { source = from }
        // A glyph's random traits are keyed by where it was born: its place in the
        // old text (at rest there) or, entering, in the new one.
        let key =
            source >= 0
            ? snapshot!.sprites[source].key
            : role != .persisting ? context.pointee.stableHash : StableHash.of(glyph: glyph, in: symbols, index: from)
        context.pointee.random = root.derived(key ^ (role == .exiting ? 0x5EED : 0))
        let m = GlyphMutation(
            action: role == .entering ? .insert : role == .exiting ? .remove : .transform,
            indexFrom: from >= 0 ? from : nil, indexTo: to >= 0 ? to : nil, symbol: symbols[glyph], priorityWeight: entry.weight)
        switch role {
        case .persisting:
            slot.initialize(
                to: blueprint.layoutPersisting(glyph: m, from: old[from].rect, to: new[to].rect, context: context.pointee))
            slot.pointee.box = new[to]
        case .entering:
            slot.initialize(to: blueprint.layoutInitial(glyph: m, frame: new[to].rect, context: context.pointee))
            slot.pointee.delay += stagger
            slot.pointee.box = new[to]
        case .exiting:
            slot.initialize(to: blueprint.layoutFinal(glyph: m, frame: old[from].rect, context: context.pointee))
            slot.pointee.delay += stagger
            slot.pointee.box = old[from]
        }
        if motion == .reduced { slot.pointee.rare.removeTracksAndParticles() }
        GlyphAnimator.sanitize(&slot.pointee)
        if let snapshot, source >= 0 {
            continueMotion(&slot.pointee, follow: follow, from: snapshot.sprites[source], startNow: role != .exiting)
        }
        return (source, key)
    }

    // MARK: - Continuing from the snapshot

    /// Makes a descriptor start from what a sprite presents now: same state, same
    /// velocity, whatever the new curves' shapes. This is the one place where a
    /// motion is carried on through an interruption.
    ///
    /// A sprite in motion, or one that must start now (`startNow`: a persisting
    /// or caught glyph), starts at once (no stagger delay, which would freeze it);
    /// its tracks keep their clocks. An appearance the plan did not expect (a glyph
    /// caught mid-fade) finishes on an ease-in-out fade rather than popping.
    func continueMotion(
        _ d: inout AnimationDescriptor, follow: Follow?, from now: PresentedSnapshot.Sprite, startNow: Bool
    ) {
        let moving = now.velocity != .zero
        if (moving || startNow) && d.delay > 0 {
            let shift = d.delay
            if d.tracks.contains(where: { $0.clock == .glyph }) {
                // Tracks keep their clocks: one that ran with the glyph's start still does.
                d.tracks = d.tracks.map { track in
                    var track = track
                    if track.clock == .glyph { track.timeOffset -= shift }
                    return track
                }
            }
            d.delay = 0
        }
        // The tracks add their own offsets at the start; take them out, read where
        // the frames will read them: on each track's clock.
        var trackOffset = GlyphState.zero
        var trackRate = GlyphState.zero
        for track in d.tracks {
            let time = -PlannedCurve.quantize(track.curveStart(delay: d.delay))
            trackOffset[track.channel] += track.amplitude * (track.curve.progress(at: time) + track.bias)
            trackRate[track.channel] += track.amplitude * track.curve.velocity(at: time)
        }
        if let follow {
            let time = -follow.start
            let progress = follow.curve.progress(at: time) + follow.bias
            let rate = follow.curve.velocity(at: time)
            trackOffset.position.x += follow.displacement.x * progress
            trackOffset.position.y += follow.displacement.y * progress
            trackRate.position.x += follow.displacement.x * rate
            trackRate.position.y += follow.displacement.y * rate
        }
        if startNow && !d.tracks.isEmpty {
            // A glyph that already shows an appearance channel as it will end (a glyph
            // caught fully written) keeps it there: finite tracks on that channel would
            // take it away and bring it back.
            for channel in GlyphChannel.allCases where !channel.isTransform {
                guard d.tracks.contains(where: { $0.channel == channel }),
                    !d.tracks.contains(where: { $0.channel == channel && $0.loops })
                else { continue }
                var final = d.to[channel]
                for track in d.tracks where track.channel == channel {
                    final += track.amplitude * (track.curve.progress(at: track.curve.duration) + track.bias)
                }
                guard abs(now.state[channel] - final) < 1e-9 else { continue }
                d.tracks.removeAll { $0.channel == channel }
                d.to[channel] = final
                trackOffset[channel] = 0
                trackRate[channel] = 0
            }
        }
        let planned = d.from
        d.from = now.state - trackOffset
        if !startNow {
            // A leaving glyph leaves as it shows: appearance channels its exit does not
            // change (a stroke half written, a fill) stay where they are.
            for channel in GlyphChannel.allCases where !channel.isTransform && channel != .opacity {
                if planned[channel] == d.to[channel] { d.to[channel] = d.from[channel] }
            }
        }
        let midFade = GlyphChannel.allCases.contains { !$0.isTransform && abs(d.from[$0] - planned[$0]) > 1e-9 }
        if midFade && d.opacityTiming.duration == 0 {
            d.opacityTiming = .bezier(.easeInOut, duration: animator.style.fade)
        }
        guard moving else { return }
        d.carry(now.velocity, trackRate: trackRate)
    }

    // MARK: - Flattening

    /// Writes descriptor `d` as plan entry `k`: its curves into the plan's curve
    /// table (shared with every sprite on the same curve from the same start), its
    /// tracks and the tracks that follow its anchor into the track table.
    func flatten(
        _ descriptor: UnsafePointer<AnimationDescriptor>, follow: Follow?, k: Int, role: SpriteRole, index: Int, glyph: GlyphID, key: UInt64,
        source: Int, into plan: inout TransitionPlan
    ) {
        let d = descriptor
        let start = PlannedCurve.quantize(d.pointee.delay)
        let transform = plan.catalog.entry(d.pointer(to: \.timing)!, start: start, in: &plan.curves)
        let appearance = plan.catalog.entry(d.pointer(to: \.opacityTiming)!, start: start, in: &plan.curves)
        let change = d.pointee.to - d.pointee.from
        let primary = PrimaryDelta(change)
        var rare = GlyphState.zero
        rare.tint = change.tint
        rare.strokeEnd = change.strokeEnd
        rare.fill = change.fill
        // The rare parts are read once: each getter would copy them.
        let parts = d.pointee.rare.parts?.value
        let velocity = parts?.velocity ?? .zero
        let tracks = parts?.tracks ?? []
        let emitter = parts?.emitter
        var settle = Self.end(
            after: start,
            lasting: AnimationDescriptor.motionLength(
                change: change, velocity: velocity, timing: d.pointer(to: \.timing)!,
                opacityTiming: d.pointer(to: \.opacityTiming)!, tracks: tracks, delay: d.pointee.delay, emitter: emitter))
        var extrasIndex: Int32 = -1
        if parts != nil || rare.hasAppearance || follow != nil {
            let trackStart = Int32(plan.tracks.count)
            for track in tracks {
                let curve = plan.catalog.entry(track.curve, start: track.curveStart(delay: d.pointee.delay), in: &plan.curves)
                plan.tracks.append(
                    PlannedTrack(
                        channel: track.channel, amplitude: track.amplitude, bias: track.bias, curve: curve,
                        loops: track.loops, clock: track.clock))
            }
            if let follow {
                let curve = plan.catalog.entry(follow.curve, start: follow.start, in: &plan.curves)
                for (channel, amount) in [(GlyphChannel.x, follow.displacement.x), (.y, follow.displacement.y)] where amount != 0 {
                    plan.tracks.append(
                        PlannedTrack(channel: channel, amplitude: amount, bias: follow.bias, curve: curve, loops: false))
                }
                settle = max(settle, Self.end(after: plan.curves[Int(curve)].start, lasting: follow.curve.duration))
            }
            var emitterIndex: Int32 = -1
            if let emitter {
                emitterIndex = Int32(plan.emitters.count)
                plan.emitters.append(emitter)
            }
            extrasIndex = Int32(plan.extras.count)
            plan.extras.append(
                MotionExtras(
                    velocity: velocity, rareDelta: rare, trackStart: trackStart,
                    trackCount: Int32(plan.tracks.count) - trackStart, emitter: emitterIndex, origin: start))
        }
        plan.motions[k] = SpriteMotion(
            to: d.pointee.to, delta: primary, transformCurve: transform, appearanceCurve: appearance, extras: extrasIndex,
            glyph: glyph, index: Int32(truncatingIfNeeded: index), role: role, settle: settle,
            hide: role == .exiting ? settle : .infinity, boxSize: d.pointee.box.rect.size,
            baselineOffset: d.pointee.box.baseline - d.pointee.box.rect.midY, key: key)
        plan.boxes[k] = d.pointee.box
        plan.sources[k] = Int32(truncatingIfNeeded: source)
    }

    /// `start + duration`, rounded up so that `(start + duration) − start` is not
    /// short of `duration`: at its settle time every curve has reached its end.
    static func end(after start: Double, lasting duration: Double) -> Double {
        var end = start + duration
        while end - start < duration { end = end.nextUp }
        return end
    }

    /// How far a persisting glyph moves, from its old frame to its new one.
    private func displacement(of anchor: Int) -> Vector {
        new[mutations.indexTo(at: anchor)].rect.center - old[mutations.indexFrom(at: anchor)].rect.center
    }

    static let placeholder = SpriteMotion(
        to: .zero, delta: PrimaryDelta(), transformCurve: 0, appearanceCurve: 0, extras: -1, glyph: 0, index: 0,
        role: .persisting, settle: 0, hide: .infinity, boxSize: .zero, baselineOffset: 0, key: 0)
}

/// An entering or exiting glyph riding along with its anchor: it starts
/// `displacement` behind its place and arrives with the anchor (entering), or
/// leaves with it, moving as the anchor does (exiting), on the anchor's curve.
struct Follow {
    let curve: TimingCurve
    /// When the anchor's curve starts.
    let start: Double
    let displacement: Vector
    let entering: Bool

    var bias: Double { entering ? -1 : 0 }
}

/// The snapshot's leaving sprites by glyph, for the new text to catch back.
struct LeavingSprites {
    /// Indices into the snapshot's sprites, sorted by glyph then index; −1 once caught.
    private var order: [Int32] = []
    private var glyphs: [GlyphID] = []
    private let snapshot: PresentedSnapshot?

    init(snapshot: PresentedSnapshot?, wanted: Bool) {
        self.snapshot = snapshot
        guard wanted, let snapshot, snapshot.sprites.count > snapshot.textCount else { return }
        order = (snapshot.textCount..<snapshot.sprites.count).map { Int32($0) }
        order.sort { a, b in
            let ga = snapshot.sprites[Int(a)].glyph, gb = snapshot.sprites[Int(b)].glyph
            return ga != gb ? ga < gb : a < b
        }
        glyphs = order.map { snapshot.sprites[Int($0)].glyph }
    }

    /// The nearest leaving sprite showing `glyph`, wherever it is (catch anywhere:
    /// a glyph the new text brings back is never shown twice), taken out of the
    /// candidates; ties go to the earlier sprite.
    mutating func catchSprite(_ glyph: GlyphID, near point: Point) -> Int? {
        guard !order.isEmpty, let snapshot else { return nil }
        // The first candidate with this glyph.
        var low = 0, high = glyphs.count
        while low < high {
            let middle = (low + high) / 2
            if glyphs[middle] < glyph { low = middle + 1 } else { high = middle }
        }
        var best = -1
        var bestDistance = Double.infinity
        var slot = low
        while slot < glyphs.count && glyphs[slot] == glyph {
            let index = Int(order[slot])
            if index >= 0 {
                let d = (snapshot.sprites[index].state.position - point).length
                if best < 0 || d < bestDistance {
                    best = slot
                    bestDistance = d
                }
            }
            slot += 1
        }
        guard best >= 0 else { return nil }
        defer { order[best] = -1 }
        return Int(order[best])
    }
}
