/// Gives every distinct glyph a small integer, so the diff compares integers
/// instead of `Character`s, and records per id what the diff needs to know
/// (whitespace, decimal digit, minus sign).
///
/// Equal glyphs (Swift's `==`, canonical equivalence) get equal ids. A
/// single-scalar ASCII glyph's id is its scalar value, found without hashing;
/// every other glyph gets an id from 128 up, in order of first appearance, so
/// ids never depend on hashing order or the process's hash seed.
struct GlyphInterner {
    /// The first id given to a non-ASCII glyph.
    static let firstExtraID: Int32 = 128

    private var idsByGlyph: [Character: Int32] = [:]
    /// `GlyphTraits` bits by id; room for 128 + `capacity` ids.
    private let traits: UnsafeMutablePointer<UInt8>
    private let capacity: Int
    private var extraCount = 0

    /// An interner for at most `capacity` distinct non-ASCII glyphs.
    init(capacity: Int, arena: inout ScratchArena) {
        self.capacity = capacity
        traits = arena.allocate(UInt8.self, count: Int(Self.firstExtraID) + capacity)
        asciiTraits.withUnsafeBufferPointer { traits.initialize(from: $0.baseAddress!, count: 128) }
    }

    /// One past the largest id given so far.
    var tokenLimit: Int { Int(Self.firstExtraID) + extraCount }

    /// Writes the id of each glyph to `ids` and finds the text's words
    /// (maximal runs of non-whitespace glyphs), in one pass. Returns the
    /// union of the glyphs' `GlyphTraits` bits (does the text hold
    /// whitespace? a digit?) and the words. `storedForms` reads ASCII codes
    /// through `SmallASCII` (which must be available) instead of `Character.utf8`.
    ///
    /// - Complexity: O(*n*), hashing only glyphs that are not single ASCII scalars.
    mutating func intern(
        _ glyphs: [Character], into ids: UnsafeMutablePointer<Int32>, storedForms: Bool = SmallASCII.isAvailable,
        arena: inout ScratchArena
    ) -> (traits: UInt8, words: WordBoundaries) {
        var words = WordBoundaries(glyphs: glyphs.count, arena: &arena)
        let found = glyphs.withUnsafeBufferPointer { buffer in
            storedForms
                ? internFast(buffer, into: ids, words: &words) : internPortable(buffer, into: ids, words: &words)
        }
        return (found, words)
    }

    private mutating func internFast(
        _ glyphs: UnsafeBufferPointer<Character>, into ids: UnsafeMutablePointer<Int32>, words: inout WordBoundaries
    ) -> UInt8 {
        intern(glyphs, into: ids, words: &words, codes: SmallASCIICodes.self)
    }

    private mutating func internPortable(
        _ glyphs: UnsafeBufferPointer<Character>, into ids: UnsafeMutablePointer<Int32>, words: inout WordBoundaries
    ) -> UInt8 {
        intern(glyphs, into: ids, words: &words, codes: PortableCodes.self)
    }

    @inline(__always)
    private mutating func intern<Codes: ASCIICodes>(
        _ glyphs: UnsafeBufferPointer<Character>, into ids: UnsafeMutablePointer<Int32>, words: inout WordBoundaries,
        codes: Codes.Type
    ) -> UInt8 {
        var scan = TextScan(words: words, traits: traits)
        var index = 0
        while true {
            // A loop without calls until a glyph that needs the dictionary.
            index = Self.scanASCII(glyphs, from: index, ids: ids, scan: &scan, codes: codes)
            guard index < glyphs.count else { break }
            let id = internSlow(glyphs[index])
            ids[index] = id
            scan.step(index: index, id: id)
            index += 1
        }
        words.count = scan.scanner.finish(count: glyphs.count)
        return scan.found
    }

    /// Scans single-ASCII-scalar glyphs from `start`; returns the index of
    /// the first other glyph (or the count). Kept out of line so the loop
    /// holds its state in registers.
    @inline(never)
    private static func scanASCII<Codes: ASCIICodes>(
        _ glyphs: UnsafeBufferPointer<Character>, from start: Int, ids: UnsafeMutablePointer<Int32>,
        scan: inout TextScan, codes: Codes.Type
    ) -> Int {
        var local = scan
        defer { scan = local }
        for index in start..<glyphs.count {
            let id = Codes.code(of: glyphs, at: index)
            if id < 0 { return index }
            ids[index] = id
            local.step(index: index, id: id)
        }
        return glyphs.count
    }

    /// The id of a glyph if it has been interned (or is single-scalar ASCII).
    func existingID(of glyph: Character) -> Int32? {
        if let code = asciiCode(of: glyph) { return code }
        if let id = idsByGlyph[glyph] { return id }
        return asciiEquivalents[glyph]
    }

    /// Whether the glyph with this id is whitespace (`Character.isWhitespace`).
    @inline(__always)
    func isWhitespace(_ id: Int32) -> Bool { traits[Int(id)] & GlyphTraits.whitespace != 0 }

    /// 1 when the glyph with this id is whitespace, else 0 (for branch-free loops).
    @inline(__always)
    func whitespaceBit(_ id: Int32) -> Int { Int(traits[Int(truncatingIfNeeded: id)] & GlyphTraits.whitespace) }

    /// Whether the glyph with this id is a minus sign ("-" or "−").
    @inline(__always)
    func isMinus(_ id: Int32) -> Bool { traits[Int(id)] & GlyphTraits.minus != 0 }

    /// The decimal digit value (Unicode category Nd) of the glyph with this id, or −1.
    @inline(__always)
    func digitValue(_ id: Int32) -> Int { Int(traits[Int(id)] >> 4) - 1 }

    @inline(__always)
    func isDigit(_ id: Int32) -> Bool { traits[Int(id)] >> 4 != 0 }

    @inline(never)
    private mutating func internSlow(_ glyph: Character) -> Int32 {
        if let code = asciiCode(of: glyph) { return code }
        if let id = idsByGlyph[glyph] { return id }
        // A few non-ASCII scalars are canonically equivalent to an ASCII one
        // (U+212A KELVIN SIGN is "K"); they must share its id.
        if let id = asciiEquivalents[glyph] {
            idsByGlyph[glyph] = id
            return id
        }
        precondition(extraCount < capacity, "more distinct glyphs than the interner was sized for")
        let id = Self.firstExtraID + Int32(extraCount)
        traits[Int(id)] = GlyphTraits.of(glyph)
        extraCount += 1
        idsByGlyph[glyph] = id
        return id
    }
}

/// How the interning pass reads a glyph's ASCII code: the scalar value of a
/// glyph that is exactly one ASCII scalar, else −1 (the glyph is then
/// interned by hashing, so a −1 for an ASCII glyph costs time, not
/// correctness).
private protocol ASCIICodes {
    static func code(of glyphs: UnsafeBufferPointer<Character>, at index: Int) -> Int32
}

/// Codes read from the stored form of small strings (`SmallASCII`).
private enum SmallASCIICodes: ASCIICodes {
    @inline(__always)
    static func code(of glyphs: UnsafeBufferPointer<Character>, at index: Int) -> Int32 {
        SmallASCII.code(at: UnsafeRawPointer(glyphs.baseAddress.unsafelyUnwrapped), index: index)
    }
}

/// Codes read through the glyph's UTF-8 view.
private enum PortableCodes: ASCIICodes {
    @inline(__always)
    static func code(of glyphs: UnsafeBufferPointer<Character>, at index: Int) -> Int32 {
        glyphs[index].utf8.withContiguousStorageIfAvailable { bytes in
            bytes.count == 1 && bytes[0] < 0x80 ? Int32(bytes[0]) : -1
        } ?? -1
    }
}

/// The state of the interning pass over one text: the union of the traits
/// seen and the word scanner.
private struct TextScan {
    var scanner: WordScanner
    let traits: UnsafeMutablePointer<UInt8>
    var found: UInt8 = 0

    init(words: WordBoundaries, traits: UnsafeMutablePointer<UInt8>) {
        scanner = WordScanner(words)
        self.traits = traits
    }

    @inline(__always)
    mutating func step(index: Int, id: Int32) {
        let bits = traits[Int(truncatingIfNeeded: id)]
        found |= bits
        scanner.step(index: index, space: Int(bits & GlyphTraits.whitespace))
    }
}

/// The traits byte of a glyph: bit 0 whitespace, bit 1 minus sign, bits 4–7
/// the decimal digit value plus one (0: not a digit).
enum GlyphTraits {
    static let whitespace: UInt8 = 1
    static let minus: UInt8 = 2
    static let digits: UInt8 = 0xF0

    static func of(_ glyph: Character) -> UInt8 {
        var bits: UInt8 = glyph.isWhitespace ? whitespace : 0
        if glyph == "-" || glyph == "\u{2212}" { bits |= minus }
        let scalars = glyph.unicodeScalars
        if scalars.count == 1, let scalar = scalars.first, scalar.properties.generalCategory == .decimalNumber,
            let value = scalar.properties.numericValue, (0...9).contains(value)
        {
            bits |= UInt8(value + 1) << 4
        }
        return bits
    }
}

/// Traits of the 128 ASCII glyphs.
private let asciiTraits: [UInt8] = (0..<128).map { GlyphTraits.of(Character(Unicode.Scalar(UInt8($0)))) }

/// ASCII glyphs by themselves, to catch non-ASCII glyphs equal to them.
private let asciiEquivalents: [Character: Int32] = {
    var table: [Character: Int32] = [:]
    for code in 0..<128 { table[Character(Unicode.Scalar(UInt8(code)))] = Int32(code) }
    return table
}()

/// The scalar value of a glyph that is exactly one ASCII scalar, else `nil`.
///
/// `Character.asciiValue` is not used: it maps CR LF to LF.
@inline(__always)
func asciiCode(of glyph: Character) -> Int32? {
    let utf8 = glyph.utf8
    guard utf8.count == 1 else { return nil }
    let byte = utf8[utf8.startIndex]
    return byte < 0x80 ? Int32(byte) : nil
}

/// Reads and writes one-byte ASCII glyphs in their stored form.
///
/// On 64-bit platforms the standard library stores a one-byte string inline:
/// the byte in the first word, and in the top byte of the second word a
/// discriminator marking it small (immortal, no storage to own), ASCII and
/// one byte long (its ABI-stable small-string form). Three things follow,
/// and each is measured to pay (DESIGN.md section 6's cases; see the
/// commit history):
/// - reading a glyph's code from those two words is cheaper than going
///   through `Character.utf8` (about 5 % of a 10,000-glyph diff);
/// - such a glyph owns nothing, so it can be copied bit for bit, without
///   the retain call (a call per mutation) that a copy otherwise makes;
/// - a string literal of that form can be turned into another one-byte
///   ASCII glyph by writing its byte, so ASCII text becomes glyphs without
///   a retain per glyph.
///
/// The layout is checked once against known characters, reading and
/// writing; where it does not hold, `isAvailable` is false and everything
/// takes the portable path (which tests compare with this one). A glyph
/// stored any other way simply misses the fast path, so correctness never
/// depends on it.
enum SmallASCII {
    private static let marker: UInt64 = 0xE100_0000_0000_0000

    static let isAvailable: Bool = {
        guard MemoryLayout<Character>.size == 16, MemoryLayout<Character>.stride == 16 else { return false }
        let probes: [Character] = ["A", "\n", "~", "\r\n", "é", "👍"]
        let codes = probes.withUnsafeBufferPointer { buffer in
            buffer.indices.map { code(at: UnsafeRawPointer(buffer.baseAddress!), index: $0) }
        }
        guard codes == [65, 10, 126, -1, -1, -1] else { return false }
        // Written glyphs and bit-for-bit copies must be the glyphs they claim to be.
        var written: [Character] = [" ", " ", " "]
        var copies: [Character] = [" ", " ", " "]
        written.withUnsafeMutableBufferPointer { buffer in
            for (index, code) in [65, 10, 126].enumerated() {
                setCode(UInt8(code), at: UnsafeMutableRawPointer(buffer.baseAddress!), index: index)
            }
        }
        probes.withUnsafeBufferPointer { source in
            copies.withUnsafeMutableBufferPointer { buffer in
                UnsafeMutableRawPointer(buffer.baseAddress!).copyMemory(
                    from: UnsafeRawPointer(source.baseAddress!), byteCount: 3 * MemoryLayout<Character>.stride)
            }
        }
        let expected: [Character] = ["A", "\n", "~"]
        return written == expected && copies == expected && written.map(\.utf8.count) == [1, 1, 1]
            && String(written) == "A\n~"
    }()

    /// Turns the one-byte ASCII glyph at `index` of a `Character` buffer into
    /// the glyph of `code` (< 0x80): only its byte changes, and neither
    /// owns storage.
    @inline(__always)
    static func setCode(_ code: UInt8, at base: UnsafeMutableRawPointer, index: Int) {
        base.storeBytes(of: UInt64(code), toByteOffset: index &* 16, as: UInt64.self)
    }

    /// The ASCII code of the glyph at `index` of a `Character` buffer, or −1.
    @inline(__always)
    static func code(at base: UnsafeRawPointer, index: Int) -> Int32 {
        let low = base.load(fromByteOffset: index &* 16, as: UInt64.self)
        let high = base.load(fromByteOffset: index &* 16 &+ 8, as: UInt64.self)
        return high == marker && low < 0x80 ? Int32(truncatingIfNeeded: low) : -1
    }
}
