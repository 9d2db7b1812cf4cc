import Animator

/// The numbers an option accepts, shown in its error: "(0, 1000]", "[0, 3600]".
struct NumberRange: Sendable {
    var lower: Double
    var lowerIncluded: Bool
    var upper: Double
    var upperIncluded = true

    /// [lower, upper].
    static func closed(_ lower: Double, _ upper: Double) -> NumberRange {
        NumberRange(lower: lower, lowerIncluded: true, upper: upper)
    }

    /// (lower, upper].
    static func above(_ lower: Double, upTo upper: Double) -> NumberRange {
        NumberRange(lower: lower, lowerIncluded: false, upper: upper)
    }

    func contains(_ value: Double) -> Bool {
        guard value.isFinite else { return false }
        let aboveLower = lowerIncluded ? value >= lower : value > lower
        let belowUpper = upperIncluded ? value <= upper : value < upper
        return aboveLower && belowUpper
    }

    var description: String {
        (lowerIncluded ? "[" : "(") + NumberFormat.exact(lower) + ", " + NumberFormat.exact(upper) + (upperIncluded ? "]" : ")")
    }
}

extension ParsedArguments {
    /// A number option: finite and within `range`, or a usage error naming the
    /// option, the value as given and the range. `nil` when absent.
    func number(_ name: String, in range: NumberRange, unit: String = "") throws(CommandLineError) -> Double? {
        try value(name, expected: "a number\(unit.isEmpty ? "" : " of " + unit) in \(range.description)") { text -> Double? in
            guard let value = Double(text), range.contains(value) else { return nil }
            return value
        }
    }

    /// A whole-number option within `range`, or a usage error naming the option, the value and the range.
    func integer(_ name: String, in range: ClosedRange<Int>, unit: String) throws(CommandLineError) -> Int? {
        try value(name, expected: "a whole number of \(unit) from \(range.lowerBound) to \(range.upperBound)") {
            Int($0).flatMap { range.contains($0) ? $0 : nil }
        }
    }
}
