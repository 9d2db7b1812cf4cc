/// A list of texts the Director plays in a loop, each held for a while once it has settled.
struct Rehearsal {
    var texts: [String]
    var hold: Double
    /// The index of the text shown last.
    var index: Int
    /// When the next text is due, once the current transition has settled.
    var due: Double?
}

extension TransitionDirector {
    /// Loops through `texts`: the first is set at `t`, and each next one `hold`
    /// seconds after the previous transition settles, forever (until `stopRehearsal()`
    /// or a `setText` by hand). Frames drive it, so any `frame(at:)` advances it.
    ///
    /// - Parameters:
    ///   - texts: at least one text; an empty list stops any rehearsal.
    ///   - hold: seconds each text rests before the next, at least `minimumHold`.
    public func rehearse(_ texts: [String], hold: Double, startingAt t: Double) {
        defer { runCallbacks() }
        rehearsal = nil
        guard let first = texts.first else { return }
        setText(first, at: t)
        // One text, or the same text over and over, has nothing to rehearse.
        guard texts.contains(where: { $0 != first }) else { return }
        let hold = hold.isFinite ? max(hold, Self.minimumHold) : Self.minimumHold
        rehearsal = Rehearsal(texts: texts, hold: hold, index: 0, due: active == nil ? lastFence + hold : nil)
    }

    /// The shortest hold a rehearsal accepts, in seconds (so that instant
    /// transitions still advance through time).
    public static let minimumHold = 1.0 / 480

    /// Stops looping; the current transition finishes normally.
    public func stopRehearsal() {
        rehearsal = nil
    }

    /// Whether a rehearsal is playing.
    public var isRehearsing: Bool { rehearsal != nil }

    /// The time the rehearsal's next text is due, if it is due by `t`.
    func rehearsalDue(at t: Double) -> Double? {
        guard active == nil, let r = rehearsal, let due = r.due, due <= t else { return nil }
        return due
    }

    /// Sets the rehearsal's next text at its due time.
    func rehearsalStep(at due: Double) {
        guard var r = rehearsal else { return }
        r.index = (r.index + 1) % r.texts.count
        r.due = nil
        let next = r.texts[r.index]
        rehearsal = nil
        setText(next, at: clock.callerTime(due))
        if active == nil { r.due = due + r.hold }
        rehearsal = r
    }

    /// Notes that a transition settled, scheduling the rehearsal's next text.
    func rehearsalSettled(at time: Double) {
        guard var r = rehearsal else { return }
        r.due = time + r.hold
        rehearsal = r
    }
}
