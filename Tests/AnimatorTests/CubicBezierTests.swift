import Testing
@testable import Animator
import TestSupport

/// An independent solver: the Bernstein form of the curve, x inverted by plain bisection.
private struct ReferenceBezier {
    var x1: Double, y1: Double, x2: Double, y2: Double

    func bernstein(_ p1: Double, _ p2: Double, _ s: Double) -> Double {
        let r = 1 - s
        return 3 * r * r * s * p1 + 3 * r * s * s * p2 + s * s * s
    }

    func bernsteinSlope(_ p1: Double, _ p2: Double, _ s: Double) -> Double {
        let r = 1 - s
        return 3 * r * r * p1 + 6 * r * s * (p2 - p1) + 3 * s * s * (1 - p2)
    }

    /// The parameter s in 0…1 with x(s) = x, to full double precision.
    func parameter(_ x: Double) -> Double {
        var lo = 0.0, hi = 1.0
        for _ in 0..<200 {
            let mid = (lo + hi) / 2
            if mid <= lo || mid >= hi { break }
            if bernstein(x1, x2, mid) < x { lo = mid } else { hi = mid }
        }
        return (lo + hi) / 2
    }

    func value(_ x: Double) -> Double { bernstein(y1, y2, parameter(x)) }

    func slope(_ x: Double) -> Double {
        let s = parameter(x)
        return bernsteinSlope(y1, y2, s) / bernsteinSlope(x1, x2, s)
    }
}

@Suite struct CubicBezierTests {
    static let presets: [(String, CubicBezier, (Double, Double, Double, Double))] = [
        ("linear", .linear, (0, 0, 1, 1)),
        ("ease", .ease, (0.25, 0.1, 0.25, 1)),
        ("easeIn", .easeIn, (0.42, 0, 1, 1)),
        ("easeOut", .easeOut, (0, 0, 0.58, 1)),
        ("easeInOut", .easeInOut, (0.42, 0, 0.58, 1)),
        ("expoOut", .expoOut, (0.19, 1, 0.22, 1)),
    ]

    @Test func presetsHaveTheDocumentedControlPoints() throws {
        for (name, curve, p) in Self.presets {
            #expect(curve.x1 == p.0 && curve.y1 == p.1 && curve.x2 == p.2 && curve.y2 == p.3, "\(name)")
            #expect(try CubicBezier(x1: p.0, y1: p.1, x2: p.2, y2: p.3) == curve)
        }
    }

    /// Control points worth trying: the presets, the corners of the valid square, and random ones.
    static func sampleCurves() -> [CubicBezier] {
        var curves = presets.map(\.1)
        for (x1, y1, x2, y2) in [(0.0, 0.0, 0.0, 1.0), (1, 0, 0, 1), (0, 1, 1, 0), (1, 1, 0, 0), (0.5, -0.8, 0.5, 1.8), (0, 2, 1, -1)] {
            curves.append(CubicBezier(unchecked: x1, y1, x2, y2))
        }
        var random = SeededRandom(seed: 5)
        for _ in 0..<60 {
            curves.append(
                CubicBezier(unchecked: random.uniform(0, 1), random.uniform(-1, 2), random.uniform(0, 1), random.uniform(-1, 2)))
        }
        return curves
    }

    @Test func endpointsAreFixed() {
        for curve in Self.sampleCurves() {
            #expect(curve.value(at: 0) == 0)
            #expect(curve.value(at: 1) == 1)
            #expect(curve.value(at: -3) == 0)
            #expect(curve.value(at: 7) == 1)
        }
    }

    @Test func timeIsMonotonicAlongTheCurve() {
        for curve in Self.sampleCurves() {
            var previous = -Double.infinity
            var s = 0.0
            while s <= 1 {
                let x = curve.sampleX(s)
                #expect(x >= previous - 1e-15, "x1=\(curve.x1) x2=\(curve.x2) s=\(s)")
                previous = x
                s += 1e-3
            }
        }
    }

    @Test func valueMatchesAnIndependentBisectionSolve() {
        var random = SeededRandom(seed: 9)
        var xs = [1e-9, 1e-7, 1e-5, 1e-3, 0.01, 0.5, 0.99, 0.999, 1 - 1e-6, 1 - 1e-9]
        for _ in 0..<200 { xs.append(random.nextUnit()) }
        var worst = (error: 0.0, curve: CubicBezier.linear, x: 0.0)
        for curve in Self.sampleCurves() {
            let reference = ReferenceBezier(x1: curve.x1, y1: curve.y1, x2: curve.x2, y2: curve.y2)
            for x in xs {
                // Where x(s) is flat (a vertical tangent of progress over time) the
                // inversion is ill-conditioned; compare with the reference's values over
                // a 1e-15 neighbourhood of x, which is as well as x itself is known.
                let near = [reference.value(x), reference.value(x - 1e-15), reference.value(x + 1e-15)]
                let v = curve.value(at: x)
                let error = max(near.min()! - v, v - near.max()!, 0)
                if error > worst.error { worst = (error, curve, x) }
            }
        }
        #expect(worst.error <= 1e-6, "\(worst.curve) at x=\(worst.x): error \(worst.error)")
    }

    @Test func derivativeMatchesFiniteDifferencesAndTheReference() {
        var random = SeededRandom(seed: 10)
        for curve in Self.sampleCurves() {
            let reference = ReferenceBezier(x1: curve.x1, y1: curve.y1, x2: curve.x2, y2: curve.y2)
            for _ in 0..<30 {
                let x = random.uniform(0.02, 0.98)
                let d = curve.derivative(at: x)
                let h = 1e-5
                let numeric = (reference.value(x + h) - reference.value(x - h)) / (2 * h)
                let exact = reference.slope(x)
                let scale = max(1, abs(exact))
                #expect(abs(d - exact) <= 1e-6 * scale, "\(curve) at \(x): \(d) vs \(exact)")
                #expect(abs(d - numeric) <= 1e-3 * scale, "\(curve) at \(x): \(d) vs numeric \(numeric)")
            }
        }
        // The straight line has slope 1 everywhere.
        #expect(isClose(CubicBezier.linear.derivative(at: 0.3), 1, 1e-12))
    }

    @Test(arguments: [
        (-0.1, 0.0, 0.5, 1.0), (0.5, 0, 1.1, 1), (.nan, 0, 0.5, 1), (0.5, .nan, 0.5, 1), (0.2, 0, 0.5, .infinity),
        (.infinity, 0, 0.5, 1),
    ])
    func invalidControlPointsThrow(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        let error = #expect(throws: TimingError.self) { try CubicBezier(x1: x1, y1: y1, x2: x2, y2: y2) }
        #expect(error?.message.contains("Bézier") == true)
    }

    @Test(arguments: [
        (-0.1, 0.0, 0.5, 1.0, "x1 -0.1 is out of range: x values are times and must lie in 0…1"),
        (0.5, 1e308, 0.5, 1, "y1 1e308 is out of range: y values may overshoot, within -100…100"),
        (0.5, 0, 0.5, -.infinity, "y2 -inf is out of range"),
        (0.5, 0, .nan, 1, "x2 nan is out of range"),
    ])
    func errorsNameTheCoordinateItsValueAndTheRange(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ says: String) {
        let error = #expect(throws: TimingError.self) { try CubicBezier(x1: x1, y1: y1, x2: x2, y2: y2) }
        #expect(error?.message.contains(says) == true, "\(error?.message ?? "")")
    }

    @Test func theLargestOvershootStaysFinite() throws {
        let wild = try CubicBezier(x1: 0, y1: 100, x2: 1, y2: -100)
        for x in stride(from: 0.0, through: 1, by: 0.01) {
            #expect(wild.value(at: x).isFinite && wild.derivative(at: x).isFinite)
        }
    }

    @Test func overshootingYIsAllowed() throws {
        let back = try CubicBezier(x1: 0.34, y1: 1.56, x2: 0.64, y2: 1)
        let reference = ReferenceBezier(x1: 0.34, y1: 1.56, x2: 0.64, y2: 1)
        #expect(back.value(at: 0.5) > 1)
        #expect(isClose(back.value(at: 0.5), reference.value(0.5), 1e-9))
    }

    /// Solving the curve's parameter once for both gives what each gives alone, to the bit:
    /// inside the curve, at and past its ends, at a vertical tangent and at NaN.
    @Test func valueAndDerivativeTogetherAreEachAlone() throws {
        let curves = [
            CubicBezier.ease, .easeInOut, .expoOut, .linear, try CubicBezier(x1: 0, y1: 100, x2: 1, y2: -100),
            try CubicBezier(x1: 0, y1: 1, x2: 1, y2: 0),
        ]
        var xs = stride(from: -0.25, through: 1.25, by: 1.0 / 128).map { $0 }
        xs += [0, -0.0, 1, 1e-300, 1 - 0x1p-53, .nan, .infinity, -.infinity]
        var inside = 0
        for curve in curves {
            for x in xs {
                let both = curve.valueAndDerivative(at: x)
                #expect(both.value.bitPattern == curve.value(at: x).bitPattern, "\(curve) at \(x): value")
                #expect(both.derivative.bitPattern == curve.derivative(at: x).bitPattern, "\(curve) at \(x): slope")
                if x > 0 && x < 1 { inside += 1 }
            }
        }
        #expect(inside > 6 * 100)
    }
}
