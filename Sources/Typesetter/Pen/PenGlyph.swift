import Animator

/// One glyph of a pen font, ready to lay out: its advance, its strokes as
/// smoothed Béziers and the length of ink they take, in the font's grid
/// units, relative to the pen origin on the baseline (y down).
struct PenGlyph: Sendable {
    /// The distance to the next glyph's origin.
    var advance: Double
    /// The strokes, one subpath per pen-down, open; empty for a blank.
    var drawing: ShapePath
    /// The length of the strokes.
    var ink: Double
    /// Where the pen first touches down and where it last lifts (nil for a blank).
    var entry: Point?
    var exit: Point?
}

/// Where the letters of a joining font meet: each letter that comes near
/// enough starts at `(0, y)` and ends at `(advance, y)`, leaving and
/// arriving in one direction, so consecutive letters join into one stroke.
struct PenJoin: Sendable {
    /// The height of the join point above (negative) or below the baseline.
    var y: Double
    /// The unit direction the pen passes through a join point in.
    var direction: Vector
    /// How far a letter's own entry or exit may lie from the join point for the
    /// letter to be bent to it.
    var reach: Double

    /// The join of a font whose lowercase letters mostly leave at one height at
    /// their right bound, or nil (letters stand apart, as in a roman face).
    ///
    /// The height is the commonest among the letters that leave at their right
    /// bound; the direction the mean of their last segments'.
    static func find(in glyphs: [HersheyFile.Glyph], baseline: Int) -> PenJoin? {
        let lowercase = (0x61...0x7A).map { $0 - 0x20 }.filter { $0 < glyphs.count }
        var heights: [Int: Int] = [:]
        for g in lowercase {
            let glyph = glyphs[g]
            guard let last = glyph.strokes.last?.last, last.x == glyph.right else { continue }
            heights[last.y, default: 0] += 1
        }
        // Ties go to the higher point, so the answer does not depend on dictionary order.
        guard let (height, count) = heights.max(by: { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key }),
            count * 2 >= lowercase.count, count > 0
        else { return nil }
        var sum = Vector.zero
        for g in lowercase {
            let glyph = glyphs[g]
            guard let stroke = glyph.strokes.last, stroke.count >= 2, let last = stroke.last,
                last.x == glyph.right, last.y == height
            else { continue }
            let before = stroke[stroke.count - 2]
            let d = Vector(x: Double(last.x - before.x), y: Double(last.y - before.y))
            if d.length > 0 { sum += d * (1 / d.length) }
        }
        guard sum.length > 0 else { return nil }
        return PenJoin(y: Double(height - baseline), direction: sum * (1 / sum.length), reach: 10)
    }
}

extension PenGlyph {
    /// A Hershey glyph moved to its pen origin and baseline, bent to the join
    /// points when `join` is given and it comes near them, and smoothed.
    ///
    /// A letter whose first stroke starts within the join's reach of `(0, y)`
    /// starts there instead: the join point is put before its first point, and
    /// up to three points that the pen would reach from it only by turning
    /// more than 50° off the join direction are dropped. Its last stroke likewise ends at `(advance, y)`.
    init(_ glyph: HersheyFile.Glyph, baseline: Int, join: PenJoin?) {
        advance = Double(glyph.right - glyph.left)
        var strokes: [[Point]] = []
        for stroke in glyph.strokes {
            let points = stroke.map { Point(x: Double($0.x - glyph.left), y: Double($0.y - baseline)) }
            // A stroke that starts where the last one ended is the same pen-down (Hershey's "h"
            // lifts at the foot of its stem and comes straight back down there).
            if let last = strokes.last?.last, let first = points.first, last == first {
                strokes[strokes.count - 1] += points.dropFirst()
            } else {
                strokes.append(points)
            }
        }
        var startsJoined = false, endsJoined = false
        if let join, !strokes.isEmpty {
            let inPoint = Point(x: 0, y: join.y), outPoint = Point(x: advance, y: join.y)
            var first = strokes[0]
            if (first[0] - inPoint).length <= join.reach {
                var dropped = 0
                while first.count > 2, dropped < 3, !Self.ahead(first[0] - inPoint, of: join.direction) {
                    first.removeFirst()
                    dropped += 1
                }
                if (first[0] - inPoint).length > 1e-9 { first.insert(inPoint, at: 0) }
                strokes[0] = first
                startsJoined = true
            }
            var last = strokes[strokes.count - 1]
            if let end = last.last, (end - outPoint).length <= join.reach {
                if (end - outPoint).length > 1e-9 { last.append(outPoint) }
                strokes[strokes.count - 1] = last
                endsJoined = true
            }
        }
        var elements: [ShapePath.Element] = []
        for (k, stroke) in strokes.enumerated() {
            PenSmoothing.append(
                stroke, start: k == 0 && startsJoined ? join?.direction : nil,
                end: k == strokes.count - 1 && endsJoined ? join?.direction : nil, to: &elements)
        }
        drawing = ShapePath(elements: elements)
        ink = PathMeasure(drawing).length
        entry = strokes.first?.first
        exit = strokes.last?.last
    }

    /// Whether `offset` lies within 50° of `direction` (a unit vector): a point the
    /// pen reaches from the join point without doubling back or turning hard.
    private static func ahead(_ offset: Vector, of direction: Vector) -> Bool {
        let length = offset.length
        return length > 0 && (offset.x * direction.x + offset.y * direction.y) / length >= 0.64
    }
}
