/// Scalars that always stand alone as a glyph between two others of the set.
///
/// Unicode's grapheme rules (UAX #29) join a scalar to the one before it only
/// when it is an extending mark, a joiner, a spacing mark, a Hangul jamo, a
/// regional indicator, a line feed after a carriage return, a pictograph after
/// a joiner, or an Indic consonant after a linker, or when the one before is a
/// prepended mark. The scalars below are none of those but pictographs, and
/// none is a joiner, so between two of them there is always a glyph boundary,
/// and no rule looks back across such a boundary. Before a scalar of the set
/// there is a boundary too unless the scalar before it joins forward
/// (`joinsForward`: a joiner before a pictograph, among others). The Analyzer cuts text at these boundaries with
/// no grapheme-break analysis; the stretches in between go through the
/// standard library's segmentation.
///
/// No two scalars of the set are canonically equivalent to each other or to
/// an ASCII scalar (singleton decompositions such as U+2000 and the CJK
/// compatibility ideographs are left out), so a scalar of the set can be
/// given its id by its value alone until some glyph outside the set needs
/// Swift's canonical comparison (see `GlyphInterner`). Tests check both
/// properties against the standard library.
enum ScalarClass {
    /// Whether a scalar (its value) belongs to the set; ASCII other than CR does.
    @inline(__always)
    static func standsAlone(_ value: UInt32) -> Bool {
        if value < 0x80 { return value != 0x0D }
        if value < 0x2000 {
            return value >= 0xA0 && value <= 0x2FF
                || value >= 0x400 && value <= 0x482 || value >= 0x48A && value <= 0x52F
                || value >= 0x5D0 && value <= 0x5EA || value >= 0x621 && value <= 0x64A
                || value >= 0x1E00 && value <= 0x1EFF
        }
        if value < 0x3000 {
            // Punctuation, currency, arrows, mathematical and technical symbols,
            // dingbats and the symbols emoji draw on (❤, ✨, ☕); the two angle
            // brackets U+2329 and U+232A are left out: each is canonically U+3008 or U+3009.
            return value >= 0x2010 && value <= 0x2027 || value >= 0x2030 && value <= 0x205E
                || value >= 0x20A0 && value <= 0x20C0
                || value >= 0x2190 && value <= 0x2BFF && value != 0x2329 && value != 0x232A
        }
        if value < 0xA000 {
            return value <= 0x3029 || value >= 0x3030 && value <= 0x3098 || value >= 0x309B && value <= 0x30FF
                || value >= 0x3400 && value <= 0x4DBF || value >= 0x4E00
        }
        if value < 0x10000 {
            return value >= 0xAC00 && value <= 0xD7A3 || value >= 0xFF01 && value <= 0xFF9D
        }
        // Emoji and symbols, but not the regional indicators (flags) U+1F1E6–1F1FF
        // nor the skin-tone modifiers U+1F3FB–1F3FF.
        return value >= 0x1F000 && value <= 0x1F1E5 || value >= 0x1F200 && value <= 0x1F3FA
            || value >= 0x1F400 && value <= 0x1FAFF
    }

    /// Whether a scalar can join the scalar after it into one glyph whatever that
    /// one is: a carriage return (CR LF), a zero-width joiner (emoji sequences), a
    /// regional indicator (flags), a prepended mark, or a Hangul leading jamo
    /// (which joins a precomposed syllable). Before a scalar of the class, any
    /// other scalar ends a glyph, so stretches of text end there.
    @inline(__always)
    static func joinsForward(_ value: UInt32) -> Bool {
        if value < 0x600 { return value == 0x0D }
        // The joiner and the regional indicators first: they are what emoji hold.
        if value == 0x200D || value &- 0x1F1E6 < 26 { return true }
        if value < 0x1100 { return value <= 0x605 || value == 0x6DD || value == 0x70F || value &- 0x890 < 2 || value == 0x8E2 || value == 0xD4E }
        if value <= 0x115F { return true }
        if value < 0xA960 { return false }
        if value <= 0xA97C { return true }
        if value < 0x110BD || value > 0x11F02 { return false }
        switch value {
        case 0x110BD, 0x110CD, 0x111C2...0x111C3, 0x113D1, 0x1193F, 0x11941, 0x11A3A, 0x11A84...0x11A89, 0x11D46, 0x11F02:
            return true
        default:
            return false
        }
    }

    /// Whether a scalar that is not ASCII can join an ASCII scalar after it:
    /// only a prepended mark can (a joiner joins only a pictograph, a regional
    /// indicator only another, a leading jamo only a jamo or syllable).
    @inline(__always)
    static func joinsASCII(_ value: UInt32) -> Bool {
        joinsForward(value) && value != 0x200D && value &- 0x1F1E6 >= 26 && value &- 0x1100 >= 0x60
            && value &- 0xA960 >= 0x1D
    }

    /// The `GlyphTraits` of a non-ASCII scalar of the class, without Unicode
    /// property lookups: of these, only U+00A0 and U+3000 are whitespace, only
    /// the full-width digits are decimal digits, and only U+2212 is a minus sign
    /// (tests check this against `GlyphTraits.of` for every scalar of the class).
    @inline(__always)
    static func traits(_ value: UInt32) -> UInt8 {
        if value == 0xA0 || value == 0x3000 { return GlyphTraits.whitespace }
        if value >= 0xFF10 && value <= 0xFF19 { return UInt8(value - 0xFF10 + 1) << 4 }
        return value == 0x2212 ? GlyphTraits.minus : 0
    }
}

/// Decodes the scalar starting at `index` of valid UTF-8; returns its value and length.
@inline(__always)
func decodeScalar(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (value: UInt32, length: Int) {
    let lead = UInt32(bytes[index])
    if lead < 0x80 { return (lead, 1) }
    if lead < 0xE0 {
        return ((lead & 0x1F) << 6 | UInt32(bytes[index &+ 1] & 0x3F), 2)
    }
    if lead < 0xF0 {
        return ((lead & 0x0F) << 12 | UInt32(bytes[index &+ 1] & 0x3F) << 6 | UInt32(bytes[index &+ 2] & 0x3F), 3)
    }
    return (
        (lead & 0x07) << 18 | UInt32(bytes[index &+ 1] & 0x3F) << 12 | UInt32(bytes[index &+ 2] & 0x3F) << 6
            | UInt32(bytes[index &+ 3] & 0x3F), 4
    )
}
