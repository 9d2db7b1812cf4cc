extension TransitionEvent: CustomStringConvertible {
    /// The event for people, e.g. `settle of transition 2 to "Action Sent" at 0.454 s`.
    public var description: String {
        "\(kind.rawValue) of transition \(transition) to \(text.debugDescription) at \(seconds(time))"
    }
}

/// Seconds with three decimals, for descriptions.
func seconds(_ value: Double) -> String {
    guard value.isFinite else { return "\(value) s" }
    let millis = Int((abs(value) * 1000).rounded())
    let fraction = String(millis % 1000)
    return (value < 0 ? "-" : "") + "\(millis / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction + " s"
}
