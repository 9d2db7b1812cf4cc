/// The planner's rules for motion that reads (every frame legible), which every
/// effect gets unless it opts out (`EffectBlueprint.choreography`).
///
/// - **Coherence**: a glyph both texts share moves only when the move reads as
///   the same text rearranging: a run of at least `shortestRun` visible glyphs,
///   a whole word, whitespace, or a short move (at most `shortMove` advances
///   along its line) that passes no glyph staying in place. Any other shared
///   glyph leaves and enters in place instead, and when fewer than
///   `commonShare` of the glyphs are shared this way, every moving glyph does:
///   the change becomes a clean staggered replacement, never a scramble.
/// - **Clear before fill**: a glyph becomes readable (opacity `visibleOpacity`,
///   0.2 by default, or more) only where no leaving glyph is still readable; a moving
///   glyph starts late enough not to pass over a leaving glyph still clearly
///   visible; an arriving glyph waits for glyphs sweeping through its place,
///   and for a leaving copy of itself (so no glyph is shown twice). Leaving
///   glyphs fade where they are instead of riding with a moving neighbour
///   (neighbours moving apart made them run into one another); arriving glyphs
///   still ride in with theirs. Leaving glyphs are staggered over at most
///   `exitSpread` seconds, so the old text gets out of the way quickly however
///   long it is. Boxes count as overlapping beyond `overlap` of the narrower
///   glyph's advance.
///
/// - **Lanes**: persisting runs on one line that must pass each other (words
///   trading places) take separate lanes while they cross, so that no two
///   readable glyphs overlap: the effect picks the style (`lanes`), the planner
///   keeps them apart. The lane opens before the run moves sideways and closes
///   once it has passed.
///
/// ```swift
/// struct Stamp: EffectBlueprint {
///     var choreography: Choreography { .none }   // the effect times everything itself
///     …
/// }
/// ```
public struct Choreography: Hashable, Sendable {
    /// How runs that pass each other keep apart.
    public enum Lanes: UInt8, Hashable, Sendable {
        /// Runs arc above or below the line, at least a line apart from every
        /// run they pass: two words trading places go half a line up and half
        /// a line down; a word passing text that stays goes a whole line away.
        case arc
        /// No lanes: runs pass through each other.
        case none
    }

    /// Whether shared glyphs that would scramble the text leave and enter instead of moving.
    public var coherence: Bool
    /// Whether arrivals and moves wait for leaving glyphs to clear.
    public var clearBeforeFill: Bool
    /// The opacity from which a glyph can be read (0.2 by default): an arrival
    /// reaches it only where leaving glyphs are below it. A faint glyph under a
    /// dark one still changes what the eye reads, so this is lower than the
    /// legibility measure's clearly visible level (0.4).
    public var visibleOpacity: Double
    /// The share of the narrower glyph's advance beyond which two boxes overlap.
    public var overlap: Double
    /// The shortest run of shared glyphs that may move as one (visible glyphs).
    public var shortestRun: Int
    /// The longest move, in advances of the moving glyph, of a shorter run.
    public var shortMove: Double
    /// Below this share of shared visible glyphs, nothing moves.
    public var commonShare: Double
    /// Whether shared glyphs may move at all; when not (an effect in which
    /// nothing moves, such as the reduced-motion cross-fade), every shared glyph
    /// that changes place leaves and enters in place, and an arrival takes back
    /// a leaving copy of itself (a quick reversal) only where it stands.
    public var allowsMoves: Bool
    /// The longest stagger, in seconds, over the leaving glyphs (with clear before fill).
    public var exitSpread: Double
    /// How persisting runs that pass each other keep apart.
    public var lanes: Lanes

    public init(
        coherence: Bool = true, clearBeforeFill: Bool = true, visibleOpacity: Double = 0.2, overlap: Double = 0.35,
        shortestRun: Int = 3, shortMove: Double = 3, commonShare: Double = 0.25, allowsMoves: Bool = true,
        exitSpread: Double = 0.15, lanes: Lanes = .arc
    ) {
        self.coherence = coherence
        self.clearBeforeFill = clearBeforeFill
        self.visibleOpacity = visibleOpacity.isFinite ? min(max(visibleOpacity, 0), 1) : 0.2
        self.overlap = overlap.isFinite ? min(max(overlap, 0), 1) : 0.35
        self.shortestRun = max(shortestRun, 1)
        self.shortMove = shortMove.isFinite ? max(shortMove, 0) : 3
        self.commonShare = commonShare.isFinite ? min(max(commonShare, 0), 1) : 0.25
        self.allowsMoves = allowsMoves
        self.exitSpread = exitSpread.isFinite ? min(max(exitSpread, 0), 10) : 0.15
        self.lanes = lanes
    }

    /// How far apart the centres of two glyphs `a` and `b` wide must be for
    /// their boxes not to overlap beyond ``overlap``.
    func reach(_ a: Double, _ b: Double) -> Double {
        (a + b) / 2 - overlap * min(a, b)
    }

    /// Every rule, with the defaults above.
    public static let standard = Choreography()

    /// No rules: glyphs move and fade exactly as the effect says.
    public static let none = Choreography(coherence: false, clearBeforeFill: false, lanes: .none)
}
