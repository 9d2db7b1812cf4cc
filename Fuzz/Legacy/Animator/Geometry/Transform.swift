/// A 2D affine transform mapping (x, y) to (a·x + c·y + tx, b·x + d·y + ty),
/// the same convention as SVG's `matrix(a b c d tx ty)` and Cairo's matrices.
@frozen
public struct Transform: Hashable, Sendable {
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

    @inlinable
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }

    /// The transform that changes nothing.
    public static let identity = Transform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// A translation by (dx, dy).
    @inlinable
    public static func translation(_ dx: Double, _ dy: Double) -> Transform {
        Transform(a: 1, b: 0, c: 0, d: 1, tx: dx, ty: dy)
    }

    /// A scale by (sx, sy) about the origin.
    @inlinable
    public static func scale(_ sx: Double, _ sy: Double) -> Transform {
        Transform(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// A rotation by `angle` radians about the origin (clockwise on screen, where y points down).
    @inlinable
    public static func rotation(_ angle: Double) -> Transform {
        let s = Math.sin(angle), c = Math.cos(angle)
        return Transform(a: c, b: s, c: -s, d: c, tx: 0, ty: 0)
    }

    /// A horizontal shear by `angle` radians, as SVG's `skewX`: x moves by tan(angle)·y.
    /// With y pointing down, a positive angle leans the top of a shape to the left;
    /// `GlyphState.skew` uses the opposite, italic-like sign.
    @inlinable
    public static func skewX(_ angle: Double) -> Transform {
        let k = Math.sin(angle) / Math.cos(angle)
        return Transform(a: 1, b: 0, c: k, d: 1, tx: 0, ty: 0)
    }

    /// The transform that applies `self` first and then `other`.
    @inlinable
    public func concatenating(_ other: Transform) -> Transform {
        Transform(
            a: a * other.a + b * other.c,
            b: a * other.b + b * other.d,
            c: c * other.a + d * other.c,
            d: c * other.b + d * other.d,
            tx: tx * other.a + ty * other.c + other.tx,
            ty: tx * other.b + ty * other.d + other.ty)
    }

    /// The image of a point under the transform.
    @inlinable
    public func apply(_ p: Point) -> Point {
        Point(x: a * p.x + c * p.y + tx, y: b * p.x + d * p.y + ty)
    }

    /// The transform that undoes this one, or nil when it collapses the plane
    /// (its determinant is 0 or not finite).
    @inlinable
    public var inverted: Transform? {
        let det = determinant
        guard det != 0, det.isFinite else { return nil }
        return Transform(
            a: d / det, b: -b / det, c: -c / det, d: a / det, tx: (c * ty - d * tx) / det, ty: (b * tx - a * ty) / det)
    }

    /// The determinant; zero when the transform collapses the plane.
    @inlinable
    public var determinant: Double { a * d - b * c }
}
