/// The order in which the planner starts the glyphs that enter (and, separately,
/// those that exit) a transition: the effect chooses it, the planner applies it.
///
/// The planner gives each entering or exiting glyph a rank in this order and
/// starts it `rank × stagger` seconds after the transition's start, so an effect
/// never times its glyphs against the planner's stagger. Persisting glyphs start
/// at once, whatever the order.
///
/// ```swift
/// struct Rain: EffectBlueprint {
///     var staggerOrder: StaggerOrder { .random }   // glyphs fall in a seeded random order
///     …
/// }
/// ```
public enum StaggerOrder: Hashable, Sendable, CaseIterable {
    /// The analyzer's priority, which is reading order (the default).
    case reading
    /// From the end of the text back to its start.
    case reversed
    /// From the middle of the text outwards; glyphs the same distance either side start together.
    case fromCenter
    /// From both ends of the text inwards, symmetrically.
    case fromEdges
    /// Word after word; the glyphs of a word start together.
    case byWords
    /// Line after line; the glyphs of a line start together.
    case byLines
    /// A random order drawn from the plan's seed (the same seed, the same order).
    case random
    /// Every glyph at once: the planner adds no stagger. Ranks are still given in
    /// reading order, for an effect that times its glyphs itself (the pen of `write`).
    case simultaneous
}
