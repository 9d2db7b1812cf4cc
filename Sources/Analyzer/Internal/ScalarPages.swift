/// Glyph ids of the glyphs that are one scalar of `ScalarClass`, by scalar
/// value, in pages of 256 values: a lookup is two loads, no hashing and no
/// branch, and the neighbouring scalars of a script (CJK ideographs, kana,
/// hangul syllables, emoji) share a page and so the cache.
///
/// Every `ScalarClass` scalar is below `limit`. Pages not in use all point to
/// one shared page of −1, so a lookup never tests for a missing page.
final class ScalarPages {
    /// One past the largest scalar value the pages cover.
    static let limit: UInt32 = 0x20000
    private static let pageCount = Int(limit >> 8)

    /// The page of each 256 scalar values.
    let directory: UnsafeMutablePointer<UnsafeMutablePointer<Int32>>
    /// The page every unused directory entry points to.
    private let empty: UnsafeMutablePointer<Int32>

    init() {
        empty = .allocate(capacity: 256)
        empty.initialize(repeating: -1, count: 256)
        directory = .allocate(capacity: Self.pageCount)
        directory.initialize(repeating: empty, count: Self.pageCount)
    }

    deinit {
        for page in 0..<Self.pageCount where directory[page] != empty { directory[page].deallocate() }
        directory.deallocate()
        empty.deallocate()
    }

    /// The id of a scalar below `limit`, or −1.
    @inline(__always)
    func id(of value: UInt32) -> Int32 {
        directory[Int(truncatingIfNeeded: value >> 8)][Int(truncatingIfNeeded: value & 0xFF)]
    }

    /// Records a scalar's id (the scalar must be below `limit`).
    func insert(_ value: UInt32, id: Int32) {
        precondition(value < Self.limit, "scalar U+\(String(value, radix: 16)) is beyond the pages")
        let index = Int(value >> 8)
        if directory[index] == empty {
            let page = UnsafeMutablePointer<Int32>.allocate(capacity: 256)
            page.initialize(repeating: -1, count: 256)
            directory[index] = page
        }
        directory[index][Int(value & 0xFF)] = id
    }
}
