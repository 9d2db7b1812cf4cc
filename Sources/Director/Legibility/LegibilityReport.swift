/// The legibility of many frames: a transition, a playback, a corpus.
///
/// Record frames one by one (`record(_:)`), or add reports up (`merge(_:)`):
///
/// ```swift
/// var report = LegibilityReport()
/// for frame in frames { report.record(Legibility.check(frame, texts: ["Send", "Sent"])) }
/// report.garbledShare     // frames with a garbled pair / frames sampled
/// ```
public struct LegibilityReport: Hashable, Sendable {
    /// Frames checked.
    public var framesSampled = 0
    /// Frames with at least one garbled pair.
    public var garbledFrames = 0
    /// Frames with at least one doubled glyph.
    public var doubledFrames = 0
    /// The worst garbled pairs seen, largest overlap first: for each pair of
    /// sprites only its worst frame, at most `worstLimit` of them.
    public var worstPairs: [Legibility.GarbledPair] = []
    /// The first doubled glyph of each frame that had one, for the first `worstLimit` such frames.
    public var doubledGlyphs: [Legibility.DoubledGlyph] = []
    /// Frames with a space both texts keep shown collapsed or doubled.
    public var spaceGapFrames = 0
    /// The first such space of each frame that had one, for the first `worstLimit` such frames.
    public var spaceGaps: [Legibility.SpaceGap] = []

    /// Time to read: seconds from a transition's start until every glyph of its
    /// new text (whitespace aside) stands in place, nearly fully visible, for
    /// good; the longest of the transitions that settled, nil when none did.
    ///
    /// A glyph stands in place when it is within 5 % of its box's height of
    /// where it comes to rest, its scale within 5 % of its scale at rest, its blur
    /// at most 2.5 % of its box's height and its opacity at least
    /// `Legibility.Criteria.readOpacity` (0.9). Found from the frames sampled,
    /// so it is as fine as their rate (the first frame from which the text reads).
    public var timeToRead: Double?

    /// How many pairs and doubled glyphs a report keeps.
    public static let worstLimit = 5

    /// An empty report.
    public init() {}

    /// The share of sampled frames with a garbled pair, 0…1 (0 when none were sampled).
    public var garbledShare: Double {
        framesSampled == 0 ? 0 : Double(garbledFrames) / Double(framesSampled)
    }

    /// The share of sampled frames with a doubled glyph, 0…1 (0 when none were sampled).
    public var doubledShare: Double {
        framesSampled == 0 ? 0 : Double(doubledFrames) / Double(framesSampled)
    }

    /// Adds one frame's findings.
    ///
    /// - Complexity: O(p) in the frame's garbled pairs.
    package mutating func record(_ frame: FrameLegibility) {
        framesSampled += 1
        if frame.isGarbled {
            garbledFrames += 1
            // Pairs come worst first, so a frame's first pair of two sprites is its worst.
            for pair in frame.garbledPairs { keep(pair) }
        }
        if let doubled = frame.doubledGlyphs.first {
            doubledFrames += 1
            if doubledGlyphs.count < Self.worstLimit { doubledGlyphs.append(doubled) }
        }
        if let gap = frame.spaceGaps.first {
            spaceGapFrames += 1
            if spaceGaps.count < Self.worstLimit { spaceGaps.append(gap) }
        }
    }

    /// Adds another report's frames.
    ///
    /// - Complexity: O(1): the lists are bounded by `worstLimit`.
    package mutating func merge(_ other: LegibilityReport) {
        framesSampled += other.framesSampled
        if let time = other.timeToRead { timeToRead = max(timeToRead ?? 0, time) }
        garbledFrames += other.garbledFrames
        doubledFrames += other.doubledFrames
        for pair in other.worstPairs { keep(pair) }
        for doubled in other.doubledGlyphs where doubledGlyphs.count < Self.worstLimit { doubledGlyphs.append(doubled) }
        spaceGapFrames += other.spaceGapFrames
        for gap in other.spaceGaps where spaceGaps.count < Self.worstLimit { spaceGaps.append(gap) }
    }

    /// Keeps a pair among the worst: once per pair of sprites (and glyphs, as ids
    /// are a Director's own), the largest overlaps, ties to the earlier one.
    private mutating func keep(_ pair: Legibility.GarbledPair) {
        let same = { (kept: Legibility.GarbledPair) in
            kept.first == pair.first && kept.second == pair.second && kept.firstSymbol == pair.firstSymbol
                && kept.secondSymbol == pair.secondSymbol
        }
        if let k = worstPairs.firstIndex(where: same) {
            guard pair.overlap > worstPairs[k].overlap else { return }
            worstPairs.remove(at: k)
        }
        guard worstPairs.count < Self.worstLimit || pair.overlap > worstPairs[worstPairs.count - 1].overlap else {
            return
        }
        let at = worstPairs.firstIndex { pair.overlap > $0.overlap } ?? worstPairs.count
        worstPairs.insert(pair, at: at)
        if worstPairs.count > Self.worstLimit { worstPairs.removeLast() }
    }
}
