import Analyzer
import Animator
import Director
import Effects

// The engine as it is now, run on the same case.
enum CurrentRun {
    /// `keepsMotionInPlace`: the one rule the old planner did not have (see
    /// `TransitionDirector.keepsMotionInPlace`); off, the frames must agree.
    static func run(_ scenario: Scenario, keepsMotionInPlace: Bool = false) -> RunRecord? {
        guard let effect = makeEffect(scenario.effect), let style = makeStyle(scenario.style) else { return nil }
        let l = scenario.layout
        let layout = FuzzLayout(
            grid: MonospaceLayout(
                cellWidth: l.cellWidth, cellHeight: l.cellHeight, wrapWidth: l.wrapWidth,
                alignment: TextAlignment.allCases[l.alignment], tracking: l.tracking),
            ink: l.ink, drawings: l.drawings, rightToLeft: l.rightToLeft)
        let mode: DiffMode = scenario.mode == 1 ? .replace : scenario.mode == 2 ? .numeric() : .morph
        let preference: MotionPreference = [.alwaysAnimate, .neverAnimate, .reduceMotion][scenario.preference]
        let tiles = scenario.tiles ? TileStyle() : nil
        var record = RunRecord()
        let director = TransitionDirector(
            text: scenario.first, layout: layout, effect: effect, style: style, mode: mode, preference: preference,
            seed: scenario.seed, tiles: tiles)
        // The old planner always planned a glyph still arriving where it stays again.
        director.keepsMotionInPlace = keepsMotionInPlace
        var steps = scenario.steps[...]
        for time in scenario.samples {
            while let step = steps.first, stepTime(step) <= time {
                steps.removeFirst()
                switch step {
                case .text(let text, let t): director.setText(text, at: t)
                case .scene(let name, let toggles, let t):
                    if let scene = try? Scene.named(name) {
                        director.setScene(scene.state(afterToggles: toggles), at: t, timing: scene.timing, delay: scene.delay)
                    }
                }
            }
            record.frames.append(frameRecord(director.frame(at: time)))
        }
        record.events = director.events.map { "\($0.kind) \($0.time) \($0.transition) \($0.isScene)" }
        // The planner on its own, between the first text and the first text step.
        if let target = scenario.steps.lazy.compactMap({ step -> String? in
            if case .text(let text, _) = step { return text }
            return nil
        }).first {
            let animator = GlyphAnimator(effect: effect, style: style, preference: preference, seed: scenario.seed, tiles: tiles)
            let plan = animator.plan(from: scenario.first, to: target, layout: layout, mode: mode)
            for k in 0..<plan.count {
                record.plan.append("\(plan.change.symbols[plan.glyph(of: k)]) \(plan.role(of: k)) \(plan.mutation(of: k))")
            }
            var states: [GlyphState] = []
            for step in 0...8 {
                plan.states(at: plan.duration * Double(step) / 8, into: &states)
                record.planStates.append(states.flatMap(channels))
            }
        }
        return record
    }

    /// The grid, with what a font layout adds when the case asks for it.
    struct FuzzLayout: GlyphLayout {
        var grid: MonospaceLayout
        var ink: Bool
        var drawings: Bool
        var rightToLeft: Bool

        func layout(_ glyphs: [Character]) -> TextLayoutResult {
            var result = grid.layout(glyphs)
            if ink {
                result.ink = glyphs.map { $0.isWhitespace ? 0 : 8 + Double(($0.unicodeScalars.first?.value ?? 0) % 13) }
            }
            if drawings {
                result.drawings = glyphs.indices.map { i in
                    let here = glyphs[i].unicodeScalars.first?.value ?? 0
                    let next = i + 1 < glyphs.count ? glyphs[i + 1].unicodeScalars.first?.value ?? 0 : 0
                    return Int32(1 + (here &* 31 &+ (next % 3)) % 100_000)
                }
            }
            result.isRightToLeft = rightToLeft
            return result
        }
    }

    static func stepTime(_ step: Scenario.Step) -> Double {
        switch step {
        case .text(_, let t): t
        case .scene(_, _, let t): t
        }
    }

    static func makeEffect(_ spec: Scenario.Effect) -> (any EffectBlueprint)? {
        switch spec {
        case .named(let name): try? EffectRegistry.standard.effect(named: name)
        case .json(let json): try? DataEffect(json: json)
        }
    }

    static func makeStyle(_ spec: Scenario.Style) -> MotionStyle? {
        switch spec {
        case .preset(let name): MotionStyle.preset(named: name)
        case .spring(let mass, let stiffness, let damping, let stagger, let fade):
            (try? Spring(mass: mass, stiffness: stiffness, damping: damping)).flatMap {
                try? MotionStyle(name: "custom", spring: $0, stagger: stagger, fade: fade)
            }
        }
    }

    static func channels(_ s: GlyphState) -> [Double] {
        [s.position.x, s.position.y, s.scaleX, s.scaleY, s.rotation, s.skew, s.opacity, s.blur, s.tint.red,
         s.tint.green, s.tint.blue, s.tint.alpha, s.strokeEnd, s.fill]
    }

    static func frameRecord(_ frame: Frame) -> FrameRecord {
        var record = FrameRecord(time: frame.time)
        for sprite in frame.sprites {
            record.sprites.append(
                FrameRecord.Sprite(
                    id: sprite.id, symbol: String(frame.symbol(of: sprite)), role: "\(sprite.role)",
                    channels: channels(sprite.state),
                    box: [sprite.boxSize.width, sprite.boxSize.height, sprite.baselineOffset], drawing: sprite.drawing))
        }
        for shape in frame.shapes {
            record.shapes.append(
                FrameRecord.ShapeRecord(
                    id: shape.id, key: shape.key, role: "\(shape.role)", channels: channels(shape.state),
                    blend: shape.blend, glyphSprite: shape.glyphSprite))
        }
        for p in frame.particles {
            record.particles.append([p.position.x, p.position.y, p.radius, p.opacity, p.color.red, p.color.alpha])
        }
        return record
    }
}
