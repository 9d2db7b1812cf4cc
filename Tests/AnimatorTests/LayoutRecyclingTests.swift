import Analyzer
import Animator
import Testing

/// Laying a text out into the frames of an older layout (`RecycledFrames`):
/// the result is the layout made afresh, and the older frames' storage is
/// used when nothing else holds it.
@Suite struct LayoutRecyclingTests {
    let grid = MonospaceLayout(cellWidth: 10, cellHeight: 20, wrapWidth: 120)

    /// Plays `texts` in order the way a Director does: each layout made from
    /// the one before, into the frames of the one before that; checks each
    /// against the layout made afresh and returns how often the spare's
    /// storage was the one the new layout filled.
    private func play(_ texts: [String]) -> Int {
        var previous = grid.layout(Array(texts[0]))
        var spare = RecycledFrames()
        var reused = 0
        for (old, new) in zip(texts, texts.dropFirst()) {
            let change = TextChangeAnalyzer().analyze(from: old, to: new)
            let spareStorage = spare.frames.withUnsafeBufferPointer { $0.baseAddress }
            let recycled = grid.layout(change.newGlyphs, reusing: previous, unchanged: change.unchanged, recycling: &spare)
            let plain = grid.layout(change.newGlyphs, reusing: previous, unchanged: change.unchanged)
            let fresh = grid.layout(Array(new))
            #expect(recycled.layout.frames == fresh.frames, "\(old) → \(new)")
            #expect(recycled.layout.lines == fresh.lines && recycled.layout.size == fresh.size, "\(old) → \(new)")
            #expect(recycled.samePrefix == plain.samePrefix && recycled.sameSuffix == plain.sameSuffix)
            if spareStorage != nil, recycled.layout.frames.withUnsafeBufferPointer({ $0.baseAddress }) == spareStorage {
                reused += 1
            }
            spare = RecycledFrames(frames: previous.frames, sameAsPrevious: recycled.samePrefix)
            previous = recycled.layout
        }
        return reused
    }

    @Test func aStreamedTextIsLaidOutIntoTheFramesBeforeTheLast() {
        var texts = ["The quick brown fox"]
        for word in "jumps over the lazy dog and keeps running far away under bright stars again".split(separator: " ") {
            texts.append(texts.last! + " " + word)
        }
        let reused = play(texts)
        // The first layouts have no spare, or no line before the change to keep; after
        // that the spare grows by half again when it must, so most words fit its room.
        #expect(reused >= texts.count / 2, "\(reused) of \(texts.count - 1)")
    }

    @Test func editsInTheMiddleAndTextsThatShrinkComeOutTheSame() {
        let base = "alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron pi rho"
        _ = play([
            base, base.replacing("gamma", with: "gamut", maxReplacements: 1), base, base.replacing("delta ", with: "", maxReplacements: 1),
            "alpha", base, base + " sigma tau", "", base,
        ])
    }

    @Test func aSpareSaysNoMoreThanItHolds() {
        let frames = grid.layout(Array("abc")).frames
        #expect(RecycledFrames(frames: frames, sameAsPrevious: 10).sameAsPrevious == 3)
        #expect(RecycledFrames(frames: frames, sameAsPrevious: -1).sameAsPrevious == 0)
        #expect(RecycledFrames().frames.isEmpty)
    }
}
