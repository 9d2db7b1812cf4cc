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

/// Finds the words of a text: maximal runs of non-whitespace glyphs.
///
/// Sixty-four glyphs at a time: their whitespace as one word of bits, read
/// eight glyphs at once from their narrow ids (see `GlyphInterner.narrow(of:)`),
/// whose changes from glyph to glyph are the word edges.
///
/// - Complexity: O(*n*).
func scanWords(_ ids: UnsafeBufferPointer<Int32>, narrow: UnsafePointer<UInt8>, arena: inout ScratchArena) -> WordBoundaries {
    var words = WordBoundaries(glyphs: ids.count, arena: &arena)
    let edges = words.edges
    let n = ids.count
    var count = 0
    // Whether the glyph before the chunk is whitespace (the text starts after some).
    var previous: UInt64 = 1
    if n < 32 {
        // A label: glyph by glyph, each glyph's index written as the next edge
        // and kept (by counting it) where whitespace starts or stops.
        for index in 0..<n {
            let byte = narrow[index]
            let space: UInt64 =
                byte < 64 ? ASCIIBlock.spaces >> UInt64(byte) & 1 : byte == GlyphInterner.wideSpace ? 1 : 0
            edges[count] = Int32(truncatingIfNeeded: index)
            count &+= Int(truncatingIfNeeded: space ^ previous)
            previous = space
        }
        if previous == 0 {
            edges[count] = Int32(truncatingIfNeeded: n)
            count &+= 1
        }
        words.count = count / 2
        return words
    }
    var base = 0
    while base < n {
        let chunk = min(64, n &- base)
        var spaces: UInt64 = 0
        var k = 0
        while k &+ 8 <= chunk {
            let word = UnsafeRawPointer(narrow + (base &+ k)).loadUnaligned(as: UInt64.self)
            spaces |= ASCIIBlock.gather(ASCIIBlock.narrowWhitespace(word)) << UInt64(k)
            k &+= 8
        }
        while k < chunk {
            let byte = narrow[base &+ k]
            let space =
                byte < 64 ? ASCIIBlock.spaces >> UInt64(byte) & 1 : byte == GlyphInterner.wideSpace ? 1 : 0
            spaces |= space << UInt64(k)
            k &+= 1
        }
        // A word starts or ends wherever whitespace starts or stops.
        var changes = spaces ^ (spaces << 1 | previous)
        if chunk < 64 { changes &= (1 << UInt64(chunk)) &- 1 }
        previous = spaces >> UInt64(chunk &- 1) & 1
        while changes != 0 {
            edges[count] = Int32(truncatingIfNeeded: base &+ changes.trailingZeroBitCount)
            count &+= 1
            changes &= changes &- 1
        }
        base &+= chunk
    }
    if previous == 0 {
        edges[count] = Int32(truncatingIfNeeded: n)
        count &+= 1
    }
    words.count = count / 2
    return words
}

/// The words of both texts, each given a token: equal words, equal tokens.
///
/// Tokens are assigned in order of first appearance (old text first), so
/// they are deterministic. A word of at most `WordKey.longest` glyphs has a
/// key (its narrow ids, two loads), found in a table of keys; a longer word
/// is hashed from its ids (`WordPrefix`) and found in a second table. A new word is first compared with the old word that
/// follows the last one it was found equal to: in similar texts that guess
/// is nearly always right and saves the tables' random accesses.
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

    /// `old` and `new` must be followed by `WordPrefix.padding` readable ids,
    /// and their narrow ids by `WordKey.padding` readable bytes.
    ///
    /// - Complexity: O(*n* + *m*) expected.
    init(
        old oldIDs: UnsafeBufferPointer<Int32>, oldNarrow: UnsafePointer<UInt8>, oldWords: WordBoundaries,
        new newIDs: UnsafeBufferPointer<Int32>, newNarrow: UnsafePointer<UInt8>, newWords: WordBoundaries,
        arena: inout ScratchArena
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
        var tokens = WordTokens(capacity: oldCount + newCount, arena: &arena)
        let oldBase = oldIDs.baseAddress!
        let newBase = newIDs.baseAddress!
        for w in 0..<oldCount {
            let start = oldWords.start(w)
            let length = oldWords.length(w)
            let key = WordKey(oldNarrow + start, length: length)
            let token = tokens.token(of: oldBase + start, length: length, key: key, oldWord: w, arena: &arena)
            oldTokens[w] = Int32(truncatingIfNeeded: token)
        }
        var guess = 0
        for w in 0..<newCount {
            let start = newWords.start(w)
            let length = newWords.length(w)
            let key = WordKey(newNarrow + start, length: length)
            if guess < oldCount && oldWords.length(guess) == length {
                let guessStart = oldWords.start(guess)
                let equal =
                    key.isValid
                    ? WordKey(oldNarrow + guessStart, length: length).matches(key)
                        && (key.isExact || identicalRuns(oldBase + guessStart, newBase + start, length))
                    : identicalRuns(oldBase + guessStart, newBase + start, length)
                if equal {
                    newTokens[w] = oldTokens[guess]
                    guess &+= 1
                    continue
                }
            }
            let token = tokens.token(of: newBase + start, length: length, key: key, oldWord: -1, arena: &arena)
            newTokens[w] = Int32(truncatingIfNeeded: token)
            // A word found once in the old text puts the guess right after it.
            let only = tokens.onlyOldWord(of: token)
            guess = only >= 0 ? only &+ 1 : guess &+ 1
        }
        tokenCount = tokens.count
    }
}

/// A word of at most `longest` glyphs as two machine words: its narrow ids
/// (see `GlyphInterner.narrow(of:)`), zero past its end, and its length in
/// the top byte (so a word that ends in NUL glyphs differs from a shorter
/// one). Different keys, different words; equal keys, equal words when the
/// key is exact (all its glyphs ASCII), else the ids decide.
struct WordKey {
    /// The longest word that has a key.
    static let longest = 15
    /// Narrow ids a key may read past the start of a word.
    static let padding = 16

    var low: UInt64
    var high: UInt64
    /// Whether equal keys alone mean equal words.
    var isExact: Bool

    init(low: UInt64, high: UInt64) {
        self.low = low
        self.high = high
        isExact = true
    }

    /// The key of the word of `length` narrow ids at `start`; not valid when
    /// the word is longer than `longest`.
    @inline(__always)
    init(_ start: UnsafePointer<UInt8>, length: Int) {
        let raw = UnsafeRawPointer(start)
        let lowBits = UInt64(truncatingIfNeeded: min(length, 8) &* 8)
        let highBits = UInt64(truncatingIfNeeded: max(min(length, 16) &- 8, 0) &* 8)
        low = raw.loadUnaligned(as: UInt64.self) & (UInt64.max >> (64 &- lowBits))
        high = raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self) & (UInt64.max >> (64 &- highBits))
        isExact = (low | high) & ASCIIBlock.high == 0
        // Not valid: a zero high word (no key has one).
        high = length <= Self.longest ? high | UInt64(truncatingIfNeeded: length) << 56 : 0
    }

    /// Whether the word has a key.
    @inline(__always)
    var isValid: Bool { high != 0 }

    /// Whether two keys are equal (which words they stand for aside).
    @inline(__always)
    func matches(_ other: WordKey) -> Bool { (low ^ other.low) | (high ^ other.high) == 0 }

    @inline(__always)
    var hash: UInt64 {
        let mixed = (low &* 0x9E37_79B9_7F4A_7C15) ^ (high &* 0xC2B2_AE3D_27D4_EB4F)
        return mixed ^ mixed >> 29
    }
}

/// Tokens for words, numbered from 0 in order of first appearance: keyed
/// words in one open-addressing table of keys, the others in a `TokenTable`.
private struct WordTokens {
    private var keys: UnsafeMutablePointer<WordKey>
    private var keyTokens: UnsafeMutablePointer<Int32>
    /// The ids of each keyed word's first occurrence, to tell apart words whose keys are not exact.
    private var keyStarts: UnsafeMutablePointer<UnsafePointer<Int32>>
    private var keyMask: Int
    private var keyShift: UInt64
    private var keyCount = 0
    private var others: TokenTable
    /// Per token: the old word it stands for while it occurs once in the old text, else −1.
    private let onlyOld: UnsafeMutablePointer<Int32>
    private(set) var count = 0

    init(capacity: Int, arena: inout ScratchArena) {
        onlyOld = arena.allocate(Int32.self, count: capacity)
        others = TokenTable(capacity: capacity, arena: &arena)
        // Room for a vocabulary, not for every word: the table grows when it fills.
        var bits: UInt64 = 9
        while (1 << bits) < capacity && bits < 12 { bits += 1 }
        keyMask = (1 << Int(bits)) &- 1
        keyShift = 64 &- bits
        keys = arena.allocate(repeating: WordKey(low: 0, high: 0), count: keyMask &+ 1)
        keyTokens = arena.allocate(Int32.self, count: keyMask &+ 1)
        keyStarts = arena.allocate(UnsafePointer<Int32>.self, count: keyMask &+ 1)
    }

    /// The token of a word (`oldWord` is its index in the old text, or −1 for a new word).
    @inline(__always)
    mutating func token(
        of start: UnsafePointer<Int32>, length: Int, key: WordKey, oldWord: Int, arena: inout ScratchArena
    ) -> Int {
        if !key.isValid {
            let (token, isNew) = others.token(of: start, length: length, next: count)
            return record(token, isNew: isNew, oldWord: oldWord)
        }
        var slot = Int(truncatingIfNeeded: key.hash >> keyShift)
        while true {
            let found = keys[slot]
            if found.matches(key) && (key.isExact || identicalRuns(keyStarts[slot], start, length)) {
                return record(Int(keyTokens[slot]), isNew: false, oldWord: oldWord)
            }
            if !found.isValid { break }
            slot = (slot &+ 1) & keyMask
        }
        keys[slot] = key
        keyTokens[slot] = Int32(truncatingIfNeeded: count)
        keyStarts[slot] = start
        keyCount &+= 1
        if 2 &* keyCount > keyMask { growKeys(arena: &arena) }
        return record(count, isNew: true, oldWord: oldWord)
    }

    @inline(__always)
    private mutating func record(_ token: Int, isNew: Bool, oldWord: Int) -> Int {
        if isNew {
            onlyOld[token] = Int32(truncatingIfNeeded: oldWord)
            count &+= 1
        } else if oldWord >= 0 {
            onlyOld[token] = -1
        }
        return token
    }

    private mutating func growKeys(arena: inout ScratchArena) {
        let oldKeys = keys, oldTokens = keyTokens, oldStarts = keyStarts, oldSize = keyMask &+ 1
        keyMask = 2 &* oldSize &- 1
        keyShift &-= 1
        keys = arena.allocate(repeating: WordKey(low: 0, high: 0), count: keyMask &+ 1)
        keyTokens = arena.allocate(Int32.self, count: keyMask &+ 1)
        keyStarts = arena.allocate(UnsafePointer<Int32>.self, count: keyMask &+ 1)
        for old in 0..<oldSize where oldKeys[old].isValid {
            var slot = Int(truncatingIfNeeded: oldKeys[old].hash >> keyShift)
            while keys[slot].isValid { slot = (slot &+ 1) & keyMask }
            keys[slot] = oldKeys[old]
            keyTokens[slot] = oldTokens[old]
            keyStarts[slot] = oldStarts[old]
        }
    }

    /// The old word a token stands for when it occurs once in the old text, else −1.
    @inline(__always)
    func onlyOldWord(of token: Int) -> Int { Int(onlyOld[token]) }
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
            hash = (hash ^ UInt64(UInt32(bitPattern: start[index]))) &* 0x9E37_79B9_7F4A_7C15
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

/// Open addressing from glyph-id runs to tokens, for the words `WordKey`
/// leaves out; its tokens are numbered by the caller.
private struct TokenTable {
    /// A token's first occurrence and its hash, together so that a lookup
    /// touches one entry.
    private struct Entry {
        var hash: UInt64
        var start: UnsafePointer<Int32>
        var length: Int32
        var token: Int32
    }

    private let slots: UnsafeMutablePointer<Int32>
    private let mask: Int
    private let shift: UInt64
    private let entries: UnsafeMutablePointer<Entry>
    private let masks: PrefixMasks
    private var count = 0

    init(capacity: Int, arena: inout ScratchArena) {
        var bits: UInt64 = 3
        while (1 << bits) < 2 * capacity { bits += 1 }
        mask = (1 << Int(bits)) - 1
        shift = 64 - bits
        slots = arena.allocate(repeating: -1, count: mask + 1)
        entries = arena.allocate(Entry.self, count: capacity)
        masks = PrefixMasks(arena: &arena)
    }

    /// The token of the word of `length` glyph ids at `start`, and whether it
    /// is new (then it is `next`).
    @inline(__always)
    mutating func token(of start: UnsafePointer<Int32>, length: Int, next: Int) -> (token: Int, isNew: Bool) {
        let prefix = masks.prefix(start, length: length)
        let hash = prefix.hash(start: start, length: length)
        var slot = Int(truncatingIfNeeded: hash >> shift)
        while true {
            let index = Int(slots[slot])
            if index < 0 {
                slots[slot] = Int32(truncatingIfNeeded: count)
                entries[count] = Entry(
                    hash: hash, start: start, length: Int32(truncatingIfNeeded: length),
                    token: Int32(truncatingIfNeeded: next))
                count &+= 1
                return (next, true)
            }
            // Equal hashes and lengths almost always mean equal words; the ids decide.
            let entry = entries[index]
            if entry.hash == hash && Int(entry.length) == length && masks.prefix(entry.start, length: length) == prefix
                && WordPrefix.restIsEqual(entry.start, start, length: length)
            {
                return (Int(entry.token), false)
            }
            slot = (slot &+ 1) & mask
        }
    }
}
