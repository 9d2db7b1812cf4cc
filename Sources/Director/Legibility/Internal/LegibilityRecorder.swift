import Analyzer
import Animator

/// Checks the frames a Director draws: one per `frame(at:)` while a transition
/// runs, against the texts in play (the rule is `Legibility`'s).
final class LegibilityRecorder {
    var status: LegibilityStatus
    /// The texts in play; nil while unknown (the check began mid-transition)
    /// until the Director next comes to rest.
    private var allowance: Legibility.GlyphAllowance?
    private var scan = LegibilityScan()
    private var clock = ReadingClock()

    init(criteria: Legibility.Criteria, allowance: Legibility.GlyphAllowance?) {
        status = LegibilityStatus(criteria: criteria)
        self.allowance = allowance
    }

    /// A new transition starts towards `text` at `t`, planned on `stage`.
    func begin(_ text: String, at t: Double, stage: RunStage) {
        allowance?.include(text)
        if clock.isRunning {
            clock.interrupt()
            status.timesToRead.append(nil)
        }
        status.closeTransition()
        clock.begin(at: t, stage: stage)
    }

    /// The Director has come to rest on `text`: only its glyphs are in play now.
    func rest(on text: String) {
        allowance = Legibility.GlyphAllowance([text])
    }

    /// The running transition settled at `t`: its time to read is known.
    func settle(on text: String, at t: Double) {
        rest(on: text)
        guard clock.isRunning else { return }
        let time = clock.settle(at: t)
        status.timesToRead.append(time)
        status.transition.timeToRead = time
        status.total.timeToRead = max(status.total.timeToRead ?? 0, time)
    }

    func record(_ frame: Frame) {
        let result = scan.check(frame, allowance: allowance, criteria: status.criteria, rests: clock)
        clock.record(frame, readOpacity: status.criteria.readOpacity)
        status.lastFrame = result
        status.transition.record(result)
        status.total.record(result)
    }
}
