extension TimingCurve {
    /// The first time the curve's progress reaches `level`, or nil when it never
    /// does within its duration (a curve that repeats forever is searched over
    /// its first pass).
    ///
    /// The curve is sampled at 32 points to bracket the first crossing, then
    /// bisected to 1 µs, so overshooting curves (springs) give their first
    /// crossing, not a later one.
    ///
    /// - Complexity: O(1): at most 32 + 40 evaluations.
    package func firstTime(reaching level: Double) -> Double? { firstTime(reaching: level, scanned: nil) }

    /// `firstTime(reaching:)` with the curve's own `scan` (`crossingScan()`): the 32 samples
    /// read from it, the same answer without evaluating them.
    package func firstTime(reaching level: Double, scan: CrossingScan) -> Double? {
        scan.progress.withUnsafeBufferPointer { firstTime(reaching: level, scanned: $0.baseAddress) }
    }

    /// `firstTime(reaching:)`, its samples read from `scanned` (a scan's progress) when given.
    /// (A pointer: with the scan itself an optional argument, a caller's closures that search
    /// a crossing were boxed, an allocation an arrival.)
    private func firstTime(reaching level: Double, scanned: UnsafePointer<Double>?) -> Double? {
        var search = CrossingSearch(self, reaching: level, scanned: scanned)
        while !search.isDone { search.narrow(on: self) }
        return search.answer
    }

    /// The search `firstTime(reaching:)` makes, a step at a time. Between steps the answer lies
    /// in `bounds`, so a caller that only compares it with something (the longest hold so far)
    /// stops as soon as the bounds decide, with what the whole search would have decided:
    /// each step halves them as the whole search does, and it ends where the whole search ends.
    package struct CrossingSearch {
        /// The answer is in `low...high`, and `high` once the search is done; `high` is −1 for a
        /// curve that never reaches the level.
        private var low: Double
        private var high: Double
        private var iterations = 0
        private let level: Double

        /// Whether the bounds are as narrow as the search takes them: within 1 µs, or after 40
        /// halvings. (A search answered before its halvings has them equal, or none to halve: a
        /// curve that never reaches the level leaves `high` below `low`.) Kept, not worked out
        /// when asked: a loop asks at every step, and the 40-glyph label's interrupting change
        /// cost 1,700 instructions more with it worked out.
        package private(set) var isDone = true

        /// Sets `isDone` from the bounds and the halvings so far.
        private mutating func noteProgress() {
            isDone = !(high - low > 1e-6 && iterations < 40)
        }

        /// Whether the curve reaches the level at all (the answer is nil when it does not).
        private var reaches: Bool { high >= 0 }

        /// The search of `curve` for `level`, as far as its samples (`scanned`, or evaluated)
        /// take it; done already when the start, a Bézier's own crossing or the curve's end answers.
        fileprivate init(_ curve: TimingCurve, reaching level: Double, scanned: UnsafePointer<Double>?) {
            self.level = level
            (low, high) = (0, 0)
            if (scanned?[0] ?? curve.progress(at: 0)) >= level { return }
            if case .bezier(let bezier, let length) = curve.kind, let time = TimingCurve.crossing(bezier, length, level) {
                // Confirmed by the evaluation every other reader uses (it solves x to 1e-12).
                if curve.progress(at: time) >= level {
                    (low, high) = (time, time)
                    return
                }
                let later = min(time + 1e-9, length)
                if curve.progress(at: later) >= level {
                    (low, high) = (later, later)
                    return
                }
            }
            let end = curve.scanEnd
            guard end > 0 else {
                if curve.finalProgress < level { high = -1 }
                return
            }
            high = -1
            for step in 1...CrossingScan.steps {
                let t = TimingCurve.scanTime(step, end)
                if (scanned?[step] ?? curve.progress(at: t)) >= level {
                    high = t
                    break
                }
                low = t
            }
            noteProgress()
        }

        /// The first time the curve reaches the level (nil when it never does); once done.
        package var answer: Double? {
            assert(isDone, "a crossing's answer read before its search was done")
            return reaches ? high : nil
        }

        /// Where the answer lies (`otherwise`, a caller's, for a curve that never reaches the level).
        package func bounds(otherwise: Double) -> (low: Double, high: Double) {
            reaches ? (isDone ? (high, high) : (low, high)) : (otherwise, otherwise)
        }

        /// Halves the bounds on `curve` (the curve searched).
        package mutating func narrow(on curve: TimingCurve) {
            assert(!isDone, "a crossing's search narrowed once done")
            let middle = (low + high) / 2
            if curve.progress(at: middle) >= level { high = middle } else { low = middle }
            iterations += 1
            noteProgress()
        }
    }

    /// The search for the first time the curve reaches `level` (see `CrossingSearch`), its
    /// samples read from `scan`.
    package func crossingSearch(reaching level: Double, scan: CrossingScan) -> CrossingSearch {
        scan.progress.withUnsafeBufferPointer { CrossingSearch(self, reaching: level, scanned: $0.baseAddress) }
    }

    /// The curve's progress where `firstTime(reaching:)` looks first: at its start and at
    /// `steps` even steps over its duration (its first pass, when it repeats forever). For a
    /// curve searched at many levels (a fade each caught sprite crosses at a level of its
    /// own), made once: a spring's search otherwise evaluates most of them at every level.
    package struct CrossingScan: Sendable {
        static var steps: Int { 32 }
        /// Progress at the start, then at each step (the start's alone for a curve with no duration).
        fileprivate(set) var progress: [Double]
    }

    /// This curve's `CrossingScan`.
    package func crossingScan() -> CrossingScan {
        let end = scanEnd
        guard end > 0 else { return CrossingScan(progress: [progress(at: 0)]) }
        return CrossingScan(progress: (0...CrossingScan.steps).map { $0 == 0 ? progress(at: 0) : progress(at: Self.scanTime($0, end)) })
    }

    /// How far the search for a crossing looks: the duration, or a pass of a curve repeating forever.
    private var scanEnd: Double { duration.isFinite ? duration : (self.base?.duration ?? 0) }

    /// The search's `step`th time over `end`.
    @inline(__always)
    private static func scanTime(_ step: Int, _ end: Double) -> Double { end * Double(step) / Double(CrossingScan.steps) }

    /// The first crossing of a Bézier whose progress only rises (both control
    /// points' y in 0…1), found on the curve's own parameter: y(s) = level by
    /// bisection on s, then t = x(s) × duration, with no solve for s from x per
    /// step. nil when the curve may overshoot (the general search handles it).
    private static func crossing(_ curve: CubicBezier, _ length: Double, _ level: Double) -> Double? {
        guard (0...1).contains(curve.y1), (0...1).contains(curve.y2), length > 0 else { return nil }
        guard level <= 1 else { return nil }
        // Newton's method on y(s) − level, kept inside a shrinking bracket [low, high]
        // (bisecting whenever a step would leave it); y rises, so the root is unique
        // up to flat stretches, and the bracket's upper end is always at or past it.
        var low = 0.0, high = 1.0
        var s = level
        for _ in 0..<64 {
            let y = curve.sampleY(s) - level
            if y >= 0 { high = s } else { low = s }
            if high - low < 1e-13 || abs(y) < 1e-14 { break }
            let slope = (3 * curve.ay * s + 2 * curve.by) * s + curve.cy
            var next = slope > 1e-12 ? s - y / slope : (low + high) / 2
            if !(next > low && next < high) { next = (low + high) / 2 }
            s = next
        }
        // Newton's steps may close in from below: a last step within 1e-14 of the level is
        // the crossing (the bracket's upper end can be a whole step later).
        if curve.sampleY(s) >= level - 1e-14 { high = min(high, s) }
        return min(max(curve.sampleX(high), 0), 1) * length
    }

    /// The curve a repeating curve repeats.
    private var base: TimingCurve? {
        if case .repeating(let base, _, _) = kind { return base }
        return nil
    }
}

extension TimingCurve {
    /// Whether two curves are the same: of one kind with the same bits in the
    /// numbers that make it (an inline curve), or equal (a boxed one). Read in
    /// place, without copying an inline curve; never the enum's unused bytes,
    /// whose contents are whatever was there before.
    @inline(__always)
    static func sameCurve(_ a: UnsafePointer<TimingCurve>, _ b: UnsafePointer<TimingCurve>) -> Bool {
        switch a.pointee.kind {
        case .instant:
            if case .instant = b.pointee.kind { return true }
        case .bezier(let p, let d):
            if case .bezier(let q, let e) = b.pointee.kind {
                return p.x1.bitPattern == q.x1.bitPattern && p.y1.bitPattern == q.y1.bitPattern
                    && p.x2.bitPattern == q.x2.bitPattern && p.y2.bitPattern == q.y2.bitPattern
                    && d.bitPattern == e.bitPattern
            }
        case .spring(let s):
            if case .spring(let r) = b.pointee.kind {
                // The other numbers of a spring follow from these four.
                return s.mass.bitPattern == r.mass.bitPattern && s.stiffness.bitPattern == r.stiffness.bitPattern
                    && s.damping.bitPattern == r.damping.bitPattern
                    && s.initialVelocity.bitPattern == r.initialVelocity.bitPattern
            }
        case .dualPhase, .keyframes, .repeating:
            return a.pointee == b.pointee
        }
        return false
    }
}
