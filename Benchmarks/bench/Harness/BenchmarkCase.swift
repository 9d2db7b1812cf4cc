/// A named benchmark. Its body does its setup untimed, then times work with
/// `context.measure`, and reports through the context.
///
/// ```swift
/// BenchmarkCase("pool checkout + checkin") { context in
///     var pool = SpritePool(capacity: 1024)          // setup: not timed
///     let timing = context.measure { pool.checkin(pool.checkout()) }
///     context.report(timing, target: .atMost(20, .nanoseconds))
/// }
/// ```
struct BenchmarkCase: Sendable {
    let name: String
    let body: @Sendable (inout BenchmarkContext) -> Void

    init(_ name: String, body: @escaping @Sendable (inout BenchmarkContext) -> Void) {
        self.name = name
        self.body = body
    }
}

/// A goal for a figure: an upper bound (times) or a lower bound (ratios).
enum Target: Sendable {
    case atMost(Double, MetricUnit)
    case atLeast(Double, MetricUnit)

    func isMet(by value: Double) -> Bool {
        switch self {
        case .atMost(let bound, let unit): return value <= bound * unit.scale
        case .atLeast(let bound, let unit): return value >= bound * unit.scale
        }
    }

    var description: String {
        switch self {
        case .atMost(let bound, let unit): return "≤ " + unit.format(bound * unit.scale)
        case .atLeast(let bound, let unit): return "≥ " + unit.format(bound * unit.scale)
        }
    }
}

/// Units for reported figures; values are stored in the base unit
/// (nanoseconds, plain numbers, bytes).
enum MetricUnit: String, Sendable {
    case nanoseconds = "ns"
    case microseconds = "µs"
    case milliseconds = "ms"
    case times = "×"
    case count = ""
    case bytes = "B"
    case megabytes = "MB"
    /// A fraction 0…1 (of frames, say), shown as a percentage.
    case share

    /// Base units per one of this unit.
    var scale: Double {
        switch self {
        case .nanoseconds, .times, .count, .bytes, .share: return 1
        case .microseconds: return 1e3
        case .milliseconds: return 1e6
        case .megabytes: return 1_048_576
        }
    }

    /// The unit stored in results (base unit).
    var base: MetricUnit {
        switch self {
        case .nanoseconds, .microseconds, .milliseconds: return .nanoseconds
        case .megabytes, .bytes: return .bytes
        default: return self
        }
    }

    /// A base-unit value for people: times in ns, µs, ms or s as they fit.
    func format(_ value: Double) -> String {
        switch base {
        case .nanoseconds:
            if value < 1e3 { return Formatting.decimal(value, digits: 1) + " ns" }
            if value < 1e6 { return Formatting.decimal(value / 1e3, digits: 2) + " µs" }
            if value < 1e9 { return Formatting.decimal(value / 1e6, digits: 2) + " ms" }
            return Formatting.decimal(value / 1e9, digits: 2) + " s"
        case .bytes:
            return Formatting.decimal(value / 1_048_576, digits: 1) + " MB"
        case .times:
            return Formatting.decimal(value, digits: 1) + "×"
        case .share:
            return Formatting.decimal(value * 100, digits: 1) + " %"
        default:
            return Formatting.decimal(value, digits: 2)
        }
    }
}

enum Formatting {
    /// A fixed-point rendering without Foundation.
    static func decimal(_ value: Double, digits: Int) -> String {
        guard value.isFinite else { return String(value) }
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        let whole = Int(scaled / scale)
        let fraction = Int(scaled - Double(whole) * scale)
        var text = String(whole)
        if digits > 0 {
            let fractionText = String(fraction)
            text += "." + String(repeating: "0", count: digits - fractionText.count) + fractionText
        }
        return (value < 0 ? "-" : "") + text
    }
}
