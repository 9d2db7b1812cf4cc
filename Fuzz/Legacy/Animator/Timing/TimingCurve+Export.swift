extension TimingCurve {
    /// The easing and duration of a cubic-Bézier curve (`linear` and the
    /// `.ease…` presets included), for renderers whose formats say one exactly
    /// (CSS `cubic-bezier`, Lottie keyframe tangents); nil for any other curve.
    package var cubicBezier: (curve: CubicBezier, duration: Double)? {
        if case .bezier(let curve, let duration) = kind { return (curve, duration) }
        return nil
    }

    /// Whether the curve jumps to its end at its start.
    package var isInstant: Bool {
        if case .instant = kind { return true }
        return false
    }

    /// How long a curve that repeats forever takes to come back to where it
    /// was: one pass, two when every other pass reverses; nil for a curve that ends.
    package var loopPeriod: Double? {
        guard case .repeating(let base, .forever, let autoreverse) = kind else { return nil }
        return base.duration * (autoreverse ? 2 : 1)
    }
}
