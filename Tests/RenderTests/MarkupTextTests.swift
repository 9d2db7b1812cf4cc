import Testing
@testable import Render

@Suite struct MarkupTextTests {
    @Test func escapingKeepsMarkupAndControlsOut() {
        #expect(MarkupText.escaped("<a href=\"x\">&'") == "&lt;a href=&quot;x&quot;&gt;&amp;&#39;")
        #expect(MarkupText.escaped("a\u{1B}b\u{07}c\u{7F}\u{85}\u{FFFE}") == "a\u{241B}b\u{2407}c\u{2421}\u{FFFD}\u{FFFD}")
        #expect(MarkupText.escaped("a\nb\tc") == "a&#10;b&#9;c")
        #expect(MarkupText.escaped("a\nb", inAttribute: false) == "a\nb")
    }
}
