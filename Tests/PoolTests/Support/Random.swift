import Analyzer
import Animator
import Pool

extension SeededRandom {
    /// An integer in `range`, from this seeded stream.
    mutating func int(in range: Range<Int>) -> Int {
        Int.random(in: range, using: &self)
    }

    /// True with probability `probability`.
    mutating func chance(_ probability: Double) -> Bool {
        nextUnit() < probability
    }

    /// One of the three roles, uniformly.
    mutating func role() -> SpriteRole {
        SpriteRole(rawValue: UInt8(int(in: 0..<3)))!
    }

    /// A reading order: mostly small, so ties are common, sometimes large
    /// and, with `extremes`, sometimes at the ends of `Int`.
    mutating func order(extremes: Bool = true) -> Int {
        switch int(in: 0..<20) {
        case 0 where extremes: return [Int.min, Int.max, Int.min + 1, Int.max - 1, -1 << 40, 1 << 40][int(in: 0..<6)]
        case 0, 1: return int(in: -70_000..<70_000)
        default: return int(in: -3..<12)
        }
    }

    /// A uniformly chosen element of a non-empty array.
    mutating func element<T>(of array: [T]) -> T {
        array[int(in: 0..<array.count)]
    }
}
