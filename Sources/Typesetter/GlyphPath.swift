import Animator

/// The outline of a glyph (or of a whole Character) as a path, in points.
///
/// Coordinates have y pointing down and are relative to the Character's pen
/// origin on the baseline: to draw a Character laid out in `frame`, translate
/// the path by `(frame.rect.minX, frame.baseline)`. Contours are filled with
/// the non-zero winding rule (TrueType and CFF outlines are drawn that way).
public struct GlyphPath: Hashable, Sendable {
    /// One drawing command of a path.
    public enum Element: Hashable, Sendable {
        /// Starts a new contour at a point.
        case move(to: Point)
        /// A straight segment to a point.
        case line(to: Point)
        /// A quadratic Bézier segment (TrueType outlines).
        case quad(control: Point, to: Point)
        /// A cubic Bézier segment (CFF outlines).
        case cubic(control1: Point, control2: Point, to: Point)
        /// Closes the current contour back to its starting point.
        case close
    }

    /// The drawing commands, contour after contour; each contour starts with
    /// `.move` and ends with `.close`.
    public var elements: [Element]

    /// Creates a path from drawing commands.
    public init(elements: [Element] = []) {
        self.elements = elements
    }

    /// The empty path (the outline of a space).
    public static let empty = GlyphPath()

    /// Whether the path draws nothing.
    public var isEmpty: Bool { elements.isEmpty }

    /// The path with every point mapped through `transform`.
    ///
    /// - Complexity: O(e) in the number of elements.
    public func applying(_ transform: Transform) -> GlyphPath {
        GlyphPath(elements: elements.map { element in
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

    /// The path scaled by `scale` and then moved by `(dx, dy)`; cheaper than a general transform.
    func scaled(by scale: Double, dx: Double, dy: Double) -> GlyphPath {
        applying(Transform(a: scale, b: 0, c: 0, d: scale, tx: dx, ty: dy))
    }

    /// The smallest rectangle containing the drawn outline, or `nil` for an empty path.
    ///
    /// Tight: curve extrema are solved exactly, so off-curve control points
    /// outside the outline do not widen it.
    ///
    /// - Complexity: O(e) in the number of elements.
    public var bounds: Rect? {
        var box = BoundsAccumulator()
        var current = Point.zero
        for element in elements {
            switch element {
            case .move(let p), .line(let p):
                box.add(p)
                current = p
            case .quad(let c, let p):
                box.add(p)
                for t in Self.quadExtrema(current.x, c.x, p.x) + Self.quadExtrema(current.y, c.y, p.y) {
                    let u = 1 - t
                    box.add(current * (u * u) + c * (2 * u * t) + p * (t * t))
                }
                current = p
            case .cubic(let c1, let c2, let p):
                box.add(p)
                for t in Self.cubicExtrema(current.x, c1.x, c2.x, p.x) + Self.cubicExtrema(current.y, c1.y, c2.y, p.y) {
                    let u = 1 - t
                    box.add(current * (u * u * u) + c1 * (3 * u * u * t) + c2 * (3 * u * t * t) + p * (t * t * t))
                }
                current = p
            case .close:
                break
            }
        }
        return box.rect
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
