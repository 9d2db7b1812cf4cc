/// How a change gives its mutations their priority weights (see `TextChangeAnalyzer`).
@usableFromInline
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

    /// Where everything is, read once: the header through its pointer, so that
    /// readers pay no exclusivity check per access.
    var layout: ChangeLayout {
        withUnsafeMutablePointers { header, elements in ChangeLayout(header.pointee, elements) }
    }

    var oldIDs: UnsafeMutablePointer<Int32> { layout.oldIDs }
    var newIDs: UnsafeMutablePointer<Int32> { layout.newIDs }
    var matchOfNew: UnsafeMutablePointer<Int32> { layout.matchOfNew }
    var removed: UnsafeMutablePointer<Int32> { layout.removed }
    var oldColumns: UnsafeMutablePointer<Int32> { layout.oldColumns }
    var newColumns: UnsafeMutablePointer<Int32> { layout.newColumns }
}

/// The parts of a `ChangeStorage`, as pointers and counts: what readers keep
/// (valid while they hold the storage).
///
/// Sendable for the reason `SharedChangeStorage` is: the memory it points to
/// is immutable once shared, and every holder keeps the storage alive beside it.
@usableFromInline
struct ChangeLayout: @unchecked Sendable {
    @usableFromInline let oldCount: Int
    @usableFromInline let newCount: Int
    @usableFromInline let removedCount: Int
    @usableFromInline let scheme: WeightScheme
    @usableFromInline let newScale: Double
    @usableFromInline let oldScale: Double
    @usableFromInline let oldIDs: UnsafeMutablePointer<Int32>
    @usableFromInline let newIDs: UnsafeMutablePointer<Int32>
    @usableFromInline let matchOfNew: UnsafeMutablePointer<Int32>
    @usableFromInline let removed: UnsafeMutablePointer<Int32>
    @usableFromInline let oldColumns: UnsafeMutablePointer<Int32>
    @usableFromInline let newColumns: UnsafeMutablePointer<Int32>

    init(_ header: ChangeHeader, _ elements: UnsafeMutablePointer<Int32>) {
        oldCount = header.oldCount
        newCount = header.newCount
        removedCount = header.removedCount
        scheme = header.scheme
        newScale = header.newScale
        oldScale = header.oldScale
        oldIDs = elements
        newIDs = elements + oldCount
        matchOfNew = newIDs + newCount
        removed = matchOfNew + newCount
        oldColumns = removed + removedCount
        newColumns = oldColumns + oldCount
    }

    /// The priority weight of the glyph at new index `j`.
    @inlinable @inline(__always)
    func newWeight(_ j: Int) -> Double {
        let position = scheme == .columns ? Int(newColumns[j]) : j
        return min(Double(position) * newScale, 1)
    }

    /// The priority weight of the glyph at old index `i`.
    @inlinable @inline(__always)
    func oldWeight(_ i: Int) -> Double {
        let position = scheme == .columns ? Int(oldColumns[i]) : i
        return min(Double(position) * oldScale, 1)
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
