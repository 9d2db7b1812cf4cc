/// A growable column of plain values for a table that one class instance owns
/// (`RunStage`'s): reading or writing an element is a pointer access, with none
/// of an array's copy-on-write checks, which the planner would pay per glyph.
///
/// The owner calls `deallocate()` once, in its `deinit`; copies of a column
/// share its storage, so only the owner's is ever mutated.
package struct Column<Element: BitwiseCopyable> {
    package private(set) var base: UnsafeMutablePointer<Element>
    package private(set) var count = 0
    private var capacity: Int

    /// An empty column with room for `capacity` elements.
    package init(capacity: Int) {
        self.capacity = max(capacity, 1)
        base = .allocate(capacity: self.capacity)
    }

    /// An empty column with no storage yet: it is allocated when the column
    /// first holds an element. Many of a store's columns (its free lists, the
    /// extras of effects that need none) stay empty, and a plan made into a
    /// fresh store paid an allocation and its release for each.
    package init() {
        capacity = 0
        // Never read or written: a column without storage holds no element.
        base = UnsafeMutablePointer(bitPattern: MemoryLayout<Element>.alignment)!
    }

    /// A column holding `first` (a table's entry 0, say). Not variadic: the
    /// arguments' array was one more allocation per column.
    package init(_ first: Element) {
        self.init()
        append(first)
    }

    package subscript(index: Int) -> Element {
        @inline(__always) get {
            assert(index >= 0 && index < count, "Column index out of range")
            return base[index]
        }
        @inline(__always) nonmutating set {
            assert(index >= 0 && index < count, "Column index out of range")
            base[index] = newValue
        }
    }

    package var indices: Range<Int> { 0..<count }
    package var isEmpty: Bool { count == 0 }

    @inline(__always)
    package mutating func append(_ element: Element) {
        if count == capacity { grow() }
        (base + count).initialize(to: element)
        count += 1
    }

    package mutating func popLast() -> Element? {
        guard count > 0 else { return nil }
        count -= 1
        return base[count]
    }

    /// Appends `count` copies of `element`.
    package mutating func append(repeating element: Element, count extra: Int) {
        guard extra > 0 else { return }
        if count + extra > capacity { grow(toAtLeast: count + extra) }
        (base + count).initialize(repeating: element, count: extra)
        count += extra
    }

    /// Adds `extra` elements left for the caller to write (plain values: any
    /// bits are a value), and returns where the first of them is.
    package mutating func appendUnwritten(count extra: Int) -> UnsafeMutablePointer<Element> {
        if count + extra > capacity { grow(toAtLeast: count + extra) }
        let first = base + count
        count += max(extra, 0)
        return first
    }

    /// Makes room for `count` elements in all, at once.
    package mutating func reserve(_ count: Int) {
        if count > capacity { grow(toAtLeast: count) }
    }

    /// The elements, in place; valid until the column next grows.
    package var buffer: UnsafeBufferPointer<Element> { UnsafeBufferPointer(start: base, count: count) }

    /// Keeps the first `count` elements, and the storage.
    package mutating func truncate(to count: Int) {
        self.count = min(max(count, 0), self.count)
    }

    /// A column of `count` copies of `element`, replacing this one's contents (keeping its storage when it is large enough).
    package mutating func reset(repeating element: Element, count: Int) {
        if count > capacity {
            deallocate()
            capacity = count
            base = .allocate(capacity: capacity)
        }
        base.initialize(repeating: element, count: count)
        self.count = count
    }

    package func deallocate() {
        if capacity > 0 { base.deallocate() }
    }

    /// Doubles the storage, or more to hold `needed` elements (one move however
    /// many are added); a column without storage starts with room for 16.
    private mutating func grow(toAtLeast needed: Int = 0) {
        let larger = max(capacity * 2, needed, 16)
        let storage = UnsafeMutablePointer<Element>.allocate(capacity: larger)
        if count > 0 { storage.moveInitialize(from: base, count: count) }
        deallocate()
        base = storage
        capacity = larger
    }
}
