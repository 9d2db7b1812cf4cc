/// Values that stay where they are put: a pointer to one stays valid while more
/// are appended (they live in chunks of 16 that never move). For tables read in
/// place, whose elements are too large to copy or hold references a copy would
/// retain. Not copyable: it owns its chunks, freed when it goes (a stage's tables
/// are stored properties of the stage, not objects of their own: a stage made to
/// plan one change allocates and frees eight fewer).
///
/// Small until it is filled: a stage made to plan one change (what `GlyphAnimator`
/// plans on) holds a few templates, so its tables take a few kilobytes, not the
/// room a long session may need. (With room for 65,536 elements made up front and
/// chunks of 64, planning afresh took so much that the C library gave the heap's
/// top back to the system after each plan and faulted it in again at the next.)
struct StableStorage<Element>: ~Copyable {
    private static var chunkShift: Int { 4 }
    private static var chunkSize: Int { 1 << chunkShift }
    /// Room for 65,536 elements.
    private static var chunkLimit: Int { 4096 }

    /// The chunk table, allocated with the first element and doubled as it fills (the
    /// chunks it points to stay where they are). Untyped, so that the deinitializer, where it
    /// runs unspecialized, need not look up the metadata of a pointer to `Element` to step
    /// through it.
    private var chunks: UnsafeMutablePointer<UnsafeMutableRawPointer>?
    private var tableCapacity = 0
    private(set) var count = 0
    /// The first allocation: the first chunk table and, after it, the first chunk (a stage
    /// made to plan one change fills no more, so each table costs it one allocation).
    private var first: UnsafeMutableRawPointer?

    init() {}

    /// Where element `k` lies (`k < count`).
    @inline(__always) subscript(k: Int) -> UnsafeMutablePointer<Element> {
        assert(k >= 0 && k < count, "an element outside the storage")
        return chunk(k &>> Self.chunkShift) + (k & (Self.chunkSize - 1))
    }

    /// Chunk `c`'s first element.
    @inline(__always) private func chunk(_ c: Int) -> UnsafeMutablePointer<Element> {
        chunks.unsafelyUnwrapped[c].assumingMemoryBound(to: Element.self)
    }

    mutating func append(_ element: Element) {
        precondition(count < Self.chunkLimit * Self.chunkSize, "more than 65,536 elements in a stable storage")
        let c = count &>> Self.chunkShift
        if count & (Self.chunkSize - 1) == 0 {
            if c == 0 {
                // (The first chunk lives in the first allocation, whatever `keep` dropped.)
                if first == nil { allocateFirst() }
            } else {
                if c == tableCapacity { growTable() }
                chunks.unsafelyUnwrapped[c] = UnsafeMutableRawPointer(UnsafeMutablePointer<Element>.allocate(capacity: Self.chunkSize))
            }
        }
        (chunk(c) + (count & (Self.chunkSize - 1))).initialize(to: element)
        count += 1
    }

    /// Where the first chunk starts in the first allocation: after a table of 4 chunks, aligned.
    private static var firstChunkOffset: Int {
        let align = MemoryLayout<Element>.alignment, table = 4 * MemoryLayout<UnsafeMutableRawPointer>.stride
        return (table + align - 1) / align * align
    }

    /// The first chunk table (room for 4 chunks) and the first chunk, in one allocation.
    private mutating func allocateFirst() {
        let block = UnsafeMutableRawPointer.allocate(
            byteCount: Self.firstChunkOffset + Self.chunkSize * MemoryLayout<Element>.stride,
            alignment: max(MemoryLayout<Element>.alignment, MemoryLayout<UnsafeMutableRawPointer>.alignment))
        first = block
        let table = block.bindMemory(to: UnsafeMutableRawPointer.self, capacity: 4)
        (block + Self.firstChunkOffset).bindMemory(to: Element.self, capacity: Self.chunkSize)
        table.initialize(to: block + Self.firstChunkOffset)
        chunks = table
        tableCapacity = 4
    }

    /// Doubles the chunk table, moving the chunks' pointers (the first table lives in the
    /// first allocation, which is freed with the storage).
    private mutating func growTable() {
        let capacity = 2 * tableCapacity
        let table = UnsafeMutablePointer<UnsafeMutableRawPointer>.allocate(capacity: capacity)
        if let chunks {
            table.moveInitialize(from: chunks, count: tableCapacity)
            if UnsafeMutableRawPointer(chunks) != first { chunks.deallocate() }
        }
        chunks = table
        tableCapacity = capacity
    }

    /// Frees chunk `c` (the first lives in the first allocation).
    private func deallocateChunk(_ c: Int) {
        if c > 0 { chunks.unsafelyUnwrapped[c].deallocate() }
    }

    /// Keeps only the elements at `kept` (ascending), moved to the front in that order; the
    /// others are dropped and the chunks no longer needed freed. Pointers to elements are
    /// not valid after.
    mutating func keep(_ kept: [Int]) {
        var isKept = [Bool](repeating: false, count: count)
        for k in kept { isKept[k] = true }
        for k in 0..<count where !isKept[k] { self[k].deinitialize(count: 1) }
        for (j, k) in kept.enumerated() where j != k {
            assert(j < k, "kept indices out of order")
            self[j].moveInitialize(from: self[k], count: 1)
        }
        let chunksBefore = (count + Self.chunkSize - 1) / Self.chunkSize
        count = kept.count
        let chunksAfter = (count + Self.chunkSize - 1) / Self.chunkSize
        if chunks != nil { for c in chunksAfter..<chunksBefore { deallocateChunk(c) } }
    }

    deinit {
        guard let chunks else { return }
        // (A chunk at a time: one call to the element's destroy for each, not one per element.)
        var left = count
        for c in 0..<(count + Self.chunkSize - 1) / Self.chunkSize {
            chunk(c).deinitialize(count: min(left, Self.chunkSize))
            left -= Self.chunkSize
            deallocateChunk(c)
        }
        if UnsafeMutableRawPointer(chunks) != first { chunks.deallocate() }
        first?.deallocate()
    }
}
