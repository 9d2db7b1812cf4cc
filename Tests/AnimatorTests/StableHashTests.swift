import Testing
@testable import Animator

/// 64-bit FNV-1a over a byte sequence, written out independently of the engine.
private func fnv1a(_ bytes: [UInt8]) -> UInt64 {
    var h: UInt64 = 14_695_981_039_346_656_037
    for b in bytes { h = (h ^ UInt64(b)) &* 1_099_511_628_211 }
    return h
}

/// The key the engine documents: the glyph's UTF-8 bytes, then the index as 8 little-endian bytes.
private func referenceKey(_ symbol: Character, _ index: Int) -> UInt64 {
    var bytes = Array(String(symbol).utf8)
    let i = UInt64(bitPattern: Int64(index))
    for k in 0..<8 { bytes.append(UInt8((i >> (8 * UInt64(k))) & 0xFF)) }
    return fnv1a(bytes)
}

@Suite struct StableHashTests {
    @Test func publishedFNVVectors() {
        // Test vectors from the FNV reference (Fowler, Noll, Vo).
        #expect(fnv1a([]) == 0xCBF2_9CE4_8422_2325)
        #expect(fnv1a(Array("a".utf8)) == 0xAF63_DC4C_8601_EC8C)
        #expect(fnv1a(Array("foobar".utf8)) == 0x8594_4171_F739_67E8)
        var h = StableHash()
        #expect(h.value == 0xCBF2_9CE4_8422_2325)
        for b in "foobar".utf8 { h.combine(byte: b) }
        #expect(h.value == 0x8594_4171_F739_67E8)
    }

    @Test(arguments: ["A", "z", " ", "é", "e\u{301}", "日", "👨‍👩‍👧", "\n", "🇫🇷"] as [Character], [0, 1, 7, 255, 256, 1 << 40, -1])
    func glyphKeysMatchTheReference(_ symbol: Character, _ index: Int) {
        #expect(StableHash.of(symbol: symbol, index: index) == referenceKey(symbol, index))
        let unit = StableHash.unit(symbol: symbol, index: index)
        #expect(unit >= 0 && unit < 1)
        #expect(unit == Double(referenceKey(symbol, index) >> 11) / 9_007_199_254_740_992)
    }

    @Test func keysSeparateSymbolsAndIndices() {
        var seen = Set<UInt64>()
        for symbol in "abcdefghijklmnopqrstuvwxyz0123456789" {
            for index in 0..<50 { seen.insert(StableHash.of(symbol: symbol, index: index)) }
        }
        #expect(seen.count == 36 * 50)
    }
}
