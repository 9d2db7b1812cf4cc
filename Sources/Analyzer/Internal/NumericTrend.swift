/// The trend of a change (DESIGN.md section 2): when both texts read as
/// numbers, the sign of new − old with 0 counted as +1; otherwise +1.
///
/// A text reads as a number when, keeping only its digits, the decimal
/// separator and a minus sign before the first digit, at least one digit is
/// left and the separator occurs at most once. Values are compared as decimal
/// digit strings, so any length works without overflow or rounding.
///
/// - Complexity: O(*n* + *m*).
func numericTrend(
    old: UnsafeBufferPointer<Int32>, new: UnsafeBufferPointer<Int32>, interner: borrowing GlyphInterner,
    separator: Int32, arena: inout ScratchArena
) -> Int {
    guard let oldValue = DecimalDigits(old, interner: interner, separator: separator, arena: &arena),
        let newValue = DecimalDigits(new, interner: interner, separator: separator, arena: &arena)
    else { return 1 }
    return newValue.isLess(than: oldValue) ? -1 : 1
}

/// A decimal number as digit strings: no leading integer zeros, no trailing fraction zeros.
private struct DecimalDigits {
    let isNegative: Bool
    let integer: UnsafeBufferPointer<UInt8>
    let fraction: UnsafeBufferPointer<UInt8>

    init?(
        _ ids: UnsafeBufferPointer<Int32>, interner: borrowing GlyphInterner, separator: Int32,
        arena: inout ScratchArena
    ) {
        let digits = arena.allocate(UInt8.self, count: ids.count)
        var count = 0
        var separatorAt: Int?
        var negative = false
        for id in ids {
            let digit = interner.digitValue(id)
            if digit >= 0 {
                digits[count] = UInt8(digit)
                count += 1
            } else if id == separator {
                guard separatorAt == nil else { return nil }
                separatorAt = count
            } else if count == 0 && interner.isMinus(id) {
                negative = true
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
