/// The words of one text: glyph ranges `starts[w]..<ends[w]` for w in `0..<count`.
struct WordBoundaries {
    let starts: UnsafeMutablePointer<Int32>
    let ends: UnsafeMutablePointer<Int32>
    var count = 0

    /// Room for `words` words, plus the scanner's speculative slot.
    init(capacity words: Int, arena: inout ScratchArena) {
        let capacity = words + 1
        starts = arena.allocate(Int32.self, count: capacity)
        ends = arena.allocate(Int32.self, count: capacity)
    }
}

/// Finds word boundaries glyph by glyph, without branches: every boundary
/// is written speculatively and kept by advancing a counter, so irregular
/// word lengths cost no mispredictions.
struct WordScanner {
    private let starts: UnsafeMutablePointer<Int32>
    private let ends: UnsafeMutablePointer<Int32>
    private var startCount = 0
    private var endCount = 0
    private var previousSpace = 1

    init(_ words: WordBoundaries) {
        starts = words.starts
        ends = words.ends
    }

    /// Takes the glyph at `index`; `space` is 1 for whitespace, else 0.
    @inline(__always)
    mutating func step(index: Int, space: Int) {
        starts[startCount] = Int32(truncatingIfNeeded: index)
        startCount &+= previousSpace & (space ^ 1)
        ends[endCount] = Int32(truncatingIfNeeded: index)
        endCount &+= (previousSpace ^ 1) & space
        previousSpace = space
    }

    /// Closes the last word; returns the number of words.
    mutating func finish(count: Int) -> Int {
        if previousSpace == 0 {
            ends[endCount] = Int32(truncatingIfNeeded: count)
            endCount &+= 1
        }
        return endCount
    }
}

/// The words of both texts, each given a token: equal words, equal tokens.
///
/// Tokens are assigned in order of first appearance (old text first) through
/// an open-addressing table keyed by a hash of the words' glyph ids (FNV-1a),
/// so they are deterministic.
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
        old: UnsafeBufferPointer<Int32>, oldWords: WordBoundaries, new: UnsafeBufferPointer<Int32>,
        newWords: WordBoundaries, arena: inout ScratchArena
    ) {
        oldStarts = oldWords.starts
        oldEnds = oldWords.ends
        oldCount = oldWords.count
        newStarts = newWords.starts
        newEnds = newWords.ends
        newCount = newWords.count
        oldTokens = arena.allocate(Int32.self, count: oldCount)
        newTokens = arena.allocate(Int32.self, count: newCount)
        if oldCount + newCount <= 16 {
            // A label's few words: comparing with each earlier word beats hashing.
            var distinct = 0
            let known = arena.allocate((UnsafePointer<Int32>, Int).self, count: oldCount + newCount)
            func token(_ start: UnsafePointer<Int32>, _ length: Int) -> Int32 {
                for index in 0..<distinct where known[index].1 == length && identicalRuns(known[index].0, start, length) {
                    return Int32(index)
                }
                known[distinct] = (start, length)
                distinct += 1
                return Int32(distinct - 1)
            }
            for w in 0..<oldCount { oldTokens[w] = token(old.baseAddress! + Int(oldStarts[w]), Int(oldEnds[w] &- oldStarts[w])) }
            for w in 0..<newCount { newTokens[w] = token(new.baseAddress! + Int(newStarts[w]), Int(newEnds[w] &- newStarts[w])) }
            tokenCount = distinct
            return
        }
        var table = TokenTable(capacity: oldCount + newCount, arena: &arena)
        for w in 0..<oldCount {
            oldTokens[w] = table.token(of: old.baseAddress! + Int(oldStarts[w]), length: Int(oldEnds[w] &- oldStarts[w]))
        }
        for w in 0..<newCount {
            newTokens[w] = table.token(of: new.baseAddress! + Int(newStarts[w]), length: Int(newEnds[w] &- newStarts[w]))
        }
        tokenCount = table.count
    }
}

/// Whether two runs of `length` glyph ids are equal.
@inline(__always)
func identicalRuns(_ a: UnsafePointer<Int32>, _ b: UnsafePointer<Int32>, _ length: Int) -> Bool {
    var index = 0
    while index < length {
        if a[index] != b[index] { return false }
        index &+= 1
    }
    return true
}

/// Open addressing from glyph-id runs to dense tokens.
private struct TokenTable {
    private let slots: UnsafeMutablePointer<Int32>
    private let mask: Int
    private let shift: UInt64
    /// The first occurrence of each token: start and length, and its hash.
    private let starts: UnsafeMutablePointer<UnsafePointer<Int32>>
    private let lengths: UnsafeMutablePointer<Int32>
    private let hashes: UnsafeMutablePointer<UInt64>
    private(set) var count = 0

    init(capacity: Int, arena: inout ScratchArena) {
        var bits: UInt64 = 3
        while (1 << bits) < 2 * capacity { bits += 1 }
        mask = (1 << Int(bits)) - 1
        shift = 64 - bits
        slots = arena.allocate(repeating: -1, count: mask + 1)
        starts = arena.allocate(UnsafePointer<Int32>.self, count: capacity)
        lengths = arena.allocate(Int32.self, count: capacity)
        hashes = arena.allocate(UInt64.self, count: capacity)
    }

    /// The token of the word of `length` glyph ids at `start`.
    mutating func token(of start: UnsafePointer<Int32>, length: Int) -> Int32 {
        // FNV-1a, then a finalizer: the slot comes from the top bits.
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        var index = 0
        while index < length {
            hash = (hash ^ UInt64(UInt32(bitPattern: start[index]))) &* 0x0000_0100_0000_01B3
            index &+= 1
        }
        hash = (hash ^ hash >> 32) &* 0xD6E8_FEB8_6659_FD93
        hash ^= hash >> 32
        var slot = Int(truncatingIfNeeded: hash >> shift)
        while true {
            let token = Int(slots[slot])
            if token < 0 {
                slots[slot] = Int32(count)
                starts[count] = start
                lengths[count] = Int32(length)
                hashes[count] = hash
                count += 1
                return Int32(count - 1)
            }
            if hashes[token] == hash && Int(lengths[token]) == length && identicalRuns(starts[token], start, length) {
                return Int32(token)
            }
            slot = (slot + 1) & mask
        }
    }
}
