import Animator
import Director
import Testing

@Suite("Director descriptions")
struct DescriptionTests {
    @Test func eventsReadAsSentences() {
        let director = TransitionDirector(text: "Send Action", preference: .alwaysAnimate)
        director.setText("Action Sent", at: 0)
        director.setText("Send \u{7}Action", at: 0.2)
        _ = director.frame(at: 10)
        let lines = director.events.map(\.description)
        #expect(lines.count == 2)
        #expect(lines[0] == "cancel of transition 1 to \"Action Sent\" at 0.200 s")
        #expect(lines[1].hasPrefix("settle of transition 2 to \"Send \\u{07}Action\" at "))
    }

    @Test func aSnapshotIsATable() {
        let director = TransitionDirector(text: "ab", preference: .alwaysAnimate)
        #expect(director.inspect().description.hasPrefix("Director at rest\n  2 live sprites"))
        director.setText("abc", at: 0)
        let lines = director.inspect().description.split(separator: "\n").map(String.init)
        #expect(lines[0].hasPrefix("Director: transition 1 to \"abc\", 0.000 s → "))
        #expect(lines[0].hasSuffix(", not looping"))
        #expect(lines[2] == "  id  glyph  role        start    settle   curve")
        #expect(lines.count == 3 + 3)
        #expect(lines.contains { $0.contains("\"c\"    entering") && $0.contains("spring(") })
    }
}
