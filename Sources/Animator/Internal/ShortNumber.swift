/// Numbers for error messages: four significant digits, scientific notation
/// outside 0.0001…999999, no trailing ".0" ("0.003838", "1.382e7", "1e-9").
///
/// A message that says "13815510.557964274 s" or "1e-09" makes the reader do
/// the rounding; the value's own `description` stays available where exactness matters.
enum ShortNumber {
    static func text(_ x: Double) -> String {
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

    /// A range as "low…high".
    static func text(_ range: ClosedRange<Double>) -> String {
        "\(text(range.lowerBound))…\(text(range.upperBound))"
    }

    private static func trimmed(_ s: String) -> String {
        s.hasSuffix(".0") ? String(s.dropLast(2)) : s
    }
}
