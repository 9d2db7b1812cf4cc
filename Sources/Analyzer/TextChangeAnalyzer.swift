/// Turns a change of text into one `GlyphMutation` per glyph: what persists,
/// what leaves, what enters.
///
/// ```swift
/// let change = TextChangeAnalyzer().analyze(from: "Send Action", to: "Action Sent")
/// // "Action" persists whole (it slides left), "Send" exits, "Sent" enters.
/// let counter = TextChangeAnalyzer(mode: .numeric()).analyze(from: "$9.99", to: "$10.49")
/// // "$", "." and the last "9" stay put; every other digit rolls.
/// ```
///
/// Glyphs are `Character`s (extended grapheme clusters) compared with Swift's
/// `==`, so "e\u{301}" and "é" are the same glyph. The result is a pure
/// function of the two texts, the mode and the budget: no hashing order or
/// per-process seed reaches it.
///
/// **Morph** (two-level). Words are maximal runs of non-whitespace glyphs
/// (`Character.isWhitespace`). Whole words are matched by longest common
/// subsequence; words left over that occur on both sides (reordered words)
/// are paired whole, the *k*-th leftover occurrence in the new text with the
/// *k*-th in the old text. The LCS-matched words cut both texts into aligned
/// gaps, and inside each gap the remaining glyphs (whitespace included) are
/// matched by character LCS, so a glyph never pairs across a matched word.
/// When neither text has whitespace, one character LCS covers everything.
/// Ties go to the earliest match: walking both texts from the start, equal
/// glyphs (or words) pair at once, and otherwise an old one is passed over
/// whenever that still leaves a longest common subsequence, so the positions
/// in the new text are the earliest any longest one has; in "hello world" →
/// "hello there hello" the first "hello" keeps its glyphs.
///
/// **Replace.** Every old glyph leaves and every new glyph enters, even an
/// unchanged one (slot-machine look).
///
/// **Numeric.** A text's number body runs from its first digit (Unicode
/// decimal digits, any script) to its last, grouping separators and colons
/// included; what comes before is the prefix, what comes after the suffix.
/// The body is anchored at the decimal separator when it holds exactly one,
/// else at its end. A glyph persists only where the same glyph stands at the
/// same place on both sides: prefix positions from the left, suffix positions
/// from the right, integer places leftwards and fraction places rightwards
/// from the anchor. Every other glyph leaves and enters (rolls).
///
/// **Trend.** When both texts read as numbers (keeping only digits, the
/// decimal separator — "." unless the mode is numeric with another one — and
/// a minus sign before the first digit; at least one digit, at most one
/// separator), the sign of new − old, compared as decimal digit strings of any
/// length, with equality counted as +1; otherwise +1.
///
/// **Mutation order.** Inserts and transforms in new-text order, then removes
/// in old-text order. A transform's `symbol` is the new text's glyph.
///
/// **Priority weight** (the stagger order, 0 starts first, in reading order):
/// - `.morph`: an insert or transform at new index *j* weighs *j* / (*m* − 1);
///   a remove at old index *i* weighs *i* / (*n* − 1) (0 for a one-glyph text).
/// - `.replace`: slot *s* weighs *s* / (max(*n*, *m*) − 1) on both sides, so
///   the glyph leaving slot *s* and the one entering it share a weight.
/// - `.numeric`: both texts' places are merged into left-to-right columns
///   (prefix positions, integer places, the separator, fraction places, suffix
///   positions); a glyph in column *c* of *C* weighs *c* / (*C* − 1), again
///   shared by the glyphs leaving and entering one place.
///
/// **Budget.** Matching in `.morph` mode runs Myers' algorithm when the texts
/// differ little, else a bit-parallel LCS confined to a diagonal band (see
/// `budget`); similar texts cost little however long they are. `budget` caps
/// the exact work of one analysis; beyond it the result is coarser but keeps
/// every invariant of `TextChange`.
public struct TextChangeAnalyzer: Hashable, Sendable {
    /// How glyphs are paired.
    public var mode: DiffMode

    /// The most glyph-pair cells (or word-pair cells) one `.morph` analysis
    /// examines exactly, summed over its word-level and character-level
    /// longest-common-subsequence runs.
    ///
    /// A run is charged its rows times its band width (in bits, rounded up to
    /// 64): about (*n* + *m*) · *D* cells for *D* unmatched glyphs, or *n* · *m*
    /// for unrelated texts. A run that would overdraw the budget is replaced by
    /// a coarser one: the unmatched region is cut into aligned blocks of at
    /// most 1,024 glyphs (or words) a side, the *k*-th old block against the
    /// *k*-th new block, and each block pair is matched exactly; no match
    /// crosses a block boundary, so fewer glyphs may persist than an exact LCS
    /// would keep. Time is then O(`budget` / 64 + (*n* + *m*) · 16) word
    /// operations and extra memory O(`budget` / 8) bytes, whatever the texts.
    /// The default, 2²⁷ cells (16 MiB of traceback at most), covers two
    /// unrelated 10,000-glyph texts exactly.
    public var budget: Int

    /// The default `budget`: 2²⁷ cells.
    public static let defaultBudget = 1 << 27

    /// An analyzer for one mode.
    ///
    /// - Parameters:
    ///   - mode: How glyphs are paired; `.morph` by default.
    ///   - budget: The most LCS cells one analysis examines exactly; see `budget`.
    public init(mode: DiffMode = .morph, budget: Int = TextChangeAnalyzer.defaultBudget) {
        self.mode = mode
        self.budget = budget
    }

    /// Analyzes the change from one string to another.
    ///
    /// Each call numbers the glyphs afresh; a `Workspace` kept from call to call
    /// keeps the numbering (and its buffers) instead.
    ///
    /// - Complexity: O(*n* + *m*) in UTF-8 bytes for segmentation, plus the
    ///   matching (see the modes above), bounded by `budget`.
    public func analyze(from oldText: String, to newText: String) -> TextChange {
        var interner = GlyphInterner()
        return withUnsafeTemporaryAllocation(byteCount: 2048, alignment: 16) { stack in
            var arena = ScratchArena(stack: stack, expected: 24 * (oldText.utf8.count + newText.utf8.count) + 512)
            return analyze(from: TextInput<[Character]>.text(oldText), to: .text(newText), interner: &interner, arena: &arena)
                .change
        }
    }

    /// Analyzes the change from one glyph sequence to another.
    ///
    /// - Complexity: O(*n* + *m*) plus the matching, as for strings.
    public func analyze<Glyphs: Collection<Character>>(from oldGlyphs: Glyphs, to newGlyphs: Glyphs) -> TextChange {
        var interner = GlyphInterner()
        return withUnsafeTemporaryAllocation(byteCount: 2048, alignment: 16) { stack in
            var arena = ScratchArena(stack: stack, expected: 24 * (oldGlyphs.count + newGlyphs.count) + 512)
            return analyze(from: .glyphs(oldGlyphs), to: .glyphs(newGlyphs), interner: &interner, arena: &arena).change
        }
    }

    /// Analyzes the change from one string to another with a workspace's
    /// numbering and buffers: equal glyphs get the same ids as in earlier
    /// changes analyzed in it, and a steady stream of changes allocates only
    /// their results.
    ///
    /// - Complexity: as `analyze(from:to:)`.
    ///
    /// When the old text is the one the workspace's last analysis changed to
    /// (text that grows or is edited, one change after another), its glyphs are
    /// not segmented again, and the new text is segmented and diffed only from
    /// the word where it starts to differ to the end both texts share: the
    /// change is the same, its cost in proportion to the change.
    public func analyze(from oldText: String, to newText: String, in workspace: Workspace) -> TextChange {
        let expected = 24 * (oldText.utf8.count + newText.utf8.count) + 512
        if mode == .morph, let last = workspace.last, last.text == oldText, !workspace.interner.hasAliases {
            // The spare buffers are taken out of the workspace, so writing into them copies nothing.
            var spare = workspace.spare
            workspace.spare = .init()
            let (change, next) = workspace.run(expected: expected) { interner, arena in
                analyze(continuing: last, to: newText, into: &spare, interner: &interner, arena: &arena)
            }
            workspace.last = next
            // The last text's buffers share with the new last text the start the analysis kept.
            workspace.spare.agreeing = change.unchanged.prefix
            return change
        }
        let (change, next) = workspace.run(expected: expected) { interner, arena in
            analyze(
                from: TextInput<[Character]>.text(oldText), to: .text(newText), interner: &interner, arena: &arena,
                keeping: newText)
        }
        workspace.last = next
        return change
    }

    /// Analyzes the change from one glyph sequence to another with a workspace's numbering and buffers.
    ///
    /// - Complexity: as `analyze(from:to:)`.
    public func analyze<Glyphs: Collection<Character>>(
        from oldGlyphs: Glyphs, to newGlyphs: Glyphs, in workspace: Workspace
    ) -> TextChange {
        // Glyphs given as they are: the next analysis from a string segments it afresh.
        workspace.last = nil
        return workspace.run(expected: 24 * (oldGlyphs.count + newGlyphs.count) + 512) { interner, arena in
            analyze(from: .glyphs(oldGlyphs), to: .glyphs(newGlyphs), interner: &interner, arena: &arena).change
        }
    }

    /// The analysis, and, given the new text (`keeping`), its glyphs as the
    /// next analysis from it reads them.
    private func analyze<Glyphs: Collection<Character>>(
        from old: TextInput<Glyphs>, to new: TextInput<Glyphs>, interner: inout GlyphInterner,
        arena: inout ScratchArena, keeping newText: String? = nil
    ) -> (change: TextChange, last: Workspace.LastText?) {
        // Ids and narrow ids of both texts, then room for word prefixes and keys
        // to read a few past the end.
        let oldCapacity = old.glyphCapacity, newCapacity = new.glyphCapacity
        let storage = arena.allocate(Int32.self, count: oldCapacity + newCapacity + WordPrefix.padding)
        let narrow = arena.allocate(UInt8.self, count: oldCapacity + newCapacity + WordKey.padding)
        let (n, oldTraits) = old.intern(into: storage, narrow: narrow, interner: &interner)
        let newStart = storage + n, newNarrow = narrow + n
        let (m, newTraits) = new.intern(into: newStart, narrow: newNarrow, interner: &interner)
        (newStart + m).initialize(repeating: 0, count: WordPrefix.padding)
        (newNarrow + m).initialize(repeating: 0, count: WordKey.padding)
        let old = UnsafeBufferPointer(start: storage, count: n)
        let new = UnsafeBufferPointer(start: newStart, count: m)
        let matchOfNew = arena.allocate(repeating: Int32(-1), count: m)

        var separator: Character = "."
        var scheme = WeightScheme.readingOrder
        var columns: (old: UnsafePointer<Int32>, new: UnsafePointer<Int32>, count: Int)?
        var anchors = NumberAnchors.none
        switch mode {
        case .morph:
            morphMatches(
                old: old, oldNarrow: narrow, new: new, newNarrow: newNarrow, traits: interner.traits,
                tokenLimit: interner.tokenLimit,
                hasWhitespace: (oldTraits | newTraits) & GlyphTraits.whitespace != 0, budget: budget, arena: &arena,
                into: matchOfNew)
        case .replace:
            scheme = .slots
        case .numeric(let decimalSeparator):
            separator = decimalSeparator
            scheme = .columns
            let oldColumns = arena.allocate(Int32.self, count: n)
            let newColumns = arena.allocate(Int32.self, count: m)
            let (total, found) = numericMatches(
                old: old, new: new, interner: interner, separator: interner.existingID(of: separator) ?? -1,
                into: matchOfNew, oldColumns: oldColumns, newColumns: newColumns)
            columns = (UnsafePointer(oldColumns), UnsafePointer(newColumns), total)
            anchors = found
        }
        // Without a digit on both sides the texts are not numbers: no parsing needed.
        let bothHaveDigits = oldTraits & GlyphTraits.digits != 0 && newTraits & GlyphTraits.digits != 0
        let trend =
            bothHaveDigits
            ? numericTrend(
                old: old, oldNarrow: narrow, new: new, newNarrow: newNarrow, traits: interner.traits,
                separator: interner.existingID(of: separator) ?? -1, arena: &arena) : 1
        let (result, persisting) = assembleChange(
            old: old, new: new, matchOfNew: matchOfNew, scheme: scheme, columns: columns, arena: &arena)
        let changed = n + m - 2 * persisting
        let longer = max(n, m)
        // Whitespace and digits, counted: visible glyphs for the planner, and what
        // the next analysis from the new text carries over.
        let traits = interner.traits
        var counts = (oldWhitespace: 0, whitespace: 0, digits: 0)
        for id in old where traits[Int(id)] & GlyphTraits.whitespace != 0 { counts.oldWhitespace += 1 }
        for id in new {
            let bits = traits[Int(id)]
            if bits & GlyphTraits.whitespace != 0 { counts.whitespace += 1 }
            if bits & GlyphTraits.digits != 0 { counts.digits += 1 }
        }
        let change = TextChange(
            storage: result, symbols: interner.symbols,
            changeRatio: longer == 0 ? 0 : min(Double(changed) / Double(longer), 1), trend: trend, mode: mode,
            anchors: anchors, visible: (n - counts.oldWhitespace, m - counts.whitespace))
        #if ANALYZER_INVARIANTS
        change.checkInvariants()
        #endif
        guard let newText else { return (change, nil) }
        return (
            change,
            Workspace.LastText(
                text: newText, ids: new, narrow: newNarrow, whitespace: counts.whitespace, digits: counts.digits)
        )
    }
}

/// One text given to the analyzer: a string, or glyphs already segmented.
private enum TextInput<Glyphs: Collection<Character>> {
    case text(String)
    case glyphs(Glyphs)

    /// At least the number of glyphs.
    var glyphCapacity: Int {
        switch self {
        case .text(let text): return text.utf8.count
        case .glyphs(let glyphs): return glyphs.count
        }
    }

    /// Writes the glyphs' ids and narrow ids; returns how many, and the union of their traits.
    func intern(
        into ids: UnsafeMutablePointer<Int32>, narrow: UnsafeMutablePointer<UInt8>, interner: inout GlyphInterner
    ) -> (count: Int, traits: UInt8) {
        switch self {
        case .text(let text):
            return interner.intern(text, into: ids, narrow: narrow)
        case .glyphs(let glyphs):
            return (glyphs.count, interner.intern(glyphs, into: ids, narrow: narrow))
        }
    }
}
