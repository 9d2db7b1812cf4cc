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
    /// changed byte up to the end both texts share, and the diff runs over
    /// that window. Matching the words before first is what the diff does
    /// anyway (its ties go to the earliest matches); the shared end is left
    /// out only from a word the window does not hold (`keptEnd`). So the
    /// change is the one a whole analysis finds, as long as that one stays
    /// within the budget: a whole analysis that would run past it (a table of
    /// numbers some 100,000 glyphs long) approximates the whole texts' match,
    /// this one only the window's, and the two approximations may differ.
    ///
    /// - Complexity: O(bytes compared + glyphs in the window), plus copying
    ///   the ids.
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
        // The shared end, from the first word that starts after whitespace in it:
        // its glyphs are the old text's (it starts on a glyph boundary), not
        // segmented again; `keptEnd` decides how much of it the diff may skip.
        let tail = Self.sharedEnd(
            old: oldBytes, new: newBytes, after: startByte, ids: UnsafeBufferPointer(start: oldIDs, count: n),
            narrow: oldNarrow, symbols: interner.symbols)
        // The new glyphs: the shared start copied (what the spare buffers lack of
        // it), the window segmented, the shared end copied, padded for word prefixes and keys.
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
                    utf8: UnsafeBufferPointer(rebasing: newBytes[startByte..<(newBytes.count - tail.bytes)]),
                    into: idBase + start, narrow: narrowBase + start)
                m = start + counted
                (idBase + m).update(from: oldIDs + (n - tail.glyphs), count: tail.glyphs)
                (narrowBase + m).update(from: oldNarrow + (n - tail.glyphs), count: tail.glyphs)
                m += tail.glyphs
                (idBase + m).update(repeating: 0, count: WordPrefix.padding)
                (narrowBase + m).update(repeating: 0, count: WordKey.padding)
            }
        }
        let change = newIDArray.withUnsafeBufferPointer { newIDs in
            newNarrowArray.withUnsafeBufferPointer { newNarrow in
                let old = UnsafeBufferPointer(start: oldIDs, count: n)
                let new = UnsafeBufferPointer(start: newIDs.baseAddress!, count: m)
                let end = Self.keptEnd(
                    old: old, oldNarrow: oldNarrow, new: new, newNarrow: newNarrow.baseAddress!, start: start,
                    shared: tail.glyphs)
                return diff(
                    whitespace: whitespace, digits: digits, old: old, oldNarrow: oldNarrow, new: new,
                    newNarrow: newNarrow.baseAddress!, start: start, end: end, windowTraits: windowTraits,
                    interner: &interner, arena: &arena)
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
    /// place, as do the last `end` (from the old text's last ones); the window
    /// between is diffed. With the new text's whitespace and digit counts (the
    /// old text's are `lastWhitespace` and `lastDigits`).
    private func diff(
        whitespace lastWhitespace: Int, digits lastDigits: Int, old: UnsafeBufferPointer<Int32>, oldNarrow narrow: UnsafePointer<UInt8>,
        new: UnsafeBufferPointer<Int32>, newNarrow: UnsafePointer<UInt8>, start: Int, end: Int, windowTraits: UInt8,
        interner: inout GlyphInterner, arena: inout ScratchArena
    ) -> (change: TextChange, whitespace: Int, digits: Int) {
        let n = old.count, m = new.count
        let oldEnd = n - end, newEnd = m - end
        let matchOfWindow = arena.allocate(repeating: Int32(-1), count: newEnd - start)
        let traits = interner.traits
        // The windows' whitespace and digits (the shared end has the same on both
        // sides), counted without a branch per glyph.
        var oldWindow: UInt8 = 0
        var oldWhitespace = 0, oldDigits = 0, newWhitespace = 0, newDigits = 0
        traits.withUnsafeBufferPointer { traits in
            let whitespace = GlyphTraits.whitespace, digits = GlyphTraits.digits
            for i in start..<oldEnd {
                let bits = traits[Int(old[i])]
                oldWindow |= bits
                oldWhitespace &+= Int(truncatingIfNeeded: (bits & whitespace) != 0 ? 1 : 0)
                oldDigits &+= Int(truncatingIfNeeded: (bits & digits) != 0 ? 1 : 0)
            }
            for j in start..<newEnd {
                let bits = traits[Int(new[j])]
                newWhitespace &+= Int(truncatingIfNeeded: (bits & whitespace) != 0 ? 1 : 0)
                newDigits &+= Int(truncatingIfNeeded: (bits & digits) != 0 ? 1 : 0)
            }
        }
        morphMatches(
            old: UnsafeBufferPointer(rebasing: old[start..<oldEnd]), oldNarrow: narrow + start,
            new: UnsafeBufferPointer(rebasing: new[start..<newEnd]), newNarrow: newNarrow + start, traits: traits,
            tokenLimit: interner.tokenLimit,
            hasWhitespace: (GlyphTraits.union(oldWindow) | windowTraits) & GlyphTraits.whitespace != 0,
            budget: budget, arena: &arena, into: matchOfWindow)
        for k in 0..<(newEnd - start) where matchOfWindow[k] >= 0 {
            matchOfWindow[k] += Int32(truncatingIfNeeded: start)
        }
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
            knownSuffix: end, arena: &arena)
        let changed = n + m - 2 * persisting
        let longer = max(n, m)
        let change = TextChange(
            storage: result, symbols: interner.symbols,
            changeRatio: longer == 0 ? 0 : min(Double(changed) / Double(longer), 1), trend: trend, mode: mode,
            anchors: .none, visible: (n - whitespace.old, m - whitespace.new), knownPrefix: start, knownSuffix: end)
        return (change, whitespace.new, digits.new)
    }

    /// How many trailing bytes two texts share, at most `limit`.
    static func commonSuffix(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>, limit: Int) -> Int {
        guard limit > 0 else { return 0 }
        let x = UnsafeRawPointer(a.baseAddress!), y = UnsafeRawPointer(b.baseAddress!)
        let i = a.count, j = b.count
        var k = 0
        // Eight bytes a step, then the last few one by one.
        while k + 8 <= limit, x.loadUnaligned(fromByteOffset: i - k - 8, as: UInt64.self)
            == y.loadUnaligned(fromByteOffset: j - k - 8, as: UInt64.self)
        {
            k += 8
        }
        while k < limit, a[i - k - 1] == b[j - k - 1] { k += 1 }
        return k
    }

    /// Whether a glyph of narrow id `narrow` is whitespace, as words are found
    /// (`scanWords`); for an ASCII byte, whether it is ASCII whitespace.
    @inline(__always)
    static func isWordSpace(_ narrow: UInt8) -> Bool {
        narrow < 64 ? ASCIIBlock.spaces >> UInt64(narrow) & 1 != 0 : narrow == GlyphInterner.wideSpace
    }

    /// The bytes of glyph `k` of a text numbered without aliases (see
    /// `GlyphInterner.hasAliases`): one for an ASCII glyph (its narrow id is
    /// below 0x80), else its symbol's.
    @inline(__always)
    static func byteCount(
        of k: Int, ids: UnsafeBufferPointer<Int32>, narrow: UnsafePointer<UInt8>, symbols: GlyphTable
    ) -> Int {
        narrow[k] < 0x80 ? 1 : symbols[ids[k]].utf8.count
    }

    /// The end two texts share after byte `startByte`, from its first word
    /// that follows whitespace within it: the glyphs from there (the old
    /// text's last ones, `ids` and `narrow`) and their bytes; (0, 0) when it
    /// has none. The word starts with a printable ASCII byte after an ASCII
    /// whitespace byte, so both texts break glyphs there, and the new text's
    /// glyphs from there are the old text's.
    ///
    /// - Complexity: O(bytes shared at the end), eight ASCII glyphs a step.
    static func sharedEnd(
        old: UnsafeBufferPointer<UInt8>, new: UnsafeBufferPointer<UInt8>, after startByte: Int,
        ids: UnsafeBufferPointer<Int32>, narrow: UnsafePointer<UInt8>, symbols: GlyphTable
    ) -> (glyphs: Int, bytes: Int) {
        let shared = commonSuffix(old, new, limit: min(old.count, new.count) - startByte)
        var p = old.count - shared + 1
        while p < old.count {
            let byte = old[p]
            if isWordSpace(old[p - 1]) && byte > 0x20 && byte < 0x7F { break }
            p += 1
        }
        guard p < old.count else { return (0, 0) }
        // Its glyph, counted back from the end.
        var glyph = ids.count, byte = old.count
        let raw = UnsafeRawPointer(narrow)
        while glyph >= 8, byte - 8 >= p,
            raw.loadUnaligned(fromByteOffset: glyph - 8, as: UInt64.self) & 0x8080_8080_8080_8080 == 0
        {
            glyph -= 8
            byte -= 8
        }
        while byte > p, glyph > 0 {
            glyph -= 1
            byte -= byteCount(of: glyph, ids: ids, narrow: narrow, symbols: symbols)
        }
        guard byte == p, glyph > 0, isWordSpace(narrow[glyph - 1]) else { return (0, 0) }
        return (ids.count - glyph, old.count - p)
    }

    /// How many of the last `shared` glyphs of two texts (the end they share,
    /// starting on a word) the diff may leave out, persisting in place: those
    /// from the first of its words found in neither window (the glyphs from
    /// `start` up to it, in each text). The words before it join the window.
    ///
    /// Left out, the end cannot change what the diff of the window finds: a
    /// word the window does not hold cannot match into it, so every word
    /// from there on matches its twin, and the window's words match as they
    /// would with the end (the continued analysis is checked against the
    /// fresh one over random edits, in every family of text).
    static func keptEnd(
        old: UnsafeBufferPointer<Int32>, oldNarrow: UnsafePointer<UInt8>, new: UnsafeBufferPointer<Int32>,
        newNarrow: UnsafePointer<UInt8>, start: Int, shared: Int
    ) -> Int {
        let n = old.count, m = new.count
        guard shared <= n - start, shared <= m - start else { return 0 }
        var end = shared
        while end > 0 {
            let first = n - end
            var past = first
            while past < n, !isWordSpace(oldNarrow[past]) { past += 1 }
            let word = UnsafeBufferPointer(start: old.baseAddress! + first, count: past - first)
            if !holds(word, in: old, oldNarrow, start..<first), !holds(word, in: new, newNarrow, start..<(m - end)) {
                return end
            }
            // On past the word and the whitespace after it.
            while past < n, isWordSpace(oldNarrow[past]) { past += 1 }
            end = n - past
        }
        return 0
    }

    /// Whether glyphs `range` of `ids` (whose words are whole) hold `word` as one of their words.
    private static func holds(
        _ word: UnsafeBufferPointer<Int32>, in ids: UnsafeBufferPointer<Int32>, _ narrow: UnsafePointer<UInt8>,
        _ range: Range<Int>
    ) -> Bool {
        var k = range.lowerBound
        while k < range.upperBound {
            while k < range.upperBound, isWordSpace(narrow[k]) { k += 1 }
            let wordStart = k
            while k < range.upperBound, !isWordSpace(narrow[k]) { k += 1 }
            if k - wordStart == word.count, word.count > 0,
                UnsafeBufferPointer(rebasing: ids[wordStart..<k]).elementsEqual(word)
            {
                return true
            }
        }
        return false
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
        func length(_ k: Int) -> Int { byteCount(of: k, ids: ids, narrow: narrow.baseAddress!, symbols: symbols) }
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
        while glyph > 0, !isWordSpace(narrow[glyph - 1]) {
            glyph -= 1
            byte -= length(glyph)
        }
        return (glyph, byte)
    }
}
