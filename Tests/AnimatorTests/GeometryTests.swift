import Testing
@testable import Animator
import TestSupport

extension SeededRandom {
    mutating func point(_ r: Double = 100) -> Point { Point(x: uniform(-r, r), y: uniform(-r, r)) }

    mutating func transform() -> Transform {
        Transform(
            a: uniform(-2, 2), b: uniform(-2, 2), c: uniform(-2, 2), d: uniform(-2, 2), tx: uniform(-50, 50),
            ty: uniform(-50, 50))
    }
}

@Suite struct PointTests {
    @Test func arithmetic() {
        let a = Point(x: 3, y: -4), b = Point(x: 0.5, y: 2)
        #expect(a + b == Point(x: 3.5, y: -2))
        #expect(a - b == Point(x: 2.5, y: -6))
        #expect(a * 2 == Point(x: 6, y: -8))
        #expect(2 * a == a * 2)
        #expect(-a == Point(x: -3, y: 4))
        #expect(a.length == 5)
        var c = a
        c += b
        c -= b
        #expect(c == a)
        #expect(Point.zero.length == 0)
    }

    @Test func interpolationHitsBothEndsExactly() {
        var random = SeededRandom(seed: 12)
        for _ in 0..<500 {
            let a = random.point(1000), b = random.point(1000)
            #expect(a.interpolated(to: b, 0) == a)
            #expect(a.interpolated(to: b, 1) == b)
            let level = Point(x: b.x, y: a.y)
            for t in stride(from: 0.0, through: 1, by: 0.05) { #expect(a.interpolated(to: level, t).y == a.y) }
            let mid = a.interpolated(to: b, 0.5)
            #expect(isClose(mid, Point(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2), 1e-9))
        }
    }
}

@Suite struct RectTests {
    @Test func edgesAndCentre() {
        let r = Rect(x: 10, y: 20, width: 30, height: 40)
        #expect(r.minX == 10 && r.maxX == 40 && r.minY == 20 && r.maxY == 60)
        #expect(r.midX == 25 && r.midY == 40)
        #expect(r.center == Point(x: 25, y: 40))
        #expect(r.width == 30 && r.height == 40)
        #expect(r.offsetBy(Vector(x: -10, y: 5)) == Rect(x: 0, y: 25, width: 30, height: 40))
        #expect(Rect.zero.center == .zero)
    }

    @Test func insetShrinksForPositiveAmounts() {
        let r = Rect(x: 0, y: 0, width: 100, height: 50)
        #expect(r.insetBy(dx: 10, dy: 5) == Rect(x: 10, y: 5, width: 80, height: 40))
        #expect(r.insetBy(dx: -10, dy: 0) == Rect(x: -10, y: 0, width: 120, height: 50))
        #expect(r.insetBy(dx: 10, dy: 5).center == r.center)
    }

    @Test func unionAndContainment() {
        let a = Rect(x: 0, y: 0, width: 10, height: 10), b = Rect(x: 20, y: -5, width: 5, height: 5)
        let u = a.union(b)
        #expect(u == Rect(x: 0, y: -5, width: 25, height: 15))
        for p in [Point(x: 0, y: 0), Point(x: 10, y: 10), Point(x: 5, y: 5)] { #expect(a.contains(p)) }
        for p in [Point(x: -0.01, y: 5), Point(x: 5, y: 10.01)] { #expect(!a.contains(p)) }
        for corner in [Point(x: b.minX, y: b.minY), Point(x: b.maxX, y: b.maxY), Point(x: a.maxX, y: a.maxY)] {
            #expect(u.contains(corner))
        }
    }
}

@Suite struct TransformTests {
    @Test func basicTransformsApply() {
        let p = Point(x: 2, y: 3)
        #expect(Transform.identity.apply(p) == p)
        #expect(Transform.translation(5, -1).apply(p) == Point(x: 7, y: 2))
        #expect(Transform.scale(2, -3).apply(p) == Point(x: 4, y: -9))
        #expect(Transform.scale(2, -3).determinant == -6)
        #expect(isClose(Transform.rotation(0.7).determinant, 1, 1e-15))
        // skewX shears x by tan(angle)·y, SVG's convention.
        #expect(isClose(Transform.skewX(.pi / 4).apply(Point(x: 0, y: 2)), Point(x: 2, y: 2), 1e-12))
    }

    @Test func rotationIsClockwiseOnScreen() {
        // With y pointing down, a quarter turn takes "right" to "down" and "down" to "left".
        let q = Transform.rotation(.pi / 2)
        #expect(isClose(q.apply(Point(x: 1, y: 0)), Point(x: 0, y: 1), 1e-12))
        #expect(isClose(q.apply(Point(x: 0, y: 1)), Point(x: -1, y: 0), 1e-12))
        let angle = 0.3
        let r = Transform.rotation(angle).apply(Point(x: 10, y: 0))
        #expect(isClose(Math.atan2(r.y, r.x), angle, 1e-12))
        #expect(isClose(r.length, 10, 1e-12))
    }

    @Test func concatenationAppliesSelfFirst() {
        var random = SeededRandom(seed: 13)
        for _ in 0..<300 {
            let a = random.transform(), b = random.transform(), p = random.point()
            let composed = a.concatenating(b).apply(p)
            let stepwise = b.apply(a.apply(p))
            #expect(isClose(composed, stepwise, 1e-9))
            #expect(isClose(a.concatenating(b).determinant, a.determinant * b.determinant, 1e-9))
            #expect(a.concatenating(.identity) == a && Transform.identity.concatenating(a) == a)
        }
        // Order matters: translate then scale is not scale then translate.
        let ts = Transform.translation(1, 0).concatenating(.scale(2, 2)).apply(.zero)
        let st = Transform.scale(2, 2).concatenating(.translation(1, 0)).apply(.zero)
        #expect(ts == Point(x: 2, y: 0) && st == Point(x: 1, y: 0))
    }

    @Test func invertingUndoesATransform() throws {
        var random = SeededRandom(seed: 14)
        for _ in 0..<300 {
            let a = random.transform(), p = random.point()
            guard abs(a.determinant) > 1e-3 else { continue }
            let inverse = try #require(a.inverted)
            #expect(isClose(inverse.apply(a.apply(p)), p, 1e-6))
            #expect(isClose(a.concatenating(inverse).apply(p), p, 1e-6))
        }
        #expect(Transform.scale(0, 1).inverted == nil)
        #expect(Transform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0).inverted == nil)
        #expect(Transform.translation(3, -4).inverted == .translation(-3, 4))
    }
}
