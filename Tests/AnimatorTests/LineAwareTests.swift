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
        // The words both texts share ("quick" onwards, one word later in the new
        // text): those the layout puts on another line leave and enter.
        let exiting = Set((0..<plan.count).filter { plan.role(of: $0) == .exiting }.compactMap { plan.indices(of: $0).old })
        let entering = Set((0..<plan.count).filter { plan.role(of: $0) == .entering }.compactMap { plan.indices(of: $0).new })
        let oldWords = Self.words(Self.fox), newWords = Self.words(Self.veryFox)
        var moved = 0
        for (w, oldWord) in oldWords.enumerated().dropFirst() {
            let newWord = newWords[w + 1]
            guard old.frames[oldWord.lowerBound].line != new.frames[newWord.lowerBound].line else { continue }
            moved += 1
            #expect(oldWord.allSatisfy(exiting.contains), "old word \(w) should leave its line")
            #expect(newWord.allSatisfy(entering.contains), "new word \(w + 1) should enter its line")
        }
        #expect(moved > 0)
    }

    /// The glyph ranges of a text's words.
    private static func words(_ text: String) -> [Range<Int>] {
        var ranges: [Range<Int>] = [], start = 0
        for (k, c) in Array(text).enumerated() where c == " " {
            ranges.append(start..<k)
            start = k + 1
        }
        return ranges + [start..<text.count]
    }

    @Test func runsShiftingAlongALineStartTogether() {
        let plan = GlyphAnimator(effect: ScaleEffect()).plan(from: Self.fox, to: Self.veryFox, layout: layout)
        // Per line and direction, every moving persisting glyph starts moving at the same time.
        var starts: [String: Set<Int>] = [:], words: [String: Set<Int>] = [:]
        for k in 0..<plan.count where plan.role(of: k) == .persisting {
            let (from, to) = plan.indices(of: k)
            let a = plan.oldLayout.frames[from!].rect.midX, b = plan.newLayout.frames[to!].rect.midX
            guard abs(b - a) > 1 else { continue }
            // The first time it has left its old place, in milliseconds.
            let start = stride(from: 0.0, through: 1, by: 0.001).first { abs(plan.state(of: k, at: $0).position.x - a) > 1e-6 }
            let key = "\(plan.newLayout.frames[to!].line) \(b > a)"
            starts[key, default: []].insert(Int(((start ?? 1) * 1000).rounded()))
            words[key, default: []].insert(Array(Self.veryFox)[..<to!].filter { $0 == " " }.count)
        }
        #expect(!starts.isEmpty)
        for (line, times) in starts {
            #expect(times.count == 1, "line \(line): \(times.sorted())")
        }
        // Lines shift with several words on them, which would otherwise wait each on its own.
        #expect(words.values.contains { $0.count >= 2 })
    }

    /// Arrivals that would ride apart from one spot: between two glyphs of a
    /// line they stretch with the room; where the room is too narrow, they enter in place.
    @Test func arrivalsRidingApartNeverStartOnOneAnother() {
        let centred = MonospaceLayout(alignment: .center)
        let plan = GlyphAnimator(effect: ScaleEffect()).plan(
            from: "Order shipped\nArrives Monday", to: "Order delivered\nArrived Monday", layout: centred)
        let arrivals = (0..<plan.count).filter { plan.role(of: $0) == .entering }
            .sorted { plan.indices(of: $0).new! < plan.indices(of: $1).new! }
        var rode = 0
        for (a, b) in zip(arrivals, arrivals.dropFirst()) {
            let fa = plan.newLayout.frames[plan.indices(of: a).new!], fb = plan.newLayout.frames[plan.indices(of: b).new!]
            guard fa.line == fb.line, plan.indices(of: b).new! == plan.indices(of: a).new! + 1 else { continue }
            // Neighbours start in their order, no closer than the overlap allows.
            let xa = plan.state(of: a, at: 0).position.x, xb = plan.state(of: b, at: 0).position.x
            #expect(xb - xa >= 10 * (1 - Choreography.standard.overlap) - 1e-9, "\(fa.rect.midX) \(fb.rect.midX)")
            if abs(xa - plan.state(of: a, at: 5).position.x) > 1e-9 { rode += 1 }
        }
        // "del" of "delivered" stretches with the room between "Order " and "i".
        #expect(rode > 0)
        // "abc" → "aXYbc": X would stay while Y rode with b from on top of a, through X.
        let inPlace = GlyphAnimator(effect: ScaleEffect()).plan(from: "abc", to: "aXYbc", layout: MonospaceLayout())
        for k in 0..<inPlace.count where inPlace.role(of: k) == .entering {
            #expect(inPlace.state(of: k, at: 0).position.x == inPlace.state(of: k, at: 5).position.x)
        }
    }

    /// Arrivals between two neighbours on one spot (control characters, which the grid
    /// gives no width) have no room to share out: they enter in place, on finite
    /// positions (found by the run model's fuzz target, where both planners gave NaN).
    @Test func arrivalsBetweenNeighboursWithoutWidthEnterInPlace() {
        let plan = GlyphAnimator(effect: ScaleEffect()).plan(
            from: "\u{0}5\u{0E} to", to: "\u{0}\u{0}\u{0}\u{0E} to", layout: MonospaceLayout())
        let arrivals = (0..<plan.count).filter { plan.role(of: $0) == .entering }
        #expect(!arrivals.isEmpty)
        for k in 0..<plan.count {
            for t in [0, 0.05, 0.1, 0.2, 5] {
                let p = plan.state(of: k, at: t).position
                #expect(p.x.isFinite && p.y.isFinite, "glyph \(k) at \(t): \(p)")
            }
        }
        for k in arrivals {
            #expect(plan.state(of: k, at: 0).position.x == plan.state(of: k, at: 5).position.x)
        }
    }
}
