/// The Unicode properties the engine asks of a scalar, answered from the
/// short lists below and in ScalarTables.swift instead of
/// `Unicode.Scalar.Properties` and `String.lowercased()`.
///
/// The answers are the standard library's: tests compare them with
/// `Unicode.Scalar.Properties` for every scalar. The reason is size: in
/// Embedded Swift the first binary-property lookup links the table of every
/// binary property (20 KB, 11 KB of kinetype.wasm gzipped), `numericValue`
/// the numeric tables, `generalCategory` a table of 33 KB and `lowercased()`
/// the case-mapping tables (16 KB), for properties that fit in a few lines
/// or a few thousand numbers.
@usableFromInline
package enum ScalarProperties {
    /// White_Space (`Unicode.Scalar.Properties.isWhitespace`).
    @inlinable @inline(__always)
    package static func isWhitespace(_ value: UInt32) -> Bool {
        switch value {
        case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000:
            return true
        default:
            return false
        }
    }

    /// `Character.isWhitespace`, which is the property of the glyph's first scalar.
    @inlinable @inline(__always)
    package static func isWhitespace(_ glyph: Character) -> Bool {
        guard let first = glyph.unicodeScalars.first else { return false }
        return isWhitespace(first.value)
    }

    /// The value of a decimal digit (general category Nd), 0 to 9, or nil.
    /// Unicode encodes decimal digits only in runs of ten, 0 to 9 in order,
    /// so a digit's value is its place in its run.
    ///
    /// - Complexity: O(1): a run of adjacent digits is at most 50 scalars long.
    package static func decimalDigitValue(_ scalar: Unicode.Scalar) -> Int? {
        let run = ScalarCategory.run(of: scalar.value)
        guard run & 7 == UInt32(ScalarCategory.digit.rawValue) else { return nil }
        return Int((scalar.value - run >> 3) % 10)
    }

    /// The scalars of `text` lowercased, as `text.lowercased().unicodeScalars`,
    /// the first `limit` of them.
    ///
    /// - Complexity: O(n · r), r the 185 runs of `lowercaseRuns`; it serves
    ///   error messages, and ASCII skips the runs.
    package static func lowercased(_ text: String.UnicodeScalarView, limit: Int = .max) -> [Unicode.Scalar] {
        var result: [Unicode.Scalar] = []
        for scalar in text {
            if result.count >= limit { break }
            let value = scalar.value
            if value < 0x80 {
                result.append(value >= 0x41 && value <= 0x5A ? Unicode.Scalar(UInt8(value + 0x20)) : scalar)
            } else if value == 0x130 {
                // The one lowercase of two scalars: i and a combining dot above.
                result.append("i")
                if result.count < limit { result.append("\u{307}") }
            } else {
                result.append(Unicode.Scalar(lowercase(value)) ?? scalar)
            }
        }
        return result
    }

    /// The lowercase of a scalar that is not ASCII and not U+0130, from `lowercaseRuns`.
    private static func lowercase(_ value: UInt32) -> UInt32 {
        for run in lowercaseRuns {
            let first = UInt32(truncatingIfNeeded: run & 0x1F_FFFF)
            guard value >= first else { break }
            let count = UInt32(truncatingIfNeeded: run >> 21 & 0x3FF)
            let step = UInt32(truncatingIfNeeded: run >> 31 & 1) + 1
            let offset = value - first
            guard offset % step == 0, offset / step < count else { continue }
            return UInt32(Int64(value) + Int64(run >> 32) - (1 << 17))
        }
        return value
    }

    /// Emoji_Presentation (`Unicode.Scalar.Properties.isEmojiPresentation`):
    /// scalars drawn as emoji without a presentation selector.
    ///
    /// - Complexity: O(log r), r the 81 ranges.
    package static func isEmojiPresentation(_ value: UInt32) -> Bool {
        guard value >= 0x231A, value <= 0x1FAF8 else { return false }
        // The first range that ends at or after `value`; it holds `value` if it starts at or before it.
        let ranges = emojiPresentation.count / 2
        let low = partitionPoint(in: 0..<ranges) { value <= emojiPresentation[2 * $0 + 1] }
        return low < ranges && value >= emojiPresentation[2 * low]
    }

    /// The Emoji_Presentation ranges, first and last scalar of each, in order.
    private static let emojiPresentation: [UInt32] = [
        0x231A, 0x231B, 0x23E9, 0x23EC, 0x23F0, 0x23F0, 0x23F3, 0x23F3, 0x25FD, 0x25FE, 0x2614, 0x2615,
        0x2648, 0x2653, 0x267F, 0x267F, 0x2693, 0x2693, 0x26A1, 0x26A1, 0x26AA, 0x26AB, 0x26BD, 0x26BE,
        0x26C4, 0x26C5, 0x26CE, 0x26CE, 0x26D4, 0x26D4, 0x26EA, 0x26EA, 0x26F2, 0x26F3, 0x26F5, 0x26F5,
        0x26FA, 0x26FA, 0x26FD, 0x26FD, 0x2705, 0x2705, 0x270A, 0x270B, 0x2728, 0x2728, 0x274C, 0x274C,
        0x274E, 0x274E, 0x2753, 0x2755, 0x2757, 0x2757, 0x2795, 0x2797, 0x27B0, 0x27B0, 0x27BF, 0x27BF,
        0x2B1B, 0x2B1C, 0x2B50, 0x2B50, 0x2B55, 0x2B55, 0x1F004, 0x1F004, 0x1F0CF, 0x1F0CF, 0x1F18E, 0x1F18E,
        0x1F191, 0x1F19A, 0x1F1E6, 0x1F1FF, 0x1F201, 0x1F201, 0x1F21A, 0x1F21A, 0x1F22F, 0x1F22F, 0x1F232, 0x1F236,
        0x1F238, 0x1F23A, 0x1F250, 0x1F251, 0x1F300, 0x1F320, 0x1F32D, 0x1F335, 0x1F337, 0x1F37C, 0x1F37E, 0x1F393,
        0x1F3A0, 0x1F3CA, 0x1F3CF, 0x1F3D3, 0x1F3E0, 0x1F3F0, 0x1F3F4, 0x1F3F4, 0x1F3F8, 0x1F43E, 0x1F440, 0x1F440,
        0x1F442, 0x1F4FC, 0x1F4FF, 0x1F53D, 0x1F54B, 0x1F54E, 0x1F550, 0x1F567, 0x1F57A, 0x1F57A, 0x1F595, 0x1F596,
        0x1F5A4, 0x1F5A4, 0x1F5FB, 0x1F64F, 0x1F680, 0x1F6C5, 0x1F6CC, 0x1F6CC, 0x1F6D0, 0x1F6D2, 0x1F6D5, 0x1F6D8,
        0x1F6DC, 0x1F6DF, 0x1F6EB, 0x1F6EC, 0x1F6F4, 0x1F6FC, 0x1F7E0, 0x1F7EB, 0x1F7F0, 0x1F7F0, 0x1F90C, 0x1F93A,
        0x1F93C, 0x1F945, 0x1F947, 0x1F9FF, 0x1FA70, 0x1FA7C, 0x1FA80, 0x1FA8A, 0x1FA8E, 0x1FAC6, 0x1FAC8, 0x1FAC8,
        0x1FACD, 0x1FADC, 0x1FADF, 0x1FAEA, 0x1FAEF, 0x1FAF8,
    ]
}

/// The general categories the engine asks about, as `ScalarCategory.of(_:)`
/// answers them from `runs` (ScalarTables.swift) instead of
/// `Unicode.Scalar.Properties.generalCategory`.
package enum ScalarCategory: UInt8 {
    /// Any other category (or not a scalar).
    case other = 0
    /// A letter: Lu, Ll, Lt or Lo (modifier letters, Lm, are `other`).
    case letter = 1
    /// A mark: Mn, Mc or Me.
    case mark = 2
    /// A decimal digit: Nd.
    case digit = 3
    /// A format character: Cf.
    case format = 4

    /// The category of the scalar with this value.
    package static func of(_ value: UInt32) -> ScalarCategory {
        ScalarCategory(rawValue: UInt8(truncatingIfNeeded: run(of: value) & 7)) ?? .other
    }

    /// The entry of `runs` for the run holding `value`: its first scalar
    /// shifted left three bits, its category in the low three.
    ///
    /// - Complexity: O(log r), r the runs (about 1,900).
    static func run(of value: UInt32) -> UInt32 {
        let key = value << 3 | 7
        // The first run that starts after `value`; the one before holds it.
        return runs[partitionPoint(in: runs.indices) { runs[$0] > key } - 1]
    }
}
