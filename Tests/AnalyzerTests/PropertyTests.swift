import Analyzer
import Animator
import Testing
import TestSupport

/// Properties of every analysis, on seeded random texts.
@Suite("Properties")
struct PropertyTests {
    static let generators: [(String, TextGenerator)] = [
        ("words", .words), ("repetitive", .repetitive), ("glyphs", .glyphs), ("mixed", .mixed),
    ]

    /// Random text pairs: unrelated, lightly and heavily edited.
    static func pairs(_ generator: TextGenerator, seed: UInt64, count: Int) -> [([Character], [Character])] {
        var random = SeededRandom(seed: seed)
        return (0..<count).map { index in
            let old = generator.text(glyphs: random.index(below: 90), using: &random)
            switch index % 3 {
            case 0: return (old, generator.text(glyphs: random.index(below: 90), using: &random))
            case 1: return (old, generator.edited(old, rate: 0.05, using: &random))
            default: return (old, generator.edited(old, rate: 0.4, using: &random))
            }
        }
    }

    @Test(arguments: generators.map(\.0))
    func invariantsAndDeterminism(generatorName: String) {
        let generator = Self.generators.first { $0.0 == generatorName }!.1
        for mode in [DiffMode.morph, .replace, .numeric(), .numeric(decimalSeparator: "a")] {
            let analyzer = TextChangeAnalyzer(mode: mode)
            for (index, (old, new)) in Self.pairs(generator, seed: 7, count: 150).enumerated() {
                let change = analyzer.analyze(from: old, to: new)
                let problems = ChangeInvariants.violations(of: change)
                #expect(problems.isEmpty, "pair \(index) \(String(old).debugDescription) → \(String(new).debugDescription): \(problems)")
                #expect(analyzer.analyze(from: old, to: new) == change)
                #expect(analyzer.analyze(from: String(old), to: String(new)) == change)
            }
        }
    }

    @Test func characterLevelIsTheEarliestLCS() {
        let analyzer = TextChangeAnalyzer()
        for (old, new) in Self.pairs(.glyphs, seed: 11, count: 300) {
            let change = analyzer.analyze(from: old, to: new)
            let expected = ReferenceLCS.earliestPairs(old, new)
            let actual = ChangeInvariants.persisting(change)
            #expect(actual.map(\.0) == expected.map(\.0) && actual.map(\.1) == expected.map(\.1))
        }
    }

    /// The whole morph diff against `ReferenceMorph`: short texts of every
    /// kind, and long similar ones (banded word LCS, word prediction, runs).
    @Test(arguments: ["words", "repetitive", "mixed"])
    func morphMatchesTheReference(generatorName: String) {
        let generator = Self.generators.first { $0.0 == generatorName }!.1
        let analyzer = TextChangeAnalyzer()
        var cases = Self.pairs(generator, seed: 23, count: 150)
        var random = SeededRandom(seed: 29)
        for round in 0..<6 {
            let old = generator.text(glyphs: 1500 + random.index(below: 1500), using: &random)
            cases.append((old, generator.edited(old, rate: [0.002, 0.01, 0.05][round % 3], using: &random)))
        }
        for (old, new) in cases {
            let actual = ChangeInvariants.persisting(analyzer.analyze(from: old, to: new))
            let expected = ReferenceMorph.persisting(from: old, to: new)
            #expect(
                actual.map(\.0) == expected.map(\.0) && actual.map(\.1) == expected.map(\.1),
                "\(String(old).debugDescription) → \(String(new).debugDescription)")
        }
    }

    @Test(arguments: ["words", "repetitive", "mixed"])
    func morphKeepsAtLeastTheWordLCS(generatorName: String) {
        let generator = Self.generators.first { $0.0 == generatorName }!.1
        let analyzer = TextChangeAnalyzer()
        for (old, new) in Self.pairs(generator, seed: 13, count: 200) {
            let oldWords = words(old)
            let newWords = words(new)
            let kept = ReferenceLCS.earliestPairs(oldWords, newWords).reduce(0) { $0 + oldWords[$1.0].count }
            let change = analyzer.analyze(from: old, to: new)
            let persisting = change.mutations.filter { $0.action == .transform }.count
            #expect(persisting >= kept, "\(String(old).debugDescription) → \(String(new).debugDescription)")
        }
    }

    @Test func numericPersistsExactlyTheSamePlaces() {
        // Pure digit strings: places count from the right, nothing else pairs.
        var random = SeededRandom(seed: 17)
        let digits = TextGenerator(letters: Array("0123456789"), separators: [], wordLengths: 1...1)
        let analyzer = TextChangeAnalyzer(mode: .numeric())
        for _ in 0..<300 {
            let old = digits.text(glyphs: 1 + random.index(below: 12), using: &random)
            let new = digits.text(glyphs: 1 + random.index(below: 12), using: &random)
            let change = analyzer.analyze(from: old, to: new)
            var expected: [(Int, Int)] = []
            for j in new.indices {
                let i = old.count - new.count + j
                if i >= 0 && old[i] == new[j] { expected.append((i, j)) }
            }
            let actual = ChangeInvariants.persisting(change)
            #expect(actual.map(\.0) == expected.map(\.0) && actual.map(\.1) == expected.map(\.1))
            let oldValue = Double(String(old))!
            let newValue = Double(String(new))!
            #expect(change.trend == (newValue < oldValue ? -1 : 1))
        }
    }

    @Test func budgetFallbackKeepsTheInvariants() {
        var random = SeededRandom(seed: 19)
        for (generator, length) in [(TextGenerator.words, 3000), (TextGenerator.glyphs, 2000), (TextGenerator.repetitive, 2500)] {
            let old = generator.text(glyphs: length, using: &random)
            let new = generator.edited(old, rate: 0.3, using: &random)
            let exact = TextChangeAnalyzer().analyze(from: old, to: new)
            for budget in [0, 10_000, 1_000_000] {
                let coarse = TextChangeAnalyzer(budget: budget).analyze(from: old, to: new)
                #expect(ChangeInvariants.violations(of: coarse).isEmpty)
                #expect(coarse.changeRatio >= exact.changeRatio)
            }
        }
    }

    private func words(_ text: [Character]) -> [[Character]] {
        text.split(whereSeparator: \.isWhitespace).map(Array.init)
    }
}
