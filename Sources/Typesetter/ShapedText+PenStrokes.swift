import Animator

extension ShapedText {
    /// One pen-down of a written text: a stroke from where the pen touches the
    /// paper to where it lifts, through one or more glyphs.
    public struct PenStroke: Hashable, Sendable {
        /// The glyph the stroke starts in, and its subpath there.
        public var first: (glyph: Int, subpath: Int)
        /// The glyph the stroke ends in, and its subpath there.
        public var last: (glyph: Int, subpath: Int)

        public static func == (a: PenStroke, b: PenStroke) -> Bool {
            a.first == b.first && a.last == b.last
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(first.glyph)
            hasher.combine(first.subpath)
            hasher.combine(last.glyph)
            hasher.combine(last.subpath)
        }
    }

    /// The pen's strokes, in writing order: every subpath of the pen-drawn
    /// glyphs, where the last subpath of a glyph and the first of the next
    /// glyph on the same line meet (within a thousandth of the font size) one
    /// stroke goes on through both. Outline glyphs (Characters the pen lacks)
    /// are not counted.
    ///
    /// ```swift
    /// let written = try FontLayout(size: 96, pen: PenFont("cursive")).shape(Array("hello"))
    /// written.penStrokes.count   // 2: "hell", then "o" (the pen lifts to start its bowl at the top)
    /// ```
    ///
    /// - Complexity: O(n) in the glyphs and their subpaths.
    public var penStrokes: [PenStroke] {
        var strokes: [PenStroke] = []
        var previousEnd: (point: Point, line: Int)?
        let tolerance = layout.fontSize / 1000
        for (i, glyph) in glyphs.enumerated() {
            guard glyph.isPenStroke, i < layout.frames.count else {
                previousEnd = nil
                continue
            }
            let frame = layout.frames[i]
            let origin = Point(x: frame.rect.minX, y: frame.baseline)
            let parts = glyph.outline.subpaths
            for (k, part) in parts.enumerated() {
                guard let start = part.firstPoint, let end = part.lastPoint else { continue }
                if k == 0, let previous = previousEnd, previous.line == frame.line,
                    (previous.point - (start + origin)).length <= tolerance, !strokes.isEmpty
                {
                    strokes[strokes.count - 1].last = (i, k)
                } else {
                    strokes.append(PenStroke(first: (i, k), last: (i, k)))
                }
                previousEnd = (end + origin, frame.line)
            }
            if parts.isEmpty, !glyph.outline.isEmpty { previousEnd = nil }
        }
        return strokes
    }
}

extension ShapePath {
    /// Where the path starts: its first point.
    var firstPoint: Point? {
        guard case .move(let p) = elements.first else { return nil }
        return p
    }

    /// Where the path ends: the end point of its last element (nil for a closed or empty path).
    var lastPoint: Point? {
        switch elements.last {
        case .move(let p), .line(let p), .quad(_, let p), .cubic(_, _, let p): p
        case .close, nil: nil
        }
    }
}
