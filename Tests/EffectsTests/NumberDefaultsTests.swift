import Analyzer
import Animator
import Director
import Effects
import Testing

/// Numbers roll by default: numeric mode, place values on the right, the rolling digits.
@Suite struct NumberDefaultsTests {
    @Test func numbersGetNumericModeTrailingAlignmentAndRollingDigits() throws {
        let numbers = try #require(NumberDefaults(texts: ["99", "100"]))
        #expect(numbers.mode == .numeric(decimalSeparator: "."))
        #expect(numbers.alignment == .trailing)
        #expect(numbers.effect.name == "rolling")
        #expect(NumberDefaults(texts: ["€1.234,56", "€999"])?.mode == .numeric(decimalSeparator: ","))
        #expect(NumberDefaults(texts: ["99", "ninety-nine"]) == nil)
    }

    /// "99" → "100" with the defaults: the units stay in their column, and no
    /// frame reads "190" (digits of both numbers side by side on the line).
    @Test func aCounterRollsInItsColumns() throws {
        let numbers = try #require(NumberDefaults(texts: ["99", "100"]))
        let layout = MonospaceLayout(alignment: numbers.alignment)
        let new = layout.layout(Array("100"))
        let director = TransitionDirector(
            text: "99", layout: layout, effect: numbers.effect, mode: numbers.mode, preference: .alwaysAnimate)
        let report = Legibility.measure(director, playing: try Playback(texts: ["99", "100"]))
        #expect(report.framesSampled > 10)
        #expect(report.garbledFrames == 0 && report.doubledFrames == 0, "\(report)")
        // Mid-way, glyphs on the text's line show at most three columns: no extra digit squeezed in.
        let fresh = TransitionDirector(
            text: "99", layout: layout, effect: numbers.effect, mode: numbers.mode, preference: .alwaysAnimate)
        _ = fresh.setText("100", at: 1)
        let mid = fresh.frame(at: 1.15)
        let line = new.frames[0].rect.midY
        let onLine = mid.sprites.filter { $0.state.opacity >= 0.4 && abs($0.state.position.y - line) < 5 }
        #expect(Set(onLine.map { ($0.state.position.x / 10).rounded(.down) }).count <= 3)
    }
}
