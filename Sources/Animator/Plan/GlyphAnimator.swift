import Analyzer

/// Plans transitions: turns a `TextChange` and the old and new layouts into
/// one motion per glyph, written into a `TransitionPlan`, using an effect and a
/// motion style.
///
/// - Stagger: in morph mode `style.stagger × max(changeRatio, 0.3)` between
///   successive glyphs, unscaled in replace and numeric modes; entering glyphs in
///   the order of their priority weight, exiting glyphs likewise, persisting glyphs
///   at once. The whole spread is capped by `style.maximumStaggerSpread`.
/// - Drift: `style.drift × fontSize`, scaled by the change ratio in morph mode.
/// - Anchor-following: an exiting glyph follows the nearest persisting glyph of
///   the old text; an entering glyph starts offset by the displacement of the
///   nearest persisting glyph of the new text and rides in with it. Distances
///   are counted in glyph indices; a tie goes to the glyph before.
/// - Reduced motion: the `CrossFadeEffect` (0.1 s, nothing moves, no stagger);
///   `.neverAnimate`: an instant swap.
///
/// ```swift
/// let change = TextChangeAnalyzer().analyze(from: "Creative", to: "Create")
/// let layout = MonospaceLayout()
/// let plan = GlyphAnimator(style: .bouncy).plan(
///     change, from: layout.layout(change.oldGlyphs), to: layout.layout(change.newGlyphs))
/// plan.duration
/// plan.state(of: 0, at: 0.1)
/// ```
public struct GlyphAnimator: Sendable {
    /// The effect that decides how glyphs enter and exit.
    public var effect: AnyEffect
    /// The spring, stagger, fade and drift.
    public var style: MotionStyle
    /// Whether to animate fully, reduce motion or swap instantly.
    public var preference: MotionPreference
    /// The seed of every random choice effects make.
    public var seed: UInt64
    /// Tiles under the glyphs (nil: none): each visible glyph gets a tile sprite
    /// that moves as it does (see `TileStyle`).
    public var tiles: TileStyle?

    public init(
        effect: some EffectBlueprint = ScaleEffect(), style: MotionStyle = .snappy,
        preference: MotionPreference = .system, seed: UInt64 = 0, tiles: TileStyle? = nil
    ) {
        self.init(effect: AnyEffect(effect), style: style, preference: preference, seed: seed, tiles: tiles)
    }

    /// An animator of an effect already kept as an `AnyEffect` (a registry's,
    /// a parsed effect file's): kept as it is, not boxed a second time.
    public init(
        effect: AnyEffect, style: MotionStyle = .snappy, preference: MotionPreference = .system, seed: UInt64 = 0,
        tiles: TileStyle? = nil
    ) {
        self.effect = effect
        self.style = style
        self.preference = preference
        self.seed = seed
        self.tiles = tiles
    }

    /// Analyses and lays out two texts and plans the transition between them.
    ///
    /// - Complexity: the analyzer's cost plus O(n) in glyphs.
    public func plan(from old: String, to new: String, layout: some GlyphLayout, mode: DiffMode = .morph) -> TransitionPlan {
        let change = TextChangeAnalyzer(mode: mode).analyze(from: old, to: new)
        return plan(change, from: layout.layout(change.oldGlyphs), to: layout.layout(change.newGlyphs))
    }

    /// Plans the transition of an analysed change between two layouts.
    ///
    /// Layouts are moved so their alignment anchors coincide (see
    /// `TextLayoutResult.anchored()`); the plan's coordinates are those. A change
    /// in numeric mode anchors each layout where its number stands instead (see
    /// `TextChange.numberAnchors` and `TextLayoutResult.anchoringNumber(at:)`), so
    /// place values keep their columns: the ones of "99" and "100" on one x.
    /// A layout with fewer frames than glyphs is tolerated: missing frames are empty
    /// boxes at the end of the text. A hand-made change whose mutations are not in the
    /// analyzer's order (the new text's glyphs in order, then the removed ones) is
    /// planned as the change in that order: the plan's `change` is that one.
    ///
    /// The old text is at rest on its layout when the transition starts. To plan a
    /// change that interrupts another, from what is on screen then, play both on a
    /// `TransitionDirector`: it plans each text change from what its frames show.
    ///
    /// - Parameters:
    ///   - motion: the motion to plan with, whatever `preference` says (for a
    ///     `--reduce-motion` flag, a per-view setting, tests); nil resolves `preference`.
    ///   - startTime: when the transition starts on the caller's clock, passed to
    ///     effects (`TransitionContext.startTime`) so loops can keep step; the plan's
    ///     times stay relative to the start.
    /// - Complexity: O(n) in the number of glyphs (O(n log n) for a hand-made change out of order).
    public func plan(
        _ change: TextChange, from oldLayout: TextLayoutResult, to newLayout: TextLayoutResult,
        motion: ResolvedMotion? = nil, startTime: Double = 0
    ) -> TransitionPlan {
        TransitionPlan(
            change.inAnalyzerOrder(), from: oldLayout, to: newLayout, animator: self,
            motion: motion ?? preference.resolved(), startTime: startTime)
    }
}
