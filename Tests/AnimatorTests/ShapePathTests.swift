import Testing
@testable import Animator
import TestSupport

/// The standard four-cubic circle: control distance 0.5523 × the radius.
private func circle(radius r: Double) -> ShapePath {
    let k = 0.5522847498307936 * r
    return ShapePath(elements: [
        .move(to: Point(x: r, y: 0)),
        .cubic(control1: Point(x: r, y: k), control2: Point(x: k, y: r), to: Point(x: 0, y: r)),
        .cubic(control1: Point(x: -k, y: r), control2: Point(x: -r, y: k), to: Point(x: -r, y: 0)),
        .cubic(control1: Point(x: -r, y: -k), control2: Point(x: -k, y: -r), to: Point(x: 0, y: -r)),
        .cubic(control1: Point(x: k, y: -r), control2: Point(x: r, y: -k), to: Point(x: r, y: 0)),
        .close,
    ])
}

private let square = ShapePath(elements: [
    .move(to: Point(x: 0, y: 0)), .line(to: Point(x: 10, y: 0)), .line(to: Point(x: 10, y: 10)),
    .line(to: Point(x: 0, y: 10)), .close,
])

@Suite("ShapePath: bounds, lengths, trimming")
struct ShapePathTests {
    @Test func lineAndSquareLengthsAreExact() {
        let line = ShapePath(elements: [.move(to: .zero), .line(to: Point(x: 30, y: 40))])
        #expect(line.length == 50)
        #expect(square.length == 40)
        #expect(PathMeasure(square).subpathLengths == [40])
    }

    @Test func circleOfCubicsMeasuresWithinTheTolerance() {
        // 628.40668 is the four-cubic circle's own length (sampled at 200 000 points);
        // a true circle of radius 100 is 628.31853, 0.014 % shorter.
        let measured = circle(radius: 100).length
        #expect(abs(measured - 628.40668) <= 628.40668 * PathMeasure.defaultTolerance / 2)
        #expect(abs(measured - 200 * Double.pi) / (200 * Double.pi) < 0.0002)
        // A coarser tolerance is still within its own bound.
        let coarse = PathMeasure(circle(radius: 100), tolerance: 0.01).length
        #expect(abs(coarse - 628.40668) <= 628.40668 * 0.005)
    }

    @Test func quadraticsMeasureLikeTheirCubics() {
        // The parabola y = x² from 0 to 1: length (2√5 + asinh 2) / 4 = 1.4789428575.
        let parabola = ShapePath(elements: [.move(to: .zero), .quad(control: Point(x: 0.5, y: 0), to: Point(x: 1, y: 1))])
        #expect(abs(parabola.length - 1.4789428575) < 1e-4)
    }

    @Test(arguments: [
        (0.0, ""), (-1, ""), (Double.nan, ""),
        (0.25, "M 0 0 L 10 0"), (0.375, "M 0 0 L 10 0 L 10 5"), (0.5, "M 0 0 L 10 0 L 10 10"),
        (0.9, "M 0 0 L 10 0 L 10 10 L 0 10 L 0 4"), (1, "M 0 0 L 10 0 L 10 10 L 0 10 Z"),
        (7, "M 0 0 L 10 0 L 10 10 L 0 10 Z"),
    ])
    func trimmingASquare(fraction: Double, expected: String) {
        #expect(square.trimmed(toFraction: fraction).svgPathData == expected)
    }

    @Test func trimmingAtOneIsThePathItself() {
        let ring = circle(radius: 10)
        #expect(ring.trimmed(toFraction: 1) == ring)
        #expect(PathMeasure(ring).trimmed(toLength: .infinity) == ring)
    }

    @Test func trimmedCirclesEndWhereTheirLengthSays() {
        let ring = circle(radius: 100)
        let measure = PathMeasure(ring)
        // Halfway round from (100, 0) clockwise on screen (y down) is (−100, 0).
        let half = measure.trimmed(toFraction: 0.5)
        #expect(half.elements.count == 3)
        guard case .cubic(_, _, let end) = half.elements.last else { Issue.record("no cubic"); return }
        #expect(isClose(end, Point(x: -100, y: 0), 1e-9))
        // Any cut: the trimmed path is as long as asked, and ends on the circle.
        for fraction in stride(from: 0.05, to: 1, by: 0.05) {
            let piece = measure.trimmed(toFraction: fraction)
            #expect(abs(piece.length - fraction * measure.length) < 0.01, "at \(fraction)")
            guard case .cubic(_, _, let p) = piece.elements.last else { Issue.record("no cubic at \(fraction)"); continue }
            #expect(abs(p.length - 100) < 0.03, "at \(fraction): \(p)")
        }
    }

    @Test func cutsFollowTheLengthWhereACurvesSpeedVaries() throws {
        // A quadratic whose control point sits on its start is a straight line drawn at speed ∝ t:
        // a quarter of its length is at t = 0.5, not 0.25 (found by the fuzzer).
        let ramp = ShapePath(elements: [.move(to: .zero), .quad(control: .zero, to: Point(x: 100, y: 0))])
        for fraction in [0.1, 0.25, 0.5, 0.9] {
            guard case .quad(_, let end) = ramp.trimmed(toFraction: fraction).elements.last else {
                Issue.record("no quad at \(fraction)")
                continue
            }
            #expect(isClose(end, Point(x: 100 * fraction, y: 0), 1e-9), "at \(fraction): \(end)")
        }
    }

    @Test func subpathsAreMeasuredInOrderAndMovesAddNothing() {
        // Two strokes 10 apart: a 10-long line then a 30-long one.
        let path = ShapePath(elements: [
            .move(to: .zero), .line(to: Point(x: 10, y: 0)), .move(to: Point(x: 0, y: 10)), .line(to: Point(x: 30, y: 10)),
        ])
        let measure = PathMeasure(path)
        #expect(measure.length == 40)
        #expect(measure.subpathLengths == [10, 30])
        #expect(measure.trimmed(toFraction: 0.25) == ShapePath(elements: [.move(to: .zero), .line(to: Point(x: 10, y: 0))]))
        #expect(
            measure.trimmed(toFraction: 0.5).elements
                == [.move(to: .zero), .line(to: Point(x: 10, y: 0)), .move(to: Point(x: 0, y: 10)), .line(to: Point(x: 10, y: 10))])
        #expect(path.subpaths.count == 2)
        #expect(path.subpathCount == 2)
    }

    @Test func segmentsAfterACloseStartAtTheClosedSubpathsStart() {
        let path = ShapePath(elements: [
            .move(to: Point(x: 5, y: 5)), .line(to: Point(x: 15, y: 5)), .close, .line(to: Point(x: 5, y: 25)),
        ])
        #expect(path.subpaths.map(\.svgPathData) == ["M 5 5 L 15 5 Z", "M 5 5 L 5 25"])
        #expect(PathMeasure(path).subpathLengths == [20, 20])
        #expect(path.bounds == Rect(x: 5, y: 5, width: 10, height: 20))
    }

    @Test func degenerateAndNonFinitePathsMeasureAsNothing() {
        #expect(ShapePath.empty.length == 0)
        #expect(ShapePath.empty.trimmed(toFraction: 0.5) == .empty)
        let dot = ShapePath(elements: [.move(to: Point(x: 1, y: 1)), .line(to: Point(x: 1, y: 1))])
        #expect(dot.length == 0)
        #expect(dot.trimmed(toFraction: 0.5) == .empty)
        let wild = ShapePath(elements: [.move(to: .zero), .line(to: Point(x: .infinity, y: 0)), .line(to: Point(x: 0, y: 3))])
        #expect(PathMeasure(wild).length.isFinite)
    }

    @Test func cuspedCurvesStayWithinThePieceCap() {
        // Control points folded back over the chord: a cusp.
        let cusp = ShapePath(elements: [
            .move(to: .zero), .cubic(control1: Point(x: 100, y: 100), control2: Point(x: 0, y: 100), to: Point(x: 100, y: 0)),
        ])
        let length = cusp.length
        #expect(length > 141 && length < 400)
    }
}
