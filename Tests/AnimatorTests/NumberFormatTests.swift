import Testing
@testable import Animator

@Suite struct NumberFormatTests {
    @Test(arguments: [
        (12.5, 2, "12.5"), (0.125, 2, "0.13"), (-0.0004, 3, "0"), (-0.0, 2, "0"), (3, 3, "3"), (0.05, 2, "0.05"),
        (-1.005, 1, "-1"), (1.0456, 3, "1.046"), (100, 0, "100"), (.nan, 2, "0"), (.infinity, 2, "0"),
        (1e200, 2, "1000000000000000"), (-1e200, 0, "-1000000000000000"), (33.3333333, 3, "33.333"),
    ])
    func fixed(_ value: Double, _ decimals: Int, _ expected: String) {
        #expect(NumberFormat.fixed(value, decimals) == expected)
    }

    @Test(arguments: [
        (1e-9, "1e-9"), (1e9, "1e9"), (1e-308, "1e-308"), (1e300, "1e300"), (-1e10, "-1e10"),
        (0.003838, "0.003838"), (13_815_510.557964274, "1.382e7"), (3600, "3600"), (123_456.7, "123500"),
        (0.1, "0.1"), (350, "350"), (1, "1"), (-0.5, "-0.5"), (0.000123456, "0.0001235"), (0, "0"),
        (.infinity, "inf"), (.nan, "nan"),
    ])
    func numbersReadShort(_ x: Double, _ text: String) {
        #expect(NumberFormat.short(x) == text)
    }

    @Test func rangesReadAsLowToHigh() {
        #expect(NumberFormat.short(1e-9...1e9) == "1e-9…1e9")
        #expect(NumberFormat.short(-100...100) == "-100…100")
    }
}
