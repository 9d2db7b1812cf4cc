/// Number formatting for SVG, CSS and HTML that never depends on a locale or
/// on Foundation, so the same value always prints the same bytes.
enum NumberFormat {
    /// `value` rounded half away from zero to `decimals` places (0…6), trailing
    /// zeros and a trailing point dropped, never "-0". Non-finite values print
    /// as "0"; magnitudes beyond 10¹⁵ (no renderer draws there) print as ±10¹⁵.
    ///
    /// ```swift
    /// NumberFormat.fixed(12.5, 2)     // "12.5"
    /// NumberFormat.fixed(-0.0004, 3)  // "0"
    /// NumberFormat.fixed(0.125, 2)    // "0.13"
    /// ```
    static func fixed(_ value: Double, _ decimals: Int) -> String {
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

    /// `value` rounded to `decimals` places, as the number `fixed` prints.
    static func rounded(_ value: Double, _ decimals: Int) -> Double {
        guard value.isFinite else { return 0 }
        var unit = 1.0
        for _ in 0..<min(max(decimals, 0), 6) { unit *= 10 }
        let r = (value * unit).rounded(.toNearestOrAwayFromZero) / unit
        return r == 0 ? 0 : r
    }
}
