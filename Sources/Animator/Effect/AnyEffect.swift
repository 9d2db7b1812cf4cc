import Analyzer

/// An effect of any type: what the planner, the Director and the registry keep.
///
/// Make one from any effect; it is itself an effect, so it goes wherever one
/// is expected. The effect is kept in a box (a class), so an `AnyEffect` is
/// one reference however large the effect, and the core builds where Swift
/// has no existentials of value protocols (Embedded Swift).
///
/// ```swift
/// var effect = AnyEffect(ScaleEffect())
/// effect = .wave                         // the built-ins, by name
/// effect.name                            // "wave"
/// ```
public struct AnyEffect: EffectBlueprint {
    @usableFromInline let box: any EffectBox

    /// Keeps `effect`.
    @inlinable
    public init<Effect: EffectBlueprint>(_ effect: Effect) {
        box = ConcreteEffectBox(effect)
    }

    /// The same effect.
    @inlinable
    public init(_ effect: AnyEffect) {
        self = effect
    }

    public var name: String { box.name }
    public var summary: String { box.summary }
    public var cost: Double { box.cost }
    public var revealsFirstText: Bool { box.revealsFirstText }
    public var movesAtRest: Bool { box.movesAtRest }
    public var choreography: Choreography { box.choreography }
    public var staggerOrder: StaggerOrder { box.staggerOrder }

    public func entering(in context: TransitionContext) -> RoleTemplate { box.entering(in: context) }
    public func exiting(in context: TransitionContext) -> RoleTemplate { box.exiting(in: context) }
    public func persisting(in context: TransitionContext) -> RoleTemplate { box.persisting(in: context) }
    public func vary(_ glyph: inout GlyphVariation, context: EffectContext) { box.vary(&glyph, context: context) }

    /// The default effect (see `ScaleEffect`).
    public static var scale: AnyEffect { AnyEffect(ScaleEffect()) }
    /// The reduced-motion cross-fade (see `CrossFadeEffect`).
    public static var minimal: AnyEffect { AnyEffect(CrossFadeEffect()) }
}

/// The class-bound box an `AnyEffect` keeps its effect in.
@usableFromInline
protocol EffectBox: AnyObject, Sendable {
    var name: String { get }
    var summary: String { get }
    var cost: Double { get }
    var revealsFirstText: Bool { get }
    var movesAtRest: Bool { get }
    var choreography: Choreography { get }
    var staggerOrder: StaggerOrder { get }
    func entering(in context: TransitionContext) -> RoleTemplate
    func exiting(in context: TransitionContext) -> RoleTemplate
    func persisting(in context: TransitionContext) -> RoleTemplate
    func vary(_ glyph: inout GlyphVariation, context: EffectContext)
}

/// A box holding an effect of one type. Its one stored property is a `let` of
/// a `Sendable` type, so the box is `Sendable` as it is.
@usableFromInline
final class ConcreteEffectBox<Effect: EffectBlueprint>: EffectBox {
    @usableFromInline let effect: Effect

    @inlinable
    init(_ effect: Effect) { self.effect = effect }

    @usableFromInline var name: String { effect.name }
    @usableFromInline var summary: String { effect.summary }
    @usableFromInline var cost: Double { effect.cost }
    @usableFromInline var revealsFirstText: Bool { effect.revealsFirstText }
    @usableFromInline var movesAtRest: Bool { effect.movesAtRest }
    @usableFromInline var choreography: Choreography { effect.choreography }
    @usableFromInline var staggerOrder: StaggerOrder { effect.staggerOrder }
    @usableFromInline func entering(in context: TransitionContext) -> RoleTemplate { effect.entering(in: context) }
    @usableFromInline func exiting(in context: TransitionContext) -> RoleTemplate { effect.exiting(in: context) }
    @usableFromInline func persisting(in context: TransitionContext) -> RoleTemplate { effect.persisting(in: context) }
    @usableFromInline func vary(_ glyph: inout GlyphVariation, context: EffectContext) {
        effect.vary(&glyph, context: context)
    }
}
