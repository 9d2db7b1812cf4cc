/// What a shape sprite of a `MotionStore` draws: the shape it blends from and
/// to (on its transform curve), its key and its layer.
package struct ShapeRow: Sendable {
    /// The scene element's key ("tile" for a tile).
    package var key: String
    package var from: Shape
    package var to: Shape
    package var layer: ShapeLayer
    /// For a tile, the id of the glyph sprite it carries; −1 otherwise.
    package var glyphSprite: Int32
    /// Whether the sprite's tint washes the shape's stroke (a tile's border pulse)
    /// instead of being ignored.
    package var tintsStroke: Bool
    /// Whether the shape itself changes (its size, paint or path blend).
    package let blends: Bool

    package init(key: String, from: Shape, to: Shape, layer: ShapeLayer, glyphSprite: Int32 = -1, tintsStroke: Bool = false) {
        self.key = key
        self.from = from
        self.to = to
        self.layer = layer
        self.glyphSprite = glyphSprite
        self.tintsStroke = tintsStroke
        blends = from != to
    }

    /// The row at rest on its last shape.
    package var resting: ShapeRow {
        ShapeRow(key: key, from: to, to: to, layer: layer, glyphSprite: glyphSprite, tintsStroke: tintsStroke)
    }

    /// The shape drawn at `progress` (0…1) of the transform curve.
    package func shape(at progress: Double) -> Shape {
        guard blends else { return to }
        if progress <= 0 { return from }
        if progress >= 1 { return to }
        return from.interpolated(to: to, progress)
    }
}
