import Testing
@testable import Animator

/// The template tables' storage: elements stay where they were put while more are
/// appended (past the first chunk, which shares its allocation with the first chunk
/// table, and past the table's growth), and `keep` moves the kept ones to the front.
@Suite struct StableStorageTests {
    /// A value with a reference inside, so that a double free or a leak of an element shows.
    final class Token {
        let value: Int
        init(_ value: Int) { self.value = value }
    }

    @Test func pointersStayValidPastTheFirstChunkAndTheTablesGrowth() {
        var storage = StableStorage<(index: Int, label: String)>()
        var firsts: [UnsafeMutablePointer<(index: Int, label: String)>] = []
        // 16 a chunk, 4 chunks in the first table: 200 elements grow it twice.
        for k in 0..<200 {
            storage.append((k, "glyph \(k)"))
            if k % 16 == 0 { firsts.append(storage[k]) }
        }
        #expect(storage.count == 200)
        for (c, pointer) in firsts.enumerated() {
            #expect(pointer == storage[16 * c])
            #expect(pointer.pointee.index == 16 * c)
            #expect(pointer.pointee.label == "glyph \(16 * c)")
        }
        let sum = (0..<200).reduce(0) { $0 + storage[$1].pointee.index }
        #expect(sum == 199 * 200 / 2)
    }

    @Test func keepMovesTheKeptToTheFrontAndTheStorageFillsAgain() {
        var storage = StableStorage<Token>()
        var tokens: [Token] = []
        for k in 0..<40 {
            let token = Token(k)
            tokens.append(token)
            storage.append(token)
        }
        // The storage and `tokens` hold each one.
        for k in tokens.indices { #expect(!isKnownUniquelyReferenced(&tokens[k])) }
        storage.keep([3, 17, 39])
        #expect(storage.count == 3)
        #expect([0, 1, 2].map { storage[$0].pointee.value } == [3, 17, 39])
        // The dropped ones were released: `tokens` alone holds token 5.
        #expect(isKnownUniquelyReferenced(&tokens[5]))
        #expect(!isKnownUniquelyReferenced(&tokens[17]))
        // Emptied, it fills again from its first chunk, into the chunks it freed.
        storage.keep([])
        #expect(storage.count == 0)
        #expect(isKnownUniquelyReferenced(&tokens[17]))
        for k in 0..<50 { storage.append(Token(100 + k)) }
        #expect(storage.count == 50)
        #expect((0..<50).map { storage[$0].pointee.value } == Array(100..<150))
    }

    @Test func aStorageReleasesItsElementsWhenItGoes() {
        var tokens = (0..<80).map(Token.init)
        do {
            // Five chunks: past the first, and past the first table's four (it grows).
            var storage = StableStorage<Token>()
            for token in tokens { storage.append(token) }
            #expect(storage.count == 80)
            #expect(!isKnownUniquelyReferenced(&tokens[0]))
            #expect(!isKnownUniquelyReferenced(&tokens[79]))
        }
        for k in tokens.indices { #expect(isKnownUniquelyReferenced(&tokens[k])) }
    }

    @Test func elementsOfEveryAlignmentLandAligned() {
        var doubles = StableStorage<SIMD4<Double>>()
        var bytes = StableStorage<UInt8>()
        for k in 0..<20 {
            doubles.append(SIMD4(repeating: Double(k)))
            bytes.append(UInt8(k))
        }
        for k in 0..<20 {
            #expect(Int(bitPattern: doubles[k]) % MemoryLayout<SIMD4<Double>>.alignment == 0)
            #expect(doubles[k].pointee == SIMD4(repeating: Double(k)))
            #expect(bytes[k].pointee == UInt8(k))
        }
    }
}
