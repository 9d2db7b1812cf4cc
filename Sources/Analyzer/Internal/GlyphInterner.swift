/// Gives every distinct glyph a small integer, so the diff compares integers
/// instead of `Character`s.
///
/// Equal glyphs (Swift's `==`, canonical equivalence) get equal ids. A
/// single-scalar ASCII glyph's id is its scalar value, found without hashing;
/// every other glyph gets an id from 128 up, in order of first appearance, so
/// ids never depend on hashing order or the process's hash seed.
struct GlyphInterner {
    /// The first id given to a non-ASCII glyph.
    static let firstExtraID: Int32 = 128

    private var idsByGlyph: [Character: Int32] = [:]
    /// The traits of each non-ASCII glyph, by id − 128.
    private var extraTraits: [GlyphTraits] = []

    /// One past the largest id given so far.
    var tokenLimit: Int { Int(Self.firstExtraID) + extraTraits.count }

    /// Writes the id of each glyph to `ids` and reports whether any is whitespace.
    ///
    /// - Complexity: O(*n*), hashing only glyphs that are not single ASCII scalars.
    mutating func intern(_ glyphs: [Character], into ids: UnsafeMutablePointer<Int32>) -> Bool {
        var whitespace = false
        glyphs.withUnsafeBufferPointer { buffer in
            for index in buffer.indices {
                let glyph = buffer[index]
                if let code = asciiCode(of: glyph) {
                    ids[index] = code
                    whitespace = whitespace || GlyphTraits.asciiWhitespace(code)
                } else {
                    let id = internExtra(glyph)
                    ids[index] = id
                    whitespace = whitespace || traits(of: id).isWhitespace
                }
            }
        }
        return whitespace
    }

    /// The id of a glyph if it has been interned (or is single-scalar ASCII).
    func existingID(of glyph: Character) -> Int32? {
        if let code = asciiCode(of: glyph) { return code }
        if let id = idsByGlyph[glyph] { return id }
        return asciiEquivalents[glyph]
    }

    /// What the analyzer needs to know about a glyph besides its identity.
    func traits(of id: Int32) -> GlyphTraits {
        id < Self.firstExtraID ? GlyphTraits(ascii: id) : extraTraits[Int(id - Self.firstExtraID)]
    }

    private mutating func internExtra(_ glyph: Character) -> Int32 {
        if let id = idsByGlyph[glyph] { return id }
        // A few non-ASCII scalars are canonically equivalent to an ASCII one
        // (U+212A KELVIN SIGN is "K"); they must share its id.
        let id = asciiEquivalents[glyph] ?? Self.firstExtraID + Int32(extraTraits.count)
        if id >= Self.firstExtraID { extraTraits.append(GlyphTraits(glyph)) }
        idsByGlyph[glyph] = id
        return id
    }
}

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

/// ASCII glyphs by themselves, to catch non-ASCII glyphs equal to them.
private let asciiEquivalents: [Character: Int32] = {
    var table: [Character: Int32] = [:]
    for code in 0..<128 { table[Character(Unicode.Scalar(UInt8(code)))] = Int32(code) }
    return table
}()

/// Whitespace, digit value and minus sign of a glyph.
struct GlyphTraits: Hashable, Sendable {
    /// Whether the glyph separates words (`Character.isWhitespace`).
    var isWhitespace: Bool
    /// The glyph's value when it is a decimal digit (Unicode category Nd), else −1.
    var digitValue: Int8
    /// Whether the glyph is a minus sign ("-" or "−").
    var isMinus: Bool

    var isDigit: Bool { digitValue >= 0 }

    init(ascii code: Int32) {
        isWhitespace = Self.asciiWhitespace(code)
        digitValue = (48...57).contains(code) ? Int8(code - 48) : -1
        isMinus = code == 45
    }

    init(_ glyph: Character) {
        isWhitespace = glyph.isWhitespace
        isMinus = glyph == "\u{2212}"
        digitValue = -1
        let scalars = glyph.unicodeScalars
        if scalars.count == 1, let scalar = scalars.first,
            scalar.properties.generalCategory == .decimalNumber,
            let value = scalar.properties.numericValue
        {
            digitValue = Int8(value)
        }
    }

    /// Tab, line feed, vertical tab, form feed, carriage return and space.
    @inline(__always)
    static func asciiWhitespace(_ code: Int32) -> Bool {
        code < 64 && (0x1_0000_3E00 as UInt64) >> UInt64(code) & 1 != 0
    }
}

extension GlyphInterner {
    /// Whether the glyph with this id is whitespace.
    @inline(__always)
    func isWhitespace(_ id: Int32) -> Bool {
        id < Self.firstExtraID ? GlyphTraits.asciiWhitespace(id) : traits(of: id).isWhitespace
    }
}

extension GlyphInterner {
    /// The decimal digit value of the glyph with this id, or −1.
    @inline(__always)
    func digitValue(_ id: Int32) -> Int {
        if id < Self.firstExtraID { return (48...57).contains(id) ? Int(id - 48) : -1 }
        return Int(traits(of: id).digitValue)
    }

    @inline(__always)
    func isDigit(_ id: Int32) -> Bool { digitValue(id) >= 0 }

    /// Whether the glyph with this id is a minus sign.
    @inline(__always)
    func isMinus(_ id: Int32) -> Bool {
        id < Self.firstExtraID ? id == 45 : traits(of: id).isMinus
    }
}
