/// What a sprite shows at one instant: where its glyph is and how it looks.
///
/// All channels are plain numbers so states interpolate, add and scale channel
/// by channel; the same type carries velocities (units per second).
///
/// `position` is the centre of the glyph's layout box; scale, rotation and skew
/// pivot about it.
@frozen
public struct GlyphState: Hashable, Sendable {
    /// The centre of the glyph's box, in layout coordinates.
    public var position: Point
    /// Horizontal scale (1 = natural size).
    public var scaleX: Double
    /// Vertical scale (1 = natural size).
    public var scaleY: Double
    /// Rotation in radians, clockwise on screen.
    public var rotation: Double
    /// Horizontal skew in radians (positive leans the top to the right).
    public var skew: Double
    /// Opacity from 0 (invisible) to 1.
    public var opacity: Double
    /// Gaussian blur radius in points.
    public var blur: Double
    /// A colour washed over the glyph; its alpha is the strength (0 = the text colour).
    public var tint: Tint
    /// How much of the outline is drawn, 0…1 (for write-on effects); 1 = all of it.
    public var strokeEnd: Double
    /// How much of the glyph's fill shows, 0…1 (times `opacity`): 1 draws the
    /// glyph filled as usual; below 1 the outline is drawn too (up to
    /// `strokeEnd`), so a glyph can be written as a stroke and filled afterwards.
    public var fill: Double

    @inlinable
    public init(
        position: Point = .zero, scaleX: Double = 1, scaleY: Double = 1, rotation: Double = 0,
        skew: Double = 0, opacity: Double = 1, blur: Double = 0, tint: Tint = .none, strokeEnd: Double = 1,
        fill: Double = 1
    ) {
        self.position = position
        self.scaleX = scaleX
        self.scaleY = scaleY
        self.rotation = rotation
        self.skew = skew
        self.opacity = opacity
        self.blur = blur
        self.tint = tint
        self.strokeEnd = strokeEnd
        self.fill = fill
    }

    /// A glyph at rest at a position: natural size, upright, fully visible.
    @inlinable
    public static func resting(at position: Point) -> GlyphState {
        GlyphState(position: position)
    }

    /// Every channel zero: the state used as a velocity or an additive offset.
    public static let zero = GlyphState(
        position: .zero, scaleX: 0, scaleY: 0, rotation: 0, skew: 0, opacity: 0, blur: 0,
        tint: Tint(red: 0, green: 0, blue: 0, alpha: 0), strokeEnd: 0, fill: 0)

    /// Sets both scale channels.
    @inlinable
    public var scale: Double {
        get { (scaleX + scaleY) / 2 }
        set { scaleX = newValue; scaleY = newValue }
    }

    /// Whether every channel is a finite number.
    @inlinable
    public var isFinite: Bool {
        var ok = position.x.isFinite && position.y.isFinite && scaleX.isFinite && scaleY.isFinite
        ok = ok && rotation.isFinite && skew.isFinite && opacity.isFinite && blur.isFinite && strokeEnd.isFinite && fill.isFinite
        return ok && tint.red.isFinite && tint.green.isFinite && tint.blue.isFinite && tint.alpha.isFinite
    }

    /// The state with each channel that is not finite (not a number, or infinite) taken from
    /// `fallback` instead.
    package func finite(or fallback: GlyphState) -> GlyphState {
        guard !isFinite else { return self }
        var state = self
        for channel in GlyphChannel.allCases where !state[channel].isFinite { state[channel] = fallback[channel] }
        return state
    }

    /// Whether every channel is +0, bit for bit (−0 is not): the state that may be
    /// stored as "no state" and still read back exactly.
    @inlinable
    var isPositiveZero: Bool {
        let bits = position.x.bitPattern | position.y.bitPattern | scaleX.bitPattern | scaleY.bitPattern
            | rotation.bitPattern | skew.bitPattern | opacity.bitPattern | blur.bitPattern | tint.red.bitPattern
            | tint.green.bitPattern | tint.blue.bitPattern | tint.alpha.bitPattern | strokeEnd.bitPattern
            | fill.bitPattern
        return bits == 0
    }

    /// The affine transform that places the glyph's box, given the box's size:
    /// the box centred on the origin, skewed, scaled, rotated, then moved to `position`.
    @inlinable
    public func transform(boxSize: Size) -> Transform {
        // y points down, so leaning the top to the right is a negative SVG-style skewX.
        Transform.translation(-boxSize.width / 2, -boxSize.height / 2)
            .concatenating(.skewX(-skew))
            .concatenating(.scale(scaleX, scaleY))
            .concatenating(.rotation(rotation))
            .concatenating(.translation(position.x, position.y))
    }
}

/// A colour washed over a glyph; `alpha` is how strongly it replaces the text colour.
@frozen
public struct Tint: Hashable, Sendable {
    public var red: Double, green: Double, blue: Double, alpha: Double

    @inlinable
    public init(red: Double, green: Double, blue: Double, alpha: Double) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// No tint: the glyph shows the text colour.
    public static let none = Tint(red: 1, green: 1, blue: 1, alpha: 0)
}
