import Analyzer

/// What an effect knows about one glyph and the change around it: what its
/// per-glyph step (`EffectBlueprint.vary(_:context:)`) reads, and what the
/// one-glyph view of an effect (`EffectBlueprint.layoutInitial(glyph:frame:context:)`
/// and its siblings) is given.
public struct EffectContext: Sendable {
    /// Whether the glyph enters, exits or persists.
    public var role: SpriteRole
    /// The glyph's box where it rests: in the new text's layout for entering
    /// and persisting glyphs, in the old one's for exiting glyphs.
    public var frame: Rect
    /// For a persisting glyph: whether it changes place.
    public var moves: Bool
    /// The glyph's index: in the new text for entering glyphs, in the old text for exiting ones.
    public var index: Int
    /// The number of glyphs in that text.
    public var count: Int
    /// The glyph's rank in the stagger among the glyphs entering (or exiting) with
    /// it, 0 first (see `EffectBlueprint.staggerOrder`; glyphs that start together
    /// share a rank).
    public var rank: Int
    /// The number of ranks among the glyphs entering (or exiting) with it.
    public var peers: Int
    /// The glyph's word in its text, 0 first: words are separated by whitespace, and
    /// a whitespace glyph counts with the word before it (leading whitespace with the first).
    public var word: Int
    /// The number of words in the glyph's text.
    public var wordCount: Int
    /// The glyph's line in its text's layout, 0 first.
    public var line: Int
    /// The number of lines in the glyph's text's layout.
    public var lineCount: Int
    /// The line height of the glyph's text (the height the role's template was
    /// made for, `TransitionContext.lineHeight`); the glyph's own box may differ.
    public var lineHeight: Double
    /// How much of the text changes, 0…1 (see `TextChange.changeRatio`).
    public var changeRatio: Double
    /// The numeric direction of the change, +1 or −1 (see `TextChange.trend`).
    public var trend: Int
    /// How the change was analysed.
    public var mode: DiffMode
    /// The motion style of the transition.
    public var style: MotionStyle
    /// How far the glyph should drift, in points (scaled by the change ratio in morph mode).
    public var drift: Double
    /// The displacement of the glyph's anchor: the nearest persisting glyph, which
    /// the planner makes entering and exiting glyphs ride along with.
    public var anchorDisplacement: Vector
    /// The font size of the layout, in points.
    public var fontSize: Double
    /// The whole text's layout box (of the new text for entering glyphs, the old for exiting ones),
    /// in the transition's coordinates.
    public var textBounds: Rect
    /// A generator seeded from the transition's seed and this glyph, for repeatable variation.
    public var random: SeededRandom
    /// A stable hash of (symbol, index): the same on every run and platform.
    public var stableHash: UInt64
    /// When the transition starts on the caller's clock (the Director's fence; 0 for a
    /// plan made on its own): loops on the transition's clock (`ChannelTrack.Clock`)
    /// can phase on it to keep step across text changes.
    public var startTime: Double
    /// The pen's ink for this glyph when a single-stroke font lays the text
    /// out (`TextLayoutResult.ink`); `.none` otherwise.
    public var ink: GlyphInk

    public init(
        role: SpriteRole = .entering, frame: Rect = .zero, moves: Bool = false, index: Int, count: Int, rank: Int = 0, peers: Int = 1, word: Int = 0, wordCount: Int = 1, line: Int = 0,
        lineCount: Int = 1, lineHeight: Double = 0, changeRatio: Double = 1, trend: Int = 1,
        mode: DiffMode = .morph, style: MotionStyle = .snappy, drift: Double = 0, anchorDisplacement: Vector = .zero,
        fontSize: Double = 16, textBounds: Rect = .zero, random: SeededRandom = SeededRandom(seed: 0),
        stableHash: UInt64 = 0, startTime: Double = 0, ink: GlyphInk = .none
    ) {
        self.role = role
        self.frame = frame
        self.moves = moves
        self.index = index
        self.count = count
        self.rank = rank
        self.peers = peers
        self.word = word
        self.wordCount = wordCount
        self.line = line
        self.lineCount = lineCount
        self.lineHeight = lineHeight
        self.changeRatio = changeRatio
        self.trend = trend
        self.mode = mode
        self.style = style
        self.drift = drift
        self.anchorDisplacement = anchorDisplacement
        self.fontSize = fontSize
        self.textBounds = textBounds
        self.random = random
        self.stableHash = stableHash
        self.startTime = startTime
        self.ink = ink
    }
}
