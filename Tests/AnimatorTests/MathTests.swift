#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import Animator

/// The engine's own elementary functions (`Math`) against the C library's,
/// which are correctly rounded or nearly so: within 1 ulp everywhere, the
/// same bits almost always, and the special values of C's Annex F.
struct MathTests {
    /// Distance in units in the last place of `expected`.
    static func ulps(_ value: Double, _ expected: Double) -> Double {
        if value.bitPattern == expected.bitPattern || (value.isNaN && expected.isNaN) { return 0 }
        if value.isNaN || expected.isNaN || !value.isFinite || !expected.isFinite { return .infinity }
        return abs(value - expected) / max(expected.ulp, .leastNonzeroMagnitude)
    }

    /// The largest distance and the share of identical results over `count` draws.
    static func compare(
        count: Int = 20_000, seed: UInt64, _ draw: (inout SeededRandom) -> (Double, Double),
        _ engine: (Double, Double) -> Double, _ library: (Double, Double) -> Double
    ) -> (worst: Double, identical: Double, at: (Double, Double)) {
        var random = SeededRandom(seed: seed)
        var worst = 0.0, same = 0, at = (0.0, 0.0)
        for _ in 0..<count {
            let (x, y) = draw(&random)
            let error = ulps(engine(x, y), library(x, y))
            if error == 0 { same += 1 }
            if error > worst { (worst, at) = (error, (x, y)) }
        }
        return (worst, Double(same) / Double(count), at)
    }

    static func logUniform(_ random: inout SeededRandom, _ range: ClosedRange<Double>) -> Double {
        exp(random.nextDouble(in: range))
    }

    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let draw: @Sendable (inout SeededRandom) -> (Double, Double)
        let engine: @Sendable (Double, Double) -> Double
        let library: @Sendable (Double, Double) -> Double
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "exp, spring decays", draw: { ($0.nextDouble(in: -40...5), 0) }, engine: { x, _ in Math.exp(x) }, library: { x, _ in exp(x) }),
        Case(name: "exp, whole range", draw: { ($0.nextDouble(in: -745...709.7), 0) }, engine: { x, _ in Math.exp(x) }, library: { x, _ in exp(x) }),
        Case(name: "log near 1", draw: { ($0.nextDouble(in: 0.5...2), 0) }, engine: { x, _ in Math.log(x) }, library: { x, _ in log(x) }),
        Case(name: "log, whole range", draw: { (logUniform(&$0, -744...709), 0) }, engine: { x, _ in Math.log(x) }, library: { x, _ in log(x) }),
        Case(name: "sin, a few turns", draw: { ($0.nextDouble(in: -20...20), 0) }, engine: { x, _ in Math.sin(x) }, library: { x, _ in sin(x) }),
        Case(name: "cos, a few turns", draw: { ($0.nextDouble(in: -20...20), 0) }, engine: { x, _ in Math.cos(x) }, library: { x, _ in cos(x) }),
        Case(name: "sin, up to 1.6e6", draw: { ($0.nextDouble(in: -1.6e6...1.6e6), 0) }, engine: { x, _ in Math.sin(x) }, library: { x, _ in sin(x) }),
        Case(name: "cos, up to 1.6e6", draw: { ($0.nextDouble(in: -1.6e6...1.6e6), 0) }, engine: { x, _ in Math.cos(x) }, library: { x, _ in cos(x) }),
        Case(name: "sin near multiples of π", draw: { (Double($0.next() % 1000) * .pi + $0.nextDouble(in: -1e-6...1e-6), 0) }, engine: { x, _ in Math.sin(x) }, library: { x, _ in sin(x) }),
        Case(name: "atan2", draw: { ($0.nextDouble(in: -10...10), $0.nextDouble(in: -10...10)) }, engine: { Math.atan2($0, $1) }, library: { atan2($0, $1) }),
        Case(name: "atan2, whole range", draw: { (logUniform(&$0, -700...700) * ($0.next() & 1 == 0 ? 1 : -1), logUniform(&$0, -700...700) * ($0.next() & 1 == 0 ? 1 : -1)) }, engine: { Math.atan2($0, $1) }, library: { atan2($0, $1) }),
        Case(name: "hypot", draw: { ($0.nextDouble(in: -10...10), $0.nextDouble(in: -10...10)) }, engine: { Math.hypot($0, $1) }, library: { hypot($0, $1) }),
        Case(name: "hypot, whole range", draw: { (logUniform(&$0, -740...709), logUniform(&$0, -740...709)) }, engine: { Math.hypot($0, $1) }, library: { hypot($0, $1) }),
        Case(name: "pow", draw: { ($0.nextDouble(in: 0...10), $0.nextDouble(in: -20...20)) }, engine: { Math.pow($0, $1) }, library: { pow($0, $1) }),
        Case(name: "pow, integral exponents", draw: { ($0.nextDouble(in: -3...3), Double(Int($0.next() % 200) - 100)) }, engine: { Math.pow($0, $1) }, library: { pow($0, $1) }),
    ]

    @Test("within 1 ulp of the C library, and the same bits 90 % of the time or more", arguments: cases)
    func accuracy(_ c: Case) {
        let result = Self.compare(seed: 31, c.draw, c.engine, c.library)
        #expect(result.worst <= 1, "\(c.name): \(result.worst) ulp at \(result.at)")
        #expect(result.identical >= 0.9, "\(c.name): \(result.identical) identical")
    }

    @Test("powers of ten are exact where the double is")
    func powersOfTen() {
        var exact = 1.0
        for k in 0...22 {
            #expect(Math.pow(10, Double(k)) == exact)
            #expect(Math.pow(10, Double(-k)) == pow(10, Double(-k)))
            exact *= 10
        }
        #expect(Math.pow(2, -1074) == .leastNonzeroMagnitude)
        #expect(Math.pow(-2, 3) == -8)
    }

    @Test("special values follow C's Annex F; ordinary ones stay within 1 ulp")
    func specialValues() {
        let special: [Double] = [0, -0.0, .infinity, -.infinity, .nan, 0x1p-1030, 710, -746]
        let values = special + [1, -1, 0.5, -0.5, 2, -2, 3, -3]
        func same(_ a: Double, _ b: Double) -> Bool { a.bitPattern == b.bitPattern || (a.isNaN && b.isNaN) }
        func agrees(_ a: Double, _ b: Double, exactly: Bool) -> Bool { exactly ? same(a, b) : Self.ulps(a, b) <= 1 }
        for x in values {
            let exactly = special.contains { same($0, x) }
            #expect(agrees(Math.exp(x), exp(x), exactly: exactly), "exp(\(x))")
            #expect(agrees(Math.log(x), log(x), exactly: exactly || x == 1), "log(\(x))")
            #expect(agrees(Math.sin(x), sin(x), exactly: exactly), "sin(\(x))")
            #expect(agrees(Math.cos(x), cos(x), exactly: exactly), "cos(\(x))")
            for y in values {
                // Zeros, infinities and NaNs have exact answers, and so do 1^y and x^±1.
                let annexF = [x, y].contains { $0 == 0 || !$0.isFinite }
                #expect(agrees(Math.pow(x, y), pow(x, y), exactly: annexF || x == 1 || abs(y) == 1), "pow(\(x), \(y))")
                #expect(agrees(Math.atan2(x, y), atan2(x, y), exactly: annexF), "atan2(\(x), \(y))")
                #expect(agrees(Math.hypot(x, y), hypot(x, y), exactly: annexF), "hypot(\(x), \(y))")
            }
        }
    }
}
