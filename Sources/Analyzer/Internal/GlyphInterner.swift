/// Gives every distinct glyph a small integer, its identity from the diff to
/// the frame: the diff compares integers instead of `Character`s, and the
/// planner, the Director and frames refer to glyphs by the same integers.
///
/// Equal glyphs (Swift's `==`, canonical equivalence) get equal ids. A glyph
/// that is exactly one ASCII scalar has that scalar's value as its id; every
/// other glyph gets an id from 128 up, in order of first appearance
/// (`compact(keeping:)` renumbers the glyphs it keeps in the same order), so
/// ids never depend on hashing order or the process's hash seed.
///
/// Three lookups, cheapest first:
/// - a scalar of `ScalarClass` between two others of its class is a glyph by
///   itself, found in a table keyed by its value;
/// - a stretch of text between two such certain boundaries is segmented by
///   the standard library once, and its glyphs' ids are cached by its bytes;
/// - a glyph seen for the first time is compared with those seen before by
///   Swift's canonical equivalence, through a dictionary keyed by `Character`.
///   The dictionary is filled only once some glyph needs it ("promotion"):
///   until then every non-ASCII glyph is a scalar of `ScalarClass`, and no two
///   of those are equivalent, so text such as CJK needs no `Character` hashing.
struct GlyphInterner {
    /// The first id given to a glyph that is not a single ASCII scalar.
    static let firstExtraID: Int32 = 128

    /// The glyph of each id.
    private(set) var symbols = GlyphTable()
    /// `GlyphTraits` bits by id.
    private(set) var traits: [UInt8] = asciiTraits
    private var scalars = ScalarTable()
    private var runs = RunCache()
    private var byCharacter: [Character: Int32] = [:]
    /// Whether `byCharacter` holds every glyph with an id of 128 or more.
    private var promoted = false

    init() {}

    /// One past the largest id given so far.
    var tokenLimit: Int { symbols.count }


    // MARK: - Interning text

    /// Writes the id of each glyph of `text` to `ids` (room for `text.utf8.count`
    /// ids) and returns how many glyphs there are.
    ///
    /// - Complexity: O(*n*) in UTF-8 bytes; glyphs outside `ScalarClass` cost a
    ///   cache lookup, and the standard library's segmentation the first time
    ///   their stretch of text is seen.
    mutating func intern(_ text: String, into ids: UnsafeMutablePointer<Int32>) -> Int {
        var text = text
        return text.withUTF8 { intern(utf8: $0, into: ids) }
    }

    /// Writes the id of each glyph to `ids` (room for `glyphs.count` ids).
    ///
    /// - Complexity: O(*n*).
    mutating func intern<Glyphs: Collection<Character>>(_ glyphs: Glyphs, into ids: UnsafeMutablePointer<Int32>) {
        var index = 0
        for glyph in glyphs {
            ids[index] = id(of: glyph)
            index &+= 1
        }
    }

    /// The id of one glyph, interning it on first sight.
    mutating func id(of glyph: Character) -> Int32 {
        var glyph = glyph
        let found: Int32? = glyph.utf8.withContiguousStorageIfAvailable { bytes in
            if bytes.count == 1 && bytes[0] < 0x80 { return Int32(bytes[0]) }
            let (value, length) = decodeScalar(bytes, at: 0)
            if length == bytes.count && ScalarClass.standsAlone(value) { return scalarID(value) }
            return runIDs(bytes).flatMap { $0.count == 1 ? $0.first : nil }
        } ?? nil
        if let found { return found }
        return characterID(&glyph)
    }

    private mutating func intern(utf8 bytes: UnsafeBufferPointer<UInt8>, into ids: UnsafeMutablePointer<Int32>) -> Int {
        let count = bytes.count
        var written = 0
        var index = 0
        text: while index < count {
            // ASCII followed by ASCII, the common case, without decoding.
            while index &+ 1 < count {
                let byte = bytes[index]
                guard byte < 0x80 && byte != 0x0D && bytes[index &+ 1] < 0x80 else { break }
                ids[written] = Int32(byte)
                written &+= 1
                index &+= 1
            }
            guard index < count else { break }
            // Scalars that stand alone, each decoded once: the one after a glyph
            // is the next glyph's.
            var (value, length) = decodeScalar(bytes, at: index)
            while ScalarClass.standsAlone(value) {
                let next = index &+ length
                var following: UInt32 = 0, step = 0
                if next < count {
                    (following, step) = decodeScalar(bytes, at: next)
                    guard ScalarClass.standsAlone(following) else { break }
                }
                ids[written] = value < 0x80 ? Int32(value) : scalarID(value)
                written &+= 1
                index = next
                // The end of the text, or ASCII again: back to the ASCII loop.
                if next == count || following < 0x80 { continue text }
                (value, length) = (following, step)
            }
            // A stretch up to the next certain boundary: its glyphs from the cache,
            // or from the standard library's segmentation.
            var end = index &+ length
            var last = value
            while end < count {
                let (following, step) = decodeScalar(bytes, at: end)
                if ScalarClass.standsAlone(following) && !ScalarClass.joinsForward(last) { break }
                last = following
                end &+= step
            }
            let stretch = UnsafeBufferPointer(rebasing: bytes[index..<end])
            if let cached = runIDs(stretch) {
                for id in cached {
                    ids[written] = id
                    written &+= 1
                }
            } else {
                let first = written
                for glyph in String(decoding: stretch, as: UTF8.self) {
                    var glyph = glyph
                    ids[written] = characterID(&glyph)
                    written &+= 1
                }
                runs.insert(stretch, ids: UnsafeBufferPointer(start: ids + first, count: written &- first))
            }
            index = end
        }
        return written
    }

    // MARK: - The three lookups

    /// The id of a single-scalar glyph of `ScalarClass` (≥ 0x80).
    @inline(__always)
    private mutating func scalarID(_ value: UInt32) -> Int32 {
        if let id = scalars.id(of: value) { return id }
        return newScalar(value)
    }

    @inline(never)
    private mutating func newScalar(_ value: UInt32) -> Int32 {
        let id: Int32
        if promoted {
            var glyph = Character(Unicode.Scalar(value).unsafelyUnwrapped)
            id = characterID(&glyph)
        } else {
            id = assign(scalar: value, traits: ScalarClass.traits(value))
        }
        scalars.insert(value, id: id)
        return id
    }

    /// The ids a stretch of text was segmented into, if cached.
    @inline(__always)
    private func runIDs(_ bytes: UnsafeBufferPointer<UInt8>) -> ArraySlice<Int32>? {
        runs.ids(of: bytes)
    }

    /// The id of a glyph by Swift's canonical equivalence, interning it on first sight.
    @inline(never)
    private mutating func characterID(_ glyph: inout Character) -> Int32 {
        if let code = asciiCode(of: glyph) { return code }
        promote()
        if let id = byCharacter[glyph] { return id }
        // A few non-ASCII glyphs are canonically equivalent to an ASCII one
        // (U+212A KELVIN SIGN is "K"); they share its id.
        if let id = asciiEquivalents[glyph] {
            byCharacter[glyph] = id
            return id
        }
        let id = assign(glyph)
        byCharacter[glyph] = id
        return id
    }

    /// Fills the dictionary with every glyph interned by value so far.
    private mutating func promote() {
        guard !promoted else { return }
        promoted = true
        byCharacter.reserveCapacity(symbols.count - Int(Self.firstExtraID) + 16)
        for id in Int(Self.firstExtraID)..<symbols.count { byCharacter[symbols[id]] = Int32(id) }
    }

    /// A new id for a glyph that has none.
    private mutating func assign(_ glyph: Character) -> Int32 {
        let bits = GlyphTraits.of(glyph)
        precondition(symbols.count < Int(Int32.max), "more than 2³¹ distinct glyphs")
        symbols.append(glyph)
        traits.append(bits)
        return Int32(symbols.count - 1)
    }

    /// A new id for a single-scalar glyph that has none, by its value.
    private mutating func assign(scalar value: UInt32, traits bits: UInt8) -> Int32 {
        precondition(symbols.count < Int(Int32.max), "more than 2³¹ distinct glyphs")
        symbols.append(scalar: value)
        traits.append(bits)
        return Int32(symbols.count - 1)
    }

    // MARK: - Releasing

    /// Forgets every glyph with an id of 128 or more that `keep` does not hold,
    /// and numbers the ones kept 128, 129, … in their order. Returns the new
    /// id of every old id (−1 for a glyph forgotten; ASCII ids stay).
    ///
    /// - Complexity: O(ids + `keep`).
    mutating func compact(keeping keep: some Sequence<Int32>) -> [Int32] {
        let first = Int(Self.firstExtraID)
        var renumbered = [Int32](repeating: -1, count: symbols.count)
        for id in 0..<first { renumbered[id] = Int32(id) }
        for id in keep where Int(id) >= first && Int(id) < renumbered.count { renumbered[Int(id)] = 0 }
        var table = GlyphTable()
        var kept = asciiTraits
        for id in first..<symbols.count where renumbered[id] == 0 {
            renumbered[id] = Int32(table.count)
            if let value = symbols.scalar(at: id) { table.append(scalar: value) } else { table.append(symbols[id]) }
            kept.append(traits[id])
        }
        symbols = table
        traits = kept
        // The lookups are rebuilt from what is left.
        scalars = ScalarTable()
        runs = RunCache()
        byCharacter = [:]
        promoted = false
        var needsDictionary = false
        for id in first..<symbols.count {
            if let value = symbols.scalar(at: id), ScalarClass.standsAlone(value) {
                scalars.insert(value, id: Int32(id))
            } else {
                needsDictionary = true
            }
        }
        if needsDictionary { promote() }
        return renumbered
    }

    // MARK: - Traits

    /// Whether the glyph with this id is whitespace (`Character.isWhitespace`).
    @inline(__always)
    func isWhitespace(_ id: Int32) -> Bool { traits[Int(id)] & GlyphTraits.whitespace != 0 }

    /// Whether the glyph with this id is a minus sign ("-" or "−").
    @inline(__always)
    func isMinus(_ id: Int32) -> Bool { traits[Int(id)] & GlyphTraits.minus != 0 }

    /// The decimal digit value (Unicode category Nd) of the glyph with this id, or −1.
    @inline(__always)
    func digitValue(_ id: Int32) -> Int { GlyphTraits.digitValue(traits[Int(id)]) }

    @inline(__always)
    func isDigit(_ id: Int32) -> Bool { traits[Int(id)] >> 4 != 0 }

    /// The id of a glyph if it has been interned (or is single-scalar ASCII), without interning it.
    func existingID(of glyph: Character) -> Int32? {
        if let code = asciiCode(of: glyph) { return code }
        let scalars = glyph.unicodeScalars
        if scalars.count == 1, let scalar = scalars.first, ScalarClass.standsAlone(scalar.value),
            let id = self.scalars.id(of: scalar.value)
        {
            return id
        }
        if promoted, let id = byCharacter[glyph] { return id }
        if let id = asciiEquivalents[glyph] { return id }
        // Not promoted: the glyph may still equal a scalar interned by value.
        for id in Int(Self.firstExtraID)..<symbols.count where symbols[id] == glyph { return Int32(id) }
        return nil
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

    /// The decimal digit value of a traits byte, or −1.
    @inline(__always)
    static func digitValue(_ bits: UInt8) -> Int { Int(bits >> 4) - 1 }
}

/// The 128 ASCII glyphs, by scalar value.
private let asciiSymbols: [Character] = (0..<128).map { Character(Unicode.Scalar(UInt8($0))) }

/// Traits of the 128 ASCII glyphs.
private let asciiTraits: [UInt8] = asciiSymbols.map(GlyphTraits.of)

/// ASCII glyphs by themselves, to catch non-ASCII glyphs equal to them.
private let asciiEquivalents: [Character: Int32] = {
    var table: [Character: Int32] = [:]
    for code in 0..<128 { table[asciiSymbols[code]] = Int32(code) }
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
