/// The words of one text: glyph ranges `start(w)..<end(w)` for w in
/// `0..<count`, kept as one list of edges (start, end, start, end, …).
struct WordBoundaries {
    let edges: UnsafeMutablePointer<Int32>
    var count = 0

    /// Room for the words of `glyphs` glyphs, plus the scanner's speculative slot.
    init(glyphs: Int, arena: inout ScratchArena) {
        edges = arena.allocate(Int32.self, count: glyphs + 2)
    }

    @inline(__always)
    func start(_ word: Int) -> Int { Int(edges[2 &* word]) }

    @inline(__always)
    func end(_ word: Int) -> Int { Int(edges[2 &* word &+ 1]) }

    @inline(__always)
    func length(_ word: Int) -> Int { Int(edges[2 &* word &+ 1] &- edges[2 &* word]) }
}

/// Finds word boundaries glyph by glyph, without branches: each glyph's
/// index is written speculatively as the next edge and kept (by advancing a
/// counter) when whitespace starts or stops there, so irregular word
/// lengths cost no mispredictions.
struct WordScanner {
    private let edges: UnsafeMutablePointer<Int32>
    private var count = 0
    private var previousSpace = 1

    init(_ words: WordBoundaries) {
        edges = words.edges
    }

    /// Takes the glyph at `index`; `space` is 1 for whitespace, else 0.
    @inline(__always)
    mutating func step(index: Int, space: Int) {
        edges[count] = Int32(truncatingIfNeeded: index)
        count &+= space ^ previousSpace
        previousSpace = space
    }

    /// Closes the last word; returns the number of words.
    mutating func finish(count glyphs: Int) -> Int {
        if previousSpace == 0 {
            edges[count] = Int32(truncatingIfNeeded: glyphs)
            count &+= 1
        }
        return count / 2
    }
}

/// Finds the words of a text: maximal runs of non-whitespace glyphs.
///
/// - Complexity: O(*n*), without branches per glyph.
func scanWords(_ ids: UnsafeBufferPointer<Int32>, traits: [UInt8], arena: inout ScratchArena) -> WordBoundaries {
    var words = WordBoundaries(glyphs: ids.count, arena: &arena)
    var scanner = WordScanner(words)
    traits.withUnsafeBufferPointer { traits in
        for index in ids.indices {
            let bits = traits[Int(truncatingIfNeeded: ids[index])]
            scanner.step(index: index, space: Int(bits & GlyphTraits.whitespace))
        }
    }
    words.count = scanner.finish(count: ids.count)
    return words
}

/// The words of both texts, each given a token: equal words, equal tokens.
///
/// Tokens are assigned in order of first appearance (old text first) through
/// an open-addressing table keyed by a hash of the words' glyph ids, so they
/// are deterministic. A new word is first compared with the old word that
/// follows the last one it was found equal to: in similar texts that guess
/// is nearly always right and saves the hashing and the table's random
/// accesses. Words are read through `WordPrefix`, so most are hashed and
/// compared without a loop.
struct WordSegmentation {
    /// Words of the old text and their tokens, for w in `0..<oldCount`.
    let old: WordBoundaries
    let oldTokens: UnsafeMutablePointer<Int32>
    var oldCount: Int { old.count }
    /// Words of the new text, likewise.
    let new: WordBoundaries
    let newTokens: UnsafeMutablePointer<Int32>
    var newCount: Int { new.count }
    /// Tokens are in `0..<tokenCount`.
    let tokenCount: Int

    /// `old` and `new` must be followed by `WordPrefix.padding` readable ids.
    ///
    /// - Complexity: O(*n* + *m*) expected.
    init(
        old oldIDs: UnsafeBufferPointer<Int32>, oldWords: WordBoundaries, new newIDs: UnsafeBufferPointer<Int32>,
        newWords: WordBoundaries, arena: inout ScratchArena
    ) {
        old = oldWords
        new = newWords
        let oldCount = oldWords.count
        let newCount = newWords.count
        oldTokens = arena.allocate(Int32.self, count: oldCount)
        newTokens = arena.allocate(Int32.self, count: newCount)
        if oldCount + newCount <= 16 {
            // A label's few words: comparing with each earlier word beats hashing.
            var distinct = 0
            let knownStarts = arena.allocate(UnsafePointer<Int32>.self, count: oldCount + newCount)
            let knownLengths = arena.allocate(Int.self, count: oldCount + newCount)
            func token(_ start: UnsafePointer<Int32>, _ length: Int) -> Int32 {
                for index in 0..<distinct
                where knownLengths[index] == length && identicalRuns(knownStarts[index], start, length) {
                    return Int32(index)
                }
                knownStarts[distinct] = start
                knownLengths[distinct] = length
                distinct += 1
                return Int32(distinct - 1)
            }
            for w in 0..<oldCount { oldTokens[w] = token(oldIDs.baseAddress! + oldWords.start(w), oldWords.length(w)) }
            for w in 0..<newCount { newTokens[w] = token(newIDs.baseAddress! + newWords.start(w), newWords.length(w)) }
            tokenCount = distinct
            return
        }
        let masks = PrefixMasks(arena: &arena)
        var table = TokenTable(capacity: oldCount + newCount, masks: masks, arena: &arena)
        let oldBase = oldIDs.baseAddress!
        let newBase = newIDs.baseAddress!
        for w in 0..<oldCount {
            let start = oldBase + oldWords.start(w)
            let length = oldWords.length(w)
            let token = table.token(of: start, length: length, prefix: masks.prefix(start, length: length), oldWord: w)
            oldTokens[w] = Int32(truncatingIfNeeded: token)
        }
        var guess = 0
        for w in 0..<newCount {
            let start = newBase + newWords.start(w)
            let length = newWords.length(w)
            let prefix = masks.prefix(start, length: length)
            if guess < oldCount {
                let guessStart = oldBase + oldWords.start(guess)
                if oldWords.length(guess) == length && masks.prefix(guessStart, length: length) == prefix
                    && WordPrefix.restIsEqual(guessStart, start, length: length)
                {
                    newTokens[w] = oldTokens[guess]
                    guess &+= 1
                    continue
                }
            }
            let token = table.token(of: start, length: length, prefix: prefix, oldWord: -1)
            newTokens[w] = Int32(truncatingIfNeeded: token)
            // A word found once in the old text puts the guess right after it.
            let only = table.onlyOldWord(of: token)
            guess = only >= 0 ? only &+ 1 : guess &+ 1
        }
        tokenCount = table.count
    }
}

/// The first eight glyph ids of a word (zeros past its end), read with four
/// unaligned loads and masked by length: most words (eight glyphs or fewer)
/// are compared and hashed without a loop, whose varying length would cost
/// a mispredicted branch about once a word. Reads `padding` ids past a
/// word's start whatever its length, so id buffers carry that many spare ids.
struct WordPrefix: Equatable {
    /// Ids a prefix may read past the start of a word.
    static let padding = 8

    fileprivate var a: UInt64
    fileprivate var b: UInt64
    fileprivate var c: UInt64
    fileprivate var d: UInt64

    @inline(__always)
    static func == (left: WordPrefix, right: WordPrefix) -> Bool {
        (left.a ^ right.a) | (left.b ^ right.b) | (left.c ^ right.c) | (left.d ^ right.d) == 0
    }

    /// A hash of the whole word: the prefix, the length and any ids past the eighth.
    @inline(__always)
    func hash(start: UnsafePointer<Int32>, length: Int) -> UInt64 {
        var hash = (a &* 0x9E37_79B9_7F4A_7C15) ^ (b &* 0xC2B2_AE3D_27D4_EB4F)
        hash ^= (c &* 0x1656_67B1_9E37_79F9) ^ (d &* 0x85EB_CA77_C2B2_AE63)
        hash ^= UInt64(truncatingIfNeeded: length) &* 0x27D4_EB2F_1656_67C5
        var index = 8
        while index < length {
            hash = (hash ^ UInt64(UInt32(bitPattern: start[index]))) &* 0x0000_0100_0000_01B3
            index &+= 1
        }
        hash = (hash ^ hash >> 32) &* 0xD6E8_FEB8_6659_FD93
        return hash ^ hash >> 32
    }

    /// Whether two words of `length` glyphs with equal prefixes are equal.
    @inline(__always)
    static func restIsEqual(_ a: UnsafePointer<Int32>, _ b: UnsafePointer<Int32>, length: Int) -> Bool {
        length <= 8 || identicalRuns(a + 8, b + 8, length - 8)
    }
}

/// The masks that keep the first k of eight ids (k = 0...8), four words
/// each, for `WordPrefix`.
struct PrefixMasks {
    private let table: UnsafeMutablePointer<UInt64>

    init(arena: inout ScratchArena) {
        table = arena.allocate(UInt64.self, count: 36)
        for kept in 0...8 {
            for word in 0..<4 {
                let low: UInt64 = kept > 2 * word ? 0xFFFF_FFFF : 0
                let high: UInt64 = kept > 2 * word + 1 ? 0xFFFF_FFFF_0000_0000 : 0
                table[kept * 4 + word] = low | high
            }
        }
    }

    /// The prefix of the word of `length` ids at `start`.
    @inline(__always)
    func prefix(_ start: UnsafePointer<Int32>, length: Int) -> WordPrefix {
        let raw = UnsafeRawPointer(start)
        let masks = table + min(length, 8) &* 4
        return WordPrefix(
            a: raw.loadUnaligned(as: UInt64.self) & masks[0],
            b: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self) & masks[1],
            c: raw.loadUnaligned(fromByteOffset: 16, as: UInt64.self) & masks[2],
            d: raw.loadUnaligned(fromByteOffset: 24, as: UInt64.self) & masks[3])
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
    /// A token's first occurrence, its hash, and the old word it stands
    /// for when it occurs exactly once in the old text (else −1), together
    /// so that a lookup touches one entry.
    private struct Entry {
        var hash: UInt64
        var start: UnsafePointer<Int32>
        var length: Int32
        var onlyOld: Int32
    }

    private let slots: UnsafeMutablePointer<Int32>
    private let mask: Int
    private let shift: UInt64
    private let entries: UnsafeMutablePointer<Entry>
    private let masks: PrefixMasks
    private(set) var count = 0

    init(capacity: Int, masks: PrefixMasks, arena: inout ScratchArena) {
        var bits: UInt64 = 3
        while (1 << bits) < 2 * capacity { bits += 1 }
        mask = (1 << Int(bits)) - 1
        shift = 64 - bits
        slots = arena.allocate(repeating: -1, count: mask + 1)
        entries = arena.allocate(Entry.self, count: capacity)
        self.masks = masks
    }

    /// The token of the word of `length` glyph ids at `start` (whose prefix
    /// is given); `oldWord` is its index in the old text, or −1 for a new word.
    @inline(__always)
    mutating func token(of start: UnsafePointer<Int32>, length: Int, prefix: WordPrefix, oldWord: Int) -> Int {
        let hash = prefix.hash(start: start, length: length)
        var slot = Int(truncatingIfNeeded: hash >> shift)
        while true {
            let token = Int(slots[slot])
            if token < 0 {
                slots[slot] = Int32(truncatingIfNeeded: count)
                entries[count] = Entry(
                    hash: hash, start: start, length: Int32(truncatingIfNeeded: length),
                    onlyOld: Int32(truncatingIfNeeded: oldWord))
                count &+= 1
                return count &- 1
            }
            // Equal hashes and lengths almost always mean equal words; the ids decide.
            let entry = entries[token]
            if entry.hash == hash && Int(entry.length) == length && masks.prefix(entry.start, length: length) == prefix
                && WordPrefix.restIsEqual(entry.start, start, length: length)
            {
                if oldWord >= 0 { entries[token].onlyOld = -1 }
                return token
            }
            slot = (slot &+ 1) & mask
        }
    }

    /// The old word a token stands for when it occurs once in the old text, else −1.
    @inline(__always)
    func onlyOldWord(of token: Int) -> Int { Int(entries[token].onlyOld) }
}
