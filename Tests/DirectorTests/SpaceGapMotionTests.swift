import Animator
import Director
import Effects
import Testing
import TestSupport

/// Rooms between kept words in motion: a room closing where a sentence left,
/// and a room kept for a word still to be written, are the text's own; the
/// running check (frame after frame, knowing where glyphs rest) does not count
/// them, though each frame checked alone shows a room wider than two spaces.
@Suite struct SpaceGapMotionTests {
    /// The frames of `change` played with `effect` at 30 fps, each checked
    /// alone (no frame before it, no rest places), and the running measure.
    private func play(_ name: String, _ effect: any EffectBlueprint) throws
        -> (alone: [Legibility.SpaceGap], measured: LegibilityReport)
    {
        let change = try #require(LongTextCorpus.all.first { $0.name == name })
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

    @Test func aRoomKeptForAWordStillToBeWrittenIsTheTexts() throws {
        let (alone, measured) = try play("every ninth word", WriteEffect())
        // Alone: "…g" and "r…" slide together, keeping the room of the five
        // letters the pen will write between them (neither closing nor opening).
        let kept = alone.filter { $0.leftSymbol == "g" && $0.rightSymbol == "r" }
        #expect(!kept.isEmpty, "\(alone)")
        #expect(kept.allSatisfy { $0.width > 5 && abs($0.width - kept[0].width) < 0.1 }, "\(kept)")
        #expect(measured.spaceGapFrames == 0, "\(measured)")
    }
}
