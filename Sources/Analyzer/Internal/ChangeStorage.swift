/// How a change gives its mutations their priority weights (see `TextChangeAnalyzer`).
enum WeightScheme: UInt8 {
    /// Own-text position: new index for inserts and transforms, old index for removes.
    case readingOrder
    /// Slot index, shared by both sides.
    case slots
    /// Merged place columns, shared by both sides.
    case columns
}

/// The sizes and scales at the head of a `ChangeStorage`.
struct ChangeHeader {
    var oldCount: Int
    var newCount: Int
    var removedCount: Int
    var scheme: WeightScheme
    /// Multiplies a new-side position into a weight.
    var newScale: Double
    /// Multiplies an old-side position into a weight.
    var oldScale: Double
}

/// One block of memory per change, holding everything about its glyphs as
/// plain integers, so building and freeing a change costs one allocation and
/// no reference counting per glyph:
///
/// `[old ids: n][new ids: m][match of new: m][removed old indices: r][old columns: n][new columns: m]`
///
/// (the columns only in numeric mode). `match of new[j]` is the old index new
/// glyph j persists from, or −1; the mutations are read from it in their
/// canonical order: inserts and transforms in new-text order, then removes.
final class ChangeStorage: ManagedBuffer<ChangeHeader, Int32> {
    /// A block for a change of `n` old and `m` new glyphs, `r` of them removed,
    /// with room for column tables when `columns` is set. Only the header is initialized.
    static func make(old n: Int, new m: Int, removed r: Int, scheme: WeightScheme, newScale: Double, oldScale: Double)
        -> ChangeStorage
    {
        let capacity = n + 2 * m + r + (scheme == .columns ? n + m : 0)
        let buffer = ChangeStorage.create(minimumCapacity: max(capacity, 1)) { _ in
            ChangeHeader(oldCount: n, newCount: m, removedCount: r, scheme: scheme, newScale: newScale, oldScale: oldScale)
        }
        // `create` returns the dynamic type it was called on.
        return unsafeDowncast(buffer, to: ChangeStorage.self)
    }

    @inline(__always)
    var oldIDs: UnsafeMutablePointer<Int32> { withUnsafeMutablePointerToElements { $0 } }
    @inline(__always)
    var newIDs: UnsafeMutablePointer<Int32> { withUnsafeMutablePointerToElements { $0 + header.oldCount } }
    @inline(__always)
    var matchOfNew: UnsafeMutablePointer<Int32> {
        withUnsafeMutablePointerToElements { $0 + header.oldCount + header.newCount }
    }
    @inline(__always)
    var removed: UnsafeMutablePointer<Int32> {
        withUnsafeMutablePointerToElements { $0 + header.oldCount + 2 * header.newCount }
    }
    @inline(__always)
    var oldColumns: UnsafeMutablePointer<Int32> {
        withUnsafeMutablePointerToElements { $0 + header.oldCount + 2 * header.newCount + header.removedCount }
    }
    @inline(__always)
    var newColumns: UnsafeMutablePointer<Int32> { oldColumns + header.oldCount }

    /// The priority weight of the glyph at new index `j`.
    @inline(__always)
    func newWeight(_ j: Int) -> Double {
        let position = header.scheme == .columns ? Int(newColumns[j]) : j
        return min(Double(position) * header.newScale, 1)
    }

    /// The priority weight of the glyph at old index `i`.
    @inline(__always)
    func oldWeight(_ i: Int) -> Double {
        let position = header.scheme == .columns ? Int(oldColumns[i]) : i
        return min(Double(position) * header.oldScale, 1)
    }
}

/// A `ChangeStorage` that changes share across threads.
///
/// Sendable without a lock because the block is immutable once shared: the
/// analyzer (or `TextChange.init`) fills a fresh block before wrapping it, and
/// nothing writes to it afterwards (the accessors that hand out mutable
/// pointers are internal to this module and used only while building).
/// `ManagedBuffer` itself is marked non-Sendable, hence the wrapper.
struct SharedChangeStorage: @unchecked Sendable {
    let block: ChangeStorage
}
