extension Character {
    /// The byte of a glyph that is a single ASCII scalar, else nil ("\r\n" is not).
    /// Cheaper than `asciiValue`, which first compares the glyph with "\r\n".
    @inlinable
    package var singleASCII: UInt8? {
        let utf8 = self.utf8
        guard utf8.count == 1, let byte = utf8.first, byte < 0x80 else { return nil }
        return byte
    }

    /// `isWhitespace`, answering ASCII without a Unicode property lookup (layouts
    /// ask for every glyph).
    @inlinable
    package var isSpaceFast: Bool {
        if let ascii = singleASCII { return ascii == 0x20 || (ascii >= 0x09 && ascii <= 0x0D) }
        return isWhitespace
    }

    /// `isNewline`, answering ASCII without a Unicode property lookup.
    @inlinable
    package var isNewlineFast: Bool {
        if let ascii = singleASCII { return ascii >= 0x0A && ascii <= 0x0D }
        return isNewline
    }
}
