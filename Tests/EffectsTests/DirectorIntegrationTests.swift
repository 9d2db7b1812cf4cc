import Animator
import Director
import Effects
import Testing

/// Effects driving the Director, the way users run them.
@Suite struct DirectorIntegrationTests {
    @Test func aCustomBlueprintRegistersAndDrivesTheDirector() throws {
        var registry = EffectRegistry.standard
        registry.register(DropEffect())
        let effect = try registry.effect(named: "drop")
        let director = TransitionDirector(text: "ab", layout: layout, effect: effect, preference: .alwaysAnimate)
        director.setText("abc", at: 0)
        let start = director.frame(at: 0)
        let c = try #require(start.sprites.first { start.symbol(of: $0) == "c" })
        let rest = layout.layout(Array("abc")).anchored().frames[2].rect.center
        // It starts a font size above its place, invisible...
        #expect(c.state.position.x == rest.x)
        #expect(c.state.position.y == rest.y - layout.cellHeight)
        #expect(c.state.opacity == 0)
        // ...and settles exactly there.
        let end = director.frame(at: try #require(director.settleTime))
        let settled = try #require(end.sprites.first { $0.id == c.id })
        #expect(settled.state == .resting(at: rest))
    }

    @Test(arguments: EffectRegistry.standard.names)
    func everyBuiltInSettlesTheDirectorOnTheLayout(name: String) throws {
        let director = TransitionDirector(
            text: "Send Action", layout: layout, effect: try EffectRegistry.standard.effect(named: name),
            preference: .alwaysAnimate)
        director.setText("Action Sent", at: 0)
        let end = try #require(director.settleTime)
        let frame = director.frame(at: end)
        let rest = layout.layout(Array("Action Sent")).anchored().frames.map(\.rect.center)
        #expect(frame.sprites.count == rest.count)
        // Without loops, every glyph rests exactly on its place; a dance plays on around it.
        for sprite in frame.sprites {
            #expect(rest.contains(sprite.state.position) || name == "dance")
            #expect(sprite.state.isFinite)
        }
        #expect(director.events.map(\.kind) == [.settle])
    }

    @Test func danceLoopsOnAfterSettlingWithItsPeriod() throws {
        let director = TransitionDirector(text: "", layout: layout, effect: DanceEffect(), preference: .alwaysAnimate)
        director.setText("Dance", at: 0)
        let end = try #require(director.settleTime)
        let a = director.frame(at: end + 0.25).sprites
        let b = director.frame(at: end + 0.75).sprites
        let c = director.frame(at: end + 2.25).sprites
        #expect(a != b)  // still moving after the settle event
        for (x, y) in zip(a, c) {
            #expect(x.id == y.id)
            #expect(abs(x.state.rotation - y.state.rotation) < 1e-9)
            #expect(abs(x.state.scaleX - y.state.scaleX) < 1e-9)
        }
        #expect(director.events.map(\.kind) == [.settle])
    }

    @Test func danceKeepsStepAcrossATextChange() throws {
        let director = TransitionDirector(text: "", layout: layout, effect: DanceEffect(), preference: .alwaysAnimate)
        director.setText("Step", at: 0)
        director.setText("Steps", at: 3.1)
        let end = try #require(director.settleTime)
        // A quarter of a beat into a pass, every even glyph leans one way and every odd one the other.
        let t = (end + 2).rounded(.up) + 0.25
        let frame = director.frame(at: t)
        let byX = frame.sprites.sorted { $0.state.position.x < $1.state.position.x }
        #expect(byX.count == 5)
        let signs = byX.map { $0.state.rotation > 0 }
        #expect(signs == [signs[0], !signs[0], signs[0], !signs[0], signs[0]])
        #expect(byX.allSatisfy { abs($0.state.rotation) > 0.05 })
    }
}
