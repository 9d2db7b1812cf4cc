import Analyzer
import Animator

extension RunStage {
    /// The stage's frame at the caller's `time` as a Director returns one: its sprites (with
    /// their reshapes) and particles, and the shapes drawn with them, each as the Director
    /// draws it: a scene's shape blending from one outline to the next, and the tile under
    /// each glyph on one (`tileID(under:)`), its border washed with its glyph's tint when the
    /// tiles pulse, drawn whole. The arrays are written over those given, their storage reused.
    package func frame(
        at time: Double, sprites: inout [SpriteFrame], shapes: inout [ShapeSprite], particles: inout [Particle],
        reshapes: inout [SpriteReshape]
    ) -> Frame {
        frame(atPlanTime: planTime(time), sprites: &sprites, shapes: &shapes, particles: &particles, reshapes: &reshapes)
    }

    /// The stage's frame at the plan's time `t` (see `frame(at:sprites:shapes:particles:reshapes:)`).
    package func frame(
        atPlanTime t: Double, sprites: inout [SpriteFrame], shapes: inout [ShapeSprite], particles: inout [Particle],
        reshapes: inout [SpriteReshape]
    ) -> Frame {
        let rows = frame(atPlanTime: t)
        sprites.removeAll(keepingCapacity: true)
        sprites.append(contentsOf: rows)
        reshapes.removeAll(keepingCapacity: true)
        reshapes.append(contentsOf: self.reshapes)
        particles.removeAll(keepingCapacity: true)
        particles.append(contentsOf: self.particles)
        shapes.removeAll(keepingCapacity: true)
        for s in shapeFrames {
            let (id, key, from, to, layer) = sceneShape(s.sceneShape)
            shapes.append(
                ShapeSprite(
                    id: id, key: key, from: from, to: to, blend: s.blend, role: s.role, state: s.state, layer: layer))
        }
        if let tiles = tileStyle {
            for t in tileFrames {
                var shape = tiles.shape(for: t.box), state = t.state
                if tiles.pulse && state.tint.alpha > 0 { shape.stroke = TileStyle.wash(shape.stroke, with: state.tint) }
                state.tint = .none
                shapes.append(
                    ShapeSprite(
                        id: Self.tileID(under: t.glyphSprite), key: "tile", shape: shape, role: t.role, state: state,
                        glyphSprite: t.glyphSprite))
            }
        }
        return Frame(
            time: clock.callerTime(t), sprites: sprites,
            particles: particles, symbols: workspace.symbols, shapes: shapes, reshapes: reshapes)
    }
}
