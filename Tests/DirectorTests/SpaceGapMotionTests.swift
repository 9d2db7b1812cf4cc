import Animator
import Director
import Effects
import Testing
import TestSupport

/// Rooms between kept words in motion: a room closing where a sentence left,
/// and a room opening for a word still to be written, are the text's own; the
/// running check (frame after frame, knowing where glyphs rest) does not count
/// them, though each frame checked alone shows a room wider than two spaces.
@Suite struct SpaceGapMotionTests {
    /// The frames of `change` played with `effect` at 30 fps, each checked
    /// alone (no frame before it, no rest places), and the running measure.
    private func play(_ name: String, _ effect: any EffectBlueprint) throws
        -> (alone: [Legibility.SpaceGap], measured: LegibilityReport)
    {
        try play(try #require(LongTextCorpus.all.first { $0.name == name }), effect)
    }

    private func play(_ change: LabelChange, _ effect: any EffectBlueprint) throws
        -> (alone: [Legibility.SpaceGap], measured: LegibilityReport)
    {
        func director() -> TransitionDirector {
            TransitionDirector(
                text: change.texts[0], layout: MonospaceLayout(cellWidth: 10, cellHeight: 20, wrapWidth: change.wrapWidth),
                effect: effect, style: .snappy, preference: .alwaysAnimate)
        }
        let measured = Legibility.measure(director(), playing: try Playback(texts: change.texts, fps: 30))
        let alone = director()
        let estimate = alone.setText(change.texts[1], at: 0)
        var gaps: [Legibility.SpaceGap] = []
        for k in 0...Int(estimate.duration * 30) {
            gaps += Legibility.check(alone.frame(at: Double(k) / 30), texts: change.texts).spaceGaps
        }
        return (gaps, measured)
    }

    @Test func aRoomClosingWhereASentenceLeftIsNotADoubledSpace() throws {
        let (alone, measured) = try play("3,000 glyphs, sentence removed", MistEffect())
        // Alone, the room after the sentence's last full stop reads as spaces doubled, frame after frame.
        let room = alone.filter { !$0.isCollapsed && $0.leftSymbol == "." }
        #expect(room.count >= 3, "\(alone)")
        // It narrows every frame: the text after it is sliding up.
        for (a, b) in zip(room, room.dropFirst()) where a.left == b.left && a.right == b.right {
            #expect(b.width < a.width - 0.5, "\(a) then \(b)")
        }
        #expect(measured.spaceGapFrames == 0, "\(measured)")
        #expect(measured.garbledFrames == 0 && measured.doubledFrames == 0, "\(measured)")
    }

    @Test func aRoomOpeningForAWordStillToBeWrittenIsTheTexts() throws {
        let texts = ["the quick brown fox jumps over the lazy dog", "a very quick brown fox jumps right over the lazy old dog"]
        let (alone, measured) = try play(LabelChange("a word written between two", texts), WriteEffect())
        // Alone: "…y" and "d…" part before the pen writes "old" between them, a room
        // wider than two spaces, opening, and never wider than the new text's own
        // room between them (" old ", as many cells as it has characters).
        let room = Double(" old ".count)
        let opening = alone.filter { $0.leftSymbol == "y" && $0.rightSymbol == "d" }
        #expect(!opening.isEmpty, "\(alone)")
        #expect(opening.contains { $0.width > Legibility.SpaceGap.doubledWidth }, "\(opening)")
        #expect(opening.allSatisfy { $0.width <= room + 1e-9 }, "\(opening)")
        for (a, b) in zip(opening, opening.dropFirst()) { #expect(b.width > a.width, "\(a) then \(b)") }
        #expect(measured.spaceGapFrames == 0, "\(measured)")
    }
}
