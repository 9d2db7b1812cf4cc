import Analyzer
import Animator

/// How numbers change by default: when every text reads as a number (signs,
/// grouping, decimals, percent, currency, time of day), numeric mode, place
/// values lined up on the right and the rolling digits. The command line
/// applies them unless told otherwise (`--mode morph` opts out).
///
/// ```swift
/// if let numbers = NumberDefaults(texts: ["99", "100"]) {
///     let layout = MonospaceLayout(alignment: numbers.alignment)
///     let director = TransitionDirector(text: "99", layout: layout, effect: numbers.effect, mode: numbers.mode)
/// }
/// ```
public struct NumberDefaults: Sendable {
    /// Numeric mode, with the decimal separator the texts use.
    public var mode: DiffMode
    /// Trailing: the units' column stays put as a number grows.
    public var alignment: TextAlignment
    /// The rolling digits.
    public var effect: AnyEffect

    /// The defaults for `texts`, or nil when one of them does not read as a
    /// number (`DiffMode.readsAsNumber(_:)`).
    public init?(texts: some Sequence<String>) {
        guard case .numeric = DiffMode.suggested(for: texts) else { return nil }
        mode = DiffMode.suggested(for: texts)
        alignment = .trailing
        effect = .rolling
    }
}
