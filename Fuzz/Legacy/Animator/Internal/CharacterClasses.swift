extension Character {
    /// The byte of a glyph that is a single ASCII scalar, else nil ("\r\n" is not).
    /// Cheaper than `asciiValue`, which first compares the glyph with "\r\n".
    @inlinable @inline(__always)
    package var singleASCII: UInt8? {
        // Native strings keep contiguous UTF-8 (small ones are spilled to the stack),
        // and reading it directly is about half the cost of `utf8.count` and
        // `utf8.first`. 0x100 stands for "not a single ASCII byte".
        let code = utf8.withContiguousStorageIfAvailable { bytes -> UInt16 in
            bytes.count == 1 && bytes[0] < 0x80 ? UInt16(bytes[0]) : 0x100
        }
        if let code { return code < 0x100 ? UInt8(truncatingIfNeeded: code) : nil }
        // Storage without contiguous UTF-8 (a bridged string).
        let utf8 = self.utf8
        guard utf8.count == 1, let byte = utf8.first, byte < 0x80 else { return nil }
        return byte
    }
}
