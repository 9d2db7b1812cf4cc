import Analyzer
import Animator

/// One effect's motion with another's appearance: `slide` moves the glyphs while
/// `mist` fades and blurs them.
///
/// Both blueprints give their templates, which are merged:
///
/// | from `motion` | from `appearance` |
/// |---|---|
/// | position, scale, rotation, skew (from, to, velocity) | opacity, blur, tint, stroke-end (from, to, velocity) |
/// | `timing` | `opacityTiming` |
/// | tracks on transform channels | tracks on appearance channels |
/// | `delay`, `box` | `emitter` (or `motion`'s when `appearance` has none) |
///
/// ```swift
/// let fog = LayeredEffect(motion: SlideEffect(), appearance: MistEffect())
/// fog.name                                   // "slide+mist"
/// let same = SlideEffect().layered(with: MistEffect())
/// let animator = GlyphAnimator(effect: .slide.layered(with: .mist))
/// ```
///
/// The delay is the motion's. When the appearance blueprint asks for a different
/// delay, its tracks and particles are shifted to keep their timing; its
/// `opacityTiming` cannot be shifted and starts with the motion's delay. (Every
/// built-in returns delay 0 and leaves staggering to the planner.)
public struct LayeredEffect: EffectBlueprint {
    /// The effect whose transform channels, timing and transform tracks are used.
    public var motion: AnyEffect
    /// The effect whose appearance channels, opacity timing, appearance tracks and particles are used.
    public var appearance: AnyEffect

    /// Layers `appearance` over `motion`.
    public init(motion: some EffectBlueprint, appearance: some EffectBlueprint) {
        self.motion = AnyEffect(motion)
        self.appearance = AnyEffect(appearance)
    }

    /// `"motion+appearance"`, e.g. `"slide+mist"`; the registry resolves such names.
    public var name: String { "\(motion.name)+\(appearance.name)" }
    public var summary: String { "Moves like \(motion.name), looks like \(appearance.name)." }
    /// Both parts' costs above plain motion, added: `motion.cost + appearance.cost − 1` (at least 1).
    public var cost: Double { max(motion.cost + appearance.cost - 1, 1) }
    /// Whether either part reveals the first text (`slide+write` writes it in).
    public var revealsFirstText: Bool { motion.revealsFirstText || appearance.revealsFirstText }
    /// The motion's stagger order (a data effect's `order` carries into `drop+mist`).
    public var staggerOrder: StaggerOrder { motion.staggerOrder }
        /// Whether either part moves at rest (`dance+mist` dances from the first frame).
    public var movesAtRest: Bool { motion.movesAtRest || appearance.movesAtRest }

    public func entering(in context: TransitionContext) -> RoleTemplate {
        Self.merge(motion: motion.entering(in: context), appearance: appearance.entering(in: context))
    }

    public func exiting(in context: TransitionContext) -> RoleTemplate {
        Self.merge(motion: motion.exiting(in: context), appearance: appearance.exiting(in: context))
    }

    public func persisting(in context: TransitionContext) -> RoleTemplate {
        Self.merge(motion: motion.persisting(in: context), appearance: appearance.persisting(in: context))
    }

    /// A glyph whose parts vary: each part's own variation, merged as the templates are.
    public func vary(_ glyph: inout GlyphVariation, context: EffectContext) {
        let transition = TransitionContext(context)
        let parts = [motion, appearance].map { part in
            let template = part.template(in: transition)
            // A pattern rather than `emitter != nil`, which compiled to the emitter's whole equality.
            let emits = if case .some = template.emitter { true } else { false }
            guard template.variesPerGlyph || emits else { return template }
            var variation = GlyphVariation(template: template, seed: glyph.seed)
            if template.variesPerGlyph { part.vary(&variation, context: context) }
            return template.applying(variation, role: context.role)
        }
        glyph.motion = Self.merge(motion: parts[0], appearance: parts[1])
    }

    /// The motion template with the appearance template's appearance parts.
    ///
    /// - Complexity: O(tracks).
    public static func merge(motion m: RoleTemplate, appearance a: RoleTemplate) -> RoleTemplate {
        var t = m
        for channel in GlyphChannel.allCases where !channel.isTransform {
            t.from[channel] = a.from[channel]
            t.to[channel] = a.to[channel]
        }
        t.opacityTiming = a.opacityTiming
        // Appearance parts were timed from the appearance's own delay (tracks on
        // the transition's clock do not depend on it).
        let shift = m.delay - a.delay
        var tracks = m.tracks.filter { $0.channel.isTransform }
        for var track in a.tracks where !track.channel.isTransform {
            if track.clock == .glyph { track.timeOffset += shift }
            tracks.append(track)
        }
        t.tracks = tracks
        if var emitter = a.emitter {
            emitter.start = max(emitter.start - shift, 0)
            t.emitter = emitter
        } else {
            t.emitter = m.emitter
        }
        t.variesPerGlyph = m.variesPerGlyph || a.variesPerGlyph
        var scaled = ChannelSet()
        for channel in GlyphChannel.allCases where (channel.isTransform ? m : a).scaledChannels.contains(channel) {
            scaled.insert(ChannelSet(channel))
        }
        t.scaledChannels = scaled
        return t
    }
}

extension EffectBlueprint {
    /// This effect's motion with another effect's appearance (see `LayeredEffect`).
    ///
    /// ```swift
    /// let effect = SlideEffect().layered(with: MistEffect())   // "slide+mist"
    /// ```
    public func layered(with appearance: some EffectBlueprint) -> LayeredEffect {
        LayeredEffect(motion: self, appearance: appearance)
    }
}
