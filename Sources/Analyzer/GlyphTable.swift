/// The glyph of every id: what a change's (or a frame's) glyph ids stand for.
///
/// A random-access collection of `Character`s indexed by `GlyphID`. Glyphs
/// that are one Unicode scalar (most of them: ASCII, CJK, many emoji) are
/// kept as their scalar value and made into a `Character` on access; only
/// the others are stored as `Character`s. A table of ASCII text is shared and
/// costs nothing to make.
///
/// ```swift
/// let change = TextChangeAnalyzer().analyze(from: "日本", to: "本")
/// change.symbols[Int(change.newGlyphs.id(at: 0))]   // "本"
/// ```
public struct GlyphTable: RandomAccessCollection, Sendable, ExpressibleByArrayLiteral {
    /// Per id: a scalar value, or `clusterFlag | k` for `clusters[k]`.
    @usableFromInline var entries: [UInt32]
    @usableFromInline var clusters: [Character]

    @usableFromInline static let clusterFlag: UInt32 = 0x8000_0000

    /// The table of the 128 ASCII glyphs, every table's start.
    init() {
        entries = asciiEntries
        clusters = []
    }

    /// A table whose glyph `k` is `glyphs[k]` (for frames made by hand, and tests).
    public init(_ glyphs: some Sequence<Character>) {
        entries = []
        clusters = []
        for glyph in glyphs { append(glyph) }
    }

    public init(arrayLiteral glyphs: Character...) {
        self.init(glyphs)
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { entries.count }

    /// The glyph with id `index`.
    @inlinable
    public subscript(index: Int) -> Character {
        let entry = entries[index]
        if entry < 128 { return asciiCharacters[Int(entry)] }
        if entry & Self.clusterFlag != 0 { return clusters[Int(entry & ~Self.clusterFlag)] }
        return Character(Unicode.Scalar(entry).unsafelyUnwrapped)
    }

    /// The glyph with this id.
    @inlinable
    public subscript(id: GlyphID) -> Character { self[Int(id)] }

    /// Whether the glyph with this id is whitespace (as `Character.isWhitespace`
    /// says), read from its entry: an ASCII or one-scalar glyph is answered
    /// without making a `Character`.
    @inlinable
    public func isWhitespace(_ id: GlyphID) -> Bool {
        let entry = entries[Int(id)]
        if entry < 128 { return entry == 32 || (9...13).contains(entry) }
        if entry & Self.clusterFlag != 0 { return ScalarProperties.isWhitespace(clusters[Int(entry & ~Self.clusterFlag)]) }
        return ScalarProperties.isWhitespace(entry)
    }

    /// Whether the glyph with this id is one ASCII character, read from its
    /// entry (no `Character` is made): a glyph that is not can carry a
    /// combining mark or be a letter that decomposes into one.
    @inlinable
    public func isASCII(_ id: GlyphID) -> Bool {
        entries[Int(id)] < 128
    }

    /// Whether every glyph of the table is one ASCII character: a change whose
    /// table says so has no glyph that can carry a mark, which a planner need not
    /// then look for glyph by glyph. Cleared when an entry beyond ASCII is
    /// written, never set again: false can also mean that an id which held
    /// another glyph was given an ASCII one or dropped.
    package private(set) var holdsOnlyASCII = true

    /// The glyph's byte when it is one ASCII character, read from its entry
    /// (no `Character` is made), else nil.
    @inlinable
    package func asciiCode(_ id: GlyphID) -> UInt8? {
        let entry = entries[Int(id)]
        return entry < 128 ? UInt8(truncatingIfNeeded: entry) : nil
    }

    /// Appends a glyph, giving it the next id.
    mutating func append(_ glyph: Character) {
        entries.append(noted(entry(for: glyph)))
    }

    /// Appends a glyph that is one scalar, by its value.
    mutating func append(scalar value: UInt32) {
        entries.append(noted(value))
    }

    /// Replaces the glyph of an id.
    mutating func set(_ glyph: Character, at index: Int) {
        entries[index] = noted(entry(for: glyph))
    }

    /// Replaces the glyph of an id with a glyph that is one scalar.
    mutating func set(scalar value: UInt32, at index: Int) {
        entries[index] = noted(value)
    }

    /// `entry`, about to be written: `holdsOnlyASCII` is cleared when it is not ASCII.
    private mutating func noted(_ entry: UInt32) -> UInt32 {
        if entry >= 128 { holdsOnlyASCII = false }
        return entry
    }

    /// Drops the ids from `count` on.
    mutating func removeLast(from count: Int) {
        entries.removeSubrange(count...)
    }

    /// The scalar value of a single-scalar glyph, else nil.
    func scalar(at index: Int) -> UInt32? {
        let entry = entries[index]
        return entry & Self.clusterFlag == 0 ? entry : nil
    }

    private mutating func entry(for glyph: Character) -> UInt32 {
        let scalars = glyph.unicodeScalars
        if scalars.count == 1, let scalar = scalars.first { return scalar.value }
        clusters.append(glyph)
        return Self.clusterFlag | UInt32(clusters.count - 1)
    }
}

/// The 128 ASCII glyphs, made once: reading one is a copy, not a new string.
@usableFromInline let asciiCharacters: [Character] = (0..<128).map { Character(Unicode.Scalar(UInt8($0))) }

/// The 128 ASCII scalars, by value.
private let asciiEntries: [UInt32] = (0..<128).map { UInt32($0) }
