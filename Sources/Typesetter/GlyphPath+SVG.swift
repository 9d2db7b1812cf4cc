import Animator

extension GlyphPath {
    /// The path as SVG path data: `M x y L x y Q cx cy x y C c1x c1y c2x c2y x y Z`,
    /// numbers rounded to 2 decimals without trailing zeros ("12.5", "-3", "0.07").
    ///
    /// The text depends only on the elements (no locale, no Foundation), so
    /// the same path always gives the same string. Empty for an empty path.
    ///
    /// ```swift
    /// GlyphPath(elements: [.move(to: .zero), .line(to: Point(x: 10, y: 0.125)), .close]).svgPathData
    /// // "M 0 0 L 10 0.13 Z"
    /// ```
    ///
    /// - Complexity: O(e) in the number of elements.
    public var svgPathData: String {
        var out = ""
        out.reserveCapacity(elements.count * 16)
        func emit(_ command: String, _ points: Point...) {
            if !out.isEmpty { out += " " }
            out += command
            for p in points {
                out += " "
                out += DecimalFormat.twoDecimals(p.x)
                out += " "
                out += DecimalFormat.twoDecimals(p.y)
            }
        }
        for element in elements {
            switch element {
            case .move(let p): emit("M", p)
            case .line(let p): emit("L", p)
            case .quad(let c, let p): emit("Q", c, p)
            case .cubic(let c1, let c2, let p): emit("C", c1, c2, p)
            case .close: emit("Z")
            }
        }
        return out
    }
}
