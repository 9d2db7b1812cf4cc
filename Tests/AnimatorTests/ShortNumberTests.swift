import Testing
@testable import Animator

@Suite struct ShortNumberTests {
    @Test(arguments: [
        (1e-9, "1e-9"), (1e9, "1e9"), (1e-308, "1e-308"), (1e300, "1e300"), (-1e10, "-1e10"),
        (0.003838, "0.003838"), (13_815_510.557964274, "1.382e7"), (3600, "3600"), (123_456.7, "123500"),
        (0.1, "0.1"), (350, "350"), (1, "1"), (-0.5, "-0.5"), (0.000123456, "0.0001235"), (0, "0"),
        (.infinity, "inf"), (.nan, "nan"),
    ])
    func numbersReadShort(_ x: Double, _ text: String) {
        #expect(ShortNumber.text(x) == text)
    }

    @Test func rangesReadAsLowToHigh() {
        #expect(ShortNumber.text(1e-9...1e9) == "1e-9…1e9")
        #expect(ShortNumber.text(-100...100) == "-100…100")
    }
}
