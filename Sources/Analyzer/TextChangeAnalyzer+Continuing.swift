extension TextChangeAnalyzer.Workspace {
    /// The last text a workspace's analysis changed to, as it segmented and
    /// numbered it: the next analysis from that text reads its glyphs from here
    /// instead of segmenting it again.
    struct LastText {
        var text: String
        /// Its glyphs' ids, then `WordPrefix.padding` zeros: the next analysis
        /// reads them in place, as its old glyphs.
        var ids: [Int32]
        /// Its glyphs' narrow ids, then `WordKey.padding` zeros.
        var narrow: [UInt8]
        /// How many glyphs it has.
        var count: Int
        /// How many of its glyphs are whitespace and how many are digits.
        var whitespace: Int
        var digits: Int

        /// The last text `text`, its glyphs `ids` and `narrow` copied and padded.
        init(
            text: String, ids: UnsafeBufferPointer<Int32>, narrow: UnsafePointer<UInt8>, whitespace: Int, digits: Int
        ) {
            let m = ids.count
            self.init(
                text: text,
                ids: [Int32](unsafeUninitializedCapacity: m + WordPrefix.padding) { buffer, count in
                    if m > 0 { buffer.baseAddress!.initialize(from: ids.baseAddress!, count: m) }
                    (buffer.baseAddress! + m).initialize(repeating: 0, count: WordPrefix.padding)
                    count = m + WordPrefix.padding
                },
                narrow: [UInt8](unsafeUninitializedCapacity: m + WordKey.padding) { buffer, count in
                    buffer.baseAddress!.initialize(from: narrow, count: m)
                    (buffer.baseAddress! + m).initialize(repeating: 0, count: WordKey.padding)
                    count = m + WordKey.padding
                },
                count: m, whitespace: whitespace, digits: digits)
        }

        init(text: String, ids: [Int32], narrow: [UInt8], count: Int, whitespace: Int, digits: Int) {
            self.text = text
            self.ids = ids
            self.narrow = narrow
            self.count = count
            self.whitespace = whitespace
            self.digits = digits
        }
    }
}

extension TextChangeAnalyzer.Workspace {
    /// The glyph buffers of the text before the last, kept to write the next
    /// text's glyphs into: their first `agreeing` ids and narrow ids are the
    /// last text's too (the start that analysis kept), so only the rest of
    /// the next text's shared start is copied.
    struct SpareGlyphs {
        var ids: [Int32] = []
        var narrow: [UInt8] = []
        var agreeing = 0
    }
}

extension TextChangeAnalyzer {
    /// Analyses a change in morph mode from the text the workspace's last
    /// analysis changed to (`last`): the old text's glyphs are `last`'s, the
    /// new text is segmented and numbered only from the word before its first
    /// changed byte, and the diff runs from there. Matching the words before
    /// first is what the diff does anyway (its ties go to the earliest
    /// matches), so the change is the one a whole analysis finds.
    ///
    /// - Complexity: O(bytes compared + glyphs from the change on), plus
    ///   copying the ids.
    func analyze(
        continuing last: Workspace.LastText, to text: String, into spare: inout Workspace.SpareGlyphs,
        interner: inout GlyphInterner, arena: inout ScratchArena
    ) -> (change: TextChange, last: Workspace.LastText) {
        var newText = text
        let n = last.count
        return newText.withUTF8 { newBytes in
            var oldText = last.text
            return oldText.withUTF8 { oldBytes in
                last.ids.withUnsafeBufferPointer { oldIDs in
                    last.narrow.withUnsafeBufferPointer { oldNarrow in
                        analyze(
                            oldIDs: oldIDs.baseAddress!, oldNarrow: oldNarrow.baseAddress!, oldBytes: oldBytes,
                            count: n, whitespace: last.whitespace, digits: last.digits, to: text, newBytes: newBytes,
                            into: &spare, interner: &interner, arena: &arena)
                    }
                }
            }
        }
    }

    /// `analyze(continuing:to:into:interner:arena:)` with the old text's bytes
    /// and glyphs (`n` of them, padded, `whitespace` and `digits` among them)
    /// in place: the new glyphs are written into the spare buffers, which
    /// become the next `LastText`, so no text's glyphs are copied but the part
    /// of the shared start the spare buffers do not hold already.
    private func analyze(
        oldIDs: UnsafePointer<Int32>, oldNarrow: UnsafePointer<UInt8>, oldBytes: UnsafeBufferPointer<UInt8>,
        count n: Int, whitespace: Int, digits: Int, to text: String, newBytes: UnsafeBufferPointer<UInt8>,
        into spare: inout Workspace.SpareGlyphs, interner: inout GlyphInterner, arena: inout ScratchArena
    ) -> (change: TextChange, last: Workspace.LastText) {
        // The first byte that differs, and the start of the word of the glyph before the one holding it.
        let differs = Self.commonPrefix(oldBytes, newBytes)
        let (start, startByte) = Self.wordStart(
            before: differs, ids: UnsafeBufferPointer(start: oldIDs, count: n),
            narrow: UnsafeBufferPointer(start: oldNarrow, count: n), symbols: interner.symbols)
        // The new glyphs: the shared start copied (what the spare buffers lack of
        // it), the rest segmented, padded for word prefixes and keys.
        let newCapacity = start + (newBytes.count - startByte)
        var newIDArray = spare.ids, newNarrowArray = spare.narrow
        let agreeing = min(max(spare.agreeing, 0), start, newIDArray.count, newNarrowArray.count)
        spare = Workspace.SpareGlyphs()
        Self.grow(&newIDArray, to: newCapacity + WordPrefix.padding)
        Self.grow(&newNarrowArray, to: newCapacity + WordKey.padding)
        var m = 0, windowTraits: UInt8 = 0
        newIDArray.withUnsafeMutableBufferPointer { ids in
            newNarrowArray.withUnsafeMutableBufferPointer { narrow in
                let idBase = ids.baseAddress!, narrowBase = narrow.baseAddress!
                (idBase + agreeing).update(from: oldIDs + agreeing, count: start - agreeing)
                (narrowBase + agreeing).update(from: oldNarrow + agreeing, count: start - agreeing)
                let counted: Int
                (counted, windowTraits) = interner.intern(
                    utf8: UnsafeBufferPointer(rebasing: newBytes[startByte...]), into: idBase + start,
                    narrow: narrowBase + start)
                m = start + counted
                (idBase + m).update(repeating: 0, count: WordPrefix.padding)
                (narrowBase + m).update(repeating: 0, count: WordKey.padding)
            }
        }
        let change = newIDArray.withUnsafeBufferPointer { newIDs in
            newNarrowArray.withUnsafeBufferPointer { newNarrow in
                diff(
                    whitespace: whitespace, digits: digits, old: UnsafeBufferPointer(start: oldIDs, count: n),
                    oldNarrow: oldNarrow,
                    new: UnsafeBufferPointer(start: newIDs.baseAddress!, count: m), newNarrow: newNarrow.baseAddress!,
                    start: start, windowTraits: windowTraits, interner: &interner, arena: &arena)
            }
        }
        let next = Workspace.LastText(
            text: text, ids: newIDArray, narrow: newNarrowArray, count: m, whitespace: change.whitespace,
            digits: change.digits)
        return (change.change, next)
    }

    /// Makes `buffer` at least `count` long (new elements 0), growing by half
    /// again when it must grow, so a growing text does not outgrow it at every change.
    private static func grow<Element: FixedWidthInteger>(_ buffer: inout [Element], to count: Int) {
        guard buffer.count < count else { return }
        if buffer.capacity < count { buffer.reserveCapacity(count + count / 2) }
        buffer.append(contentsOf: repeatElement(0, count: count - buffer.count))
    }

    /// The diff of a continued analysis: the glyphs before `start` persist in
    /// place, the rest are diffed; with the new text's whitespace and digit
    /// counts (the old text's are `lastWhitespace` and `lastDigits`).
    private func diff(
        whitespace lastWhitespace: Int, digits lastDigits: Int, old: UnsafeBufferPointer<Int32>, oldNarrow narrow: UnsafePointer<UInt8>,
        new: UnsafeBufferPointer<Int32>, newNarrow: UnsafePointer<UInt8>, start: Int, windowTraits: UInt8,
        interner: inout GlyphInterner, arena: inout ScratchArena
    ) -> (change: TextChange, whitespace: Int, digits: Int) {
        let n = old.count, m = new.count
        // The glyphs before the window persist in place; the window is diffed.
        let matchOfWindow = arena.allocate(repeating: Int32(-1), count: m - start)
        let traits = interner.traits
        // The windows' whitespace and digits, counted without a branch per glyph.
        var oldWindow: UInt8 = 0
        var oldWhitespace = 0, oldDigits = 0, newWhitespace = 0, newDigits = 0
        traits.withUnsafeBufferPointer { traits in
            let whitespace = GlyphTraits.whitespace, digits = GlyphTraits.digits
            for i in start..<n {
                let bits = traits[Int(old[i])]
                oldWindow |= bits
                oldWhitespace &+= Int(truncatingIfNeeded: (bits & whitespace) != 0 ? 1 : 0)
                oldDigits &+= Int(truncatingIfNeeded: (bits & digits) != 0 ? 1 : 0)
            }
            for j in start..<m {
                let bits = traits[Int(new[j])]
                newWhitespace &+= Int(truncatingIfNeeded: (bits & whitespace) != 0 ? 1 : 0)
                newDigits &+= Int(truncatingIfNeeded: (bits & digits) != 0 ? 1 : 0)
            }
        }
        morphMatches(
            old: UnsafeBufferPointer(rebasing: old[start...]), oldNarrow: narrow + start,
            new: UnsafeBufferPointer(rebasing: new[start...]), newNarrow: newNarrow + start, traits: traits,
            tokenLimit: interner.tokenLimit,
            hasWhitespace: (GlyphTraits.union(oldWindow) | windowTraits) & GlyphTraits.whitespace != 0,
            budget: budget, arena: &arena, into: matchOfWindow)
        for k in 0..<(m - start) where matchOfWindow[k] >= 0 { matchOfWindow[k] += Int32(truncatingIfNeeded: start) }
        let whitespace = (old: lastWhitespace, new: lastWhitespace - oldWhitespace + newWhitespace)
        let digits = (old: lastDigits, new: lastDigits - oldDigits + newDigits)
        // Without a digit on both sides the texts are not numbers: no parsing needed.
        let trend =
            digits.old > 0 && digits.new > 0
            ? numericTrend(
                old: old, oldNarrow: narrow, new: new, newNarrow: newNarrow, traits: traits,
                separator: interner.existingID(of: ".") ?? -1, arena: &arena) : 1
        let (result, persisting) = assembleChange(
            old: old, new: new, matchOfNew: matchOfWindow, scheme: .readingOrder, columns: nil, knownPrefix: start,
            arena: &arena)
        let changed = n + m - 2 * persisting
        let longer = max(n, m)
        let change = TextChange(
            storage: result, symbols: interner.symbols,
            changeRatio: longer == 0 ? 0 : min(Double(changed) / Double(longer), 1), trend: trend, mode: mode,
            anchors: .none, visible: (n - whitespace.old, m - whitespace.new), knownPrefix: start)
        return (change, whitespace.new, digits.new)
    }

    /// How many leading bytes two texts share.
    static func commonPrefix(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
        let shorter = min(a.count, b.count)
        guard shorter > 0 else { return 0 }
        let x = UnsafeRawPointer(a.baseAddress!), y = UnsafeRawPointer(b.baseAddress!)
        var k = 0
        // Eight bytes a step, then the last few one by one.
        while k + 8 <= shorter, x.loadUnaligned(fromByteOffset: k, as: UInt64.self)
            == y.loadUnaligned(fromByteOffset: k, as: UInt64.self)
        {
            k += 8
        }
        while k < shorter, a[k] == b[k] { k += 1 }
        return k
    }

    /// The glyph where the analysis of a text changed from byte `differs` on
    /// may start, and its first byte: the start of the word of the glyph
    /// before the glyph holding that byte (that glyph may join the change:
    /// a combining mark appended, a flag completed), so that the words the
    /// diff sees from there are whole.
    static func wordStart(
        before differs: Int, ids: UnsafeBufferPointer<Int32>, narrow: UnsafeBufferPointer<UInt8>, symbols: GlyphTable
    ) -> (glyph: Int, byte: Int) {
        let n = ids.count
        /// The bytes of glyph `k`: one for an ASCII glyph (its narrow id is below 0x80).
        func length(_ k: Int) -> Int { narrow[k] < 0x80 ? 1 : symbols[ids[k]].utf8.count }
        func isSpace(_ k: Int) -> Bool {
            let v = narrow[k]
            return v == 32 || (v >= 9 && v <= 13) || v == GlyphInterner.wideSpace
        }
        var glyph = 0, byte = 0
        if let base = narrow.baseAddress {
            let raw = UnsafeRawPointer(base)
            // Eight ASCII glyphs (eight bytes) a step.
            while glyph + 8 <= n, byte + 8 <= differs,
                raw.loadUnaligned(fromByteOffset: glyph, as: UInt64.self) & 0x8080_8080_8080_8080 == 0
            {
                glyph += 8
                byte += 8
            }
        }
        while glyph < n {
            let next = byte + length(glyph)
            if next > differs { break }
            byte = next
            glyph += 1
        }
        // The glyph before, then back to the start of its word.
        if glyph > 0 {
            glyph -= 1
            byte -= length(glyph)
        }
        while glyph > 0, !isSpace(glyph - 1) {
            glyph -= 1
            byte -= length(glyph)
        }
        return (glyph, byte)
    }
}
