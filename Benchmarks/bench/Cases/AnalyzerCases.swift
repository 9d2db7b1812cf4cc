import Analyzer

/// The Analyzer's performance targets (see the README's performance table).
enum AnalyzerCases {
    static let all: [BenchmarkCase] = [
        label,
        million(related: true),
        million(related: false),
    ]

    /// The whole `analyze(from: String, to: String)` of a label.
    static let label = BenchmarkCase("analyzer: label diff \"Send Action\" → \"Action Sent\"") { context in
        let analyzer = TextChangeAnalyzer()
        let old = "Send Action"
        let new = "Action Sent"
        let timing = context.measure { analyzer.analyze(from: old, to: new) }
        context.report(timing, target: .atMost(0.5, .microseconds))
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
