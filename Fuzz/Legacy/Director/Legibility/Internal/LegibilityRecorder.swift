/// Checks the frames a Director draws: one per `frame(at:)` while a transition
/// runs, against the texts in play (the rule is `Legibility`'s).
final class LegibilityRecorder {
    var status: LegibilityStatus
    /// The texts in play; nil while unknown (the check began mid-transition)
    /// until the Director next comes to rest.
    private var allowance: Legibility.GlyphAllowance?
    private var scan = LegibilityScan()

    init(criteria: Legibility.Criteria, allowance: Legibility.GlyphAllowance?) {
        status = LegibilityStatus(criteria: criteria)
        self.allowance = allowance
    }

    /// A new transition starts towards `text`.
    func begin(_ text: String) {
        allowance?.include(text)
        status.closeTransition()
    }

    /// The Director has come to rest on `text`: only its glyphs are in play now.
    func rest(on text: String) {
        allowance = Legibility.GlyphAllowance([text])
    }

    func record(_ frame: Frame) {
        let result = scan.check(frame, allowance: allowance, criteria: status.criteria)
        status.lastFrame = result
        status.transition.record(result)
        status.total.record(result)
    }
}
