extension TransitionDirector {
    /// Starts checking the legibility of every frame drawn while a transition
    /// runs; `legibility` and `inspect()` report it.
    ///
    /// Off by default. With the check on, each such `frame(at:)` also costs a
    /// sort of its visible glyphs, and allocates when it finds something.
    /// Frames are checked as they are drawn, so nothing is sampled ahead. Turned
    /// on in the middle of a transition, the check counts doubled glyphs only
    /// from the next time the Director is at rest (the texts in play before are
    /// unknown); garbled pairs are counted at once.
    ///
    /// - Parameter criteria: the thresholds (`Legibility.Criteria.standard` by default).
    public func enableLegibilityCheck(_ criteria: Legibility.Criteria = .standard) {
        legibilityRecorder = makeLegibilityRecorder(criteria)
    }

    /// Stops checking; the status collected so far is returned.
    @discardableResult
    public func disableLegibilityCheck() -> LegibilityStatus? {
        defer { legibilityRecorder = nil }
        return legibilityRecorder?.status
    }

    /// The legibility of the frames drawn so far, while the check is on.
    public var legibility: LegibilityStatus? { legibilityRecorder?.status }

    func makeLegibilityRecorder(_ criteria: Legibility.Criteria) -> LegibilityRecorder {
        LegibilityRecorder(criteria: criteria, allowance: isAnimating ? nil : Legibility.GlyphAllowance([text]))
    }
}
