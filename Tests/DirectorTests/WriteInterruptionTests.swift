import Animator
import Director
import Effects
import Testing

/// Write-on through interruptions: what a glyph shows of its outline carries over.
@Suite("Write-on interrupted")
struct WriteInterruptionTests {
    func director() -> TransitionDirector {
        TransitionDirector(
            text: "Send Action", layout: MonospaceLayout(cellWidth: 10, cellHeight: 20), effect: WriteEffect(),
            style: .snappy, preference: .alwaysAnimate)
    }

    /// "Send Action" → "Action Sent" → back 40 ms later: the "S" that was leaving
    /// (fully written) is caught back and stays written and filled throughout,
    /// and the "S" that had just started to be written leaves without finishing.
    @Test func aCaughtGlyphStaysWrittenAndALeavingOneStopsWriting() throws {
        let d = director()
        d.setText("Action Sent", at: 0)
        d.setText("Send Action", at: 0.04)
        var caughtFills: [Double] = []
        var leavingInk: [Double] = []
        for t in stride(from: 0.04, through: 0.6, by: 1.0 / 60) {
            let frame = d.frame(at: t)
            for s in frame.sprites where frame.symbol(of: s) == "S" {
                if s.role == .exiting {
                    leavingInk.append(max(s.state.strokeEnd, s.state.fill))
                } else {
                    caughtFills.append(s.state.fill)
                    #expect(s.state.strokeEnd == 1)
                }
            }
        }
        #expect(!caughtFills.isEmpty && !leavingInk.isEmpty)
        #expect(caughtFills.allSatisfy { $0 == 1 }, "fill went \(caughtFills.min() ?? 0)")
        let start = try #require(leavingInk.first)
        #expect(leavingInk.allSatisfy { $0 <= start + 1e-9 }, "a leaving glyph kept writing: \(leavingInk.max() ?? 0)")
    }
}
