/// The analysis of a change from one text to another: what persists, what leaves, what enters.
///
/// A change is compact: its glyphs are ids into one table of `symbols`, and
/// its mutations are read from a single block of integers, so making or
/// freeing a change costs one allocation whatever its length, and no
/// reference counting per glyph.
///
/// ```swift
/// let change = TextChangeAnalyzer().analyze(from: "Send Action", to: "Action Sent")
/// for glyph in change.mutations where glyph.action == .remove {
///     print(glyph.symbol, glyph.indexFrom!)      // S 0, e 1, n 2, d 3, " " 4
/// }
/// ```
public struct TextChange: Hashable, Sendable {
    private let shared: SharedChangeStorage
    var storage: ChangeStorage { shared.block }
    let explicit: ExplicitMutations?
    /// The glyph of each id the change's glyphs use (see `GlyphID`).
    public let symbols: GlyphTable
    /// min((inserted + removed) / max(oldCount, newCount), 1); 0 when both texts are empty.
    public var changeRatio: Double
    /// +1 or −1: the numeric direction of the change (+1 when the texts are not numbers).
    public var trend: Int
    /// The mode the change was analyzed with.
    public var mode: DiffMode
    /// Where each text's number stands, as the numeric diff found it.
    let anchors: NumberAnchors
    /// How many glyphs at the start and at the end of the texts the change
    /// leaves alone: the first `prefix` glyphs of both texts are the same
    /// glyphs, each persisting at its index (i → i), and so are the last
    /// `suffix` (n − suffix + k → m − suffix + k). The two never overlap in
    /// either text. What a planner or a layout may reuse from the old text.
    /// A hand-made change (`init(oldGlyphs:newGlyphs:mutations:…)`) reports none.
    public let unchanged: (prefix: Int, suffix: Int)
    /// How many glyphs of each text are not whitespace, when the analyzer
    /// counted them (it does as it numbers the glyphs).
    package let visible: (old: Int, new: Int)?

    init(
        storage: ChangeStorage, symbols: GlyphTable, changeRatio: Double, trend: Int, mode: DiffMode,
        anchors: NumberAnchors, visible: (old: Int, new: Int)? = nil, knownPrefix: Int = 0, knownSuffix: Int = 0
    ) {
        shared = SharedChangeStorage(block: storage)
        explicit = nil
        self.symbols = symbols
        self.changeRatio = changeRatio
        self.trend = trend
        self.mode = mode
        self.anchors = anchors
        self.visible = visible
        unchanged = Self.unchangedEnds(storage.layout, knownPrefix: knownPrefix, knownSuffix: knownSuffix)
    }

    /// A change with every part given (for tests and hand-made plans); the
    /// analyzer makes these itself. The mutations are kept as given, in their
    /// order, even when they break the invariants the analyzer keeps.
    ///
    /// - Complexity: O(*n* + *m* + mutations).
    public init(
        oldGlyphs: [Character], newGlyphs: [Character], mutations: [GlyphMutation], changeRatio: Double, trend: Int,
        mode: DiffMode
    ) {
        var interner = GlyphInterner()
        let n = oldGlyphs.count, m = newGlyphs.count
        let storage = ChangeStorage.make(old: n, new: m, removed: 0, scheme: .readingOrder, newScale: 0, oldScale: 0)
        interner.intern(oldGlyphs, into: storage.oldIDs)
        interner.intern(newGlyphs, into: storage.newIDs)
        storage.matchOfNew.initialize(repeating: -1, count: m)
        let glyphs = mutations.map { interner.id(of: $0.symbol) }
        shared = SharedChangeStorage(block: storage)
        explicit = ExplicitMutations(mutations: mutations, glyphs: glyphs, oldCount: n)
        symbols = interner.symbols
        self.changeRatio = changeRatio
        self.trend = trend
        self.mode = mode
        anchors = NumberAnchors(old: mode.numberAnchor(in: oldGlyphs), new: mode.numberAnchor(in: newGlyphs))
        unchanged = (0, 0)
        visible = nil
    }

    /// Whether the change was made by hand (`init(oldGlyphs:newGlyphs:mutations:…)`), its
    /// mutations kept as given, not made by the analyzer.
    package var isHandMade: Bool { explicit != nil }

    /// The old text's glyphs (extended grapheme clusters).
    public var oldGlyphs: GlyphSequence { GlyphSequence(storage: storage, symbols: symbols, isNew: false) }

    /// The new text's glyphs.
    public var newGlyphs: GlyphSequence { GlyphSequence(storage: storage, symbols: symbols, isNew: true) }

    /// `oldGlyphs.count` and `newGlyphs.count`, read off the storage without
    /// making the sequences (each holds the storage and the symbols). Through
    /// the header's pointer: `header` itself is a class's stored property,
    /// checked for exclusive access at every read.
    package var oldGlyphCount: Int { storage.withUnsafeMutablePointerToHeader { $0.pointee.oldCount } }
    package var newGlyphCount: Int { storage.withUnsafeMutablePointerToHeader { $0.pointee.newCount } }

    /// `oldGlyphs.withUnsafeIDs(_:)` and `newGlyphs.withUnsafeIDs(_:)`, without making the sequences.
    package func withOldIDs<R>(_ body: (UnsafeBufferPointer<GlyphID>) -> R) -> R { withIDs(new: false, body) }
    package func withNewIDs<R>(_ body: (UnsafeBufferPointer<GlyphID>) -> R) -> R { withIDs(new: true, body) }

    private func withIDs<R>(new: Bool, _ body: (UnsafeBufferPointer<GlyphID>) -> R) -> R {
        let block = storage
        return withExtendedLifetime(block) {
            let parts = block.layout
            return body(
                new ? UnsafeBufferPointer(start: parts.newIDs, count: parts.newCount)
                    : UnsafeBufferPointer(start: parts.oldIDs, count: parts.oldCount))
        }
    }

    /// One mutation per glyph: inserts and transforms in new-text order, then removes in old-text order.
    public var mutations: MutationList { MutationList(storage: storage, symbols: symbols, explicit: explicit) }

    /// Equal when the glyphs, the mutations and the figures are, however the glyphs are numbered.
    public static func == (a: TextChange, b: TextChange) -> Bool {
        a.changeRatio == b.changeRatio && a.trend == b.trend && a.mode == b.mode && a.oldGlyphs == b.oldGlyphs
            && a.newGlyphs == b.newGlyphs && a.mutations == b.mutations
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(changeRatio)
        hasher.combine(trend)
        hasher.combine(mode)
        hasher.combine(oldGlyphs)
        hasher.combine(newGlyphs)
        hasher.combine(mutations)
    }
}

extension TextChange {
    /// The unchanged ends of a change's parts (see `unchanged`), the first
    /// `knownPrefix` glyphs known to persist in place, and the last
    /// `knownSuffix` known to persist from the old text's last ones.
    ///
    /// - Complexity: O(prefix − knownPrefix + suffix − knownSuffix).
    private static func unchangedEnds(
        _ parts: ChangeLayout, knownPrefix: Int, knownSuffix: Int
    ) -> (prefix: Int, suffix: Int) {
        let n = parts.oldCount, m = parts.newCount
        let shorter = Swift.min(n, m)
        var prefix = Swift.min(Swift.max(knownPrefix, 0), shorter)
        while prefix < shorter, parts.matchOfNew[prefix] == Int32(truncatingIfNeeded: prefix),
            parts.newIDs[prefix] == parts.oldIDs[prefix]
        {
            prefix += 1
        }
        // From the ends back, with the pointers read once.
        let match = parts.matchOfNew, newIDs = parts.newIDs, oldIDs = parts.oldIDs
        let limit = shorter - prefix
        var suffix = Swift.min(Swift.max(knownSuffix, 0), limit)
        var j = m - 1 - suffix, i = n - 1 - suffix
        while suffix < limit, match[j] == Int32(truncatingIfNeeded: i), newIDs[j] == oldIDs[i] {
            suffix += 1
            j -= 1
            i -= 1
        }
        return (prefix, suffix)
    }
}
