import Animator
import Director
import Effects

/// How legible one effect is over a list of label changes: each change's
/// report, and the figures the targets are set on.
public struct CorpusLegibility: Sendable {
    /// One change and the legibility of its frames.
    public struct Entry: Sendable {
        /// The texts, mode and interval played.
        public var change: LabelChange
        /// The legibility of the frames sampled while they played.
        public var report: LegibilityReport
    }

    /// The effect's name.
    public var effect: String
    /// Per change, in corpus order.
    public var entries: [Entry]

    /// The mean of the changes' garbled shares (each change counts once, whatever its length).
    public var averageShare: Double {
        entries.isEmpty ? 0 : entries.map(\.report.garbledShare).reduce(0, +) / Double(entries.count)
    }

    /// The change with the largest garbled share (the first of equals).
    public var worst: Entry? {
        entries.max { $0.report.garbledShare < $1.report.garbledShare }
    }

    /// Every change's frames together.
    public var total: LegibilityReport {
        var total = LegibilityReport()
        for entry in entries { total.merge(entry.report) }
        return total
    }
}

extension LabelCorpus {
    /// Plays every change with `effect` on a fresh Director (snappy style, motion
    /// always on, seed 0) at `fps` and measures its frames (`Legibility.measure`).
    ///
    /// - Complexity: O(frames × sprites log sprites) over the changes.
    public static func legibility(
        of effect: any EffectBlueprint, layout: any GlyphLayout = MonospaceLayout(), changes: [LabelChange] = all,
        fps: Double = 60
    ) -> CorpusLegibility {
        let entries = changes.map { change in
            // The grid given, wrapped and aligned as the change asks.
            var placed: any GlyphLayout = layout
            if let grid = layout as? MonospaceLayout {
                placed = MonospaceLayout(
                    cellWidth: grid.cellWidth, cellHeight: grid.cellHeight, wrapWidth: change.wrapWidth ?? grid.wrapWidth,
                    alignment: change.alignment, tabWidth: grid.tabWidth, tracking: grid.tracking)
            }
            let director = TransitionDirector(
                text: change.texts[0], layout: placed, effect: effect, style: .snappy, mode: change.mode,
                preference: .alwaysAnimate)
            // The corpus's texts and intervals are valid scripts.
            let playback = try! Playback(texts: change.texts, interval: change.interval, fps: fps)
            return CorpusLegibility.Entry(change: change, report: Legibility.measure(director, playing: playback))
        }
        return CorpusLegibility(effect: effect.name, entries: entries)
    }
}

extension LabelCorpus {
    /// The effects the legibility targets are for: every built-in of
    /// `EffectRegistry.standard` that comes to rest (all but dance, which loops), by name.
    public static let effects: [any EffectBlueprint] = EffectRegistry.standard.names.compactMap { name in
        guard let effect = try? EffectRegistry.standard.effect(named: name) else { return nil }
        let plan = GlyphAnimator(effect: effect).plan(from: "Send", to: "Sent", layout: MonospaceLayout())
        return plan.isLooping ? nil : effect
    }
}

extension LabelCorpus {
    /// Label changes of 20 glyphs, as apps make them: what time to read is measured on.
    public static let readingLabels: [(String, String)] = [
        ("Send message to Anna", "Message sent to Anna"),
        ("Backing up 12 files", "Backed up 12 files."),
        ("Uploading 3 photos…", "Uploaded all photos!"),
        ("Total due: $1,234.56", "Total due: $1,299.00"),
    ]

    /// The longest time to read (`LegibilityReport.timeToRead`) of `effect`
    /// over `readingLabels`, at the default style (snappy), motion always on,
    /// sampled at 120 fps; infinity if one never read.
    public static func timeToRead(of effect: any EffectBlueprint) -> Double {
        var longest = 0.0
        for (old, new) in readingLabels {
            let director = TransitionDirector(text: old, effect: effect, preference: .alwaysAnimate)
            // The labels are valid scripts.
            let report = Legibility.measure(director, playing: try! Playback(texts: [old, new], fps: 120))
            longest = max(longest, report.timeToRead ?? .infinity)
        }
        return longest
    }
}
