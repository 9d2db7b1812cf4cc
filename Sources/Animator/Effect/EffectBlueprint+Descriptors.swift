import Analyzer

// One glyph's motion, read off an effect's templates: for tests, inspection
// and code that looks at a single glyph. The planner never builds these; it
// reads the templates once per transition.

extension EffectBlueprint {
    /// An entering glyph's motion, resting at `frame`, as a descriptor.
    ///
    /// - Complexity: O(tracks).
    public func layoutInitial(glyph: GlyphMutation, frame: Rect, context: EffectContext) -> AnimationDescriptor {
        descriptor(.entering, symbol: glyph.symbol, from: frame, to: frame, context: context)
    }

    /// An exiting glyph's motion, leaving from `frame`, as a descriptor.
    ///
    /// - Complexity: O(tracks).
    public func layoutFinal(glyph: GlyphMutation, frame: Rect, context: EffectContext) -> AnimationDescriptor {
        descriptor(.exiting, symbol: glyph.symbol, from: frame, to: frame, context: context)
    }

    /// A persisting glyph's motion from its old box to its new one, as a descriptor.
    ///
    /// - Complexity: O(tracks).
    public func layoutPersisting(glyph: GlyphMutation, from: Rect, to: Rect, context: EffectContext) -> AnimationDescriptor {
        descriptor(.persisting, symbol: glyph.symbol, from: from, to: to, context: context)
    }

    /// The template of `role` placed between two boxes, varied for the glyph
    /// the context describes (its own box, its line height, its role).
    private func descriptor(
        _ role: SpriteRole, symbol: Character, from: Rect, to: Rect, context: EffectContext
    ) -> AnimationDescriptor {
        var glyph = context
        glyph.role = role
        glyph.frame = role == .exiting ? from : to
        glyph.lineHeight = glyph.frame.height
        glyph.moves = role == .persisting && from.center != to.center
        let template = template(in: TransitionContext(glyph))
        var variation: GlyphVariation?
        if template.variesPerGlyph || template.emitter != nil {
            var random = glyph.random
            var v = GlyphVariation(template: template, seed: random.next())
            if template.variesPerGlyph { vary(&v, context: glyph) }
            variation = v
        }
        return template.descriptor(symbol: symbol, role: role, from: from.center, to: to.center, variation: variation)
    }
}
