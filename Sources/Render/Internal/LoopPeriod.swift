/// A looping motion's period in whole frames, from the periods of its loops.
enum LoopPeriod {
    /// How far, in frames, a loop may be from a whole number of its periods at
    /// the wrap: the jump there is then at most a hundredth of what the loop
    /// moves in one frame, well below what any renderer shows.
    static let tolerance = 0.01

    /// The least whole number of frames, in 1…`limit`, that is a whole number of
    /// every period (seconds) within ``tolerance`` of a frame at `fps`; nil
    /// when there is none.
    ///
    /// - Complexity: O(limit × periods).
    static func frames(_ periods: [Double], fps: Double, upTo limit: Int) -> Int? {
        let lengths = periods.map { $0 * fps }
        guard limit >= 1, !lengths.isEmpty, lengths.allSatisfy({ $0.isFinite && $0 > 0 }) else { return nil }
        // The longest loop's multiples are the only candidates.
        let longest = lengths.max()!
        var multiple = 1.0
        while true {
            let candidate = (longest * multiple).rounded()
            guard candidate <= Double(limit) else { return nil }
            if candidate >= 1, lengths.allSatisfy({ abs(candidate - ($0 * (candidate / $0).rounded())) <= tolerance }) {
                return Int(candidate)
            }
            multiple += 1
        }
    }
}
