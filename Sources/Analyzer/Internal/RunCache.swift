/// The glyph ids of stretches of text the standard library has segmented,
/// keyed by their UTF-8 bytes, so a stretch seen again (an emoji with its
/// modifier, a letter with its accent) costs a hash and a compare.
///
/// Identical bytes between two certain glyph boundaries always segment the
/// same way (see `ScalarClass`), so the cache is exact. It forgets everything
/// when it grows past `byteLimit`, and long stretches are not cached.
struct RunCache {
    /// Stretches longer than this are segmented every time.
    static let longestStretch = 128
    /// The most bytes kept before the cache starts over.
    static let byteLimit = 1 << 20

    private struct Entry {
        var hash: UInt64
        var byteStart: Int32
        var byteCount: Int32
        var idStart: Int32
        var idCount: Int32
    }

    private var slots: [Int32] = []
    private var entries: [Entry] = []
    private var bytes: [UInt8] = []
    private var ids: [Int32] = []
    private var shift: UInt64 = 64

    /// The ids of a stretch, if cached.
    func ids(of stretch: UnsafeBufferPointer<UInt8>) -> ArraySlice<Int32>? {
        guard !entries.isEmpty, stretch.count <= Self.longestStretch else { return nil }
        let hash = Self.hash(stretch)
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash >> shift)
        while true {
            let index = Int(slots[slot])
            if index < 0 { return nil }
            let entry = entries[index]
            if entry.hash == hash && Int(entry.byteCount) == stretch.count
                && bytes.withUnsafeBufferPointer({ stored in
                    Self.equal(stored.baseAddress! + Int(entry.byteStart), stretch.baseAddress!, stretch.count)
                })
            {
                return ids[Int(entry.idStart)..<Int(entry.idStart + entry.idCount)]
            }
            slot = (slot + 1) & mask
        }
    }

    /// Caches the ids of a stretch (not cached yet).
    mutating func insert(_ stretch: UnsafeBufferPointer<UInt8>, ids stretchIDs: UnsafeBufferPointer<Int32>) {
        guard stretch.count <= Self.longestStretch else { return }
        if bytes.count + stretch.count > Self.byteLimit { self = RunCache() }
        if 2 * (entries.count + 1) > slots.count { grow() }
        let entry = Entry(
            hash: Self.hash(stretch), byteStart: Int32(bytes.count), byteCount: Int32(stretch.count),
            idStart: Int32(ids.count), idCount: Int32(stretchIDs.count))
        bytes.append(contentsOf: stretch)
        ids.append(contentsOf: stretchIDs)
        entries.append(entry)
        place(entries.count - 1)
    }

    private mutating func place(_ index: Int) {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: entries[index].hash >> shift)
        while slots[slot] >= 0 { slot = (slot + 1) & mask }
        slots[slot] = Int32(index)
    }

    private mutating func grow() {
        let size = max(64, slots.count * 2)
        slots = [Int32](repeating: -1, count: size)
        shift = UInt64(64 - size.trailingZeroBitCount)
        for index in entries.indices { place(index) }
    }

    @inline(__always)
    private static func equal(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        var index = 0
        while index < count {
            if a[index] != b[index] { return false }
            index &+= 1
        }
        return true
    }

    /// A 64-bit hash of a few bytes (FNV-1a with a final mix).
    @inline(__always)
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        hash = (hash ^ hash >> 29) &* 0xBF58_476D_1CE4_E5B9
        return hash ^ hash >> 32
    }
}
