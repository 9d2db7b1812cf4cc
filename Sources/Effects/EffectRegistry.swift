import Animator

/// Effects registered by name: how the command line, settings screens and
/// configuration files turn `"wave"` into a blueprint.
///
/// A registry is a value: copy `EffectRegistry.standard`, add your own effects,
/// and pass it where effects are chosen. A blueprint you write registers and runs
/// exactly like a built-in:
///
/// ```swift
/// struct Drop: EffectBlueprint {
///     var name: String { "drop" }
///     var summary: String { "Glyphs drop in from above." }
///     func entering(in context: TransitionContext) -> RoleTemplate {
///         var start = GlyphState()
///         start.position.y = -context.fontSize
///         start.opacity = 0
///         return RoleTemplate(from: start, timing: .spring(context.style.spring))
///     }
///     func exiting(in context: TransitionContext) -> RoleTemplate {
///         var end = GlyphState()
///         end.opacity = 0
///         return RoleTemplate(to: end, timing: .bezier(.easeIn, duration: context.style.fade))
///     }
/// }
///
/// var effects = EffectRegistry.standard
/// effects.register(Drop())
/// let animator = GlyphAnimator(effect: try effects.effect(named: "drop"))
/// ```
///
/// Built-ins are also reachable as static members, for code that names them
/// directly: `GlyphAnimator(effect: .wave)`, `animator.effect = .mist`.
///
/// A name joining two effects with `+` (`"slide+mist"`) resolves to their
/// `LayeredEffect` when no effect is registered under the whole name.
public struct EffectRegistry: Sendable {
    /// The effects and the names they are registered under, in the order
    /// registered. A list, not a dictionary: a registry holds a dozen effects,
    /// and a dictionary keyed by strings is the only one the browser build
    /// would link (its hashing, probing and growth, several kilobytes).
    private var blueprints: [(name: String, effect: AnyEffect)]

    /// An empty registry.
    public init() {
        blueprints = []
    }

    /// A registry holding the blueprints given; a later one replaces an earlier one of the same name.
    ///
    /// - Complexity: O(n) in the number of blueprints.
    public init(_ blueprints: [AnyEffect]) {
        self.init()
        for blueprint in blueprints { register(blueprint) }
    }

    /// Every built-in effect: `dance`, `minimal`, `mist`, `rolling`, `scale` (the
    /// default), `slide`, `sparkle`, `wave` and `write`, each with its default tuning.
    public static let standard = EffectRegistry([
        .scale, .minimal, .rolling, .slide, .wave, .mist, .sparkle, .dance, .write,
    ])

    /// Registers a blueprint under its `name`.
    ///
    /// Registering a name that is already taken **replaces** the earlier blueprint,
    /// so you can retune a built-in (`register(WaveEffect(amplitude: 0.3))`) or
    /// swap in your own under a built-in's name.
    ///
    /// - Returns: the blueprint that was replaced, if any.
    @discardableResult
    public mutating func register(_ blueprint: some EffectBlueprint) -> AnyEffect? {
        register(AnyEffect(blueprint))
    }

    /// Registers an effect under its `name` (see `register(_:)`).
    @discardableResult
    public mutating func register(_ effect: AnyEffect) -> AnyEffect? {
        let name = effect.name
        guard let k = index(of: name) else {
            blueprints.append((name, effect))
            return nil
        }
        let replaced = blueprints[k].effect
        blueprints[k].effect = effect
        return replaced
    }

    /// Removes the blueprint registered under a name.
    ///
    /// - Returns: the blueprint removed, if there was one.
    @discardableResult
    public mutating func unregister(named name: String) -> AnyEffect? {
        guard let k = index(of: name) else { return nil }
        return blueprints.remove(at: k).effect
    }

    /// The blueprint registered under a name, or `nil`. Names match exactly (case matters).
    public subscript(name: String) -> AnyEffect? {
        index(of: name).map { blueprints[$0].effect }
    }

    /// Where the blueprint registered under `name` is in the list.
    private func index(of name: String) -> Int? {
        blueprints.firstIndex { $0.name.equals(name) }
    }

    /// The blueprint registered under a name.
    ///
    /// When no blueprint has the name and it joins two or more names with `+`, the
    /// result layers them: motion from the first, appearance from the last (see
    /// `LayeredEffect`).
    ///
    /// - Throws: `EffectRegistryError.unknownEffect`, whose message lists the known names.
    /// - Complexity: O(k) in registered effects for a registered name; O(k log k) to build the error.
    public func effect(named name: String) throws(EffectRegistryError) -> AnyEffect {
        if let blueprint = self[name] { return blueprint }
        if let plus = name.lastIndex(of: "+"), plus != name.startIndex, name.index(after: plus) != name.endIndex {
            let motion = String(name[..<plus]), appearance = String(name[name.index(after: plus)...])
            do {
                return AnyEffect(LayeredEffect(motion: try effect(named: motion), appearance: try effect(named: appearance)))
            } catch {
                throw .unknownEffect(name, knownNames: names)
            }
        }
        throw .unknownEffect(name, knownNames: names)
    }

    /// Whether a blueprint is registered under a name.
    public func contains(_ name: String) -> Bool {
        index(of: name) != nil
    }

    /// The registered names, sorted.
    ///
    /// - Complexity: O(k log k) in registered effects (O(k²) in Embedded Swift).
    public var names: [String] {
        #if hasFeature(Embedded)
        // An insertion sort by the same `<`: the keys are distinct, so the
        // order is the one `sorted()` gives, without the merge sort's String
        // specialisations in the WebAssembly build (a registry holds a dozen
        // names, and this runs only to word an error).
        var names: [String] = []
        names.reserveCapacity(blueprints.count)
        for (name, _) in blueprints {
            var at = names.count
            while at > 0 && name < names[at - 1] { at -= 1 }
            names.insert(name, at: at)
        }
        return names
        #else
        blueprints.map { $0.name }.sorted()
        #endif
    }

    /// One line per registered effect, sorted by name: what `kinetype effects` prints.
    ///
    /// - Complexity: O(k log k) in registered effects.
    public var entries: [Entry] {
        blueprints
            .map { Entry(name: $0.name, summary: $0.effect.summary, cost: $0.effect.cost) }
            .sorted { $0.name < $1.name }
    }

    /// The number of registered effects.
    public var count: Int { blueprints.count }

    /// A registered effect described in one line.
    public struct Entry: Hashable, Sendable, CustomStringConvertible {
        /// The name it is registered and chosen by.
        public var name: String
        /// What it looks like, in one line.
        public var summary: String
        /// Its relative per-glyph cost (1 = plain motion).
        public var cost: Double

        /// An entry with every part spelled out.
        public init(name: String, summary: String, cost: Double) {
            self.name = name
            self.summary = summary
            self.cost = cost
        }

        /// `name: summary`.
        public var description: String {
            summary.isEmpty ? name : "\(name): \(summary)"
        }
    }
}
