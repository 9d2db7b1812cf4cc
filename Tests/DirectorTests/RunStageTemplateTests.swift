import Analyzer
import Animator
import Director
import Effects
import TestSupport
import Testing

/// The run model over a long session of effects and styles switched as an app switches them:
/// the templates no sprite uses are let go, and what it shows does not change for it.
@Suite struct RunStageTemplateTests {
    static let texts = [
        "Checkout complete: 3 items, total $42.50", "Payment failed: card declined, try again", "Send", "Sent!",
        "Creative", "Create",
    ]

    @Test func unusedTemplatesAreLetGoAndFramesStayAsTheyWere() throws {
        let layout = AnyLayout(MonospaceLayout(cellWidth: 10, cellHeight: 20, wrapWidth: 200))
        let stage = RunStage(text: Self.texts[0], layout: layout, preference: .alwaysAnimate)
        // (A stage that keeps every template: what letting them go must not change.)
        let director = RunStage(
            text: Self.texts[0], layout: layout, preference: .alwaysAnimate, releasesTemplates: false)
        let names = ["scale", "slide", "mist", "wave", "rolling", "sparkle", "minimal"]
        var largest = 0, fell = false, last = stage.templateCount
        for n in 1...150 {
            // A new effect and style every few changes, each change interrupting the last mid-way.
            if n % 3 == 0 {
                let effect = try EffectRegistry.standard.effect(named: names[n / 3 % names.count])
                // (Each a spring of its own, as a user tuning one: templates of their own.)
                var style = MotionStyle.presets[n / 7 % MotionStyle.presets.count]
                style.spring = try Spring(stiffness: 200 + Double(n), damping: 20)
                (stage.effect, director.effect, stage.style, director.style) = (effect, effect, style, style)
            }
            let t = 0.12 * Double(n)
            stage.setText(Self.texts[n % Self.texts.count], at: t)
            director.setText(Self.texts[n % Self.texts.count], at: t)
            largest = max(largest, stage.templateCount)
            if stage.templateCount < last { fell = true }
            last = stage.templateCount
            #expect(RunStage.sameRows(stage, director, at: t + 0.05), "after change \(n)")
        }
        // Looked over past 32 and twice those in use, let go past 16 unused: with the few
        // templates two changes of these texts use, never as many as 64.
        #expect(fell, "some templates were let go")
        #expect(largest < 64, "\(largest) templates kept at the most")
    }
}

/// The loops the run model's sprites run (what an export that loops reads): the dance's,
/// each glyph with amplitudes of its own, one pass each way of its beat.
@Suite struct RunStageLoopTests {
    @Test(arguments: [0.35, 0.7, 1.25])
    func theDancesLoopsLastTwoBeats(beat: Double) {
        let layout = AnyLayout(MonospaceLayout(cellWidth: 10, cellHeight: 20))
        let effect = AnyEffect(DanceEffect(beat: beat))
        let stage = RunStage(text: "Hi", layout: layout, effect: effect, preference: .alwaysAnimate)
        #expect(stage.loopPeriods.isEmpty, "a text at rest runs no loop")
        stage.setText("Dance", at: 0)
        _ = stage.frame(at: 3)
        #expect(!stage.loopPeriods.isEmpty)
        #expect(stage.loopPeriods.allSatisfy { abs($0 - 2 * beat) < 1e-12 }, "\(stage.loopPeriods)")
        // Switched to an effect that does not loop, the next change stops them.
        stage.effect = .scale
        stage.setText("Still", at: 4)
        _ = stage.frame(at: 10)
        #expect(stage.loopPeriods.isEmpty)
    }
}
