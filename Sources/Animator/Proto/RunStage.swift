import Analyzer

/// PROTOTYPE (branch proto/run-plan, not for main): a text change planned as
/// runs of glyphs that share a role template, measured against the Director's
/// `setText` for the 40-glyph label. It covers what that measurement needs: a
/// text at rest when the change comes (no interruption), plain templates (no
/// tracks, emitters, per-glyph variation, tiles, drawings), reading-order
/// stagger and the choreography's coherence and clear-before-fill rules.
///
/// The model: the effect is asked once per role; each template's crossings
/// (when a leaving glyph clears, when an arrival shows) are solved once; a
/// sprite is a glyph, its box and its start, written into one of three bands
/// (leaving, staying, arriving) whose order is the z-order; the frame
/// evaluates a template's curves at each sprite's local time. Nothing goes
/// through a curve table, a pool, a key or a per-glyph entry.
package final class RunStage {
    /// A role's template with what the timing rules ask of it, solved once.
    package struct Template {
        var template: RoleTemplate
        /// Rest and change of the pose channels (`to`, `to − from`).
        var rest: GlyphState
        var change: GlyphState
        var transformDuration: Double
        var opacityDuration: Double
        var changesPose: Bool
        var changesAppearance: Bool
        /// Seconds after its start when a leaving glyph clears / an arrival shows.
        var clearAfter: Double
        var visibleAfter: Double
        var progressWhenVisible: Double

        init(_ t: RoleTemplate, level: Double) {
            template = t
            rest = t.to
            change = t.to - t.from
            transformDuration = t.timing.duration
            opacityDuration = t.opacityTiming.duration
            changesPose = change.scaleX != 0 || change.scaleY != 0 || change.rotation != 0 || change.skew != 0
            changesAppearance = change.hasAppearance
            let a = t.from.opacity, b = t.to.opacity
            clearAfter = a >= level && b < level && a > b
                ? (t.opacityTiming.firstTime(reaching: (a - level) / (a - b)) ?? t.opacityTiming.duration) : 0
            visibleAfter = a < level && b >= level && b > a
                ? (t.opacityTiming.firstTime(reaching: (level - a) / (b - a)) ?? t.opacityTiming.duration) : 0
            progressWhenVisible = visibleAfter > 0 ? t.timing.progress(at: visibleAfter) : 0
        }
    }

    /// One sprite: what the frame needs, nothing else.
    package struct Sprite: BitwiseCopyable {
        var id: Int32
        var glyph: GlyphID
        /// 0 staying at rest, 1 moving, 2 leaving, 3 arriving.
        var kind: UInt8
        var x: Double
        var y: Double
        var dx: Double
        var dy: Double
        /// When its curves start (absolute, on the grouping step) and when it is gone (leaving).
        var start: Double
        var hide: Double
        var width: Double
        var height: Double
        var baselineOffset: Double
    }

    /// What a frame shows of a sprite (for the comparison with the Director).
    package struct Shown: Equatable {
        package var id: Int32
        package var glyph: GlyphID
        package var role: SpriteRole
        package var x: Double
        package var y: Double
        package var scale: Double
        package var opacity: Double
    }

    private let layout: AnyLayout
    private let effect: AnyEffect
    private let style: MotionStyle
    private let mode: DiffMode
    private let rules = Choreography.standard
    package let workspace = TextChangeAnalyzer.Workspace()
    @exclusivity(unchecked) package private(set) var text: String
    @exclusivity(unchecked) private var laidOut: TextLayoutResult
    @exclusivity(unchecked) private var recycled = RecycledFrames()
    @exclusivity(unchecked) private var nextID: Int32 = 0

    /// The leaving band (old text order), and the new text's glyphs in its
    /// order: at rest, moving or arriving (`kind`); the latter is the text at
    /// rest for the next change once this one is over.
    package var leaving: [Sprite] { Array(UnsafeBufferPointer(start: scratch.leaving.base, count: scratch.leaving.count)) }
    package var current: [Sprite] { Array(UnsafeBufferPointer(start: scratch.current.base, count: scratch.current.count)) }
    @exclusivity(unchecked) private var spare: [Sprite] = []
    @exclusivity(unchecked) private var arrivalRank: [Int32] = []
    @exclusivity(unchecked) private(set) var templates: [Template] = []
    @exclusivity(unchecked) private var roles = (enter: -1, exit: -1, move: -1)
    @exclusivity(unchecked) private var templateKeys: [RoleTemplate] = []
    @exclusivity(unchecked) package private(set) var origin = 0.0
    @exclusivity(unchecked) package private(set) var end = 0.0

    /// A leaving glyph as the timing rules see it: where it starts, its box as its pose starts, when it clears.
    struct Mark: BitwiseCopyable {
        var x: Double
        var y: Double
        var width: Double
        var height: Double
        var clear: Double
    }

    /// Flat storage of plain values, grown (contents kept) when asked for more room: what the loops index.
    struct Column<T: BitwiseCopyable> {
        /// No storage until asked for room (a scratch made to be swapped in allocates nothing).
        private(set) var base = UnsafeMutablePointer<T>(bitPattern: MemoryLayout<T>.alignment)!
        private(set) var capacity = 0
        var count = 0

        /// Room for `n` elements, the first `count` kept.
        mutating func reserve(_ n: Int) {
            guard n > capacity else { return }
            let grown = UnsafeMutablePointer<T>.allocate(capacity: max(n, 2 * capacity))
            grown.update(from: base, count: count)
            if capacity > 0 { base.deallocate() }
            base = grown
            capacity = max(n, 2 * capacity)
        }

        /// Emptied, with room for `n`.
        mutating func reset(_ n: Int) {
            count = 0
            reserve(n)
        }

        /// `n` copies of `value`.
        mutating func fill(_ value: T, count n: Int) {
            reset(n)
            base.update(repeating: value, count: n)
            count = n
        }

        @inline(__always) subscript(i: Int) -> T {
            get { base[i] }
            nonmutating set { base[i] = newValue }
        }

        @inline(__always) mutating func append(_ value: T) {
            base[count] = value
            count += 1
        }
    }

    /// Scratch kept from change to change (taken into a local while a change is planned).
    struct Scratch {
        var broken: [Bool] = []
        var still: [Bool] = []
        var leaves = Column<Bool>()
        var marks = Column<Mark>()
        /// Per glyph id: its copies' exits, in clear order (first exit, then a chain), and arrivals paired so far.
        var firstCopy = Column<Int32>()
        var nextCopy = Column<Int32>()
        var pairedCopies = Column<Int32>()
        var touched = Column<GlyphID>()
        var pairing = Column<Int32>()
        var moverList = Column<Int32>()
        /// Per line and direction (2 × line, + 1 moving right): the longest hold of the runs moving so.
        var lineHolds = Column<Double>()
        var arrivalRank = Column<Int32>()
        var leaving = Column<Sprite>()
        var current = Column<Sprite>()
        var spare = Column<Sprite>()
    }
    @exclusivity(unchecked) private var scratch = Scratch()

    package init(text: String, layout: AnyLayout, effect: AnyEffect = .scale, style: MotionStyle = .snappy, mode: DiffMode = .morph) {
        self.layout = layout
        self.effect = effect
        self.style = style
        self.mode = mode
        self.text = text
        let change = TextChangeAnalyzer(mode: mode).analyze(from: "", to: text, in: workspace)
        laidOut = layout.layout(change.newGlyphs)
        rest(change.newGlyphs)
    }

    /// A stage for planning one change from `old` to `new` afresh (what
    /// `GlyphAnimator.plan(from:to:layout:)` does): one analysis, both texts laid out.
    package init(
        planning old: String, to new: String, layout: AnyLayout, effect: AnyEffect = .scale,
        style: MotionStyle = .snappy, mode: DiffMode = .morph
    ) {
        self.layout = layout
        self.effect = effect
        self.style = style
        self.mode = mode
        text = old
        let change = TextChangeAnalyzer(mode: mode).analyze(from: old, to: new, in: workspace)
        laidOut = layout.layout(change.oldGlyphs)
        rest(change.oldGlyphs)
        plan(change, to: new, at: 0, laidOut: ReusedLayout(layout: layout.layout(change.newGlyphs), samePrefix: 0, sameSuffix: 0))
    }

    /// Puts the glyphs of `glyphs` at rest on `laidOut`.
    private func rest(_ glyphs: GlyphSequence) {
        let frames = AnchoredFrames(laidOut)
        scratch.current.reset(glyphs.count)
        glyphs.withUnsafeIDs { ids in
            for i in ids.indices {
                let box = frames[i]
                scratch.current.append(
                    Sprite(
                        id: nextID, glyph: ids[i], kind: 0, x: box.rect.midX, y: box.rect.midY, dx: 0, dy: 0,
                        start: 0, hide: .infinity, width: box.rect.width, height: box.rect.height,
                        baselineOffset: box.baseline - box.rect.midY))
                nextID += 1
            }
        }
    }

    /// The number of sprites of the change planned.
    package var spriteCount: Int { scratch.leaving.count + scratch.current.count }

    private func template(_ t: RoleTemplate) -> Int {
        for k in templateKeys.indices where templateKeys[k] == t { return k }
        templateKeys.append(t)
        templates.append(Template(t, level: rules.visibleOpacity))
        return templates.count - 1
    }

    /// Starts the change to `newText` at `t`; the text shown must be at rest. Returns the sprite count.
    @discardableResult
    package func setText(_ newText: String, at t: Double) -> Int {
        precondition(t >= end, "the prototype plans from a text at rest")
        guard newText != text else { return scratch.current.count }
        let change = TextChangeAnalyzer(mode: mode).analyze(from: text, to: newText, in: workspace)
        let reused = layout.layout(change.newGlyphs, reusing: laidOut, unchanged: change.unchanged, recycling: &recycled)
        return plan(change, to: newText, at: t, laidOut: reused)
    }

    @discardableResult
    private func plan(_ change: TextChange, to newText: String, at t: Double, laidOut reused: ReusedLayout) -> Int {
        let oldFrames = AnchoredFrames(laidOut), newFrames = AnchoredFrames(reused.layout)
        let mutations = change.mutations
        let oldCount = change.oldGlyphCount, newCount = change.newGlyphCount
        origin = t
        var w = Scratch()
        swap(&w, &scratch)
        defer { swap(&w, &scratch) }

        // Coherence: which shared glyphs leave and enter instead of moving (run by run).
        let window = PlanWindow.whole(old: oldCount, new: newCount)
        w.broken.removeAll(keepingCapacity: true)
        w.broken.append(contentsOf: repeatElement(false, count: mutations.count))
        let coherence = Coherence(
            mutations: mutations, window: window, oldIDs: change.oldGlyphs, newIDs: change.newGlyphs,
            visible: change.visible, symbols: change.symbols, old: oldFrames, new: newFrames, rules: rules)
        _ = coherence.breakIncoherentMoves(broken: &w.broken, still: &w.still)

        // Counts, for the stagger: w.leaving are the removes and the w.broken, arriving the inserts and the w.broken.
        var exitCount = mutations.count - newCount, enterCount = 0
        for k in 0..<newCount {
            if mutations.action(at: k) == .insert {
                enterCount += 1
            } else if w.broken[k] {
                exitCount += 1
                enterCount += 1
            }
        }
        // The templates, once per role.
        let ratio = change.changeRatio.isFinite ? min(max(change.changeRatio, 0), 1) : 1
        func context(_ role: SpriteRole, moves: Bool = false) -> TransitionContext {
            let exiting = role == .exiting
            let frames = exiting ? oldFrames : newFrames
            return TransitionContext(
                role: role, moves: moves, count: exiting ? oldCount : newCount,
                peers: role == .entering ? enterCount : exiting ? exitCount : 1, wordCount: 1,
                lineCount: frames.lineCount, lineHeight: frames.lineHeight, changeRatio: ratio, trend: change.trend,
                mode: change.mode, style: style, drift: style.drift * reused.layout.fontSize * (change.mode == .morph ? ratio : 1),
                fontSize: reused.layout.fontSize, textBounds: frames.bounds, startTime: t)
        }
        let enter = template(effect.entering(in: context(.entering)))
        let exit = template(effect.exiting(in: context(.exiting)))
        let move = template(effect.persisting(in: context(.persisting, moves: true)))
        roles = (enter, exit, move)
        var step = style.stagger * (change.mode == .morph ? max(ratio, 0.3) : 1)
        let widest = max(enterCount, exitCount)
        if widest > 1, step * Double(widest - 1) > style.maximumStaggerSpread {
            step = style.maximumStaggerSpread / Double(widest - 1)
        }
        let exitStep = exitCount > 1 ? min(step, rules.exitSpread / Double(exitCount - 1)) : step
        let q = CurveTable.quantum
        @inline(__always) func onStep(_ s: Double) -> Double { t + (s / q).rounded() * q }

        // Leaving glyphs, in the old text's order: each fades where it rests.
        let x = templates[exit]
        w.leaving.reset(exitCount)
        w.marks.reset(exitCount)
        // Which old glyphs leave: the removes and the broken transforms, marked by old index.
        w.leaves.fill(false, count: oldCount)
        for k in newCount..<mutations.count { w.leaves[mutations.indexFrom(at: k)] = true }
        for k in 0..<newCount where w.broken[k] && mutations.action(at: k) == .transform {
            w.leaves[mutations.indexFrom(at: k)] = true
        }
        let delayX = x.template.delay.isFinite ? x.template.delay : 0
        var rank = 0
        var widestExit = 0.0, tallestExit = 0.0
        for i in 0..<oldCount where w.leaves[i] {
            let s = w.current[i]
            let from = Point(x: s.x + x.template.from.position.x, y: s.y + x.template.from.position.y)
            let to = Point(x: s.x + x.template.to.position.x, y: s.y + x.template.to.position.y)
            let begin = onStep(exitStep * Double(rank) + delayX)
            var over = begin
            if x.changesPose || to != from { over = max(over, begin + x.transformDuration) }
            if x.changesAppearance { over = max(over, begin + x.opacityDuration) }
            w.leaving.append(
                Sprite(
                    id: s.id, glyph: s.glyph, kind: 2, x: to.x, y: to.y, dx: to.x - from.x, dy: to.y - from.y,
                    start: begin, hide: over, width: s.width, height: s.height, baselineOffset: s.baselineOffset))
            let mark = Mark(
                x: from.x, y: from.y, width: s.width * abs(x.rest.scaleX - x.change.scaleX),
                height: s.height * abs(x.rest.scaleY - x.change.scaleY), clear: x.clearAfter > 0 ? begin - t + x.clearAfter : 0)
            w.marks.append(mark)
            widestExit = max(widestExit, mark.width)
            tallestExit = max(tallestExit, mark.height)
            rank += 1
        }
        // The copies each glyph leaves, in the order their arrivals pair with them (clear time).
        for k in 0..<w.touched.count {
            w.firstCopy[Int(w.touched[k])] = -1
            w.pairedCopies[Int(w.touched[k])] = 0
        }
        w.touched.reset(exitCount)
        let symbolCount = change.symbols.count
        if w.firstCopy.count < symbolCount {
            w.firstCopy.reserve(symbolCount)
            w.pairedCopies.reserve(symbolCount)
            for g in w.firstCopy.count..<symbolCount {
                w.firstCopy[g] = -1
                w.pairedCopies[g] = 0
            }
            w.firstCopy.count = symbolCount
            w.pairedCopies.count = symbolCount
        }
        w.nextCopy.reset(w.leaving.count)
        // Exits clear in rank order, so appending from the last keeps each chain in clear order.
        for k in stride(from: w.leaving.count - 1, through: 0, by: -1) {
            let g = Int(w.leaving[k].glyph)
            if w.firstCopy[g] == -1 { w.touched.append(w.leaving[k].glyph) }
            w.nextCopy[k] = w.firstCopy[g]
            w.firstCopy[g] = Int32(k)
        }

        // The new text, in its order: staying glyphs at rest where they stay, moving
        // as runs; arrivals are written below (their rank is their place among them).
        let m = templates[move]
        swap(&w.spare, &w.current)
        w.current.reset(newCount)
        w.arrivalRank.reset(newCount)
        var movers = 0, arrivals: Int32 = 0, widestArrival = 0.0
        w.moverList.reset(newCount)
        for k in 0..<newCount {
            let box = newFrames[k]
            let to = Point(x: box.rect.midX, y: box.rect.midY)
            guard mutations.action(at: k) == .transform && !w.broken[k] else {
                w.arrivalRank.append(arrivals)
                arrivals += 1
                widestArrival = max(widestArrival, box.rect.width)
                w.current.append(
                    Sprite(
                        id: -1, glyph: mutations.glyph(at: k), kind: 3, x: to.x, y: to.y, dx: 0, dy: 0, start: 0,
                        hide: .infinity, width: box.rect.width, height: box.rect.height,
                        baselineOffset: box.baseline - box.rect.midY))
                continue
            }
            w.arrivalRank.append(-1)
            let i = mutations.indexFrom(at: k)
            var s = w.spare[i]
            s.x = to.x
            s.y = to.y
            s.width = box.rect.width
            s.height = box.rect.height
            s.baselineOffset = box.baseline - box.rect.midY
            s.glyph = mutations.glyph(at: k)
            if oldFrames[i] == box {
                s.kind = 0
                s.dx = 0
                s.dy = 0
                s.start = t
                w.current.append(s)
                continue
            }
            // A move: late enough to pass no w.leaving glyph w.still clearly visible.
            let fromX = oldFrames[i].rect.midX, fromY = oldFrames[i].rect.midY
            s.kind = 1
            s.dx = to.x - fromX
            s.dy = to.y - fromY
            var hold = 0.0
            if abs(s.dx) > 1e-9, abs(s.dy) < 0.5 * box.rect.height {
                for n in 0..<w.marks.count {
                    let mark = w.marks[n]
                    guard mark.clear > 0 && abs(mark.y - to.y) < 0.5 * max(box.rect.height, mark.height) else { continue }
                    let reach = rules.reach(box.rect.width, mark.width)
                    guard reach > 0 else { continue }
                    var low = (mark.x - reach - fromX) / s.dx, high = (mark.x + reach - fromX) / s.dx
                    if low > high { swap(&low, &high) }
                    guard low > 0, low < 1 else { continue }
                    let reached = m.template.timing.firstTime(reaching: low) ?? m.transformDuration
                    hold = max(hold, mark.clear - reached)
                }
            }
            // Runs shifting the same way along a line wait for the one that waits longest.
            let slot = 2 * min(max(box.line, 0), newFrames.lineCount) + (s.dx > 0 ? 1 : 0)
            if w.lineHolds.count <= slot {
                w.lineHolds.reserve(slot + 1)
                for n in w.lineHolds.count...slot { w.lineHolds[n] = 0 }
                w.lineHolds.count = slot + 1
            }
            w.lineHolds[slot] = max(w.lineHolds[slot], hold)
            s.start = Double(slot)
            w.current.append(s)
            movers += 1
            w.moverList.append(Int32(k))
        }
        for n in 0..<w.moverList.count {
            let k = Int(w.moverList[n])
            let hold = w.lineHolds[Int(w.current[k].start)]
            w.current[k].start = onStep(hold > 0 ? ((hold + q / 2) / q).rounded(.up) * q : 0)
        }
        for n in 0..<w.lineHolds.count { w.lineHolds[n] = 0 }
        // The old text's sprites that left go into the w.leaving band with their ids (done above);
        // arrivals: inserts in the new text's order, then the w.broken moves' arrivals.
        let a = templates[enter]
        // Which w.leaving copy each arrival waits for: the k-th arrival of a glyph
        // (inserts first, then the w.broken moves' arrivals) the k-th copy to clear.
        w.pairing.fill(-1, count: newCount)
        if w.touched.count > 0 {
            @inline(__always) func pair(_ k: Int) {
                let g = Int(mutations.glyph(at: k))
                guard g < w.firstCopy.count, w.firstCopy[g] >= 0 else { return }
                var c = Int(w.firstCopy[g])
                for _ in 0..<w.pairedCopies[g] where c >= 0 { c = Int(w.nextCopy[c]) }
                w.pairing[k] = Int32(c)
                w.pairedCopies[g] += 1
            }
            for k in 0..<newCount where mutations.action(at: k) == .insert { pair(k) }
            for k in 0..<newCount where w.current[k].kind == 3 && mutations.action(at: k) == .transform { pair(k) }
        }
        let delayA = a.template.delay.isFinite ? a.template.delay : 0
        let level = rules.visibleOpacity
        var last = end
        // The holds, as a sweep: arrivals and exits both in reading order (line, then x),
        // each arrival looks only at the exits within reach of its place.
        var lo = 0, lastY = -Double.infinity, lastX = -Double.infinity
        let marks = w.marks.count
        for k in 0..<newCount where w.current[k].kind == 3 {
            let box = newFrames[k]
            let center = Point(x: box.rect.midX, y: box.rect.midY)
            let from = Point(x: center.x + a.template.from.position.x, y: center.y + a.template.from.position.y)
            let to = Point(x: center.x + a.template.to.position.x, y: center.y + a.template.to.position.y)
            // Its rank is its place among the arrivals in the new text's order.
            let start = step * Double(w.arrivalRank[k]) + delayA
            var visible = start
            if a.template.from.opacity < level { visible = start + a.visibleAfter }
            let seen = from.x + (to.x - from.x) * a.progressWhenVisible
            let seenY = from.y + (to.y - from.y) * a.progressWhenVisible
            let lowX = min(seen, to.x), highX = max(seen, to.x), lowY = min(seenY, to.y), highY = max(seenY, to.y)
            let band = 0.5 * max(box.rect.height, tallestExit), widest = (widestArrival + widestExit) / 2
            if lowY < lastY || (lowY == lastY && lowX < lastX) { lo = 0 }
            (lastY, lastX) = (lowY, lowX)
            while lo < marks, w.marks[lo].y < lowY - band || (w.marks[lo].y < highY + band && w.marks[lo].x < lowX - widest) {
                lo += 1
            }
            var ready = 0.0
            var j = lo
            while j < marks, w.marks[j].y < highY + band {
                if w.marks[j].x >= highX + widest {
                    // Past its reach on this line: on to the next line's exits, if it spans several.
                    if highY == lowY { break }
                    j += 1
                    continue
                }
                if w.marks[j].clear > ready {
                    let gap = max(w.marks[j].y - highY, lowY - w.marks[j].y, 0)
                    if gap < 0.5 * max(box.rect.height, w.marks[j].height) {
                        let reach = rules.reach(box.rect.width, w.marks[j].width)
                        if reach > 0 && w.marks[j].x > lowX - reach && w.marks[j].x < highX + reach { ready = w.marks[j].clear }
                    }
                }
                j += 1
            }
            if w.pairing[k] >= 0 { ready = max(ready, w.marks[Int(w.pairing[k])].clear) }
            // Movers sweeping through its place.
            for n in 0..<w.moverList.count {
                let s = w.current[Int(w.moverList[n])]
                guard abs(s.dx) > 0.25 * s.width && abs(s.dy) < 0.5 * s.height
                    && !change.symbols.isWhitespace(s.glyph) && abs(s.y - to.y) < 0.5 * max(box.rect.height, s.height)
                else { continue }
                let reach = rules.reach(box.rect.width, s.width)
                let x0 = s.x - s.dx
                guard reach > 0 else { continue }
                var low = (to.x - reach - x0) / s.dx, high = (to.x + reach - x0) / s.dx
                if low > high { swap(&low, &high) }
                guard high > 0, low < 1, high < 1 else { continue }
                let gone = s.start - t + (m.template.timing.firstTime(reaching: high) ?? m.transformDuration) + 0.02
                ready = max(ready, gone)
            }
            var held = start
            if ready > visible {
                held = ((start + (ready - visible) + q / 2) / q).rounded(.up) * q
            }
            let begin = onStep(held)
            w.current[k].id = nextID
            nextID += 1
            w.current[k].x = to.x
            w.current[k].y = to.y
            w.current[k].dx = to.x - from.x
            w.current[k].dy = to.y - from.y
            w.current[k].start = begin
            var over = begin
            if a.changesPose || to != from { over = max(over, begin + a.transformDuration) }
            if a.changesAppearance { over = max(over, begin + a.opacityDuration) }
            last = max(last, over)
        }
        for k in 0..<w.leaving.count { last = max(last, w.leaving[k].hide) }
        if movers > 0 {
            for k in 0..<w.current.count where w.current[k].kind == 1 {
                last = max(last, w.current[k].start + m.transformDuration)
            }
        }
        end = last
        // The old layout's frames are where the next layout is made.
        recycled = RecycledFrames(frames: laidOut.frames, sameAsPrevious: reused.samePrefix)
        laidOut = reused.layout
        text = newText
        return w.leaving.count + w.current.count
    }

    /// The sprites shown at `t`, leaving under staying under arriving.
    package func frame(at t: Double, into shown: inout [Shown]) {
        shown.removeAll(keepingCapacity: true)
        if t >= end {
            for s in current {
                shown.append(Shown(id: s.id, glyph: s.glyph, role: .persisting, x: s.x, y: s.y, scale: 1, opacity: 1))
            }
            return
        }
        if roles.exit >= 0 {
            let exit = templates[roles.exit]
            for s in leaving where t < s.hide { shown.append(state(s, exit, at: t, role: .exiting)) }
        }
        for s in current where s.kind < 2 {
            if s.kind == 0 {
                shown.append(Shown(id: s.id, glyph: s.glyph, role: .persisting, x: s.x, y: s.y, scale: 1, opacity: 1))
            } else {
                shown.append(state(s, templates[roles.move], at: t, role: .persisting))
            }
        }
        for s in current where s.kind == 3 {
            shown.append(state(s, templates[roles.enter], at: t, role: t >= end ? .persisting : .entering))
        }
    }

    private func state(_ s: Sprite, _ x: Template, at t: Double, role: SpriteRole) -> Shown {
        let tr = 1 - x.template.timing.progress(at: t - s.start)
        let or = 1 - x.template.opacityTiming.progress(at: t - s.start)
        return Shown(
            id: s.id, glyph: s.glyph, role: role, x: s.x - s.dx * tr, y: s.y - s.dy * tr,
            scale: x.rest.scaleX - x.change.scaleX * tr,
            opacity: min(max(x.rest.opacity - x.change.opacity * or, 0), 1))
    }
}
