import Testing
@testable import Animator

@Suite struct MotionStyleRangeTests {
    @Test(arguments: [
        ("stagger", 1e300, 0.1, 0.35, 0.6, "motion style stagger 1e300 is out of range; use seconds in 0…60"),
        ("fade", 0.03, .infinity, 0.35, 0.6, "motion style fade inf is out of range"),
        ("drift", 0.03, 0.1, 1e6, 0.6, "motion style drift 1e6 is out of range; use font sizes in 0…100"),
        ("spread", 0.03, 0.1, 0.35, -1, "motion style stagger spread -1 is out of range"),
    ])
    func numbersOutsideTheirRangeAreNamed(
        _ label: String, _ stagger: Double, _ fade: Double, _ drift: Double, _ spread: Double, _ says: String
    ) {
        let error = #expect(throws: TimingError.self) {
            try MotionStyle(
                name: "custom", spring: MotionStyle.snappy.spring, stagger: stagger, fade: fade, drift: drift,
                maximumStaggerSpread: spread)
        }
        #expect(error == .invalidDuration)
        #expect(error?.message.contains(says) == true, "\(error?.message ?? "")")
    }

    @Test func theEdgesOfTheRangesAreAccepted() throws {
        let style = try MotionStyle(
            name: "slow", spring: MotionStyle.smooth.spring, stagger: 60, fade: 0, drift: 100, maximumStaggerSpread: 60)
        #expect(style.stagger == 60 && style.fade == 0 && style.drift == 100 && style.maximumStaggerSpread == 60)
        for preset in MotionStyle.presets {
            #expect(MotionStyle.durationRange.contains(preset.stagger) && MotionStyle.durationRange.contains(preset.fade))
            #expect(MotionStyle.driftRange.contains(preset.drift))
        }
    }
}
