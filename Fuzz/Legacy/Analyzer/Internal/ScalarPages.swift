/// Glyph ids of the glyphs that are one scalar of `ScalarClass`, by scalar
/// value, in pages of 256 values: a lookup is two loads, no hashing and no
/// branch, and the neighbouring scalars of a script (CJK ideographs, kana,
/// hangul syllables, emoji) share a page and so the cache.
///
/// Every `ScalarClass` scalar is below `limit`. Pages not in use all point to
/// one shared page of −1, so a lookup never tests for a missing page; an
/// interner makes its pages when it numbers its first scalar.
///
/// Not `Sendable`: one interner's, confined like it.
final class ScalarPages {
    /// One past the largest scalar value the pages cover.
    static let limit: UInt32 = 0x20000
    private static let pageCount = Int(limit >> 8)

    /// The page of −1 that unused directory entries point to, and a directory
    /// of nothing but it, for interners that have numbered no scalar yet:
    /// made once and never written (so sharing them is safe).
    private nonisolated(unsafe) static let empty: UnsafeMutablePointer<Int32> = {
        let page = UnsafeMutablePointer<Int32>.allocate(capacity: 256)
        page.initialize(repeating: -1, count: 256)
        return page
    }()
    nonisolated(unsafe) static let emptyDirectory: UnsafeMutablePointer<UnsafeMutablePointer<Int32>> = {
        let directory = UnsafeMutablePointer<UnsafeMutablePointer<Int32>>.allocate(capacity: pageCount)
        directory.initialize(repeating: empty, count: pageCount)
        return directory
    }()

    /// The page of each 256 scalar values.
    let directory: UnsafeMutablePointer<UnsafeMutablePointer<Int32>>

    init() {
        directory = .allocate(capacity: Self.pageCount)
        directory.initialize(repeating: Self.empty, count: Self.pageCount)
    }

    deinit {
        for page in 0..<Self.pageCount where directory[page] != Self.empty { directory[page].deallocate() }
        directory.deallocate()
    }

    /// The id of a scalar below `limit` in a directory, or −1.
    @inline(__always)
    static func id(of value: UInt32, in directory: UnsafeMutablePointer<UnsafeMutablePointer<Int32>>) -> Int32 {
        directory[Int(truncatingIfNeeded: value >> 8)][Int(truncatingIfNeeded: value & 0xFF)]
    }

    /// Records a scalar's id (the scalar must be below `limit`).
    func insert(_ value: UInt32, id: Int32) {
        precondition(value < Self.limit, "scalar U+\(String(value, radix: 16)) is beyond the pages")
        let index = Int(value >> 8)
        if directory[index] == Self.empty {
            let page = UnsafeMutablePointer<Int32>.allocate(capacity: 256)
            page.initialize(repeating: -1, count: 256)
            directory[index] = page
        }
        directory[index][Int(value & 0xFF)] = id
    }
}
