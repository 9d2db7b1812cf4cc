/// Bump allocation for the temporary arrays of one analysis, released together.
///
/// A label-sized analysis fits the first chunk, so it pays for one heap
/// allocation however many arrays it needs.
struct ScratchArena: ~Copyable {
    /// The current chunk; its first word links to the previous chunk.
    private var chunk: UnsafeMutableRawPointer
    private var used: Int
    private var capacity: Int

    private static let header = 16

    init(capacity: Int) {
        self.capacity = max(capacity, 256) + Self.header
        chunk = UnsafeMutableRawPointer.allocate(byteCount: self.capacity, alignment: 16)
        chunk.storeBytes(of: nil, as: UnsafeMutableRawPointer?.self)
        used = Self.header
    }

    deinit {
        var current: UnsafeMutableRawPointer? = chunk
        while let block = current {
            current = block.load(as: UnsafeMutableRawPointer?.self)
            block.deallocate()
        }
    }

    /// Uninitialized room for `count` values.
    mutating func allocate<T>(_: T.Type, count: Int) -> UnsafeMutablePointer<T> {
        let alignment = max(MemoryLayout<T>.alignment, 8)
        let bytes = max(1, count) * MemoryLayout<T>.stride
        var start = (used + alignment - 1) & ~(alignment - 1)
        if start + bytes > capacity {
            let size = max(bytes + alignment + Self.header, 2 * capacity)
            let fresh = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
            fresh.storeBytes(of: chunk, as: UnsafeMutableRawPointer?.self)
            chunk = fresh
            capacity = size
            start = (Self.header + alignment - 1) & ~(alignment - 1)
        }
        used = start + bytes
        return (chunk + start).bindMemory(to: T.self, capacity: count)
    }

    /// Room for `count` copies of `value`.
    mutating func allocate<T>(repeating value: T, count: Int) -> UnsafeMutablePointer<T> {
        let pointer = allocate(T.self, count: count)
        pointer.initialize(repeating: value, count: count)
        return pointer
    }
}
