/// The glyph ids of short pieces of text (at most `longest` bytes), keyed by
/// the bytes themselves held in two machine words, so that a piece seen
/// before (" 😀🎉", " привет") costs two loads, a hash and one comparison.
///
/// What a piece is, and why its glyphs do not depend on the text around it,
/// is the interner's business (see `GlyphInterner`); this is only the table.
/// It forgets everything when it holds `entryLimit` pieces.
///
/// Not `Sendable`: one interner's, confined like it.
final class PieceCache {
    /// The longest piece, in bytes; its length goes in the key's top byte.
    static let longest = 15
    /// The most pieces kept before the cache starts over.
    static let entryLimit = 1 << 15

    /// A piece's bytes (zeros past its end, its length in the top byte, so
    /// never all zero), the ids its glyphs got and their traits' union.
    struct Entry {
        var low: UInt64
        var high: UInt64
        var idStart: Int32
        var idCount: UInt8
        var traits: UInt8

        static let empty = Entry(low: 0, high: 0, idStart: 0, idCount: 0, traits: 0)
    }

    private var entries: UnsafeMutablePointer<Entry>
    private var mask = 255
    private var shift: UInt64 = 64 - 8
    private var count = 0
    private var ids: UnsafeMutablePointer<Int32>
    /// The narrow ids of the glyphs, beside their ids.
    private var narrowIDs: UnsafeMutablePointer<UInt8>
    private var idCount = 0
    private var idCapacity = 1024

    init() {
        entries = .allocate(capacity: mask + 1)
        entries.initialize(repeating: .empty, count: mask + 1)
        ids = .allocate(capacity: idCapacity)
        narrowIDs = .allocate(capacity: idCapacity)
    }

    deinit {
        entries.deallocate()
        ids.deallocate()
        narrowIDs.deallocate()
    }

    /// The key of the piece of `length` bytes (1 to `longest`) whose first
    /// sixteen bytes are `first` and `second`.
    @inline(__always)
    static func key(_ first: UInt64, _ second: UInt64, length: Int) -> (low: UInt64, high: UInt64) {
        let lowBits = UInt64(truncatingIfNeeded: min(length, 8) &* 8)
        let highBits = UInt64(truncatingIfNeeded: max(length &- 8, 0) &* 8)
        let low = first & (UInt64.max >> (64 &- lowBits))
        let high = second & (UInt64.max >> (64 &- highBits))
        return (low, high | UInt64(truncatingIfNeeded: length) << 56)
    }

    /// Copies the ids and narrow ids of a cached piece to `output` and
    /// `narrow`; returns how many and their traits' union, or nil when the
    /// piece is not cached.
    @inline(__always)
    func copyIDs(
        low: UInt64, high: UInt64, into output: UnsafeMutablePointer<Int32>, narrow: UnsafeMutablePointer<UInt8>
    ) -> (count: Int, traits: UInt8)? {
        var slot = Self.slot(low, high, shift)
        while true {
            let entry = entries[slot]
            if entry.low == low && entry.high == high {
                let start = Int(entry.idStart)
                for k in 0..<Int(entry.idCount) {
                    output[k] = ids[start &+ k]
                    narrow[k] = narrowIDs[start &+ k]
                }
                return (Int(entry.idCount), entry.traits)
            }
            if entry.high == 0 { return nil }
            slot = (slot &+ 1) & mask
        }
    }

    /// Caches the ids of a piece (not cached yet), unless it has more glyphs than an entry counts.
    func insert(
        low: UInt64, high: UInt64, ids pieceIDs: UnsafeBufferPointer<Int32>, narrow: UnsafePointer<UInt8>, traits: UInt8
    ) {
        guard pieceIDs.count <= Int(UInt8.max) else { return }
        if count >= Self.entryLimit { clear() }
        if 2 &* (count &+ 1) > mask { grow() }
        if idCount &+ pieceIDs.count > idCapacity {
            idCapacity = 2 &* (idCount &+ pieceIDs.count)
            let grown = UnsafeMutablePointer<Int32>.allocate(capacity: idCapacity)
            grown.moveInitialize(from: ids, count: idCount)
            ids.deallocate()
            ids = grown
            let grownNarrow = UnsafeMutablePointer<UInt8>.allocate(capacity: idCapacity)
            grownNarrow.moveInitialize(from: narrowIDs, count: idCount)
            narrowIDs.deallocate()
            narrowIDs = grownNarrow
        }
        (ids + idCount).initialize(from: pieceIDs.baseAddress!, count: pieceIDs.count)
        (narrowIDs + idCount).initialize(from: narrow, count: pieceIDs.count)
        place(
            Entry(
                low: low, high: high, idStart: Int32(truncatingIfNeeded: idCount),
                idCount: UInt8(truncatingIfNeeded: pieceIDs.count), traits: traits))
        idCount &+= pieceIDs.count
        count &+= 1
    }

    @inline(__always)
    private static func slot(_ low: UInt64, _ high: UInt64, _ shift: UInt64) -> Int {
        let mixed = (low &* 0x9E37_79B9_7F4A_7C15) ^ (high &* 0xC2B2_AE3D_27D4_EB4F)
        return Int(truncatingIfNeeded: (mixed ^ mixed >> 29) >> shift)
    }

    private func place(_ entry: Entry) {
        var slot = Self.slot(entry.low, entry.high, shift)
        while entries[slot].high != 0 { slot = (slot &+ 1) & mask }
        entries[slot] = entry
    }

    private func grow() {
        let old = entries, oldSize = mask &+ 1
        mask = 2 &* oldSize &- 1
        shift &-= 1
        entries = .allocate(capacity: mask &+ 1)
        entries.initialize(repeating: .empty, count: mask &+ 1)
        for index in 0..<oldSize where old[index].high != 0 { place(old[index]) }
        old.deallocate()
    }

    private func clear() {
        entries.update(repeating: .empty, count: mask &+ 1)
        count = 0
        idCount = 0
    }
}
