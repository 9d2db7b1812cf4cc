/// The trend of a change (see `TextChangeAnalyzer`): when both texts read as
/// numbers, the sign of new − old with 0 counted as +1; otherwise +1.
///
/// A text reads as a number when, keeping only its digits, the decimal
/// separator and a minus sign before the first digit, at least one digit is
/// left and the separator occurs at most once. Values are compared as decimal
/// digit strings, so any length works without overflow or rounding.
///
/// - Complexity: O(*n* + *m*).
func numericTrend(
    old: UnsafeBufferPointer<Int32>, oldNarrow: UnsafePointer<UInt8>, new: UnsafeBufferPointer<Int32>,
    newNarrow: UnsafePointer<UInt8>, traits: [UInt8], separator: Int32, arena: inout ScratchArena
) -> Int {
    traits.withUnsafeBufferPointer { traits in
        guard
            let oldValue = DecimalDigits(
                old, narrow: oldNarrow, traits: traits.baseAddress!, separator: separator, arena: &arena),
            let newValue = DecimalDigits(
                new, narrow: newNarrow, traits: traits.baseAddress!, separator: separator, arena: &arena)
        else { return 1 }
        return newValue.isLess(than: oldValue) ? -1 : 1
    }
}

/// A decimal number as digit strings: no leading integer zeros, no trailing fraction zeros.
private struct DecimalDigits {
    let isNegative: Bool
    let integer: UnsafeBufferPointer<UInt8>
    let fraction: UnsafeBufferPointer<UInt8>

    /// Reads the number of a text; nil when it is not one. Eight ASCII glyphs
    /// holding no digit, separator or minus sign are passed over at once.
    init?(
        _ ids: UnsafeBufferPointer<Int32>, narrow: UnsafePointer<UInt8>, traits: UnsafePointer<UInt8>,
        separator: Int32, arena: inout ScratchArena
    ) {
        let digits = arena.allocate(UInt8.self, count: ids.count)
        var count = 0
        var separatorAt: Int?
        var negative = false
        // The separator as a byte pattern, when it is ASCII (else no block is passed over).
        let separatorBytes = separator >= 0 && separator < 0x80 ? UInt64(separator) &* ASCIIBlock.ones : nil
        let minusBytes = 0x2D &* ASCIIBlock.ones
        var index = 0
        while index < ids.count {
            if index &+ 8 <= ids.count, let separatorBytes {
                let word = UnsafeRawPointer(narrow + index).loadUnaligned(as: UInt64.self)
                let ascii = word & ASCIIBlock.high == 0
                let digit = ASCIIBlock.atLeast(0x30, word) & ~ASCIIBlock.atLeast(0x3A, word)
                // No separator, and no minus sign that could come before the first digit:
                // the block's digits are all that counts.
                if ascii && ASCIIBlock.zeroBytes(word ^ separatorBytes) == 0
                    && (count > 0 || ASCIIBlock.zeroBytes(word ^ minusBytes) == 0)
                {
                    var found = ASCIIBlock.gather(digit)
                    while found != 0 {
                        digits[count] = UInt8(truncatingIfNeeded: word >> UInt64(found.trailingZeroBitCount &* 8)) & 0x0F
                        count &+= 1
                        found &= found &- 1
                    }
                    index &+= 8
                    continue
                }
            }
            let end = min(index &+ 8, ids.count)
            while index < end {
                let id = ids[index]
                let bits = traits[Int(id)]
                let digit = GlyphTraits.digitValue(bits)
                if digit >= 0 {
                    digits[count] = UInt8(truncatingIfNeeded: digit)
                    count &+= 1
                } else if id == separator {
                    guard separatorAt == nil else { return nil }
                    separatorAt = count
                } else if count == 0 && bits & GlyphTraits.minus != 0 {
                    negative = true
                }
                index &+= 1
            }
        }
        guard count > 0 else { return nil }
        let split = separatorAt ?? count
        var integerStart = 0
        while integerStart < split && digits[integerStart] == 0 { integerStart += 1 }
        var fractionEnd = count
        while fractionEnd > split && digits[fractionEnd - 1] == 0 { fractionEnd -= 1 }
        integer = UnsafeBufferPointer(start: digits + integerStart, count: split - integerStart)
        fraction = UnsafeBufferPointer(start: digits + split, count: fractionEnd - split)
        isNegative = negative && !(integer.isEmpty && fraction.isEmpty)
    }

    func isLess(than other: DecimalDigits) -> Bool {
        if isNegative != other.isNegative { return isNegative }
        let magnitudeLess = Self.magnitude(self, isLessThan: other)
        let magnitudeGreater = Self.magnitude(other, isLessThan: self)
        return isNegative ? magnitudeGreater : magnitudeLess
    }

    private static func magnitude(_ a: DecimalDigits, isLessThan b: DecimalDigits) -> Bool {
        if a.integer.count != b.integer.count { return a.integer.count < b.integer.count }
        for index in a.integer.indices where a.integer[index] != b.integer[index] {
            return a.integer[index] < b.integer[index]
        }
        return a.fraction.lexicographicallyPrecedes(b.fraction)
    }
}
