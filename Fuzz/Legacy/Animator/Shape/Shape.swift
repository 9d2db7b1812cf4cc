/// A shape a sprite draws instead of a glyph: a rounded rectangle, an ellipse,
/// a line or a path, with its fill and stroke.
///
/// A shape lives in its own box, `size` wide and high, with the origin at the
/// box's top-left corner and y pointing down, like a glyph's box: the sprite's
/// `GlyphState` places the box's centre at `position` and scales and rotates it
/// about that centre. `outline` is the path every renderer draws.
///
/// ```swift
/// let bar = try Shape.rect(width: 28, height: 3, cornerRadius: 1.5)
/// let check = try Shape.path(svgPathData: "M 4 12 L 10 18 L 20 6", in: Size(width: 24, height: 24),
///                            fill: .none, stroke: .ink, lineWidth: 3)
/// ```
///
/// While a sprite's `strokeEnd` is below 1 only that share of the outline's
/// length is stroked (contours in order, see `PathMeasure`), so a stroked shape
/// draws itself; the fill is drawn at the sprite's opacity × `fill`.
public struct Shape: Hashable, Sendable {
    /// What the shape is.
    public var kind: SpriteKind
    /// The box's width and height, in points.
    public var size: Size
    /// How round a rectangle's corners are, in points (at most half the shorter side is drawn).
    public var cornerRadius: Double
    /// The drawing of a `.path` shape, in the box's coordinates (empty for the other kinds).
    public var path: ShapePath
    /// The paint inside the outline.
    public var fill: ShapePaint
    /// The paint along the outline.
    public var stroke: ShapePaint
    /// The stroke's width, in points.
    public var lineWidth: Double
    /// The ends of open strokes.
    public var cap: LineCap
    /// The corners of strokes.
    public var join: LineJoin

    /// The largest width, height, corner radius or line width accepted, in points.
    public static let maximumSize = 100_000.0

    /// A shape with every part spelled out.
    ///
    /// - Throws: `ShapeError` when a size, the corner radius or the line width
    ///   is negative, not finite, or beyond `maximumSize`.
    public init(
        kind: SpriteKind, size: Size, cornerRadius: Double = 0, path: ShapePath = .empty, fill: ShapePaint = .ink,
        stroke: ShapePaint = .none, lineWidth: Double = 0, cap: LineCap = .round, join: LineJoin = .round
    ) throws(ShapeError) {
        try ShapeError.check(size.width, "width")
        try ShapeError.check(size.height, "height")
        try ShapeError.check(cornerRadius, "corner radius")
        try ShapeError.check(lineWidth, "line width")
        guard kind != .glyph else { throw ShapeError(.invalidKind, "a shape cannot be of kind glyph; glyphs come from texts") }
        self.kind = kind
        self.size = size
        self.cornerRadius = cornerRadius
        self.path = kind == .path ? path : .empty
        self.fill = fill
        self.stroke = stroke
        self.lineWidth = lineWidth
        self.cap = cap
        self.join = join
    }

    /// A rectangle, its corners rounded by `cornerRadius` (filled with the ink by default).
    public static func rect(
        width: Double, height: Double, cornerRadius: Double = 0, fill: ShapePaint = .ink, stroke: ShapePaint = .none,
        lineWidth: Double = 0
    ) throws(ShapeError) -> Shape {
        try Shape(
            kind: .rect, size: Size(width: width, height: height), cornerRadius: cornerRadius, fill: fill,
            stroke: stroke, lineWidth: lineWidth, join: .miter)
    }

    /// An ellipse filling a `width` × `height` box (filled with the ink by default).
    public static func ellipse(
        width: Double, height: Double, fill: ShapePaint = .ink, stroke: ShapePaint = .none, lineWidth: Double = 0
    ) throws(ShapeError) -> Shape {
        try Shape(kind: .ellipse, size: Size(width: width, height: height), fill: fill, stroke: stroke, lineWidth: lineWidth)
    }

    /// A horizontal line `length` long, stroked `lineWidth` wide (rotate the sprite to tilt it).
    public static func line(
        length: Double, lineWidth: Double, stroke: ShapePaint = .ink, cap: LineCap = .round
    ) throws(ShapeError) -> Shape {
        try Shape(
            kind: .line, size: Size(width: length, height: lineWidth), fill: .none, stroke: stroke,
            lineWidth: lineWidth, cap: cap)
    }

    /// A path in a box of `size` (by default, from the origin to the path's far corner).
    public static func path(
        _ path: ShapePath, in size: Size? = nil, fill: ShapePaint = .ink, stroke: ShapePaint = .none,
        lineWidth: Double = 0, cap: LineCap = .round, join: LineJoin = .round
    ) throws(ShapeError) -> Shape {
        let far = path.bounds.map { Size(width: max($0.maxX, 0), height: max($0.maxY, 0)) } ?? .zero
        return try Shape(
            kind: .path, size: size ?? far, path: path, fill: fill, stroke: stroke, lineWidth: lineWidth, cap: cap,
            join: join)
    }

    /// A path read from SVG path data (see `ShapePath(svgPathData:)`), in a box of `size`.
    ///
    /// - Throws: `ShapeError`, with the path data's own error (naming the offset) in its message.
    public static func path(
        svgPathData data: String, in size: Size? = nil, fill: ShapePaint = .ink, stroke: ShapePaint = .none,
        lineWidth: Double = 0, cap: LineCap = .round, join: LineJoin = .round
    ) throws(ShapeError) -> Shape {
        let path: ShapePath
        do { path = try ShapePath(svgPathData: data) } catch { throw ShapeError(.invalidPathData, error.message) }
        return try Shape.path(path, in: size, fill: fill, stroke: stroke, lineWidth: lineWidth, cap: cap, join: join)
    }

    /// The path renderers draw, in the box's coordinates.
    public var outline: ShapePath {
        let w = size.width, h = size.height
        switch kind {
        case .glyph:
            return .empty
        case .line:
            return ShapePath(elements: [.move(to: Point(x: 0, y: h / 2)), .line(to: Point(x: w, y: h / 2))])
        case .path:
            return path
        case .ellipse:
            return Self.roundedRect(w, h, radiusX: w / 2, radiusY: h / 2)
        case .rect:
            let r = min(max(cornerRadius, 0), w / 2, h / 2)
            return Self.roundedRect(w, h, radiusX: r, radiusY: r)
        }
    }

    /// A rectangle from the origin with elliptic corners (an ellipse when the radii are half the sides).
    static func roundedRect(_ w: Double, _ h: Double, radiusX rx: Double, radiusY ry: Double) -> ShapePath {
        // The control-point distance of a quarter circle drawn as one cubic.
        let k = 0.552_284_749_830_793_4
        let cx = rx * k, cy = ry * k
        var e: [ShapePath.Element] = [.move(to: Point(x: rx, y: 0)), .line(to: Point(x: w - rx, y: 0))]
        if rx > 0 && ry > 0 {
            e.append(.cubic(control1: Point(x: w - rx + cx, y: 0), control2: Point(x: w, y: ry - cy), to: Point(x: w, y: ry)))
        }
        e.append(.line(to: Point(x: w, y: h - ry)))
        if rx > 0 && ry > 0 {
            e.append(.cubic(control1: Point(x: w, y: h - ry + cy), control2: Point(x: w - rx + cx, y: h), to: Point(x: w - rx, y: h)))
        }
        e.append(.line(to: Point(x: rx, y: h)))
        if rx > 0 && ry > 0 {
            e.append(.cubic(control1: Point(x: rx - cx, y: h), control2: Point(x: 0, y: h - ry + cy), to: Point(x: 0, y: h - ry)))
        }
        e.append(.line(to: Point(x: 0, y: ry)))
        if rx > 0 && ry > 0 {
            e.append(.cubic(control1: Point(x: 0, y: ry - cy), control2: Point(x: rx - cx, y: 0), to: Point(x: rx, y: 0)))
        }
        e.append(.close)
        return ShapePath(elements: e)
    }

    /// The shape a fraction `f` of the way to `other`: sizes, corner radius,
    /// line width and colours blend; paths blend point by point when they have
    /// the same commands; anything else (another kind, paths that differ in
    /// structure, paints of different kinds) switches at halfway.
    public func interpolated(to other: Shape, _ f: Double) -> Shape {
        if f <= 0 { return self }
        if f >= 1 { return other }
        guard kind == other.kind else { return f < 0.5 ? self : other }
        var out = f < 0.5 ? self : other
        out.size = Size(width: lerp(size.width, other.size.width, f), height: lerp(size.height, other.size.height, f))
        out.cornerRadius = lerp(cornerRadius, other.cornerRadius, f)
        out.lineWidth = lerp(lineWidth, other.lineWidth, f)
        out.fill = Self.blend(fill, other.fill, f)
        out.stroke = Self.blend(stroke, other.stroke, f)
        if kind == .path, let blended = Self.blend(path, other.path, f) { out.path = blended }
        return out
    }

    /// The shape `factor` times as large: its box, corner radius, line width and
    /// path (sizes stay within `maximumSize`; `factor` should be positive and finite).
    public func scaled(by factor: Double) -> Shape {
        func clamp(_ x: Double) -> Double { min(x * factor, Self.maximumSize) }
        var shape = self
        shape.size = Size(width: clamp(size.width), height: clamp(size.height))
        shape.cornerRadius = clamp(cornerRadius)
        shape.lineWidth = clamp(lineWidth)
        shape.path = path.applying(.scale(factor, factor))
        return shape
    }

    private func lerp(_ a: Double, _ b: Double, _ f: Double) -> Double { a + (b - a) * f }

    static func blend(_ a: ShapePaint, _ b: ShapePaint, _ f: Double) -> ShapePaint {
        switch (a, b) {
        case (.color(let x), .color(let y)):
            return .color(
                Tint(
                    red: x.red + (y.red - x.red) * f, green: x.green + (y.green - x.green) * f,
                    blue: x.blue + (y.blue - x.blue) * f, alpha: x.alpha + (y.alpha - x.alpha) * f))
        case (.none, .color(let y)):
            return .color(Tint(red: y.red, green: y.green, blue: y.blue, alpha: y.alpha * f))
        case (.color(let x), .none):
            return .color(Tint(red: x.red, green: x.green, blue: x.blue, alpha: x.alpha * (1 - f)))
        default:
            return f < 0.5 ? a : b
        }
    }

    /// Two paths blended point by point, or nil when their commands differ.
    static func blend(_ a: ShapePath, _ b: ShapePath, _ f: Double) -> ShapePath? {
        guard a.elements.count == b.elements.count else { return nil }
        func mix(_ p: Point, _ q: Point) -> Point { Point(x: p.x + (q.x - p.x) * f, y: p.y + (q.y - p.y) * f) }
        var out: [ShapePath.Element] = []
        out.reserveCapacity(a.elements.count)
        for (x, y) in zip(a.elements, b.elements) {
            switch (x, y) {
            case (.move(let p), .move(let q)): out.append(.move(to: mix(p, q)))
            case (.line(let p), .line(let q)): out.append(.line(to: mix(p, q)))
            case (.quad(let c, let p), .quad(let d, let q)): out.append(.quad(control: mix(c, d), to: mix(p, q)))
            case (.cubic(let c1, let c2, let p), .cubic(let d1, let d2, let q)):
                out.append(.cubic(control1: mix(c1, d1), control2: mix(c2, d2), to: mix(p, q)))
            case (.close, .close): out.append(.close)
            default: return nil
            }
        }
        return ShapePath(elements: out)
    }
}
