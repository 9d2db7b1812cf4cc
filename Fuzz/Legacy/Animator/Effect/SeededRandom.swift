/// A small, fast, seeded pseudo-random generator (SplitMix64).
///
/// Every random choice in the engine goes through one of these, so the same seed
/// gives the same animation on every run and platform.
///
/// ```swift
/// var random = SeededRandom(seed: 42)
/// let jitter = random.nextDouble(in: -1...1)
/// ```
@frozen
public struct SeededRandom: RandomNumberGenerator, Hashable, Sendable {
    /// The seed the generator was made with; `derived(_:)` keys off it.
    public let seed: UInt64
    public var state: UInt64

    @inlinable
    public init(seed: UInt64) {
        self.seed = seed
        state = seed
    }

    @inlinable
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A double in [0, 1) with 53 random bits.
    @inlinable
    public mutating func nextUnit() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }

    /// A double uniformly drawn from a closed range.
    @inlinable
    public mutating func nextDouble(in range: ClosedRange<Double>) -> Double {
        range.lowerBound + (range.upperBound - range.lowerBound) * nextUnit()
    }

    /// A generator derived from this one's seed and a key, independent of how
    /// many numbers this one has already produced (for per-glyph streams).
    @inlinable
    public func derived(_ key: UInt64) -> SeededRandom {
        var mixer = SeededRandom(seed: seed ^ (key &* 0xD6E8_FEB8_6659_FD93))
        return SeededRandom(seed: mixer.next())
    }
}
