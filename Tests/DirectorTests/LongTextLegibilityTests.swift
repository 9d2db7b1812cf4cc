import Animator
import Director
import Effects
import Testing
import TestSupport

/// The legibility measure over long texts (`LongTextCorpus`): paragraphs of
/// 1,000 to 3,000 glyphs edited, reordered and streamed, for every built-in
/// that comes to rest, sampled at 30 frames per second on the 10 × 20 grid.
@Suite struct LongTextLegibilityTests {
    /// Every effect's measure over the corpus, measured once for the tests below.
    static let measured: [CorpusLegibility] = LabelCorpus.effects.map {
        LabelCorpus.legibility(of: $0, changes: LongTextCorpus.all, fps: 30)
    }

    @Test func theCorpusIsLong() {
        #expect(LongTextCorpus.all.count >= 12)
        for change in LongTextCorpus.all {
            #expect(change.texts.last!.count >= 1_000, "\(change.name)")
            #expect(zip(change.texts, change.texts.dropFirst()).allSatisfy { $0 != $1 }, "\(change.name)")
        }
    }

    @Test func theMeasureRunsOverLongTexts() {
        var rows = ["legibility over \(LongTextCorpus.all.count) long-text changes (30 fps):",
                    "effect\taverage garbled\tworst change\tdoubled frames (changes)\tspace gaps (changes)"]
        for result in Self.measured {
            let worst = result.worst.map { "\(percent($0.report.garbledShare)) \($0.change.name)" } ?? "-"
            let doubled = result.entries.filter { $0.report.doubledFrames > 0 }.count
            let gapped = result.entries.filter { $0.report.spaceGapFrames > 0 }.count
            rows.append(
                "\(result.effect)\t\(percent(result.averageShare))\t\(worst)\t\(result.total.doubledFrames) (\(doubled))"
                    + "\t\(result.total.spaceGapFrames) (\(gapped))")
            for entry in result.entries {
                #expect(entry.report.framesSampled > 10, "\(result.effect) \(entry.change.name)")
            }
        }
        print(rows.joined(separator: "\n"))
        for result in Self.measured {
            for entry in result.entries {
                print("\(result.effect)\t\(entry.change.name)\t\(entry.report)")
            }
        }
    }

    /// Where the targets (≤ 3 % of frames garbled on average, ≤ 10 % for any
    /// change, no space collapsed or doubled) do not hold yet, the level
    /// measured on this corpus is a ceiling that must not rise: the average,
    /// the worst change and the frames with a space off, per effect. Measured
    /// first (before the timing rules ran at this length): garbled 0.0 %
    /// (minimal) to 44.3 % (wave) on average, worst changes up to 82.4 %
    /// (wave, a stream), 0 to 22 frames with a doubled glyph (scale, 7 changes).
    /// Garbling now meets the targets everywhere (0.0 % to 0.1 % on average,
    /// 1.2 % at worst); what is left is the room a removed sentence leaves,
    /// seen empty (or, with a spring's overshoot, closed) for a few frames
    /// before the text after it slides in.
    static let ceilings: [String: (average: Double, worst: Double, spaceGapFrames: Int)] = [
        "mist": (0.03, 0.10, 6), "rolling": (0.03, 0.10, 4), "scale": (0.03, 0.10, 9), "slide": (0.03, 0.10, 7),
        "sparkle": (0.03, 0.10, 5), "wave": (0.03, 0.10, 1), "write": (0.03, 0.10, 10),
    ]

    /// The targets, or the ceilings where they do not hold yet; no doubled glyph anywhere.
    @Test func longTextsStayLegible() {
        for result in Self.measured {
            let ceiling = Self.ceilings[result.effect] ?? (0.03, 0.10, 0)
            #expect(result.averageShare <= max(ceiling.average, 0.03), "\(result.effect): \(percent(result.averageShare))")
            for entry in result.entries {
                let r = entry.report
                #expect(r.garbledShare <= max(ceiling.worst, 0.10), "\(result.effect) \(entry.change.name): \(r)")
                #expect(r.doubledFrames == 0, "\(result.effect) \(entry.change.name): \(r)")
            }
            #expect(result.total.spaceGapFrames <= ceiling.spaceGapFrames, "\(result.effect): \(result.total)")
        }
    }

    private func percent(_ share: Double) -> String {
        let tenths = Int((share * 1000).rounded())
        return "\(tenths / 10).\(tenths % 10) %"
    }
}
