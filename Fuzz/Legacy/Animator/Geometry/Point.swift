/// A point or a displacement in layout space: x grows rightwards, y grows downwards.
///
/// `Vector` is the same type under another name, used where a value is a
/// displacement or a velocity rather than a location.
@frozen
public struct Point: Hashable, Sendable {
    public var x: Double
    public var y: Double

    @inlinable
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin, or the zero displacement.
    public static let zero = Point(x: 0, y: 0)

    /// The Euclidean length of the point seen as a vector.
    @inlinable
    public var length: Double { (x * x + y * y).squareRoot() }

    @inlinable
    public static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
    @inlinable
    public static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }
    @inlinable
    public static func * (a: Point, k: Double) -> Point { Point(x: a.x * k, y: a.y * k) }
    @inlinable
    public static func * (k: Double, a: Point) -> Point { Point(x: a.x * k, y: a.y * k) }
    @inlinable
    public static prefix func - (a: Point) -> Point { Point(x: -a.x, y: -a.y) }
    @inlinable
    public static func += (a: inout Point, b: Point) { a = a + b }
    @inlinable
    public static func -= (a: inout Point, b: Point) { a = a - b }

    /// The point a fraction `t` of the way from `self` to `other`: exactly `self` at
    /// t = 0, exactly `other` at t = 1, and unchanged along a coordinate that does not change.
    @inlinable
    public func interpolated(to other: Point, _ t: Double) -> Point {
        t == 1 ? other : Point(x: x + (other.x - x) * t, y: y + (other.y - y) * t)
    }
}

/// A displacement or velocity in layout space.
public typealias Vector = Point
