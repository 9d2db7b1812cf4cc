/// A path of straight and curved segments: a glyph's outline, a shape's edge,
/// or a stroke someone traced.
///
/// The elements run subpath after subpath: each subpath starts with `.move`,
/// continues with segments and may end with `.close` (a straight segment back
/// to its start). Coordinates are in points with y pointing down. Glyph
/// outlines (`GlyphPath` in Typesetter) are shape paths whose subpaths are all
/// closed and filled with the non-zero winding rule.
///
/// ```swift
/// let square = try ShapePath(svgPathData: "M0 0 H10 V10 H0 Z")
/// square.bounds                                // (0, 0, 10, 10)
/// square.length                                // 40
/// square.trimmed(toFraction: 0.5).svgPathData  // "M 0 0 L 10 0 L 10 10"
/// ```
///
/// Lengths and trimming go through ``PathMeasure``; measure once when you trim
/// the same path at many fractions (every frame of an animation).
public struct ShapePath: Hashable, Sendable {
    /// One drawing command of a path.
    public enum Element: Hashable, Sendable {
        /// Starts a new subpath at a point.
        case move(to: Point)
        /// A straight segment to a point.
        case line(to: Point)
        /// A quadratic Bézier segment (TrueType outlines, SVG `Q`/`T`).
        case quad(control: Point, to: Point)
        /// A cubic Bézier segment (CFF outlines, SVG `C`/`S`, arcs).
        case cubic(control1: Point, control2: Point, to: Point)
        /// Closes the current subpath with a straight segment back to its start.
        case close
    }

    /// The drawing commands, subpath after subpath.
    public var elements: [Element]

    /// Creates a path from drawing commands.
    public init(elements: [Element] = []) {
        self.elements = elements
    }

    /// The empty path (the outline of a space).
    public static let empty = ShapePath()

    /// Whether the path has no elements.
    public var isEmpty: Bool { elements.isEmpty }

    /// The path with every point mapped through `transform`.
    ///
    /// - Complexity: O(e) in the number of elements.
    public func applying(_ transform: Transform) -> ShapePath {
        ShapePath(elements: elements.map { element in
            switch element {
            case .move(let p): .move(to: transform.apply(p))
            case .line(let p): .line(to: transform.apply(p))
            case .quad(let c, let p): .quad(control: transform.apply(c), to: transform.apply(p))
            case .cubic(let c1, let c2, let p):
                .cubic(control1: transform.apply(c1), control2: transform.apply(c2), to: transform.apply(p))
            case .close: .close
            }
        })
    }

    /// The smallest rectangle containing the path's points and drawn segments,
    /// or `nil` for an empty path.
    ///
    /// Tight: curve extrema are solved exactly, so off-curve control points
    /// outside the drawing do not widen it.
    ///
    /// - Complexity: O(e) in the number of elements.
    public var bounds: Rect? {
        var box = BoundsAccumulator()
        var current = Point.zero, start = Point.zero
        for element in elements {
            switch element {
            case .move(let p):
                box.add(p)
                current = p
                start = p
            case .line(let p):
                box.add(p)
                current = p
            case .quad(let c, let p):
                box.add(p)
                for t in Self.quadExtrema(current.x, c.x, p.x) + Self.quadExtrema(current.y, c.y, p.y) {
                    box.add(Bezier.quadPoint(current, c, p, t))
                }
                current = p
            case .cubic(let c1, let c2, let p):
                box.add(p)
                for t in Self.cubicExtrema(current.x, c1.x, c2.x, p.x) + Self.cubicExtrema(current.y, c1.y, c2.y, p.y) {
                    box.add(Bezier.cubicPoint(current, c1, c2, p, t))
                }
                current = p
            case .close:
                current = start
            }
        }
        return box.rect
    }

    /// The number of subpaths (`.move` elements, plus a leading run of segments without one).
    ///
    /// - Complexity: O(e) in the number of elements.
    public var subpathCount: Int {
        var count = 0
        var open = false
        for element in elements {
            if case .move = element {
                count += 1
                open = true
            } else if !open {
                count += 1
                open = true
            }
        }
        return count
    }

    /// The subpaths, in order, each a path of its own that starts with `.move`
    /// (segments before any `.move` start from the origin, as in
    /// ``PathMeasure``; segments after a `.close` start a new subpath at the
    /// closed one's start, as in SVG).
    ///
    /// - Complexity: O(e) in the number of elements.
    public var subpaths: [ShapePath] {
        var out: [ShapePath] = []
        var current: [Element] = []
        var start = Point.zero
        var closed = false
        for element in elements {
            switch element {
            case .move(let p):
                if !current.isEmpty { out.append(ShapePath(elements: current)) }
                current = [element]
                start = p
                closed = false
            default:
                if current.isEmpty || closed {
                    if !current.isEmpty { out.append(ShapePath(elements: current)) }
                    current = [.move(to: start)]
                    closed = false
                }
                current.append(element)
                if element == .close { closed = true }
            }
        }
        if !current.isEmpty { out.append(ShapePath(elements: current)) }
        return out
    }

    /// The path's length in points (see ``PathMeasure`` for the accuracy).
    ///
    /// - Complexity: O(e) in the number of elements, times the pieces a curve is flattened into.
    public var length: Double { PathMeasure(self).length }

    /// The path from its start up to `fraction` (0…1) of its length, subpaths
    /// in order: what a pen has drawn after that share of the way
    /// (see ``PathMeasure/trimmed(toFraction:)``).
    ///
    /// - Complexity: as ``length``.
    public func trimmed(toFraction fraction: Double) -> ShapePath {
        PathMeasure(self).trimmed(toFraction: fraction)
    }

    /// Parameters in (0, 1) where a quadratic Bézier coordinate has zero derivative.
    private static func quadExtrema(_ a: Double, _ b: Double, _ c: Double) -> [Double] {
        let denominator = a - 2 * b + c
        guard denominator != 0 else { return [] }
        let t = (a - b) / denominator
        return t > 0 && t < 1 ? [t] : []
    }

    /// Parameters in (0, 1) where a cubic Bézier coordinate has zero derivative.
    private static func cubicExtrema(_ a: Double, _ b: Double, _ c: Double, _ d: Double) -> [Double] {
        // Derivative / 3 = qa t² + qb t + qc.
        let qa = -a + 3 * b - 3 * c + d
        let qb = 2 * (a - 2 * b + c)
        let qc = b - a
        var roots: [Double] = []
        if abs(qa) < 1e-12 {
            if qb != 0 { roots.append(-qc / qb) }
        } else {
            let discriminant = qb * qb - 4 * qa * qc
            if discriminant >= 0 {
                let s = discriminant.squareRoot()
                roots.append((-qb + s) / (2 * qa))
                roots.append((-qb - s) / (2 * qa))
            }
        }
        return roots.filter { $0 > 0 && $0 < 1 }
    }
}

/// Grows a box point by point.
private struct BoundsAccumulator {
    private var minX = Double.infinity, minY = Double.infinity
    private var maxX = -Double.infinity, maxY = -Double.infinity

    mutating func add(_ p: Point) {
        minX = min(minX, p.x); maxX = max(maxX, p.x)
        minY = min(minY, p.y); maxY = max(maxY, p.y)
    }

    var rect: Rect? {
        minX <= maxX ? Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY) : nil
    }
}
