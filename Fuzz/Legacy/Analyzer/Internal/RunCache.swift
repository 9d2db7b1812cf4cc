/// The glyph ids of stretches of text between two certain glyph boundaries
/// (those the standard library segmented, and pieces too long for
/// `PieceCache`), keyed by their UTF-8 bytes, so a stretch seen again (an
/// emoji with its modifier, a letter with its accent) costs a hash and a
/// compare.
///
/// Identical bytes between two certain glyph boundaries always segment the
/// same way (see `ScalarClass`), so the cache is exact. It forgets everything
/// when it grows past `byteLimit`, and long stretches are not cached.
///
struct RunCache {
    /// Stretches longer than this many bytes are segmented every time.
    static let longestStretch = 128
    /// The most bytes kept before the cache starts over.
    static let byteLimit = 1 << 20

    private struct Entry {
        var hash: UInt64
        var byteStart: Int32
        var byteCount: Int32
        var idStart: Int32
        var idCount: Int32
        var traits: UInt8
    }

    private var slots: [Int32] = []
    private var entries: [Entry] = []
    private var bytes: [UInt8] = []
    private var ids: [Int32] = []
    /// The narrow ids of the glyphs, beside their ids.
    private var narrowIDs: [UInt8] = []
    private var shift: UInt64 = 64

    /// The hash of a stretch (any bytes), eight bytes at a time.
    @inline(__always)
    static func hash(_ stretch: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let base = UnsafeRawPointer(stretch.baseAddress!), count = stretch.count
        var hash = UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9_7F4A_7C15
        var index = 0
        while index &+ 8 <= count {
            hash = (hash ^ base.loadUnaligned(fromByteOffset: index, as: UInt64.self)) &* 0xBF58_476D_1CE4_E5B9
            hash ^= hash >> 31
            index &+= 8
        }
        var tail: UInt64 = 0
        while index < count {
            tail = tail << 8 | UInt64(stretch[index])
            index &+= 1
        }
        hash = (hash ^ tail) &* 0x94D0_49BB_1331_11EB
        return hash ^ hash >> 29
    }

    /// Copies the ids of a cached stretch to `output`; returns how many, and
    /// the union of their traits (see `GlyphTraits.union`), or nil when not cached.
    @inline(__always)
    func copyIDs(
        of stretch: UnsafeBufferPointer<UInt8>, hash: UInt64, into output: UnsafeMutablePointer<Int32>,
        narrow: UnsafeMutablePointer<UInt8>
    ) -> (count: Int, traits: UInt8)? {
        guard let entry = find(stretch, hash: hash) else { return nil }
        let start = Int(entry.idStart)
        ids.withUnsafeBufferPointer { ids in
            narrowIDs.withUnsafeBufferPointer { narrowIDs in
                // Mostly a few ids: a loop, not a call to copy memory.
                for k in 0..<Int(entry.idCount) {
                    output[k] = ids[start &+ k]
                    narrow[k] = narrowIDs[start &+ k]
                }
            }
        }
        return (Int(entry.idCount), entry.traits)
    }

    /// The id of a cached stretch that is one glyph, else nil.
    func onlyID(of stretch: UnsafeBufferPointer<UInt8>) -> Int32? {
        guard !stretch.isEmpty, let entry = find(stretch, hash: Self.hash(stretch)), entry.idCount == 1 else { return nil }
        return ids[Int(entry.idStart)]
    }

    @inline(__always)
    private func find(_ stretch: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Entry? {
        guard !entries.isEmpty, stretch.count <= Self.longestStretch else { return nil }
        return slots.withUnsafeBufferPointer { slots in
            entries.withUnsafeBufferPointer { entries in
                bytes.withUnsafeBufferPointer { stored in
                    let mask = slots.count &- 1
                    var slot = Int(truncatingIfNeeded: Self.finish(hash) >> shift)
                    while true {
                        let index = Int(slots[slot])
                        if index < 0 { return nil }
                        let entry = entries[index]
                        if entry.hash == hash && Int(entry.byteCount) == stretch.count
                            && Self.equal(stored.baseAddress! + Int(entry.byteStart), stretch.baseAddress!, stretch.count)
                        {
                            return entry
                        }
                        slot = (slot &+ 1) & mask
                    }
                }
            }
        }
    }

    /// Caches the ids of a stretch (not cached yet) whose hash is `hash`.
    mutating func insert(
        _ stretch: UnsafeBufferPointer<UInt8>, hash: UInt64, ids stretchIDs: UnsafeBufferPointer<Int32>,
        narrow: UnsafePointer<UInt8>, traits: UInt8
    ) {
        guard stretch.count <= Self.longestStretch else { return }
        if bytes.count + stretch.count > Self.byteLimit { self = RunCache() }
        if 2 * (entries.count + 1) > slots.count { grow() }
        let entry = Entry(
            hash: hash, byteStart: Int32(bytes.count), byteCount: Int32(stretch.count),
            idStart: Int32(ids.count), idCount: Int32(stretchIDs.count), traits: traits)
        bytes.append(contentsOf: stretch)
        ids.append(contentsOf: stretchIDs)
        narrowIDs.append(contentsOf: UnsafeBufferPointer(start: narrow, count: stretchIDs.count))
        entries.append(entry)
        place(entries.count - 1)
    }

    private mutating func place(_ index: Int) {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: Self.finish(entries[index].hash) >> shift)
        while slots[slot] >= 0 { slot = (slot + 1) & mask }
        slots[slot] = Int32(index)
    }

    private mutating func grow() {
        let size = max(64, slots.count * 2)
        slots = [Int32](repeating: -1, count: size)
        shift = UInt64(64 - size.trailingZeroBitCount)
        for index in entries.indices { place(index) }
    }

    /// Spreads a hash's bits to the top, where slots are taken from.
    @inline(__always)
    private static func finish(_ hash: UInt64) -> UInt64 {
        let mixed = (hash ^ hash >> 29) &* 0xBF58_476D_1CE4_E5B9
        return mixed ^ mixed >> 32
    }

    /// Whether two runs of `count` bytes are equal, eight bytes at a time.
    @inline(__always)
    private static func equal(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        let left = UnsafeRawPointer(a), right = UnsafeRawPointer(b)
        var index = 0
        while index &+ 8 <= count {
            if left.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                != right.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            {
                return false
            }
            index &+= 8
        }
        while index < count {
            if a[index] != b[index] { return false }
            index &+= 1
        }
        return true
    }
}
