import Analyzer

/// What an effect knows about one role of a transition when it gives that
/// role's template (`EffectBlueprint.entering(in:)` and its siblings): the
/// change, the style and the text the role's glyphs belong to.
///
/// What differs from glyph to glyph (its index, rank, word, line, random
/// traits) is in the `EffectContext` of the per-glyph step instead.
public struct TransitionContext: Sendable {
    /// The glyphs the template is for.
    public var role: SpriteRole
    /// For persisting glyphs: whether they change place (a template for the
    /// glyphs that move, another for those that stay). false for the other roles.
    public var moves: Bool
    /// The number of glyphs in the role's text (the new text's for entering and
    /// persisting glyphs, the old text's for exiting ones).
    public var count: Int
    /// The number of stagger ranks among the glyphs of the role (see `EffectContext.peers`).
    public var peers: Int
    /// The number of words in the role's text.
    public var wordCount: Int
    /// The number of lines in the role's text's layout.
    public var lineCount: Int
    /// The height of a glyph's box in the role's text: its line height.
    public var lineHeight: Double
    /// How much of the text changes, 0…1 (see `TextChange.changeRatio`).
    public var changeRatio: Double
    /// The numeric direction of the change, +1 or −1 (see `TextChange.trend`).
    public var trend: Int
    /// How the change was analysed.
    public var mode: DiffMode
    /// The motion style of the transition.
    public var style: MotionStyle
    /// How far glyphs should drift, in points (scaled by the change ratio in morph mode).
    public var drift: Double
    /// The font size of the layout, in points.
    public var fontSize: Double
    /// The role's text's layout box, in the transition's coordinates.
    public var textBounds: Rect
    /// When the transition starts on the caller's clock (see `EffectContext.startTime`).
    public var startTime: Double
    /// The pen's ink of the role's glyphs when a single-stroke font lays the
    /// text out: its `total` (and, entering, what `leaving` glyphs un-write
    /// first); `.none` otherwise.
    public var ink: GlyphInk

    public init(
        role: SpriteRole, moves: Bool = false, count: Int = 1, peers: Int = 1, wordCount: Int = 1, lineCount: Int = 1,
        lineHeight: Double = 0, changeRatio: Double = 1, trend: Int = 1, mode: DiffMode = .morph,
        style: MotionStyle = .snappy, drift: Double = 0, fontSize: Double = 16, textBounds: Rect = .zero,
        startTime: Double = 0, ink: GlyphInk = .none
    ) {
        self.role = role
        self.moves = moves
        self.count = count
        self.peers = peers
        self.wordCount = wordCount
        self.lineCount = lineCount
        self.lineHeight = lineHeight
        self.changeRatio = changeRatio
        self.trend = trend
        self.mode = mode
        self.style = style
        self.drift = drift
        self.fontSize = fontSize
        self.textBounds = textBounds
        self.startTime = startTime
        self.ink = ink
    }

    /// The transition as one glyph's context sees it: the glyph's role and its pen's totals.
    public init(_ context: EffectContext) {
        self.init(
            role: context.role, moves: context.moves, count: context.count, peers: context.peers, wordCount: context.wordCount,
            lineCount: context.lineCount, lineHeight: context.lineHeight, changeRatio: context.changeRatio,
            trend: context.trend, mode: context.mode, style: context.style, drift: context.drift,
            fontSize: context.fontSize, textBounds: context.textBounds, startTime: context.startTime,
            ink: GlyphInk(length: 0, before: 0, total: context.ink.total, leaving: context.ink.leaving))
    }
}
