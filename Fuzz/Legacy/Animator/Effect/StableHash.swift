import LegacyAnalyzer

/// A hash that is the same in every process and on every platform (64-bit FNV-1a).
///
/// Swift's `Hasher` is seeded per process, so anything that reaches output
/// (per-glyph variation, curve choice) hashes through this instead.
///
/// ```swift
/// let h = StableHash.of(symbol: "A", index: 3)
/// ```
@frozen
public struct StableHash: Hashable, Sendable {
    public var value: UInt64 = 0xCBF2_9CE4_8422_2325

    @inlinable
    public init() {}

    /// Mixes one byte in.
    @inlinable
    public mutating func combine(byte: UInt8) {
        value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
    }

    /// Mixes the eight bytes of an integer in, little-end first.
    @inlinable @inline(__always)
    public mutating func combine(_ v: UInt64) {
        // The planner hashes every glyph's index, which is nearly always below 256:
        // mixing in a zero byte only multiplies by the prime, so the seven high zero
        // bytes are one multiplication by the prime's seventh power (mod 2^64).
        if v < 0x100 {
            combine(byte: UInt8(truncatingIfNeeded: v))
            value = value &* 0xC552_7B8A_51D3_D2DB
            return
        }
        var v = v
        for _ in 0..<8 {
            combine(byte: UInt8(truncatingIfNeeded: v))
            v >>= 8
        }
    }

    /// Mixes the UTF-8 bytes of a glyph in.
    @inlinable @inline(__always)
    public mutating func combine(_ symbol: Character) {
        // The planner hashes every glyph, and most are one ASCII byte.
        if let byte = symbol.singleASCII {
            combine(byte: byte)
        } else {
            for byte in symbol.utf8 { combine(byte: byte) }
        }
    }

    /// The stable hash of a glyph at an index: the key for repeatable per-glyph variation.
    ///
    /// - Complexity: O(bytes in the glyph).
    @inlinable
    public static func of(symbol: Character, index: Int) -> UInt64 {
        var h = StableHash()
        h.combine(symbol)
        h.combine(UInt64(bitPattern: Int64(index)))
        return h.value
    }

    /// `of(symbol:index:)` for a glyph given by its id and its table: a glyph that
    /// is one ASCII scalar (id below 128) is its own UTF-8 byte, hashed without
    /// making the `Character`.
    @inlinable
    public static func of(glyph: GlyphID, in symbols: GlyphTable, index: Int) -> UInt64 {
        guard glyph >= 0 && glyph < 128 else { return of(symbol: symbols[glyph], index: index) }
        var h = StableHash()
        h.combine(byte: UInt8(truncatingIfNeeded: glyph))
        h.combine(UInt64(bitPattern: Int64(index)))
        return h.value
    }

    /// The hash mapped to [0, 1), for picking a variation.
    @inlinable
    public static func unit(symbol: Character, index: Int) -> Double {
        Double(of(symbol: symbol, index: index) >> 11) * 0x1.0p-53
    }
}
