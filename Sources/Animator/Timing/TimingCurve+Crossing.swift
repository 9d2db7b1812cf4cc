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
    public func firstTime(reaching level: Double) -> Double? {
        if progress(at: 0) >= level { return 0 }
        let end = duration.isFinite ? duration : (self.base?.duration ?? 0)
        guard end > 0 else { return finalProgress >= level ? 0 : nil }
        var low = 0.0
        var high = -1.0
        for step in 1...32 {
            let t = end * Double(step) / 32
            if progress(at: t) >= level {
                high = t
                break
            }
            low = t
        }
        guard high >= 0 else { return nil }
        var iterations = 0
        while high - low > 1e-6 && iterations < 40 {
            let middle = (low + high) / 2
            if progress(at: middle) >= level { high = middle } else { low = middle }
            iterations += 1
        }
        return high
    }

    /// The curve a repeating curve repeats.
    private var base: TimingCurve? {
        if case .repeating(let base, _, _) = kind { return base }
        return nil
    }
}
