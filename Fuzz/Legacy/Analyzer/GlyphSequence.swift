/// The glyphs of one side of a `TextChange`: a random-access collection of
/// `Character`s stored as glyph ids, one integer per glyph.
///
/// ```swift
/// let change = TextChangeAnalyzer().analyze(from: "Creative", to: "Create")
/// change.newGlyphs.count          // 6
/// change.newGlyphs[0]             // "C"
/// change.newGlyphs.id(at: 0)      // 67, the glyph's identity
/// ```
public struct GlyphSequence: RandomAccessCollection, Hashable, Sendable, CustomStringConvertible {
    private let shared: SharedChangeStorage
    /// The storage's parts, valid while `shared` holds it.
    private let parts: ChangeLayout
    public let endIndex: Int
    /// The glyph of each id.
    public let symbols: GlyphTable
    let isNew: Bool

    init(storage: ChangeStorage, symbols: GlyphTable, isNew: Bool) {
        shared = SharedChangeStorage(block: storage)
        parts = storage.layout
        endIndex = isNew ? parts.newCount : parts.oldCount
        self.symbols = symbols
        self.isNew = isNew
    }

    public var startIndex: Int { 0 }

    @inline(__always)
    private var base: UnsafeMutablePointer<GlyphID> { isNew ? parts.newIDs : parts.oldIDs }

    /// The glyph at `index`.
    public subscript(index: Int) -> Character {
        symbols[Int(id(at: index))]
    }

    /// The identity of the glyph at `index`: an index into `symbols`.
    @inline(__always)
    public func id(at index: Int) -> GlyphID {
        precondition(index >= 0 && index < endIndex, "glyph index \(index) out of 0..<\(endIndex)")
        return base[index]
    }

    /// Calls `body` with the glyph ids, in order, without copying them.
    public func withUnsafeIDs<R, E: Error>(_ body: (UnsafeBufferPointer<GlyphID>) throws(E) -> R) throws(E) -> R {
        try withExtendedLifetime(shared.block) { () throws(E) -> R in
            try body(UnsafeBufferPointer(start: base, count: endIndex))
        }
    }

    /// The glyph ids, in order.
    public var ids: [GlyphID] { withUnsafeIDs { Array($0) } }

    /// The glyphs joined into a string.
    public var description: String { String(self) }

    /// Equal when the glyphs are equal (Swift's `==`), however they are numbered.
    public static func == (a: GlyphSequence, b: GlyphSequence) -> Bool {
        a.elementsEqual(b)
    }

    /// Whether the sequence holds exactly these glyphs, in order.
    public static func == (a: GlyphSequence, b: [Character]) -> Bool {
        a.elementsEqual(b)
    }

    /// Whether the sequence holds exactly these glyphs, in order.
    public static func == (a: [Character], b: GlyphSequence) -> Bool {
        a.elementsEqual(b)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for glyph in self { hasher.combine(glyph) }
    }
}
