extension RunStage {
    /// A glyph's box as its sprite draws it: its width and height, and where its baseline
    /// lies from its centre.
    package struct Box: BitwiseCopyable {
        package var width: Double
        package var height: Double
        package var baselineOffset: Double

        /// The box of a glyph laid out in `frame`.
        init(_ frame: GlyphFrame) {
            width = frame.rect.width
            height = frame.rect.height
            baselineOffset = frame.baseline - frame.rect.midY
        }

        init(width: Double, height: Double, baselineOffset: Double) {
            (self.width, self.height, self.baselineOffset) = (width, height, baselineOffset)
        }

        var size: Size { Size(width: width, height: height) }

        /// Whether the two hold the same bits (a −0 and a NaN drawn as given, not merged or lost).
        func isIdentical(to other: Box) -> Bool {
            width.bitPattern == other.width.bitPattern && height.bitPattern == other.height.bitPattern
                && baselineOffset.bitPattern == other.baselineOffset.bitPattern
        }
    }

    /// The boxes a stage's sprites draw in, each held once: a sprite names its box (4 bytes
    /// in its row, not 24), and a text's glyphs share a handful (one, on a monospace grid).
    /// Boxes are found by their bits through an open-addressed index; the last one asked
    /// for is tried first (a line's glyphs come one after another).
    struct BoxTable {
        private(set) var boxes = Column<Box>()
        /// Per slot (a power of two of them): a box's index, or −1.
        private(set) var slots = Column<Int32>()
        private(set) var last = RecordID<Box>.none

        var count: Int { boxes.count }

        subscript(id: RecordID<Box>) -> Box {
            @inline(__always) get { boxes[id.index] }
        }

        /// Where the boxes are (valid until the table next grows): what a frame reads.
        var base: UnsafeMutablePointer<Box> { boxes.base }

        /// The id of `box`, added when the table does not hold it yet.
        @inline(__always)
        mutating func id(of box: Box) -> RecordID<Box> {
            if last.exists, boxes.base[last.index].isIdentical(to: box) { return last }
            return look(up: box)
        }

        /// The id of `box` found through the index (or added), and kept as the last one asked for.
        @inline(never)
        private mutating func look(up box: Box) -> RecordID<Box> {
            if boxes.count == 0 && slots.count == 0 {
                // The first box needs no index (it is the last one asked for until another
                // comes, which indexes both): a monospace text's stage never makes one.
                boxes.reserve(4)
                boxes.append(box)
                last = RecordID(0)
                return last
            }
            if 2 * (boxes.count + 1) > slots.count { grow() }
            let mask = slots.count - 1
            var slot = Self.hash(box) & mask
            while true {
                let found = slots[slot]
                if found < 0 { break }
                if boxes[Int(found)].isIdentical(to: box) {
                    last = RecordID(Int(found))
                    return last
                }
                slot = (slot + 1) & mask
            }
            last = boxes.nextRecord
            slots[slot] = Int32(truncatingIfNeeded: boxes.count)
            boxes.reserve(boxes.count + 1)
            boxes.append(box)
            return last
        }

        /// Keeps only the boxes `live` names (by id), renumbered in the order first named;
        /// returns, per old id, the new one (−1 for a box let go).
        mutating func compact(keeping live: (_ mark: (RecordID<Box>) -> Void) -> Void) -> [Int32] {
            var renumbered = [Int32](repeating: -1, count: boxes.count)
            var kept: [Box] = []
            live { id in
                if renumbered[id.index] < 0 {
                    renumbered[id.index] = Int32(truncatingIfNeeded: kept.count)
                    kept.append(boxes[id.index])
                }
            }
            boxes.count = 0
            slots.fill(-1, count: slots.count)
            last = .none
            for box in kept { _ = id(of: box) }
            return renumbered
        }

        mutating func release() {
            boxes.release()
            slots.release()
            last = .none
        }

        /// Twice the slots, every box put back.
        private mutating func grow() {
            let count = max(16, 2 * slots.count)
            slots.fill(-1, count: count)
            let mask = count - 1
            for k in 0..<boxes.count {
                var slot = Self.hash(boxes[k]) & mask
                while slots[slot] >= 0 { slot = (slot + 1) & mask }
                slots[slot] = Int32(truncatingIfNeeded: k)
            }
        }

        /// A hash of the box's bits (stable: it decides only where a box is looked up).
        static func hash(_ box: Box) -> Int {
            var h = box.width.bitPattern &* 0x9E37_79B9_7F4A_7C15
            h = (h ^ (h >> 29) ^ box.height.bitPattern) &* 0xBF58_476D_1CE4_E5B9
            h = (h ^ (h >> 32) ^ box.baselineOffset.bitPattern) &* 0x94D0_49BB_1331_11EB
            return Int(truncatingIfNeeded: h ^ (h >> 31))
        }
    }
}
