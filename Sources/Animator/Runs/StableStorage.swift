/// Values that stay where they are put: a pointer to one stays valid while more
/// are appended (they live in chunks of 64 that never move). For tables read in
/// place, whose elements are too large to copy or hold references a copy would
/// retain. A class, so that reading one (a `let` of its owner) costs no
/// exclusivity check.
final class StableStorage<Element> {
    private static var chunkShift: Int { 6 }
    private static var chunkSize: Int { 1 << chunkShift }
    /// Room for 65,536 elements (the chunk table is allocated whole; chunks as they fill).
    private static var chunkLimit: Int { 1024 }

    /// The chunk table, allocated with the first element.
    private var chunks: UnsafeMutablePointer<UnsafeMutablePointer<Element>>?
    private(set) var count = 0

    init() {}

    /// Where element `k` lies (`k < count`).
    @inline(__always) subscript(k: Int) -> UnsafeMutablePointer<Element> {
        assert(k >= 0 && k < count, "an element outside the storage")
        return chunks.unsafelyUnwrapped[k &>> Self.chunkShift] + (k & (Self.chunkSize - 1))
    }

    func append(_ element: Element) {
        precondition(count < Self.chunkLimit * Self.chunkSize, "more than 65,536 elements in a stable storage")
        let table = chunks ?? .allocate(capacity: Self.chunkLimit)
        chunks = table
        if count & (Self.chunkSize - 1) == 0 { table[count &>> Self.chunkShift] = .allocate(capacity: Self.chunkSize) }
        (table[count &>> Self.chunkShift] + (count & (Self.chunkSize - 1))).initialize(to: element)
        count += 1
    }

    /// Keeps only the elements at `kept` (ascending), moved to the front in that order; the
    /// others are dropped and the chunks no longer needed freed. Pointers to elements are
    /// not valid after.
    func keep(_ kept: [Int]) {
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
        if let chunks { for c in chunksAfter..<chunksBefore { chunks[c].deallocate() } }
    }

    deinit {
        guard let chunks else { return }
        for k in 0..<count { self[k].deinitialize(count: 1) }
        for c in 0..<(count + Self.chunkSize - 1) / Self.chunkSize { chunks[c].deallocate() }
        chunks.deallocate()
    }
}
