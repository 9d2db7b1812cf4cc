/// The one number formatter: numbers as every output of the package prints
/// them (SVG, CSS, Lottie, path data, the command line, error messages),
/// never depending on a locale or on Foundation, so the same value always
/// prints the same bytes.
package enum NumberFormat {
    /// `value` rounded half away from zero to `decimals` places (0…6), trailing
    /// zeros and a trailing point dropped, never "-0". Non-finite values print
    /// as "0"; magnitudes beyond 10¹⁵ (no renderer draws there) print as ±10¹⁵.
    ///
    /// ```swift
    /// NumberFormat.fixed(12.5, 2)     // "12.5"
    /// NumberFormat.fixed(-0.0004, 3)  // "0"
    /// NumberFormat.fixed(0.125, 2)    // "0.13"
    /// ```
    package static func fixed(_ value: Double, _ decimals: Int) -> String {
        guard value.isFinite else { return "0" }
        let places = min(max(decimals, 0), 6)
        var unit = 1.0
        for _ in 0..<places { unit *= 10 }
        let limit = 1e15
        let scaled = (min(max(value, -limit), limit) * unit).rounded(.toNearestOrAwayFromZero)
        // Beyond 2^53 a Double has no fractional digits left to print.
        guard abs(scaled) < 9e15 else { return String(Int64(min(max(value, -limit), limit).rounded())) }
        let integer = Int64(scaled)
        let magnitude = integer.magnitude
        var divisor: UInt64 = 1
        for _ in 0..<places { divisor *= 10 }
        var text = integer < 0 ? "-" : ""
        text += String(magnitude / divisor)
        var fraction = magnitude % divisor
        if fraction != 0 {
            var digits = places
            while fraction % 10 == 0 {
                fraction /= 10
                digits -= 1
            }
            let body = String(fraction)
            text += "."
            text += String(repeating: "0", count: digits - body.count)
            text += body
        }
        return text
    }

    /// `value` with exactly `decimals` places ("0.100"): ``fixed(_:_:)`` with
    /// its trailing zeros kept, for columns that line up.
    package static func padded(_ value: Double, _ decimals: Int) -> String {
        let text = fixed(value, decimals)
        let places = min(max(decimals, 0), 6)
        guard places > 0, value.isFinite, abs(value) < 1e15 else { return text }
        let written = text.firstIndex(of: ".").map { text.distance(from: $0, to: text.endIndex) - 1 } ?? 0
        return text + (written == 0 ? "." : "") + String(repeating: "0", count: places - written)
    }

    /// `value` rounded to `decimals` places, as the number `fixed` prints.
    package static func rounded(_ value: Double, _ decimals: Int) -> Double {
        guard value.isFinite else { return 0 }
        var unit = 1.0
        for _ in 0..<min(max(decimals, 0), 6) { unit *= 10 }
        let r = (value * unit).rounded(.toNearestOrAwayFromZero) / unit
        return r == 0 ? 0 : r
    }

    /// A number for a message: four significant digits, scientific notation
    /// outside 0.0001…999999, no trailing ".0" ("0.003838", "1.382e7", "1e-9").
    /// A message that says "13815510.557964274 s" or "1e-09" makes the reader
    /// do the rounding.
    package static func short(_ x: Double) -> String {
        guard x.isFinite, x != 0 else { return x == 0 ? "0" : "\(x)" }
        var exponent = Int((Math.log(abs(x)) / Math.log(10)).rounded(.down))
        var mantissa = x / Math.pow(10, Double(exponent))
        // log10 of an exact power of ten can land just below the integer.
        if abs(mantissa) >= 10 { mantissa /= 10; exponent += 1 }
        if abs(mantissa) < 1 { mantissa *= 10; exponent -= 1 }
        mantissa = (mantissa * 1000).rounded() / 1000
        if abs(mantissa) >= 10 { mantissa /= 10; exponent += 1 }
        if exponent >= -4 && exponent < 6 {
            // Dividing by an exact power of ten (never multiplying by an inexact
            // one such as 0.01) keeps the printed digits short.
            if exponent <= 3 {
                let scale = Math.pow(10, Double(3 - exponent))
                return trimmed("\((x * scale).rounded() / scale)")
            }
            let unit = Math.pow(10, Double(exponent - 3))
            return trimmed("\((x / unit).rounded() * unit)")
        }
        return "\(trimmed("\(mantissa)"))e\(exponent)"
    }

    /// A range for a message: "low…high", each as ``short(_:)``.
    package static func short(_ range: ClosedRange<Double>) -> String {
        "\(short(range.lowerBound))…\(short(range.upperBound))"
    }

    /// A Double's description without a trailing ".0". The description is
    /// ASCII, so its last two bytes are its last two characters: comparing
    /// bytes answers as `hasSuffix(".0")` does, without the canonical
    /// equivalence `hasSuffix` checks character by character (and the code
    /// it links into the WebAssembly build).
    private static func trimmed(_ s: String) -> String {
        let utf8 = s.utf8
        guard utf8.count >= 2 else { return s }
        let zero = utf8.index(before: utf8.endIndex), dot = utf8.index(before: zero)
        guard utf8[dot] == UInt8(ascii: "."), utf8[zero] == UInt8(ascii: "0") else { return s }
        return String(s[..<dot])
    }

    /// A number as given: a whole number without ".0", anything else as Swift's
    /// shortest exact description ("0.001", "1000000", "2.5e-07"): for the
    /// ranges the command line states.
    package static func exact(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
