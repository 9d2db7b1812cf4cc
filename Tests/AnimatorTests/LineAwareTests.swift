import Analyzer
import Testing
@testable import Animator

/// Line-aware moves: a word that changes line leaves and enters; a line shifts as one.
@Suite struct LineAwareTests {
    private static let fox = "The quick brown fox jumps over the lazy dog and keeps running far away"
    private static let veryFox = "A very quick brown fox jumps over the lazy dog and keeps running far away"
    private let layout = MonospaceLayout(wrapWidth: 440)

    @Test func aWordThatChangesLineLeavesAndEntersInsteadOfCrossing() {
        let plan = GlyphAnimator(effect: ScaleEffect()).plan(from: Self.fox, to: Self.veryFox, layout: layout)
        let old = plan.oldLayout, new = plan.newLayout
        var persisting = 0
        for k in 0..<plan.count where plan.role(of: k) == .persisting {
            persisting += 1
            let (from, to) = plan.indices(of: k)
            // Every glyph that persists stays on its line.
            #expect(old.frames[from!].line == new.frames[to!].line, "\(plan.plannedMutation(of: k).symbol) at \(to!)")
        }
        // Most of the text is kept: only the words that wrap leave and enter.
        #expect(persisting > Self.fox.count / 2)
        // And some words did change line: they are among the entering glyphs.
        let wrapped = (0..<plan.count).filter { k in
            guard plan.role(of: k) == .entering, let to = plan.indices(of: k).new else { return false }
            return !plan.plannedMutation(of: k).symbol.isWhitespace && to < old.frames.count
                && old.frames[to].line != new.frames[to].line
        }
        #expect(!wrapped.isEmpty)
    }

    @Test func runsShiftingAlongALineStartTogether() {
        let plan = GlyphAnimator(effect: ScaleEffect()).plan(from: Self.fox, to: Self.veryFox, layout: layout)
        // Per line and direction, every moving persisting glyph starts moving at the same time.
        var starts: [String: Set<Int>] = [:]
        for k in 0..<plan.count where plan.role(of: k) == .persisting {
            let (from, to) = plan.indices(of: k)
            let a = plan.oldLayout.frames[from!].rect.midX, b = plan.newLayout.frames[to!].rect.midX
            guard abs(b - a) > 1 else { continue }
            // The first time it has left its old place, in milliseconds.
            let start = stride(from: 0.0, through: 1, by: 0.001).first { abs(plan.state(of: k, at: $0).position.x - a) > 1e-6 }
            starts["\(plan.newLayout.frames[to!].line) \(b > a)", default: []].insert(Int(((start ?? 1) * 1000).rounded()))
        }
        #expect(!starts.isEmpty)
        for (line, times) in starts {
            #expect(times.count == 1, "line \(line): \(times.sorted())")
        }
    }
}
