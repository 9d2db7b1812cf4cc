import Analyzer
import Animator
import Effects
import Testing
import TestSupport

/// A blueprint written by a user: glyphs drop in from above.
struct DropEffect: EffectBlueprint {
    var name: String { "drop" }
    var summary: String { "Glyphs drop in from above." }

    func entering(in context: TransitionContext) -> RoleTemplate {
        var start = GlyphState()
        start.position.y = -context.fontSize
        start.opacity = 0
        return RoleTemplate(from: start, timing: .spring(context.style.spring))
    }

    func exiting(in context: TransitionContext) -> RoleTemplate {
        var end = GlyphState()
        end.opacity = 0
        return RoleTemplate(to: end, timing: .bezier(.easeIn, duration: context.style.fade))
    }
}

@Suite struct EffectRegistryTests {
    @Test func theStandardRegistryHoldsEveryBuiltIn() {
        #expect(EffectRegistry.standard.names == ["dance", "minimal", "mist", "rolling", "scale", "slide", "sparkle", "wave", "write"])
        #expect(EffectRegistry.standard.count == 9)
    }

    @Test(arguments: EffectRegistry.standard.names)
    func lookupFindsTheEffectByName(name: String) throws {
        let effect = try EffectRegistry.standard.effect(named: name)
        #expect(effect.name == name)
        #expect(EffectRegistry.standard[name]?.name == name)
        #expect(EffectRegistry.standard.contains(name))
    }

    /// A role's context for comparing effects by what they do.
    private let context = TransitionContext(role: .entering, lineHeight: 20, fontSize: 16)

    @Test func scaleAndMinimalAreTheAnimatorsEffects() {
        #expect(EffectRegistry.standard["scale"]?.entering(in: context) == ScaleEffect().entering(in: context))
        #expect(EffectRegistry.standard["minimal"]?.entering(in: context) == CrossFadeEffect().entering(in: context))
    }

    @Test func anUnknownNameThrowsAnErrorListingTheKnownNames() {
        #expect(throws: EffectRegistryError.unknownEffect) { try EffectRegistry.standard.effect(named: "fog") }
        do {
            _ = try EffectRegistry.standard.effect(named: "fog")
            Issue.record("no error")
        } catch {
            #expect(error.name == "fog")
            #expect(error.message == "unknown effect \"fog\"; known effects: dance, minimal, mist, rolling, scale, slide, sparkle, wave, write")
            #expect("\(error)" == error.message)
        }
        #expect(throws: EffectRegistryError.unknownEffect) { try EffectRegistry.standard.effect(named: "Wave") }
        #expect(throws: EffectRegistryError.unknownEffect) { try EffectRegistry().effect(named: "wave") }
        do {
            _ = try EffectRegistry().effect(named: "wave")
        } catch {
            #expect(error.message == "unknown effect \"wave\"; none are registered")
        }
    }

    @Test func entriesAreSortedByNameWithOneLineEach() {
        let entries = EffectRegistry.standard.entries
        #expect(entries.map(\.name) == EffectRegistry.standard.names)
        for entry in entries {
            #expect(!entry.summary.isEmpty && !entry.summary.contains("\n"))
            #expect(entry.description == "\(entry.name): \(entry.summary)")
        }
        let sparkle = entries.first { $0.name == "sparkle" }!
        #expect(entries.allSatisfy { $0.cost <= sparkle.cost })
        // Deterministic: the same listing every time, whatever the registration order.
        let shuffled = EffectRegistry([.wave, .scale, .dance, .mist, .minimal, .sparkle, .slide, .write, .rolling])
        #expect(shuffled.entries == entries)
    }

    @Test func registeringANameAgainReplacesTheEffect() {
        var registry = EffectRegistry.standard
        let replaced = registry.register(WaveEffect(amplitude: 0.3))
        #expect(replaced?.entering(in: context) == WaveEffect().entering(in: context))
        #expect(registry["wave"]?.entering(in: context) == WaveEffect(amplitude: 0.3).entering(in: context))
        #expect(registry["wave"]?.entering(in: context) != WaveEffect().entering(in: context))
        #expect(registry.count == 9)
        #expect(registry.unregister(named: "wave") != nil)
        #expect(!registry.contains("wave") && EffectRegistry.standard.contains("wave"))
    }

    /// A user's blueprint registers, is found and plans exactly like a built-in.
    @Test func aCustomBlueprintRunsLikeABuiltIn() throws {
        var registry = EffectRegistry.standard
        #expect(registry.register(DropEffect()) == nil)
        #expect(registry.names.contains("drop"))
        #expect(registry.entries.contains(EffectRegistry.Entry(name: "drop", summary: "Glyphs drop in from above.", cost: 1)))
        let drop = try registry.effect(named: "drop")
        let plan = plan(drop, Change(old: "Creative", new: "Create now"))
        for (i, d) in plan.descriptors.enumerated() {
            let m = plan.plannedMutation(of: i)
            let rest = GlyphState.resting(at: restingCenter(plan, i))
            if m.action == .insert {
                #expect(d.state(at: d.delay).position.y < rest.position.y)  // from above
            }
            if m.action == .remove {
                #expect(isClose(d.state(at: settled(plan)).opacity, 0))
            } else {
                #expect(isClose(d.state(at: settled(plan)), rest))
            }
        }
        // Staggered like a built-in.
        #expect(Set(plan.descriptors.map(\.delay)).count > 2)
        // Layered with a built-in by name.
        #expect(try registry.effect(named: "drop+mist").name == "drop+mist")
    }

    @Test func namesJoinedWithPlusResolveToLayeredEffects() throws {
        let effect = try EffectRegistry.standard.effect(named: "slide+mist")
        #expect(effect.exiting(in: context) == LayeredEffect(motion: SlideEffect(), appearance: MistEffect()).exiting(in: context))
        #expect(effect.name == "slide+mist")
        #expect(try EffectRegistry.standard.effect(named: "slide+mist+sparkle").name == "slide+mist+sparkle")
        #expect(throws: EffectRegistryError.unknownEffect) { try EffectRegistry.standard.effect(named: "slide+fog") }
        #expect(throws: EffectRegistryError.unknownEffect) { try EffectRegistry.standard.effect(named: "+mist") }
        #expect(throws: EffectRegistryError.unknownEffect) { try EffectRegistry.standard.effect(named: "slide+") }
        do {
            _ = try EffectRegistry.standard.effect(named: "slide+fog")
        } catch {
            #expect(error.name == "slide+fog")
        }
    }

    /// Built-ins read as static members wherever a blueprint is expected, existential or generic.
    @Test func builtInsAreStaticMembers() {
        var animator = GlyphAnimator(effect: .wave)
        #expect(animator.effect.name == "wave")
        animator.effect = .mist
        #expect(animator.effect.name == "mist")
        let any: any EffectBlueprint = .dance
        #expect(any.name == "dance")
        func name(_ effect: some EffectBlueprint) -> String { effect.name }
        #expect(name(.sparkle) == "sparkle")
        #expect(name(.rolling) == "rolling" && name(.slide) == "slide" && name(.scale) == "scale" && name(.minimal) == "minimal")
        let layered: any EffectBlueprint = .slide.layered(with: .mist)
        #expect(layered.name == "slide+mist")
        #expect(name(.layered(motion: .slide, appearance: .mist)) == "slide+mist")
    }
}
