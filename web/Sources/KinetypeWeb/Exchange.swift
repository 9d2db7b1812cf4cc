/// The memory JavaScript and the engine trade through: bytes in (a text, an
/// effect, options as JSON), bytes out (symbols, events, an error's message)
/// and a frame's numbers out. Each is one growable block, reused call after
/// call, so a steady animation allocates nothing here.
///
/// JavaScript asks for the blocks' addresses after every call that may grow
/// them (the exports return them), and reads and writes them through views of
/// the module's memory.
struct Exchange {
    private(set) var input = Block<UInt8>(capacity: 4096)
    private(set) var output = Block<UInt8>(capacity: 4096)
    private(set) var numbers = Block<Double>(capacity: 4096)

    /// The bytes written to `output` so far.
    private(set) var outputCount = 0

    /// `input`, with room for at least `count` bytes.
    mutating func inputBuffer(count: Int) -> UnsafeMutablePointer<UInt8> {
        input.reserve(count)
        return input.base
    }

    /// The first `count` bytes of `input` as a string (JavaScript writes UTF-8).
    func inputString(count: Int) -> String {
        String(decoding: UnsafeBufferPointer(start: input.base, count: min(max(count, 0), input.capacity)), as: UTF8.self)
    }

    mutating func clearOutput() { outputCount = 0 }

    mutating func write<Bytes: Collection<UInt8>>(_ bytes: Bytes) {
        output.reserve(outputCount + bytes.count, keeping: outputCount)
        var p = output.base + outputCount
        for byte in bytes {
            p.initialize(to: byte)
            p += 1
        }
        outputCount += bytes.count
    }

    /// A string's UTF-8 bytes after their count (four bytes, little-endian).
    /// Out of line: half a dozen exports write strings.
    @inline(never)
    mutating func writeCounted(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            let n = UInt32(truncatingIfNeeded: bytes.count)
            write([UInt8(truncatingIfNeeded: n), UInt8(truncatingIfNeeded: n >> 8), UInt8(truncatingIfNeeded: n >> 16), UInt8(truncatingIfNeeded: n >> 24)])
            write(bytes)
        }
    }

    /// `numbers`, with room for at least `count` of them (its contents are not kept).
    mutating func numberBuffer(count: Int) -> UnsafeMutablePointer<Double> {
        numbers.reserve(count)
        return numbers.base
    }

    var outputBase: UnsafeMutablePointer<UInt8> { output.base }
    var numbersBase: UnsafeMutablePointer<Double> { numbers.base }
}

/// A block of plain values that only grows (by doubling).
struct Block<Element: BitwiseCopyable> {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
        base = .allocate(capacity: capacity)
    }

    /// Room for `count` elements, keeping the first `keeping`.
    mutating func reserve(_ count: Int, keeping: Int = 0) {
        guard count > capacity else { return }
        grow(to: count, keeping: keeping)
    }

    /// Doubles the block until it holds `count` elements (out of line: the
    /// exports reserve room at every call, and the block rarely grows).
    @inline(never)
    private mutating func grow(to count: Int, keeping: Int) {
        var larger = capacity
        while larger < count { larger *= 2 }
        let grown = UnsafeMutablePointer<Element>.allocate(capacity: larger)
        if keeping > 0 { grown.initialize(from: base, count: keeping) }
        base.deallocate()
        base = grown
        capacity = larger
    }
}
