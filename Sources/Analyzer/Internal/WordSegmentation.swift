/// The words of both texts (maximal runs of non-whitespace glyphs), each
/// given a token: equal words, equal tokens.
///
/// Tokens are assigned in order of first appearance (old text first) through
/// an open-addressing table keyed by an FNV-1a hash of the glyph ids, so they
/// are deterministic.
struct WordSegmentation {
    /// Words of the old text: glyph ranges `starts[w]..<ends[w]` and tokens, for w in `0..<oldCount`.
    let oldStarts: UnsafeMutablePointer<Int32>
    let oldEnds: UnsafeMutablePointer<Int32>
    let oldTokens: UnsafeMutablePointer<Int32>
    let oldCount: Int
    /// Words of the new text, likewise.
    let newStarts: UnsafeMutablePointer<Int32>
    let newEnds: UnsafeMutablePointer<Int32>
    let newTokens: UnsafeMutablePointer<Int32>
    let newCount: Int
    /// Tokens are in `0..<tokenCount`.
    let tokenCount: Int

    /// - Complexity: O(*n* + *m*) expected.
    init(
        old: UnsafeBufferPointer<Int32>, new: UnsafeBufferPointer<Int32>, interner: borrowing GlyphInterner,
        arena: inout ScratchArena
    ) {
        let oldCapacity = old.count / 2 + 1
        let newCapacity = new.count / 2 + 1
        oldStarts = arena.allocate(Int32.self, count: oldCapacity)
        oldEnds = arena.allocate(Int32.self, count: oldCapacity)
        oldTokens = arena.allocate(Int32.self, count: oldCapacity)
        newStarts = arena.allocate(Int32.self, count: newCapacity)
        newEnds = arena.allocate(Int32.self, count: newCapacity)
        newTokens = arena.allocate(Int32.self, count: newCapacity)
        oldCount = Self.split(old, interner: interner, starts: oldStarts, ends: oldEnds)
        newCount = Self.split(new, interner: interner, starts: newStarts, ends: newEnds)

        var table = TokenTable(capacity: oldCount + newCount, arena: &arena)
        for w in 0..<oldCount {
            oldTokens[w] = table.token(of: UnsafeBufferPointer(rebasing: old[Int(oldStarts[w])..<Int(oldEnds[w])]))
        }
        for w in 0..<newCount {
            newTokens[w] = table.token(of: UnsafeBufferPointer(rebasing: new[Int(newStarts[w])..<Int(newEnds[w])]))
        }
        tokenCount = table.count
    }

    private static func split(
        _ ids: UnsafeBufferPointer<Int32>, interner: borrowing GlyphInterner,
        starts: UnsafeMutablePointer<Int32>, ends: UnsafeMutablePointer<Int32>
    ) -> Int {
        var count = 0
        var index = 0
        while index < ids.count {
            while index < ids.count && interner.isWhitespace(ids[index]) { index += 1 }
            guard index < ids.count else { break }
            starts[count] = Int32(index)
            while index < ids.count && !interner.isWhitespace(ids[index]) { index += 1 }
            ends[count] = Int32(index)
            count += 1
        }
        return count
    }
}

/// Open addressing from glyph-id runs to dense tokens.
private struct TokenTable {
    private let slots: UnsafeMutablePointer<Int32>
    private let mask: Int
    private let shift: UInt64
    private let words: UnsafeMutablePointer<UnsafeBufferPointer<Int32>>
    private let hashes: UnsafeMutablePointer<UInt64>
    private(set) var count = 0

    init(capacity: Int, arena: inout ScratchArena) {
        var bits: UInt64 = 3
        while (1 << bits) < 2 * capacity { bits += 1 }
        mask = (1 << Int(bits)) - 1
        shift = 64 - bits
        slots = arena.allocate(repeating: -1, count: mask + 1)
        words = arena.allocate(UnsafeBufferPointer<Int32>.self, count: capacity)
        hashes = arena.allocate(UInt64.self, count: capacity)
    }

    mutating func token(of word: UnsafeBufferPointer<Int32>) -> Int32 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for id in word { hash = (hash ^ UInt64(UInt32(bitPattern: id))) &* 0x0000_0100_0000_01B3 }
        var index = Int(hash >> shift)
        while true {
            let token = slots[index]
            if token < 0 {
                slots[index] = Int32(count)
                words[count] = word
                hashes[count] = hash
                count += 1
                return Int32(count - 1)
            }
            if hashes[Int(token)] == hash && words[Int(token)].elementsEqual(word) { return token }
            index = (index + 1) & mask
        }
    }
}
