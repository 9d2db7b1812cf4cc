/// The glyphs (extended grapheme clusters) of a string.
///
/// Text made only of ASCII needs no grapheme-break analysis: every byte is a
/// glyph except a carriage return followed by a line feed, which Unicode keeps
/// together. Such text is split byte by byte; anything else goes through the
/// standard library's segmentation.
///
/// `storedForms` writes ASCII glyphs through `SmallASCII` (which must be
/// available).
///
/// - Complexity: O(*n*) in the string's UTF-8 length.
func glyphs(of text: String, storedForms: Bool = SmallASCII.isAvailable) -> [Character] {
    let ascii: [Character]? = text.utf8.withContiguousStorageIfAvailable { bytes in
        var combined: UInt8 = 0
        for byte in bytes { combined |= byte }
        guard combined < 0x80 else { return nil }
        return asciiGlyphs(bytes, storedForms: storedForms)
    } ?? nil
    if let ascii { return ascii }
    var result: [Character] = []
    result.reserveCapacity(text.utf8.count)
    for glyph in text { result.append(glyph) }
    return result
}

/// Glyphs of ASCII bytes: one per byte, except CR LF, which is one glyph.
///
/// Built with `reserveCapacity` and `append`: on Linux
/// `Array(unsafeUninitializedCapacity:)` looks up the storage class's generic
/// metadata on every call, which costs more than a label's worth of appends.
private func asciiGlyphs(_ bytes: UnsafeBufferPointer<UInt8>, storedForms: Bool) -> [Character] {
    var result: [Character] = []
    result.reserveCapacity(bytes.count)
    if storedForms {
        // Literals need no retain; each is then given its byte in place.
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A {
                result.append("\r\n")
                index += 2
            } else {
                result.append(" ")
                index += 1
            }
        }
        result.withUnsafeMutableBufferPointer { glyphs in
            let raw = UnsafeMutableRawPointer(glyphs.baseAddress!)
            var index = 0
            for glyph in 0..<glyphs.count {
                let byte = bytes[index]
                if byte == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A {
                    index += 2
                } else {
                    SmallASCII.setCode(byte, at: raw, index: glyph)
                    index += 1
                }
            }
        }
        return result
    }
    asciiCharacters.withUnsafeBufferPointer { table in
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A {
                result.append("\r\n")
                index += 2
            } else {
                result.append(table[Int(byte)])
                index += 1
            }
        }
    }
    return result
}

/// The 128 ASCII characters, indexed by scalar value.
private let asciiCharacters: [Character] = (0..<128).map { Character(Unicode.Scalar(UInt8($0))) }
