import Animator

/// What a case uses to time work and report figures.
struct BenchmarkContext {
    /// How long to sample one operation, in nanoseconds (warm-up excluded).
    var samplingTime: UInt64
    /// At most this many samples per measurement.
    var maximumSamples: Int
    /// The result being built for the case.
    private(set) var result: BenchmarkResult

    /// When set, `measure` runs each operation this many times, untimed (for profilers).
    let iterations: Int?

    init(name: String, samplingTime: UInt64, maximumSamples: Int, iterations: Int? = nil) {
        self.samplingTime = samplingTime
        self.maximumSamples = maximumSamples
        self.iterations = iterations
        result = BenchmarkResult(name: name)
    }

    /// Times `operation`: warms it up, picks a batch size so each sample takes
    /// at least 20 µs, then samples until the sampling time is spent (at least
    /// 5 samples). Results are per operation. The operation's result goes to
    /// the black hole.
    mutating func measure<T>(_ operation: () -> T) -> Timing {
        if let iterations {
            for _ in 0..<iterations { blackHole(operation()) }
            return Timing(samples: [0], batch: iterations)
        }
        let warmUpEnd = monotonicNanoseconds() + min(samplingTime / 5, 200_000_000)
        var batch = 1
        var once = UInt64.max
        repeat {
            let start = monotonicNanoseconds()
            blackHole(operation())
            once = min(once, monotonicNanoseconds() - start)
        } while monotonicNanoseconds() < warmUpEnd
        if once < 20_000 { batch = Int(20_000 / max(once, 1)) + 1 }

        var samples: [Double] = []
        let end = monotonicNanoseconds() + samplingTime
        while samples.count < maximumSamples && (samples.count < 5 || monotonicNanoseconds() < end) {
            let start = monotonicNanoseconds()
            for _ in 0..<batch { blackHole(operation()) }
            samples.append(Double(monotonicNanoseconds() - start) / Double(batch))
        }
        return Timing(samples: samples, batch: batch)
    }

    /// Reports the case's main timing, with an optional target.
    mutating func report(_ timing: Timing, target: Target? = nil) {
        result.timing = timing
        result.target = target
    }

    /// Adds a figure besides the main timing (a ratio, a count, a size).
    mutating func metric(_ name: String, _ value: Double, _ unit: MetricUnit, target: Target? = nil) {
        result.metrics.append(Metric(name: name, value: value * unit.scale, unit: unit.base, target: target))
    }

    /// Adds a remark shown with the case.
    mutating func note(_ text: String) {
        result.notes.append(text)
    }
}

/// The samples of one measurement, in nanoseconds per operation (or per
/// `per`: "sprite" when an operation's time is divided among its sprites).
struct Timing: Sendable {
    var samples: [Double]
    var batch: Int
    var per: String? = nil

    /// The same samples divided among `count` items, reported per `item` ("9.4 ns/sprite").
    func per(_ count: Double, _ item: String) -> Timing {
        Timing(samples: samples.map { $0 / max(count, 1) }, batch: batch, per: item)
    }

    var median: Double { percentile(0.5) }
    var p99: Double { percentile(0.99) }

    /// The nearest-rank percentile.
    func percentile(_ fraction: Double) -> Double {
        let sorted = samples.sorted()
        guard !sorted.isEmpty else { return .nan }
        let rank = Int((fraction * Double(sorted.count)).rounded(.up))
        return sorted[min(max(rank, 1), sorted.count) - 1]
    }
}

struct Metric: Sendable {
    var name: String
    /// In the unit's base (ns, bytes, plain number).
    var value: Double
    var unit: MetricUnit
    var target: Target?

    var isMet: Bool? { target.map { $0.isMet(by: value) } }
}

struct BenchmarkResult: Sendable {
    var name: String
    var timing: Timing?
    var target: Target?
    var metrics: [Metric] = []
    var notes: [String] = []

    /// Whether the main target is met (nil without one).
    var isMet: Bool? {
        guard let target, let timing else { return nil }
        return target.isMet(by: timing.median)
    }

    /// Whether every target of the case, main and metrics, is met.
    var allMet: Bool? {
        let verdicts = ([isMet] + metrics.map(\.isMet)).compactMap { $0 }
        return verdicts.isEmpty ? nil : verdicts.allSatisfy { $0 }
    }
}
