extension Legibility {
    /// A space both texts keep, shown collapsed or doubled: the readable words on
    /// either side of a persisting space are less than half a space apart, or
    /// more than two spaces apart with nothing arriving or leaving between them.
    public struct SpaceGap: Hashable, Sendable {
        /// The time of the frame.
        public var time: Double
        /// The id of the persisting glyph left of the space.
        public var left: Int32
        /// The glyph left of the space.
        public var leftSymbol: Character
        /// The id of the persisting glyph right of the space.
        public var right: Int32
        /// The glyph right of the space.
        public var rightSymbol: Character
        /// The room between the two glyphs' boxes, in widths of the space
        /// (1 at rest; below `collapsedWidth` collapsed, above `doubledWidth` doubled).
        public var width: Double

        /// Below this many widths of a space, a space is collapsed ("jumpsover").
        public static let collapsedWidth = 0.5
        /// Above this many widths of a space, a space is doubled ("jumps  over").
        public static let doubledWidth = 2.0
        /// A wider room that narrows at least this many widths of the space a
        /// second, from one frame checked to the next, is closing (the text
        /// after a removed word sliding up to it), not doubled: it reads as
        /// motion. A single frame checked alone has no frame before it, so its
        /// rooms count as still.
        public static let closingRate = 5.0

        /// Whether the words run together (otherwise they are too far apart).
        public var isCollapsed: Bool { width < Self.collapsedWidth }
    }
}
