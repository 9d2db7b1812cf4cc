import Analyzer

/// The plugin protocol: an effect decides where entering glyphs come from, where
/// exiting glyphs go, and (optionally) how persisting glyphs move.
///
/// An effect speaks once per role per transition: it gives a `RoleTemplate`
/// for the entering glyphs, one for the exiting glyphs and one for the
/// persisting glyphs (by default they glide on the style's spring). The
/// planner places every glyph of a role by its template: it starts it at its
/// place in the stagger (`staggerOrder`), rides it with its anchor, keeps the
/// choreography's rules, and works out once what the glyphs of a template
/// share. A template's times count from the glyph's own start: an effect never
/// times its glyphs against the stagger.
///
/// Where glyphs differ (a wave's phase along the line, a seeded jitter, a
/// pen reaching each glyph in turn), the template says `variesPerGlyph` and
/// `vary(_:context:)` writes each glyph's few numbers.
///
/// ```swift
/// struct Drop: EffectBlueprint {
///     var name: String { "drop" }
///     func entering(in context: TransitionContext) -> RoleTemplate {
///         var start = GlyphState()                 // at rest, at the glyph's place
///         start.position.y = -context.fontSize     // a font size above it
///         start.opacity = 0
///         return RoleTemplate(from: start, timing: .spring(context.style.spring),
///                             opacityTiming: .bezier(.easeOut, duration: context.style.fade))
///     }
///     func exiting(in context: TransitionContext) -> RoleTemplate {
///         var end = GlyphState()
///         end.opacity = 0
///         return RoleTemplate(to: end, timing: .bezier(.easeIn, duration: context.style.fade))
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

    /// The entering glyphs: where they come from (`from`; `to` is usually the state at rest).
    func entering(in context: TransitionContext) -> RoleTemplate
    /// The exiting glyphs: where they go (`to`; `from` is usually the state at rest).
    func exiting(in context: TransitionContext) -> RoleTemplate
    /// The persisting glyphs, from their old place to their new one; asked
    /// separately for those that move and those that keep their place
    /// (`context.moves`). By default they glide on the style's spring.
    func persisting(in context: TransitionContext) -> RoleTemplate
    /// One glyph's variation on its role's template, for templates that say
    /// `variesPerGlyph` (nothing by default). `glyph` comes filled from the
    /// template; set only what differs.
    func vary(_ glyph: inout GlyphVariation, context: EffectContext)
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

    /// By default a persisting glyph moves on the style's spring from its old place to its new one.
    public func persisting(in context: TransitionContext) -> RoleTemplate {
        .glide(context.style.spring)
    }

    /// By default every glyph of a role moves as its template says.
    public func vary(_ glyph: inout GlyphVariation, context: EffectContext) {}

    /// The template of `context.role`.
    public func template(in context: TransitionContext) -> RoleTemplate {
        switch context.role {
        case .entering: entering(in: context)
        case .exiting: exiting(in: context)
        case .persisting: persisting(in: context)
        }
    }
}
