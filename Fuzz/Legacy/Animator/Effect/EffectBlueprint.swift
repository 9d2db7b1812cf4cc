import LegacyAnalyzer

/// The plugin protocol: an effect decides where entering glyphs come from, where
/// exiting glyphs go, and (optionally) how persisting glyphs move.
///
/// The planner calls the blueprint once per glyph and starts the motion it
/// returns at the glyph's place in the stagger (`staggerOrder`), riding with its
/// anchor, so a blueprint describes one glyph's motion in isolation: its times
/// count from the glyph's own start. A delay the blueprint sets is its own, added
/// to the stagger; it never needs to know or undo the stagger.
///
/// ```swift
/// struct Drop: EffectBlueprint {
///     var name: String { "drop" }
///     func layoutInitial(glyph: GlyphMutation, frame: Rect, context: EffectContext) -> AnimationDescriptor {
///         var start = GlyphState.resting(at: frame.center)
///         start.position.y -= context.fontSize
///         start.opacity = 0
///         return AnimationDescriptor(symbol: glyph.symbol, from: start, to: .resting(at: frame.center),
///                                    timing: .spring(context.style.spring),
///                                    opacityTiming: .bezier(.easeOut, duration: context.style.fade))
///     }
///     func layoutFinal(glyph: GlyphMutation, frame: Rect, context: EffectContext) -> AnimationDescriptor {
///         var end = GlyphState.resting(at: frame.center)
///         end.opacity = 0
///         return AnimationDescriptor(symbol: glyph.symbol, from: .resting(at: frame.center), to: end,
///                                    timing: .bezier(.easeIn, duration: context.style.fade))
///     }
/// }
/// ```
public protocol EffectBlueprint: Sendable {
    /// The name the effect is registered and chosen by.
    var name: String { get }
    /// One line saying what the effect looks like.
    var summary: String { get }
    /// The relative cost of one glyph of this effect per frame (1 = plain motion);
    /// the Director's warm-up estimate uses it.
    var cost: Double { get }
    /// Whether a text should be brought in by this effect rather than shown at
    /// rest when it is the first text of a recording: the command line then
    /// starts from the empty text (the `write` effect writes its text from
    /// nothing). A Swift caller does the same by playing `["", text]`.
    var revealsFirstText: Bool { get }
    /// Whether glyphs keep moving when the text does not change (the dance):
    /// a playback then starts the motion on its first text at t = 0
    /// (`TransitionDirector.restage(at:)`) instead of showing it still.
    var movesAtRest: Bool { get }

    /// An entering glyph: where it comes from. `frame` is where it will rest.
    func layoutInitial(glyph: GlyphMutation, frame: Rect, context: EffectContext) -> AnimationDescriptor
    /// An exiting glyph: where it goes. `frame` is where it rests now.
    func layoutFinal(glyph: GlyphMutation, frame: Rect, context: EffectContext) -> AnimationDescriptor
    /// A persisting glyph moving from its old frame to its new frame.
    func layoutPersisting(glyph: GlyphMutation, from: Rect, to: Rect, context: EffectContext) -> AnimationDescriptor
    /// The planner's legibility rules this effect wants (`.standard` by default;
    /// `.none` to time everything itself).
    var choreography: Choreography { get }
    /// The order in which entering and exiting glyphs start (`.reading` by default).
    var staggerOrder: StaggerOrder { get }
}

extension EffectBlueprint {
    public var summary: String { "" }
    public var cost: Double { 1 }
    public var choreography: Choreography { .standard }
    public var staggerOrder: StaggerOrder { .reading }
    public var revealsFirstText: Bool { false }
    public var movesAtRest: Bool { false }

    // Inlined into the planner's loop for the built-in effects (see `TransitionPlanner`).

    /// By default a persisting glyph moves on the style's spring from its old place to its new one.
    @inline(__always)
    public func layoutPersisting(glyph: GlyphMutation, from: Rect, to: Rect, context: EffectContext) -> AnimationDescriptor {
        AnimationDescriptor(
            symbol: glyph.symbol, from: .resting(at: from.center), to: .resting(at: to.center),
            timing: .spring(context.style.spring), opacityTiming: .instant)
    }
}
