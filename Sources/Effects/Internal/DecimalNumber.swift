/// A JSON number's text turned into the nearest `Double` (ties to even), as
/// `Double(text)` rounds it, by exact decimal arithmetic: the digits are
/// halved or doubled until the value lies in [0.5, 1), then the 53 bits of
/// the significand are read off and rounded. (The algorithm of Go's strconv
/// `decimal`, keeping every digit.)
///
/// The standard library's conversion calls the C library's `strtod`, which
/// brought about 9 KB of scanning code (hexadecimal floats, locales) into the
/// browser build for what the JSON reader parses: the grammar is already
/// checked, so only the arithmetic is left.
struct DecimalNumber {
    /// The significant digits (each 0…9), without leading or trailing zeros.
    private var digits: [UInt8] = []
    /// Where the decimal point is: the value is 0.d₁d₂d₃… × 10^point.
    private var point = 0
    private var negative = false

    /// The value of `text`, a number in JSON's grammar
    /// (`-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`): ±infinity
    /// beyond the largest finite `Double`, zero or a subnormal below the smallest.
    ///
    /// - Complexity: O(n · m) in its n digits and the m halvings or doublings
    ///   that bring it into range (m at most about 40).
    static func value(_ text: UnsafeBufferPointer<UInt8>) -> Double {
        var number = DecimalNumber()
        var i = 0
        if i < text.count, text[i] == UInt8(ascii: "-") {
            number.negative = true
            i += 1
        }
        var afterPoint = false
        while i < text.count, text[i] != UInt8(ascii: "e"), text[i] != UInt8(ascii: "E") {
            if text[i] == UInt8(ascii: ".") {
                afterPoint = true
            } else if number.digits.isEmpty, text[i] == UInt8(ascii: "0") {
                // A leading zero: after the point it moves the point left.
                if afterPoint { number.point -= 1 }
            } else {
                number.digits.append(text[i] &- UInt8(ascii: "0"))
                if !afterPoint { number.point += 1 }
            }
            i += 1
        }
        if i < text.count {
            i += 1
            var exponentNegative = false
            if text[i] == UInt8(ascii: "+") || text[i] == UInt8(ascii: "-") {
                exponentNegative = text[i] == UInt8(ascii: "-")
                i += 1
            }
            // Capped far beyond where every value is zero or infinite, even
            // with millions of digits before or after the point.
            var exponent = 0
            while i < text.count {
                if exponent < 100_000_000 { exponent = exponent * 10 + Int(text[i] &- UInt8(ascii: "0")) }
                i += 1
            }
            number.point += exponentNegative ? -exponent : exponent
        }
        number.trim()
        return number.double()
    }

    /// The value rounded to a `Double`.
    private mutating func double() -> Double {
        let sign: UInt64 = negative ? 1 << 63 : 0
        // Zero, or beyond the range: 10^310 overflows, 10^-330 is below half the smallest subnormal.
        guard !digits.isEmpty, point >= -330 else { return Double(bitPattern: sign) }
        guard point <= 310 else { return Double(bitPattern: sign | 0x7FF0_0000_0000_0000) }
        // Halve or double by powers of two until the value is in [0.5, 1):
        // by the most bits that take `point` down (or up) by its size.
        var exponent = 0
        while point > 0 {
            let n = point < Self.bitsPerDigits.count ? Self.bitsPerDigits[point] : 27
            shift(-n)
            exponent += n
        }
        while point < 0 || point == 0 && digits[0] < 5 {
            let n = -point < Self.bitsPerDigits.count ? Self.bitsPerDigits[-point] : 27
            shift(n)
            exponent -= n
        }
        // In [1, 2), a Double's significand; below 2^-1022 it is subnormal.
        exponent -= 1
        if exponent < -1022 {
            shift(exponent + 1022)
            exponent = -1022
        }
        guard exponent + 1023 < 0x7FF else { return Double(bitPattern: sign | 0x7FF0_0000_0000_0000) }
        // The 53 bits of the significand, rounded to the nearest (ties to even).
        shift(53)
        var significand = roundedInteger()
        if significand == 1 << 53 {
            // Rounding carried into a 54th bit.
            significand >>= 1
            exponent += 1
            guard exponent + 1023 < 0x7FF else { return Double(bitPattern: sign | 0x7FF0_0000_0000_0000) }
        }
        // A significand without its leading bit is subnormal (biased exponent 0).
        let biased: UInt64 = significand & 1 << 52 == 0 ? 0 : UInt64(exponent + 1023)
        return Double(bitPattern: sign | biased << 52 | significand & (1 << 52 - 1))
    }

    /// How many bits a shift may take at most to keep the value at or above
    /// 0.5 (or below 1), by how far `point` is from 0: 2^n ≤ 10^point.
    private static let bitsPerDigits = [1, 3, 6, 9, 13, 16, 19, 23, 26]

    /// Multiplies the value by 2^k (divides it, for k < 0), exactly.
    private mutating func shift(_ k: Int) {
        var k = k
        while k > 60 {
            shiftLeft(60)
            k -= 60
        }
        while k < -60 {
            shiftRight(60)
            k += 60
        }
        if k > 0 { shiftLeft(k) } else if k < 0 { shiftRight(-k) }
    }

    /// Multiplies by 2^k, 1 ≤ k ≤ 60 (each digit times 2^k plus the carry stays below 10 · 2^60 < 2^64).
    private mutating func shiftLeft(_ k: Int) {
        var reversed: [UInt8] = []
        reversed.reserveCapacity(digits.count + k / 3 + 1)
        var n: UInt64 = 0
        var r = digits.count
        while r > 0 {
            r -= 1
            n += UInt64(digits[r]) << k
            reversed.append(UInt8(n % 10))
            n /= 10
        }
        while n > 0 {
            reversed.append(UInt8(n % 10))
            n /= 10
        }
        point += reversed.count - digits.count
        digits = reversed.reversed()
        trim()
    }

    /// Divides by 2^k, 1 ≤ k ≤ 60.
    private mutating func shiftRight(_ k: Int) {
        var r = 0
        var n: UInt64 = 0
        // Enough leading digits to give the first digit of the quotient.
        while n >> k == 0 {
            if r < digits.count {
                n = n * 10 + UInt64(digits[r])
            } else {
                n *= 10
            }
            r += 1
        }
        point -= r - 1
        let mask: UInt64 = 1 << k - 1
        var w = 0
        while r < digits.count {
            let next = digits[r]
            digits[w] = UInt8(n >> k)
            w += 1
            n = (n & mask) * 10 + UInt64(next)
            r += 1
        }
        digits.removeSubrange(w...)
        while n > 0 {
            digits.append(UInt8(n >> k))
            n = (n & mask) * 10
        }
        trim()
    }

    private mutating func trim() {
        while digits.last == 0 { digits.removeLast() }
    }

    /// The integer part of the value, rounded by its fraction: to the nearest,
    /// ties to even (the digits are exact, so a 5 that is the last digit is a tie).
    private func roundedInteger() -> UInt64 {
        var n: UInt64 = 0
        var k = 0
        while k < point {
            n = n * 10 + (k < digits.count ? UInt64(digits[k]) : 0)
            k += 1
        }
        // Below 0.1 (a negative point) the value rounds to 0.
        guard point >= 0, point < digits.count else { return n }
        let roundsUp = digits[point] == 5 && point + 1 == digits.count ? point > 0 && digits[point - 1] % 2 == 1 : digits[point] >= 5
        return roundsUp ? n + 1 : n
    }
}
