import LegacyAnalyzer
import LegacyAnimator

/// One effect's motion with another's appearance: `slide` moves the glyphs while
/// `mist` fades and blurs them.
///
/// For every glyph both blueprints are asked, and the descriptors are merged:
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
    public var motion: any EffectBlueprint
    /// The effect whose appearance channels, opacity timing, appearance tracks and particles are used.
    public var appearance: any EffectBlueprint

    /// Layers `appearance` over `motion`.
    public init(motion: any EffectBlueprint, appearance: any EffectBlueprint) {
        self.motion = motion
        self.appearance = appearance
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

    public func layoutInitial(glyph: GlyphMutation, frame: Rect, context: EffectContext) -> AnimationDescriptor {
        Self.merge(
            motion: motion.layoutInitial(glyph: glyph, frame: frame, context: context),
            appearance: appearance.layoutInitial(glyph: glyph, frame: frame, context: context))
    }

    public func layoutFinal(glyph: GlyphMutation, frame: Rect, context: EffectContext) -> AnimationDescriptor {
        Self.merge(
            motion: motion.layoutFinal(glyph: glyph, frame: frame, context: context),
            appearance: appearance.layoutFinal(glyph: glyph, frame: frame, context: context))
    }

    public func layoutPersisting(glyph: GlyphMutation, from: Rect, to: Rect, context: EffectContext) -> AnimationDescriptor {
        Self.merge(
            motion: motion.layoutPersisting(glyph: glyph, from: from, to: to, context: context),
            appearance: appearance.layoutPersisting(glyph: glyph, from: from, to: to, context: context))
    }

    /// The motion descriptor with the appearance descriptor's appearance parts.
    ///
    /// - Complexity: O(tracks).
    public static func merge(motion m: AnimationDescriptor, appearance a: AnimationDescriptor) -> AnimationDescriptor {
        var d = m
        for channel in GlyphChannel.allCases where !channel.isTransform {
            d.from[channel] = a.from[channel]
            d.to[channel] = a.to[channel]
            d.velocity[channel] = a.velocity[channel]
        }
        d.opacityTiming = a.opacityTiming
        // Appearance parts were timed from the appearance's own delay (tracks on
        // the transition's clock do not depend on it).
        let shift = m.delay - a.delay
        var tracks = m.tracks.filter { $0.channel.isTransform }
        for var track in a.tracks where !track.channel.isTransform {
            if track.clock == .glyph { track.timeOffset += shift }
            tracks.append(track)
        }
        d.tracks = tracks
        if var emitter = a.emitter {
            emitter.start = max(emitter.start - shift, 0)
            d.emitter = emitter
        } else {
            d.emitter = m.emitter
        }
        return d
    }
}

extension EffectBlueprint {
    /// This effect's motion with another effect's appearance (see `LayeredEffect`).
    ///
    /// ```swift
    /// let effect = SlideEffect().layered(with: MistEffect())   // "slide+mist"
    /// ```
    public func layered(with appearance: any EffectBlueprint) -> LayeredEffect {
        LayeredEffect(motion: self, appearance: appearance)
    }
}
