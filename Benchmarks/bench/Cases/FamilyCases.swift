import Analyzer
import TestSupport

/// The 10,000-glyph diff on every text family, at 1 % and 30 % realistic edits,
/// against the standard library's `difference(from:)` on the same arrays.
enum FamilyCases {
    static let all: [BenchmarkCase] = [0.01, 0.30].flatMap { rate in
        TextFamily.allCases.map { family(for: $0, rate: rate) }
    }

    /// The family's 10,000-glyph text and its edited version.
    static func texts(_ family: TextFamily, rate: Double) -> (old: [Character], new: [Character]) {
        let old = family.text(glyphs: 10_000, seed: 42)
        return (old, family.edited(old, rate: rate, seed: 43))
    }

    /// One diff of the family's texts per call, in a workspace kept from call to call.
    static func diff(_ family: TextFamily, rate: Double) -> () -> TextChange {
        let (old, new) = texts(family, rate: rate)
        let oldText = String(old), newText = String(new)
        let analyzer = TextChangeAnalyzer()
        let workspace = TextChangeAnalyzer.Workspace()
        return { analyzer.analyze(from: oldText, to: newText, in: workspace) }
    }

    static func family(for family: TextFamily, rate: Double) -> BenchmarkCase {
        let percent = Int((rate * 100).rounded())
        return BenchmarkCase("analyzer: 10,000 glyphs, \(percent) % edits, \(family.rawValue)") { context in
            let (old, new) = texts(family, rate: rate)
            let oldText = String(old), newText = String(new)
            let analyzer = TextChangeAnalyzer()
            let ours = context.measure(diff(family, rate: rate))
            let fresh = context.measure { analyzer.analyze(from: oldText, to: newText) }
            let standard = context.measure { new.difference(from: old) }
            let change = analyzer.analyze(from: oldText, to: newText)
            context.report(ours, target: rate < 0.05 ? .atMost(150, .microseconds) : nil)
            context.metric("stdlib difference(from:) median", standard.median, .nanoseconds)
            context.metric("speed-up over stdlib (median)", standard.median / ours.median, .times, target: .atLeast(20, .times))
            context.metric("without a workspace (median)", fresh.median, .nanoseconds)
            context.metric("speed-up over stdlib without a workspace", standard.median / fresh.median, .times)
            // Word-first matching keeps fewer glyphs than the longest common
            // subsequence of the glyphs; the standard library's diff is minimal.
            let kept = change.mutations.lazy.filter { $0.action == .transform }.count
            let optimum = old.count - new.difference(from: old).removals.count
            context.metric("glyphs kept", Double(kept), .count)
            context.metric("glyphs kept by a longest common subsequence", Double(optimum), .count)
            context.note("changeRatio \(Formatting.decimal(change.changeRatio, digits: 3))")
        }
    }
}
