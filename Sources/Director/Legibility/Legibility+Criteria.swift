extension Legibility {
    /// The thresholds of the legibility measure.
    ///
    /// ```swift
    /// var strict = Legibility.Criteria.standard
    /// strict.overlapFraction = 0.2      // flag smaller overlaps too
    /// Legibility.check(frame, criteria: strict)
    /// ```
    public struct Criteria: Hashable, Sendable {
        /// The opacity from which a glyph counts as clearly visible (0.4 by default).
        public var visibleOpacity: Double
        /// How much of the narrower box two boxes on a line may share before they
        /// are garbled (0.35 by default: an overlap of more than 35 % is garbled).
        public var overlapFraction: Double

        /// The thresholds of DESIGN.md section 8: opacity 0.4, overlap 35 %.
        public static let standard = Criteria()

        /// Thresholds as given; a value that is not a finite number takes its
        /// default, and a negative overlap fraction counts as 0.
        public init(visibleOpacity: Double = 0.4, overlapFraction: Double = 0.35) {
            self.visibleOpacity = visibleOpacity.isFinite ? visibleOpacity : 0.4
            self.overlapFraction = overlapFraction.isFinite ? max(overlapFraction, 0) : 0.35
        }
    }
}
