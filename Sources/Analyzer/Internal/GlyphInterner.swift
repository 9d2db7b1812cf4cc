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
/// Segmentation needs the grapheme rules only where glyphs can join; the
/// lookups, cheapest first:
/// - ASCII (but a carriage return) followed by ASCII is a glyph per byte, its
///   id the byte: eight bytes at a time;
/// - a scalar of `ScalarClass` between two others of its class is a glyph by
///   itself, found by its value in `ScalarPages` (two loads, no hashing);
/// - text that is not ASCII, from a certain glyph boundary up to the next
///   ASCII byte (a "piece": a word of Cyrillic, a few emoji with their
///   modifiers and joiners), has the same glyphs wherever it occurs: its ids
///   are cached by its bytes (`PieceCache` for short pieces, `RunCache`);
/// - a stretch of text between two certain boundaries that is neither is
///   segmented by the standard library once, and cached by its bytes;
/// - a glyph seen for the first time is compared with those seen before by
///   Swift's canonical equivalence, through a dictionary keyed by `Character`.
///   The dictionary is filled only once some glyph needs it ("promotion"):
///   until then every non-ASCII glyph is a scalar of `ScalarClass`, and no two
///   of those are equivalent, so text such as CJK needs no `Character` hashing.
///
/// Interning also writes each glyph's narrow id (`narrow(of:)`) and the union
/// of the glyphs' traits, for the word scan and the number parse.
struct GlyphInterner {
    /// The first id given to a glyph that is not a single ASCII scalar.
    static let firstExtraID: Int32 = 128

    /// The glyph of each id.
    private(set) var symbols = GlyphTable()
    /// `GlyphTraits` bits by id.
    private(set) var traits: [UInt8] = asciiTraits
    /// Made on first use: an analysis of ASCII text makes none.
    private var scalars: ScalarPages?
    /// Whether some glyph has been given the id of an equivalent glyph written
    /// with other bytes (a decomposed "é" after a precomposed one): then a
    /// glyph's bytes in a text may not be its symbol's, and a continued
    /// analysis cannot find a text's bytes from its glyphs.
    private(set) var hasAliases = false
    private var runs = RunCache()
    private var pieces: PieceCache?
    private var byCharacter: [Character: Int32] = [:]
    /// Whether `byCharacter` holds every glyph with an id of 128 or more.
    private var promoted = false

    init() {}

    /// One past the largest id given so far.
    var tokenLimit: Int { symbols.count }


    // MARK: - Interning text

    /// Writes the id of each glyph of `text` to `ids` (room for `text.utf8.count`
    /// ids); returns how many glyphs there are and the union of their
    /// `GlyphTraits` (whitespace and digit bits only: see `GlyphTraits.union`).
    ///
    /// - Complexity: O(*n*) in UTF-8 bytes; glyphs outside `ScalarClass` cost a
    ///   cache lookup, and the standard library's segmentation the first time
    ///   their stretch of text is seen.
    ///
    /// `narrow` (room for as many bytes) receives each glyph's narrow id (see
    /// `narrow(of:)`): words are then scanned, compared and hashed eight glyphs
    /// per load.
    mutating func intern(
        _ text: String, into ids: UnsafeMutablePointer<Int32>, narrow: UnsafeMutablePointer<UInt8>
    ) -> (count: Int, traits: UInt8) {
        var text = text
        return text.withUTF8 { intern(utf8: $0, into: ids, narrow: narrow) }
    }

    /// `intern(_:into:narrow:)` without the narrow ids.
    mutating func intern(_ text: String, into ids: UnsafeMutablePointer<Int32>) -> (count: Int, traits: UInt8) {
        let narrow = UnsafeMutablePointer<UInt8>.allocate(capacity: max(text.utf8.count, 1))
        defer { narrow.deallocate() }
        return intern(text, into: ids, narrow: narrow)
    }

    /// Writes the id of each glyph to `ids` and its narrow id to `narrow`
    /// (room for `glyphs.count` of each); returns the union of their traits,
    /// as `intern(_:into:narrow:)` does.
    ///
    /// - Complexity: O(*n*).
    @discardableResult
    mutating func intern<Glyphs: Collection<Character>>(
        _ glyphs: Glyphs, into ids: UnsafeMutablePointer<Int32>, narrow: UnsafeMutablePointer<UInt8>? = nil
    ) -> UInt8 {
        // An array's glyphs are read in place, without the generic iterator.
        if let union = glyphs.withContiguousStorageIfAvailable({ intern(contiguous: $0, into: ids, narrow: narrow) }) {
            return union
        }
        var index = 0
        var union: UInt8 = 0
        for glyph in glyphs {
            let id = id(of: glyph)
            ids[index] = id
            narrow?[index] = self.narrow(of: id)
            union |= traits[Int(id)]
            index &+= 1
        }
        return GlyphTraits.union(union)
    }

    private mutating func intern(
        contiguous glyphs: UnsafeBufferPointer<Character>, into ids: UnsafeMutablePointer<Int32>,
        narrow: UnsafeMutablePointer<UInt8>?
    ) -> UInt8 {
        var union: UInt8 = 0
        for index in glyphs.indices {
            let id = id(of: glyphs[index])
            ids[index] = id
            narrow?[index] = self.narrow(of: id)
            union |= traits[Int(id)]
        }
        return GlyphTraits.union(union)
    }

    /// The narrow id of every glyph that is whitespace and not ASCII.
    static let wideSpace: UInt8 = 0xFF

    /// A glyph's id as one byte: the id itself when the glyph is ASCII; else
    /// `wideSpace` when it is whitespace, and 0x80 plus the id's low six bits
    /// when not. Equal glyphs have equal narrow ids, and a narrow id below 0x80
    /// is the glyph.
    @inline(__always)
    func narrow(of id: Int32) -> UInt8 {
        if id < 0x80 { return UInt8(truncatingIfNeeded: id) }
        return traits[Int(id)] & GlyphTraits.whitespace != 0 ? Self.wideSpace : Self.wideNarrow(id)
    }

    /// The narrow id of a glyph that is not ASCII and not whitespace.
    @inline(__always)
    static func wideNarrow(_ id: Int32) -> UInt8 { 0x80 | UInt8(truncatingIfNeeded: id & 0x3F) }

    /// The narrow id of a single-scalar glyph of `ScalarClass` with this id.
    @inline(__always)
    static func narrow(scalar value: UInt32, id: Int32) -> UInt8 {
        if value < 0x80 { return UInt8(truncatingIfNeeded: value) }
        return value == 0xA0 || value == 0x3000 ? wideSpace : wideNarrow(id)
    }

    /// The id of one glyph, interning it on first sight.
    mutating func id(of glyph: Character) -> Int32 {
        var glyph = glyph
        let found: Int32? = glyph.utf8.withContiguousStorageIfAvailable { bytes in
            if bytes.count == 1 && bytes[0] < 0x80 { return Int32(bytes[0]) }
            let (value, length) = decodeScalar(bytes, at: 0)
            if length == bytes.count && ScalarClass.standsAlone(value) { return scalarID(value) }
            return runs.onlyID(of: bytes)
        } ?? nil
        if let found { return found }
        return characterID(&glyph)
    }

    /// `intern(_:into:narrow:)` over UTF-8 bytes that start at a glyph boundary.
    mutating func intern(
        utf8 bytes: UnsafeBufferPointer<UInt8>, into ids: UnsafeMutablePointer<Int32>, narrow: UnsafeMutablePointer<UInt8>
    ) -> (count: Int, traits: UInt8) {
        guard let base = bytes.baseAddress else { return (0, 0) }
        let count = bytes.count
        var written = 0
        var index = 0
        var union: UInt8 = 0
        // ASCII bytes below 64 seen one at a time, as bits (whitespace and digits are among them).
        var lowBytes: UInt64 = 0
        while index < count {
            // Eight ASCII bytes at a time, widened to ids in one go: up to the
            // first carriage return, or up to the byte before the first byte
            // that is not ASCII (an ASCII letter before a combining mark is not
            // a glyph by itself). All eight are stored; those past the glyphs
            // taken are overwritten by the glyphs that follow.
            while index &+ 8 <= count {
                let block = UnsafeRawPointer(base + index).loadUnaligned(as: SIMD8<UInt8>.self)
                let word = unsafeBitCast(block, to: UInt64.self)
                let stops = word & ASCIIBlock.high | ASCIIBlock.zeroBytes(word ^ 0x0D &* ASCIIBlock.ones)
                var take = 8
                if stops != 0 {
                    let stop = stops.trailingZeroBitCount >> 3
                    take = word >> UInt64(stop &* 8) & 0x80 != 0 ? max(stop &- 1, 0) : stop
                } else if index &+ 8 < count && base[index &+ 8] >= 0x80 {
                    take = 7
                }
                union |= ASCIIBlock.traits(word & UInt64.max >> UInt64(64 &- take &* 8))
                UnsafeMutableRawPointer(narrow + written).storeBytes(of: word, as: UInt64.self)
                UnsafeMutableRawPointer(ids + written).storeBytes(
                    of: SIMD8<Int32>(truncatingIfNeeded: block), as: SIMD8<Int32>.self)
                written &+= take
                index &+= take
                if take < 8 { break }
            }
            // ASCII followed by ASCII (or ending the text), one byte at a time.
            while index < count {
                let byte = base[index]
                guard byte < 0x80 && byte != 0x0D && (index &+ 1 == count || base[index &+ 1] < 0x80) else { break }
                lowBytes |= byte < 64 ? 1 &<< UInt64(byte) : 0
                ids[written] = Int32(byte)
                narrow[written] = byte
                written &+= 1
                index &+= 1
            }
            guard index < count else { break }
            // A short piece (see `pieceEnd`) is found by its bytes in one table.
            if index &+ 16 <= count && base[index] != 0x0D {
                let raw = UnsafeRawPointer(base + index)
                let first = raw.loadUnaligned(as: UInt64.self)
                let second = raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
                // The first ASCII byte after the piece's first byte ends it.
                let ascii = ~first & ASCIIBlock.high & ~0x80, asciiLater = ~second & ASCIIBlock.high
                let length =
                    ascii != 0
                    ? ascii.trailingZeroBitCount >> 3
                    : asciiLater != 0 ? 8 &+ asciiLater.trailingZeroBitCount >> 3 : 16
                if length >= 2 && length <= PieceCache.longest {
                    let key = PieceCache.key(first, second, length: length)
                    if let (cached, bits) = pieces?.copyIDs(
                        low: key.low, high: key.high, into: ids + written, narrow: narrow + written)
                    {
                        union |= bits
                        written &+= cached
                        index &+= length
                        continue
                    }
                    // Not cached: a piece only when its last scalar does not join the ASCII byte after it.
                    let end = index &+ length
                    var last = end &- 1
                    while base[last] & 0xC0 == 0x80 { last &-= 1 }
                    if !ScalarClass.joinsASCII(decodeScalar(bytes, at: last).value) {
                        let start = written
                        let bits = internPiece(bytes, from: &index, to: end, into: ids, narrow: narrow, at: &written)
                        union |= bits
                        if pieces == nil { pieces = PieceCache() }
                        pieces!.insert(
                            low: key.low, high: key.high, ids: UnsafeBufferPointer(start: ids + start, count: written &- start),
                            narrow: narrow + start, traits: bits)
                        continue
                    }
                }
            }
            guard let end = Self.pieceEnd(bytes, from: index) else {
                index = internScalars(bytes, from: index, into: ids, narrow: narrow, at: &written, traits: &union)
                continue
            }
            // A piece of text that is not ASCII, with the glyph before it (which
            // it may extend), up to the next ASCII byte: a word of Cyrillic, a
            // few emoji. Its ids come from the cache, or are found and cached.
            let piece = UnsafeBufferPointer(start: base + index, count: end &- index)
            let hash = RunCache.hash(piece)
            if let (cached, bits) = runs.copyIDs(of: piece, hash: hash, into: ids + written, narrow: narrow + written) {
                union |= bits
                written &+= cached
                index = end
                continue
            }
            let first = written
            let bits = internPiece(bytes, from: &index, to: end, into: ids, narrow: narrow, at: &written)
            union |= bits
            runs.insert(
                piece, hash: hash, ids: UnsafeBufferPointer(start: ids + first, count: written &- first),
                narrow: narrow + first, traits: bits)
        }
        union |= ASCIIBlock.traits(ofLowBytes: lowBytes)
        return (written, GlyphTraits.union(union))
    }

    /// Interns a piece not cached yet (see `pieceEnd`), from `index` up to
    /// `end`, as any text; returns the union of its glyphs' traits.
    private mutating func internPiece(
        _ bytes: UnsafeBufferPointer<UInt8>, from index: inout Int, to end: Int, into ids: UnsafeMutablePointer<Int32>,
        narrow: UnsafeMutablePointer<UInt8>, at written: inout Int
    ) -> UInt8 {
        // Bounded at the piece's end: a boundary there is certain.
        let bounded = UnsafeBufferPointer(start: bytes.baseAddress, count: end)
        var bits: UInt8 = 0
        while index < end {
            index = internScalars(bounded, from: index, into: ids, narrow: narrow, at: &written, traits: &bits)
        }
        return GlyphTraits.union(bits)
    }

    /// The most bytes a piece (see `pieceEnd`) may hold.
    private static let longestPiece = 64

    /// Where the piece of text that starts at `index` ends: the next ASCII byte
    /// (or the end of the text), when it is at most `longestPiece` bytes away,
    /// the piece holds a byte that is not ASCII, and its last scalar does not
    /// join an ASCII scalar (so a glyph boundary is certain there); else nil.
    /// A piece never starts with a carriage return.
    ///
    /// A piece starts where a glyph certainly starts (the loops before it stop
    /// only there) and ends where one certainly ends, so its glyphs are the
    /// same wherever it occurs: it can be cached by its bytes.
    @inline(__always)
    private static func pieceEnd(_ bytes: UnsafeBufferPointer<UInt8>, from index: Int) -> Int? {
        let base = bytes.baseAddress!, count = bytes.count
        guard base[index] != 0x0D else { return nil }
        let limit = min(count, index &+ longestPiece)
        var end = index &+ 1
        while end &+ 8 <= limit {
            let ascii = ~UnsafeRawPointer(base + end).loadUnaligned(as: UInt64.self) & ASCIIBlock.high
            if ascii != 0 {
                end &+= ascii.trailingZeroBitCount >> 3
                break
            }
            end &+= 8
        }
        while end < limit && base[end] >= 0x80 { end &+= 1 }
        // No ASCII byte near enough, or no byte that is not ASCII.
        if end == limit && limit < count { return nil }
        guard end > index &+ 1 || base[index] >= 0x80 else { return nil }
        if end < count {
            var last = end &- 1
            while base[last] & 0xC0 == 0x80 { last &-= 1 }
            if ScalarClass.joinsASCII(decodeScalar(bytes, at: last).value) { return nil }
        }
        return end
    }

    /// Interns glyphs from `index` on: scalars that stand alone, each decoded
    /// and looked up once (the one after a glyph is the next glyph's), and the
    /// stretch after them, if any; stops before an ASCII byte, at the end of a
    /// stretch, or at the end of `bytes`. Returns where it stopped; adds the
    /// glyphs' traits to `union`.
    @inline(never)
    private mutating func internScalars(
        _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, into ids: UnsafeMutablePointer<Int32>,
        narrow: UnsafeMutablePointer<UInt8>, at written: inout Int, traits union: inout UInt8
    ) -> Int {
        let base = bytes.baseAddress!, count = bytes.count
        let pages = scalars?.directory ?? ScalarPages.emptyDirectory
        var index = start
        // A scalar the pages know stands alone; one they do not know is classified.
        var (value, length) = decodeScalar(bytes, at: index)
        var known = Self.knownID(of: value, in: pages)
        while known >= 0 || ScalarClass.standsAlone(value) {
            // Three-byte scalars the pages know, each followed by another
            // (CJK, kana, hangul syllables): decoded without branching on length.
            if length == 3 && known >= 0 {
                while index &+ 6 <= count {
                    let lead = base[index &+ 3]
                    guard lead & 0xF0 == 0xE0 else { break }
                    let following =
                        UInt32(lead & 0x0F) << 12 | UInt32(base[index &+ 4] & 0x3F) << 6
                        | UInt32(base[index &+ 5] & 0x3F)
                    let followingID = ScalarPages.id(of: following, in: pages)
                    guard followingID >= 0 else { break }
                    ids[written] = known
                    narrow[written] = value == 0x3000 ? Self.wideSpace : Self.wideNarrow(known)
                    if value == 0x3000 || value &- 0xFF10 < 10 { union |= ScalarClass.traits(value) }
                    written &+= 1
                    index &+= 3
                    (value, known) = (following, followingID)
                }
            }
            let next = index &+ length
            var following: UInt32 = 0, step = 0, followingID: Int32 = -1
            if next < count {
                (following, step) = decodeScalar(bytes, at: next)
                followingID = Self.knownID(of: following, in: pages)
                guard followingID >= 0 || ScalarClass.standsAlone(following) else { break }
            }
            // An unknown scalar may have been numbered since it was looked up
            // (when it came twice in a row): look again before numbering it.
            let id = known >= 0 ? known : scalarID(value)
            ids[written] = id
            narrow[written] = Self.narrow(scalar: value, id: id)
            union |= value < 0x80 ? ASCIIBlock.traits(UInt64(value)) : ScalarClass.traits(value)
            written &+= 1
            index = next
            // The end of the text, or ASCII again: back to the ASCII loops.
            if next == count || following < 0x80 { return index }
            (value, length, known) = (following, step, followingID)
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
        let stretch = UnsafeBufferPointer(start: base + index, count: end &- index)
        let hash = RunCache.hash(stretch)
        let first = written
        if let (cached, bits) = runs.copyIDs(of: stretch, hash: hash, into: ids + written, narrow: narrow + written) {
            written &+= cached
            union |= bits
        } else {
            for glyph in String(decoding: stretch, as: UTF8.self) {
                var glyph = glyph
                ids[written] = characterID(&glyph)
                written &+= 1
            }
            var bits: UInt8 = 0
            for k in first..<written {
                bits |= traits[Int(ids[k])]
                narrow[k] = self.narrow(of: ids[k])
            }
            bits = GlyphTraits.union(bits)
            union |= bits
            runs.insert(
                stretch, hash: hash, ids: UnsafeBufferPointer(start: ids + first, count: written &- first),
                narrow: narrow + first, traits: bits)
        }
        return end
    }

    /// The id the pages (or ASCII) give a scalar, or −1: −1 for a carriage
    /// return, a scalar outside `ScalarClass`, or one not numbered yet.
    @inline(__always)
    private static func knownID(
        of value: UInt32, in pages: UnsafeMutablePointer<UnsafeMutablePointer<Int32>>
    ) -> Int32 {
        if value < 0x80 { return value == 0x0D ? -1 : Int32(truncatingIfNeeded: value) }
        return value < ScalarPages.limit ? ScalarPages.id(of: value, in: pages) : -1
    }

    // MARK: - The three lookups

    /// The id of a single-scalar glyph of `ScalarClass` (≥ 0x80).
    @inline(__always)
    private mutating func scalarID(_ value: UInt32) -> Int32 {
        let id = scalars.map { ScalarPages.id(of: value, in: $0.directory) } ?? -1
        return id >= 0 ? id : newScalar(value)
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
        if scalars == nil { scalars = ScalarPages() }
        scalars!.insert(value, id: id)
        return id
    }

    /// The id of a glyph by Swift's canonical equivalence, interning it on first sight.
    @inline(never)
    private mutating func characterID(_ glyph: inout Character) -> Int32 {
        if let code = asciiCode(of: glyph) { return code }
        promote()
        if let id = byCharacter[glyph] {
            // An equivalent glyph written with other scalars ("e" and a combining acute for "é").
            if !hasAliases, !symbols[Int(id)].utf8.elementsEqual(glyph.utf8) { hasAliases = true }
            return id
        }
        // A few non-ASCII glyphs are canonically equivalent to an ASCII one
        // (U+212A KELVIN SIGN is "K"); they share its id.
        if let id = asciiEquivalents[glyph] {
            byCharacter[glyph] = id
            hasAliases = true
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
        scalars = nil
        runs = RunCache()
        pieces = nil
        byCharacter = [:]
        promoted = false
        // Each glyph kept is known by its symbol's bytes alone again.
        hasAliases = false
        var needsDictionary = false
        for id in first..<symbols.count {
            if let value = symbols.scalar(at: id), ScalarClass.standsAlone(value) {
                if scalars == nil { scalars = ScalarPages() }
                scalars!.insert(value, id: Int32(id))
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
        if scalars.count == 1, let scalar = scalars.first, ScalarClass.standsAlone(scalar.value), let pages = self.scalars {
            let id = ScalarPages.id(of: scalar.value, in: pages.directory)
            if id >= 0 { return id }
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
        var bits: UInt8 = ScalarProperties.isWhitespace(glyph) ? whitespace : 0
        if glyph == "-" || glyph == "\u{2212}" { bits |= minus }
        let scalars = glyph.unicodeScalars
        if scalars.count == 1, let scalar = scalars.first, let value = ScalarProperties.decimalDigitValue(scalar) {
            bits |= UInt8(value + 1) << 4
        }
        return bits
    }

    /// The decimal digit value of a traits byte, or −1.
    @inline(__always)
    static func digitValue(_ bits: UInt8) -> Int { Int(bits >> 4) - 1 }

    /// What a text's glyphs have between them, from the union of their traits:
    /// `whitespace` if any is whitespace, all of `digits` if any is a digit.
    @inline(__always)
    static func union(_ bits: UInt8) -> UInt8 {
        (bits & whitespace) | (bits & digits != 0 ? digits : 0)
    }
}

/// Eight ASCII bytes read as one word, tested all at once.
enum ASCIIBlock {
    static let ones: UInt64 = 0x0101_0101_0101_0101
    /// The top bit of every byte: set in a word that holds a non-ASCII byte.
    static let high: UInt64 = 0x8080_8080_8080_8080

    /// The top bit of each byte of an ASCII word that is at least `bound` (≤ 0x80).
    @inline(__always)
    static func atLeast(_ bound: UInt64, _ word: UInt64) -> UInt64 {
        // Bytes below 0x80 plus (0x80 − bound) stay below 0x100: no carries between bytes.
        (word &+ (0x80 &- bound) &* ones) & high
    }

    /// The top bit of the first zero byte of a word, and perhaps of bytes after
    /// it (never of a byte before it): zero when no byte is zero.
    @inline(__always)
    static func zeroBytes(_ word: UInt64) -> UInt64 {
        (word &- ones) & ~word & high
    }

    /// Bit b set for each whitespace byte b (all below 64).
    static let spaces: UInt64 = 1 << 0x20 | 0x1F << 0x09
    /// Bit b set for each digit byte b.
    static let digits: UInt64 = 0x3FF << 0x30

    /// The union of the `GlyphTraits` (whitespace and digits) of the bytes below
    /// 64 whose bits are set in `bits` (bit b for byte b).
    @inline(__always)
    static func traits(ofLowBytes bits: UInt64) -> UInt8 {
        (bits & spaces != 0 ? GlyphTraits.whitespace : 0) | (bits & digits != 0 ? GlyphTraits.digits : 0)
    }

    /// The top bit of each byte of an ASCII word that is whitespace (a space, or a tab to a carriage return).
    @inline(__always)
    static func whitespace(_ word: UInt64) -> UInt64 {
        let space = ~((word ^ (0x20 &* ones)) &+ 0x7F &* ones) & high
        return space | (atLeast(0x09, word) & ~atLeast(0x0E, word))
    }

    /// The top bit of each byte of a word of narrow ids (see
    /// `GlyphInterner.narrow(of:)`) that stands for whitespace.
    @inline(__always)
    static func narrowWhitespace(_ word: UInt64) -> UInt64 {
        // The bytes that are not ASCII read as NUL for the ASCII test.
        let wide = (word & high) >> 7 &* 0xFF
        let wideSpace = ~word
        return whitespace(word & ~wide) | exactZeroBytes(wideSpace)
    }

    /// The top bit of every zero byte of a word.
    @inline(__always)
    static func exactZeroBytes(_ word: UInt64) -> UInt64 {
        // Adding to the low seven bits carries into the top bit of every byte but a zero one.
        let low = 0x7F &* ones
        return ~((word & low) &+ low | word | low)
    }

    /// The top bits of a word's bytes as eight bits, byte k's in bit k.
    @inline(__always)
    static func gather(_ flags: UInt64) -> UInt64 {
        // Multiplying moves bit 8k (each byte's flag) to bit 56 + k, with no carries.
        ((flags >> 7) &* 0x0102_0408_1020_4080) >> 56
    }

    /// The union of the `GlyphTraits` (whitespace and digits) of an ASCII word's bytes (zero bytes count as NUL).
    @inline(__always)
    static func traits(_ word: UInt64) -> UInt8 {
        let digit = atLeast(0x30, word) & ~atLeast(0x3A, word)
        return (whitespace(word) != 0 ? GlyphTraits.whitespace : 0) | (digit != 0 ? GlyphTraits.digits : 0)
    }
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
