import Analyzer

/// The Analyzer's targets from DESIGN.md section 6.
enum AnalyzerCases {
    static let all: [BenchmarkCase] = [
        label,
        tenThousand(editRate: 0.01),
        tenThousand(editRate: 0.30),
        million(related: true),
        million(related: false),
    ]

    /// The whole `analyze(from: String, to: String)` of a label.
    static let label = BenchmarkCase("analyzer: label diff \"Send Action\" → \"Action Sent\"") { context in
        let analyzer = TextChangeAnalyzer()
        let old = "Send Action"
        let new = "Action Sent"
        let timing = context.measure { analyzer.analyze(from: old, to: new) }
        context.report(timing, target: .atMost(1, .microseconds))
        // A TextChange is three fresh arrays of Character-holding values;
        // making and freeing copies of them is a floor under any analysis.
        let change = analyzer.analyze(from: old, to: new)
        let floor = context.measure { (fresh(change.oldGlyphs), fresh(change.newGlyphs), fresh(change.mutations)) }
        context.metric("output floor: copy + free the result's 3 arrays", floor.median, .nanoseconds)
    }

    /// Ours against the standard library's `difference(from:)` on the same arrays.
    static func tenThousand(editRate: Double) -> BenchmarkCase {
        let percent = Int(editRate * 100)
        return BenchmarkCase("analyzer: 10,000 glyphs, \(percent) % edits") { context in
            let old = WordText.text(glyphs: 10_000, seed: 42)
            let new = WordText.edited(old, rate: editRate, seed: 43)
            let analyzer = TextChangeAnalyzer()
            let ours = context.measure { analyzer.analyze(from: old, to: new) }
            let standard = context.measure { new.difference(from: old) }
            let change = analyzer.analyze(from: old, to: new)
            // The result holds one GlyphMutation (with its Character) per
            // glyph; making and freeing such an array is a floor no diff
            // returning a TextChange can go below.
            let floor = context.measure { fresh(change.mutations) }
            context.report(ours)
            context.metric("stdlib difference(from:) median", standard.median, .nanoseconds)
            context.metric("speed-up over stdlib (median)", standard.median / ours.median, .times, target: .atLeast(20, .times))
            context.metric("output floor: copy + free \(change.mutations.count) mutations", floor.median, .nanoseconds)
            context.metric("speed-up over stdlib, output floor excluded", standard.median / max(ours.median - floor.median, 1), .times)
            context.note("changeRatio \(Formatting.decimal(change.changeRatio, digits: 3))")
        }
    }

    /// A new array holding copies of `array`'s elements (each copied and,
    /// later, freed one by one, as in a fresh result).
    @inline(__always)
    static func fresh<Element>(_ array: [Element]) -> [Element] {
        var copy: [Element] = []
        copy.reserveCapacity(array.count)
        for element in array { copy.append(element) }
        return copy
    }

    /// A million glyphs: the budget keeps time and memory bounded.
    static func million(related: Bool) -> BenchmarkCase {
        BenchmarkCase("analyzer: 1,000,000 glyphs, \(related ? "1 % edits" : "unrelated texts")") { context in
            let old = WordText.text(glyphs: 1_000_000, seed: 7)
            let new = related ? WordText.edited(old, rate: 0.01, seed: 8) : WordText.text(glyphs: 1_000_000, seed: 9)
            let analyzer = TextChangeAnalyzer()
            context.samplingTime = min(context.samplingTime, 500_000_000)
            context.maximumSamples = 5
            let timing = context.measure { analyzer.analyze(from: old, to: new) }
            context.report(timing)
            let change = analyzer.analyze(from: old, to: new)
            if let peak = Platform.peakResidentBytes() { context.metric("peak resident memory (process)", peak, .bytes) }
            context.note(
                "budget \(TextChangeAnalyzer.defaultBudget) cells; changeRatio "
                    + Formatting.decimal(change.changeRatio, digits: 3))
        }
    }
}
