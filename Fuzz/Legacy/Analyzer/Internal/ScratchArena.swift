/// Bump allocation for the temporary arrays of one analysis, released together.
///
/// A label-sized analysis fits in a caller-provided stack buffer and touches
/// the heap not at all; larger ones take one heap chunk sized from an
/// estimate, and more only if the estimate was short.
struct ScratchArena: ~Copyable {
    /// Heap chunks, newest first; each one's first word links to the next.
    private var heapChunks: UnsafeMutableRawPointer?
    /// The chunk being filled (a heap chunk or the caller's buffer).
    private var chunk: UnsafeMutableRawPointer
    private var used: Int
    private var capacity: Int
    /// Every byte asked for so far, alignment included: what a buffer would
    /// need to hold this analysis without a heap chunk.
    private(set) var bytesRequested = 0

    private static let header = 16

    /// Uses `stack` (which must outlive the arena) when `expected` bytes fit
    /// in it, else starts with a heap chunk of `expected` bytes.
    init(stack: UnsafeMutableRawBufferPointer, expected: Int) {
        if expected <= stack.count || stack.count >= 4096, let base = stack.baseAddress {
            heapChunks = nil
            chunk = base
            used = 0
            capacity = stack.count
        } else {
            capacity = max(expected, 256) + Self.header
            chunk = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
            chunk.storeBytes(of: nil, as: UnsafeMutableRawPointer?.self)
            heapChunks = chunk
            used = Self.header
        }
    }

    deinit {
        var current = heapChunks
        while let block = current {
            current = block.load(as: UnsafeMutableRawPointer?.self)
            block.deallocate()
        }
    }

    /// Uninitialized room for `count` values.
    @inline(__always)
    mutating func allocate<T>(_: T.Type, count: Int) -> UnsafeMutablePointer<T> {
        let alignment = max(MemoryLayout<T>.alignment, 8)
        let bytes = max(1, count) * MemoryLayout<T>.stride
        bytesRequested += bytes + alignment
        var start = (used + alignment - 1) & ~(alignment - 1)
        if start + bytes > capacity {
            let size = max(bytes + alignment + Self.header, 2 * capacity)
            let fresh = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
            fresh.storeBytes(of: heapChunks, as: UnsafeMutableRawPointer?.self)
            heapChunks = fresh
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
