/// Square tiles under the glyphs of a text: the letter-play title.
///
/// Every visible glyph sprite (spaces and other blank glyphs excepted) gets a
/// tile: a rounded square `height` times as wide as the glyph's box is high
/// (or as the box is wide, if wider), plus `padding` on each side, drawn under
/// the text. Tiles are wider than most letters' advances: space the letters
/// (`MonospaceLayout.tracking`, `FontLayout`'s `tracking`, `--tracking`) so
/// they stand apart. The
/// tile moves with its glyph: same position, rotation, scale, opacity and
/// blur, so a dancing letter rocks its tile with it.
///
/// Tiles are sprites of their own, planned with their glyphs: each moves as its
/// glyph does (same curves, from the same start, settling with it; a glyph that
/// changes form keeps its start edge where it was, and its tile moves with it).
/// The particles an effect gives a glyph are the glyph's alone.
///
/// **Border pulse.** An effect that pulses a tile's border (`DanceEffect`'s
/// `borderPulse`) says so on the glyph's tint channels. With `pulse` on, the
/// planner gives those channels to the tile, whose border takes the tint
/// (blended over `border` by its strength), and none to the glyph, so the border
/// brightens on every turn while the letter keeps the text colour.
///
/// ```swift
/// let director = TransitionDirector(text: "LETTER", effect: DanceEffect(borderPulse: true), tiles: TileStyle())
/// let frame = director.frame(at: 0.5)   // frame.shapes: one tile per letter
/// ```
public struct TileStyle: Hashable, Sendable {
    /// Inside the tile.
    public var fill: ShapePaint
    /// The border's colour.
    public var border: ShapePaint
    /// The border's width, in points.
    public var borderWidth: Double
    /// How round the tile's corners are, as a fraction of its side (0…0.5).
    public var cornerFraction: Double
    /// The tile's side as a fraction of the glyph box's height (the line height).
    public var height: Double
    /// Space added on each side of the tile, as a fraction of the box height.
    public var padding: Double
    /// Whether the glyph's tint pulses the border instead of the glyph (see above).
    public var pulse: Bool

    /// A tile look; negative or non-finite values are clamped when drawn.
    public init(
        fill: ShapePaint = .color(Tint(red: 0.98, green: 0.96, blue: 0.90, alpha: 1)),
        border: ShapePaint = .color(Tint(red: 0.16, green: 0.16, blue: 0.20, alpha: 1)), borderWidth: Double = 2,
        cornerFraction: Double = 0.16, height: Double = 0.85, padding: Double = 0.04, pulse: Bool = true
    ) {
        self.height = height
        self.fill = fill
        self.border = border
        self.borderWidth = borderWidth
        self.cornerFraction = cornerFraction
        self.padding = padding
        self.pulse = pulse
    }

    /// The tile of a glyph whose layout box is `box`: a rounded square with this
    /// style's fill, border and corners (sizes made finite and within bounds).
    package func shape(for box: Size) -> Shape {
        let pad = padding.isFinite ? max(padding, 0) : 0
        let fraction = height.isFinite ? min(max(height, 0), 10) : 0.85
        let side = min(max(box.width, box.height * fraction) + 2 * pad * box.height, Shape.maximumSize)
        let radius = side * (cornerFraction.isFinite ? min(max(cornerFraction, 0), 0.5) : 0)
        let width = borderWidth.isFinite ? min(max(borderWidth, 0), side / 2) : 0
        // Filled into a valid square, not validated again.
        var shape = Self.square
        shape.size = Size(width: side, height: side)
        shape.cornerRadius = radius
        shape.fill = fill
        shape.stroke = width > 0 ? border : .none
        shape.lineWidth = width
        shape.join = .round
        return shape
    }

    /// The rounded square every tile is made from (constant sizes: it cannot fail).
    private static let square = try! Shape.rect(width: 1, height: 1)

    /// A paint washed with a tint, by the tint's strength.
    package static func wash(_ paint: ShapePaint, with tint: Tint) -> ShapePaint {
        let a = min(max(tint.alpha, 0), 1)
        let base: Tint
        switch paint {
        case .color(let c): base = c
        case .ink, .none: base = Tint(red: 0, green: 0, blue: 0, alpha: 1)
        }
        return .color(
            Tint(
                red: base.red + (tint.red - base.red) * a, green: base.green + (tint.green - base.green) * a,
                blue: base.blue + (tint.blue - base.blue) * a, alpha: max(base.alpha, a)))
    }
}
