extension Legibility {
    /// The thresholds of the legibility measure.
    ///
    /// ```swift
    /// var strict = Legibility.Criteria.standard
    /// strict.overlapFraction = 0.2      // flag smaller overlaps too
    /// Legibility.check(frame, criteria: strict)
    /// ```
    public struct Criteria: Hashable, Sendable {
        /// The opacity from which a glyph counts as clearly visible (0.4 by
        /// default): the copies of a glyph are counted at this level.
        public var visibleOpacity: Double
        /// The opacity from which a glyph can still be read (0.2 by default): two
        /// glyphs overlapping are garbled, and two words are too close or too far
        /// apart, when both are at least this visible. A faint glyph under a dark
        /// one still changes what the eye reads ("n" over "u" reads neither).
        public var readableOpacity: Double
        /// How much of the narrower box two boxes on a line may share before they
        /// are garbled (0.35 by default: an overlap of more than 35 % is garbled).
        public var overlapFraction: Double
        /// The opacity from which a glyph in place reads (0.9 by default): the
        /// time to read waits for every glyph of the new text to reach it.
        public var readOpacity: Double

        /// The standard thresholds: clearly visible from opacity 0.4, readable
        /// from 0.2, garbled beyond an overlap of 35 %.
        public static let standard = Criteria()

        /// Thresholds as given; a value that is not a finite number takes its
        /// default, and a negative overlap fraction counts as 0.
        public init(
            visibleOpacity: Double = 0.4, readableOpacity: Double = 0.2, overlapFraction: Double = 0.35,
            readOpacity: Double = 0.9
        ) {
            self.visibleOpacity = visibleOpacity.isFinite ? visibleOpacity : 0.4
            self.readOpacity = readOpacity.isFinite ? readOpacity : 0.9
            self.readableOpacity = readableOpacity.isFinite ? readableOpacity : 0.2
            self.overlapFraction = overlapFraction.isFinite ? max(overlapFraction, 0) : 0.35
        }
    }
}
