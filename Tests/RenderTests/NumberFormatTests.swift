import Testing
@testable import Render

@Suite struct NumberFormatTests {
    @Test(arguments: [
        (12.5, 2, "12.5"), (0.125, 2, "0.13"), (-0.0004, 3, "0"), (-0.0, 2, "0"), (3, 3, "3"), (0.05, 2, "0.05"),
        (-1.005, 1, "-1"), (1.0456, 3, "1.046"), (100, 0, "100"), (.nan, 2, "0"), (.infinity, 2, "0"),
        (1e200, 2, "1000000000000000"), (-1e200, 0, "-1000000000000000"), (33.3333333, 3, "33.333"),
    ])
    func fixed(_ value: Double, _ decimals: Int, _ expected: String) {
        #expect(NumberFormat.fixed(value, decimals) == expected)
    }

    @Test func escapingKeepsMarkupAndControlsOut() {
        #expect(MarkupText.escaped("<a href=\"x\">&'") == "&lt;a href=&quot;x&quot;&gt;&amp;&#39;")
        #expect(MarkupText.escaped("a\u{1B}b\u{07}c\u{7F}\u{85}\u{FFFE}") == "a\u{241B}b\u{2407}c\u{2421}\u{FFFD}\u{FFFD}")
        #expect(MarkupText.escaped("a\nb\tc") == "a&#10;b&#9;c")
        #expect(MarkupText.escaped("a\nb", inAttribute: false) == "a\nb")
    }
}
