import Analyzer
import Animator
import Effects
import Testing
import TestSupport

@Suite struct MistEffectTests {
    @Test func enteringGlyphsCondenseOutOfBlur() {
        let mist = MistEffect()
        let plan = plan(mist, Change(old: "", new: "fog"))
        for d in plan.descriptors {
            let start = d.state(at: d.delay)
            #expect(isClose(start.blur, 0.4 * layout.cellHeight))
            #expect(start.opacity == 0)
            #expect(start.position.y > d.to.position.y)  // drifts up into place
            #expect(d.state(at: settled(plan)).blur == 0)
            // The multi-stop fade: 0.35 at a quarter, 0.8 at 60 %, rising all the way.
            #expect(isClose(d.state(at: d.delay + 0.25 * mist.fadeInDuration).opacity, 0.35))
            #expect(isClose(d.state(at: d.delay + 0.6 * mist.fadeInDuration).opacity, 0.8))
            var previous = -1.0
            for t in stride(from: d.delay, through: d.delay + mist.fadeInDuration, by: 0.01) {
                let s = d.state(at: t)
                #expect(s.opacity >= previous - 1e-12)
                previous = s.opacity
            }
        }
    }

    @Test func leavingGlyphsDissolveIntoBlurAndDriftUp() {
        let plan = plan(MistEffect(), Change(old: "fog", new: ""))
        for d in plan.descriptors {
            let mid = d.state(at: d.delay + 0.5 * MistEffect().fadeOutDuration), end = d.state(at: settled(plan))
            #expect(mid.blur > 0 && end.blur > mid.blur)
            #expect(mid.opacity < 1 && end.opacity == 0)
            #expect(end.position.y < d.from.position.y)
        }
    }
}
