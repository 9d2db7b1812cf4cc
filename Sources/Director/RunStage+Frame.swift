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
        // The sprites are drawn straight into the array's storage (room for one at least: the
        // scene and the particles are drawn with them, whatever the text).
        sprites.removeAll(keepingCapacity: true)
        sprites.reserveCapacity(max(spriteCount, 1))
        sprites.append(contentsOf: DrawnSprites(stage: self, time: t))
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

/// A stage's frame as a sequence that draws itself into the array it is appended to: the
/// array hands its free storage to `_copyContents`, which the stage writes its rows into,
/// with no copy of them and no blanks written first. (The array must have room for the
/// stage's `spriteCount`.)
private struct DrawnSprites: Sequence {
    let stage: RunStage
    let time: Double

    func makeIterator() -> EmptyCollection<SpriteFrame>.Iterator { EmptyCollection.Iterator() }

    func _copyContents(
        initializing buffer: UnsafeMutableBufferPointer<SpriteFrame>
    ) -> (EmptyCollection<SpriteFrame>.Iterator, Int) {
        precondition(buffer.count >= stage.spriteCount && buffer.count > 0, "no room for the frame's sprites")
        return (EmptyCollection.Iterator(), stage.draw(atPlanTime: time, into: buffer.baseAddress!))
    }
}
