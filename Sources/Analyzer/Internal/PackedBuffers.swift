/// Several buffers of different types in one allocation, one after the other,
/// each at its type's alignment: buffers made, moved and freed together (the
/// sprite pool's, the planner's memory) pay one allocation and one release
/// for all of them instead of one each. It lives here, the module every
/// other core module imports, beside the other shared helpers
/// (`partitionPoint`, the sorts).
///
/// ```swift
/// var layout = PackedBuffers()
/// let ids = layout.add(Int32.self, count: n)
/// let xs = layout.add(Double.self, count: n)
/// let block = layout.allocate()
/// let idColumn = block.buffer(ids, of: Int32.self)
/// // …
/// block.deallocate()
/// ```
///
/// The buffers are not initialized: their owner initializes and
/// deinitializes their elements, as with `UnsafeMutablePointer.allocate`.
package struct PackedBuffers {
    /// Where each buffer added so far starts, in bytes from the block's start.
    package struct Offset {
        fileprivate let bytes: Int
        fileprivate let count: Int
    }

    private var byteCount = 0
    private var alignment = 16

    package init() {}

    /// Adds a buffer of `count` elements of `type`; returns where it starts.
    package mutating func add<Element>(_ type: Element.Type, count: Int) -> Offset {
        let align = MemoryLayout<Element>.alignment
        let start = (byteCount + align - 1) / align * align
        byteCount = start + MemoryLayout<Element>.stride * max(count, 0)
        alignment = max(alignment, align)
        return Offset(bytes: start, count: max(count, 0))
    }

    /// One block holding every buffer added (at least one byte).
    package func allocate() -> Block {
        Block(base: UnsafeMutableRawPointer.allocate(byteCount: max(byteCount, 1), alignment: alignment))
    }

    /// A block made by `allocate()`.
    package struct Block {
        package let base: UnsafeMutableRawPointer

        /// The buffer added at `offset`, as elements of `type` (uninitialized).
        @inline(__always)
        package func buffer<Element>(_ offset: Offset, of type: Element.Type) -> UnsafeMutablePointer<Element> {
            (base + offset.bytes).bindMemory(to: Element.self, capacity: offset.count)
        }

        /// Frees the block; every element in it must be deinitialized first.
        package func deallocate() { base.deallocate() }
    }
}
