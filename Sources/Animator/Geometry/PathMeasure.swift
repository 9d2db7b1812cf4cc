import Analyzer

/// A path measured along its length: the total, each subpath's share, and the
/// path cut at any fraction of the way, which is what a pen has drawn by then.
///
/// ```swift
/// let measure = PathMeasure(try ShapePath(svgPathData: "M0 0 H10 V10"))
/// measure.length                        // 20
/// measure.trimmed(toFraction: 0.75)     // M 0 0 L 10 0 L 10 5
/// ```
///
/// **Accuracy.** Straight segments are exact. Curves are flattened
/// adaptively: a piece of a curve (quadratics are raised to cubics) is split in
/// two until its control polygon is at most `tolerance` longer than its chord,
/// relatively, and its length is then taken as the mean of the two (Gravesen's
/// estimate for cubics). A Bézier's true length lies between its chord and its
/// control polygon, so every piece, and so the whole path, is within
/// `tolerance / 2` of its true length, relatively: 0.005 % with the default
/// 1e-4. A curve is cut into at most ``maximumPieces`` pieces, which only a
/// curve with a cusp reaches (there the bound is looser, by the cusp's tiny
/// piece). Cuts inside a curve find the curve's parameter by interpolating
/// within the piece the cut falls in, and split the curve there exactly, so a
/// trimmed path keeps its curves.
///
/// Subpaths are measured in order and moves between them add nothing: a pen
/// lifts from one contour to the next. `.close` adds its straight segment
/// back to the subpath's start.
public struct PathMeasure: Sendable {
    /// The relative tolerance used unless one is given.
    public static let defaultTolerance = 1e-4
    /// The most pieces one curve is flattened into (2⁸).
    public static let maximumPieces = 256

    /// The path measured.
    public let path: ShapePath
    /// The path's length, in the path's units.
    public let length: Double
    /// The length of each subpath, in the order of ``ShapePath/subpaths``.
    public let subpathLengths: [Double]

    /// One drawing segment: where it starts and ends along the path, and for
    /// curves the (parameter, length) pairs of its flattened pieces.
    private struct Segment: Sendable {
        var element: Int
        var from: Point
        var to: Point
        var start: Double
        var length: Double
        /// The segment's (t, length so far) pairs in `samples`, for curves.
        var samples: Range<Int>
    }

    private let segments: [Segment]
    /// Interleaved (t, length from the curve's start) pairs.
    private let samples: [Double]

    /// Measures a path.
    ///
    /// - Parameter tolerance: the relative tolerance of curve lengths (see the
    ///   type's discussion); values outside 1e-9…0.1 (or NaN) are clamped (NaN: the default).
    /// - Complexity: O(e × p) in elements e and the pieces p a curve is cut into
    ///   (about 50 for a quarter circle at the default tolerance, at most ``maximumPieces``).
    public init(_ path: ShapePath, tolerance: Double = PathMeasure.defaultTolerance) {
        let tolerance = tolerance.isNaN ? Self.defaultTolerance : min(max(tolerance, 1e-9), 0.1)
        self.path = path
        var segments: [Segment] = []
        var samples: [Double] = []
        var subpathLengths: [Double] = []
        var total = 0.0, subpath = 0.0
        var current = Point.zero, start = Point.zero
        var open = false, closed = false
        segments.reserveCapacity(path.elements.count)
        for (index, element) in path.elements.enumerated() {
            if case .move(let p) = element {
                if open { subpathLengths.append(subpath) }
                subpath = 0
                open = true
                closed = false
                current = p
                start = p
                continue
            }
            // A segment with no move before it, or after a close, starts a subpath.
            if !open || closed {
                if open { subpathLengths.append(subpath) }
                subpath = 0
                open = true
                closed = false
            }
            var segment = Segment(element: index, from: current, to: current, start: total, length: 0, samples: 0..<0)
            switch element {
            case .move:
                continue
            case .line(let p):
                segment.to = p
                segment.length = Bezier.distance(current, p)
            case .close:
                segment.to = start
                segment.length = Bezier.distance(current, start)
                closed = true
            case .quad(let c, let p):
                let (c1, c2) = Bezier.raised(current, c, p)
                segment.to = p
                segment.length = Self.flatten(current, c1, c2, p, tolerance: tolerance, into: &samples, range: &segment.samples)
            case .cubic(let c1, let c2, let p):
                segment.to = p
                segment.length = Self.flatten(current, c1, c2, p, tolerance: tolerance, into: &samples, range: &segment.samples)
            }
            // A non-finite coordinate measures as nothing rather than poisoning every later cut.
            if !segment.length.isFinite { segment.length = 0 }
            current = segment.to
            total += segment.length
            subpath += segment.length
            segments.append(segment)
        }
        if open { subpathLengths.append(subpath) }
        self.segments = segments
        self.samples = samples
        self.subpathLengths = subpathLengths
        length = total
    }

    /// Appends the flattened pieces of a cubic to `samples` as (t, length so far)
    /// pairs, starting with (0, 0), and returns its length.
    private static func flatten(
        _ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, tolerance: Double, into samples: inout [Double],
        range: inout Range<Int>
    ) -> Double {
        let first = samples.count
        samples.append(0)
        samples.append(0)
        var length = 0.0
        // Depth-first over halves, left before right, so pieces come out in order.
        var stack: [(Point, Point, Point, Point, Double, Double, Int)] = [(p0, p1, p2, p3, 0, 1, 0)]
        let maximumDepth = 8
        while let (a, b, c, d, t0, t1, depth) = stack.popLast() {
            let chord = Bezier.distance(a, d)
            let polygon = Bezier.distance(a, b) + Bezier.distance(b, c) + Bezier.distance(c, d)
            if polygon - chord <= tolerance * polygon || depth >= maximumDepth || !(polygon.isFinite) {
                length += (chord + polygon) / 2
                samples.append(t1)
                samples.append(length)
                continue
            }
            let ab = a.interpolated(to: b, 0.5), bc = b.interpolated(to: c, 0.5), cd = c.interpolated(to: d, 0.5)
            let abc = ab.interpolated(to: bc, 0.5), bcd = bc.interpolated(to: cd, 0.5)
            let mid = abc.interpolated(to: bcd, 0.5)
            let tm = (t0 + t1) / 2
            stack.append((mid, bcd, cd, d, tm, t1, depth + 1))
            stack.append((a, ab, abc, mid, t0, tm, depth + 1))
        }
        range = first..<samples.count
        return length
    }

    /// The path from its start up to `fraction` of its length: nothing at 0
    /// (or NaN), the path itself (exactly) at 1 and beyond; a path of no length
    /// is nothing until 1.
    ///
    /// Whole elements before the cut are kept as they are; the element the cut
    /// falls in is split there (a partly drawn `.close` becomes a `.line`).
    ///
    /// - Complexity: O(e) to copy the kept elements, plus O(log e + log p) to find the cut.
    public func trimmed(toFraction fraction: Double) -> ShapePath {
        guard fraction < 1 else { return fraction >= 1 ? path : .empty }
        guard fraction > 0, length > 0 else { return .empty }
        return trimmed(toLength: fraction * length)
    }

    /// The path from its start up to `distance` along it (see ``trimmed(toFraction:)``).
    ///
    /// - Complexity: as ``trimmed(toFraction:)``.
    public func trimmed(toLength distance: Double) -> ShapePath {
        guard distance < length else { return distance >= length ? path : .empty }
        guard distance > 0 else { return .empty }
        // The first segment ending at or past the cut; it has a positive length.
        let lo = partitionPoint(in: 0..<max(segments.count - 1, 0)) { segments[$0].start + segments[$0].length >= distance }
        let segment = segments[lo]
        var elements = Array(path.elements[..<segment.element])
        let local = distance - segment.start
        guard local < segment.length else {
            elements.append(path.elements[segment.element])
            return ShapePath(elements: elements)
        }
        switch path.elements[segment.element] {
        case .line, .close, .move:
            elements.append(.line(to: segment.from.interpolated(to: segment.to, local / segment.length)))
        case .quad(let c, let p):
            let (c1, c2) = Bezier.raised(segment.from, c, p)
            let t = parameter(of: segment, controls: (c1, c2), at: local)
            let (control, end) = Bezier.quadHead(segment.from, c, p, t)
            elements.append(.quad(control: control, to: end))
        case .cubic(let c1, let c2, let p):
            let t = parameter(of: segment, controls: (c1, c2), at: local)
            let (a, b, end) = Bezier.cubicHead(segment.from, c1, c2, p, t)
            elements.append(.cubic(control1: a, control2: b, to: end))
        }
        return ShapePath(elements: elements)
    }

    /// The curve parameter at `local` length from a curve segment's start.
    ///
    /// The flattened piece the cut falls in is straight to within the
    /// tolerance, so along it the distance from the piece's start is its arc
    /// length: the parameter is found by bisection on that distance (a curve's
    /// speed may vary a lot within a straight piece: a quadratic whose control
    /// point sits on its start moves as t²).
    private func parameter(of segment: Segment, controls: (Point, Point), at local: Double) -> Double {
        // Pairs k = 0 ..< n in the segment's samples; the first whose length reaches `local`.
        let base = segment.samples.lowerBound
        let n = segment.samples.count / 2
        let lo = partitionPoint(in: 1..<max(n - 1, 1)) { samples[base + 2 * $0 + 1] >= local }
        let t0 = samples[base + 2 * (lo - 1)], s0 = samples[base + 2 * (lo - 1) + 1]
        let t1 = samples[base + 2 * lo], s1 = samples[base + 2 * lo + 1]
        guard s1 > s0 else { return t1 }
        let (c1, c2) = controls
        let start = Bezier.cubicPoint(segment.from, c1, c2, segment.to, t0)
        let chord = Bezier.distance(start, Bezier.cubicPoint(segment.from, c1, c2, segment.to, t1))
        // The piece's estimated length maps onto its chord.
        let wanted = min(max(local - s0, 0), s1 - s0) * chord / (s1 - s0)
        var a = t0, b = t1
        for _ in 0..<48 where b - a > 1e-15 {
            let mid = (a + b) / 2
            if Bezier.distance(start, Bezier.cubicPoint(segment.from, c1, c2, segment.to, mid)) < wanted { a = mid } else { b = mid }
        }
        return min(max((a + b) / 2, 0), 1)
    }
}
