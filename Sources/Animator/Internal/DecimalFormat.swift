/// Number formatting that never depends on a locale or on Foundation.
enum DecimalFormat {
    /// `value` rounded half away from zero to 2 decimals, trailing zeros dropped,
    /// no "-0". Non-finite values (never produced by the layout) print as "0".
    static func twoDecimals(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let hundredths = (value * 100).rounded(.toNearestOrAwayFromZero)
        // Beyond 2^53 hundredths a Double has no fractional digits left to print.
        guard abs(hundredths) < 9e15 else { return "\(value.rounded())" }
        let scaled = Int64(hundredths)
        let magnitude = scaled.magnitude
        var text = scaled < 0 ? "-" : ""
        text += String(magnitude / 100)
        let fraction = magnitude % 100
        if fraction != 0 {
            text += "."
            text += String(fraction / 10)
            if fraction % 10 != 0 { text += String(fraction % 10) }
        }
        return text
    }
}
