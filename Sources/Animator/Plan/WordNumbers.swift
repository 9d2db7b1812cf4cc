import Analyzer

/// Numbers the words of a text: per glyph, the word it belongs to, words being
/// separated by whitespace; a whitespace glyph counts with the word before it
/// (leading whitespace with the first word).
enum WordNumbers {
    /// Writes each glyph's word number into `words` (replacing its contents) and
    /// returns the number of words (0 for an empty text, 1 for whitespace alone).
    ///
    /// - Complexity: O(n) in glyphs.
    static func write(_ glyphs: GlyphSequence, symbols: GlyphTable, into words: inout [Int32]) -> Int {
        words.removeAll(keepingCapacity: true)
        words.append(contentsOf: repeatElement(0, count: glyphs.count))
        var counter = Counter()
        // Written in place: appended one by one, each number paid the array's uniqueness check.
        words.withUnsafeMutableBufferPointer { words in
            glyphs.withUnsafeIDs { ids in
                for k in ids.indices { words[k] = counter.next(isSpace: symbols.isWhitespace(ids[k])) }
            }
        }
        return count(of: words)
    }

    /// Writes the word numbers of a change's new text into `words` (replacing
    /// its contents) from those of its old text (`old`, numbered by `write`):
    /// the unchanged glyphs at the start keep their numbers, the glyphs between
    /// are numbered again, and the unchanged glyphs at the end keep theirs, moved
    /// by the words gained or lost, once the numbering has caught up with the
    /// old one (after their first visible glyph). Returns the number of words.
    ///
    /// `words` may already hold the old numbers' first `agreeing` (the two
    /// buffers of a stream of changes share their start): those are kept, not
    /// copied again.
    ///
    /// - Complexity: O(glyphs numbered again), plus copying the numbers past
    ///   `agreeing`.
    static func update(
        _ words: inout [Int32], from old: [Int32], agreeing: Int = 0, change: TextChange,
        unchanged: (prefix: Int, suffix: Int)
    ) -> Int {
        let symbols = change.symbols
        let n = old.count, m = change.newGlyphCount
        let (prefix, suffix) = unchanged
        precondition(n == change.oldGlyphCount && prefix + suffix <= min(n, m), "WordNumbers: not the old text's numbers")
        let kept = max(min(agreeing, prefix, words.count), 0)
        words.removeLast(words.count - kept)
        // Text that grows (a stream) would outgrow an exact reservation at every change.
        if words.capacity < m { words.reserveCapacity(m + m / 2) }
        words.append(contentsOf: old[kept..<prefix])
        // The numbering's state after the prefix, read from its numbers and glyphs.
        var counter = Counter()
        change.withNewIDs { ids in
            if prefix > 0 {
                counter.word = old[prefix - 1]
                var k = prefix - 1
                while k >= 0, symbols.isWhitespace(ids[k]) { k -= 1 }
                counter.started = k >= 0
                counter.afterSpace = counter.started && symbols.isWhitespace(ids[prefix - 1])
            }
            // Number the changed glyphs, then the end's up to and with its first visible glyph.
            var j = prefix
            let end = m - suffix
            while j < end {
                words.append(counter.next(isSpace: symbols.isWhitespace(ids[j])))
                j += 1
            }
            while j < m {
                let isSpace = symbols.isWhitespace(ids[j])
                words.append(counter.next(isSpace: isSpace))
                j += 1
                if !isSpace { break }
            }
            // From here on both texts number alike: the old numbers, moved.
            if j < m {
                let delta = words[j - 1] &- old[j - 1 - (m - n)]
                let shift = m - n, moved = words.count
                // Copied as they are, then shifted when the change gained or lost words.
                words.append(contentsOf: old[(j - shift)..<n])
                if delta != 0 {
                    words.withUnsafeMutableBufferPointer { numbers in
                        for k in moved..<numbers.count { numbers[k] &+= delta }
                    }
                }
            }
        }
        return count(of: words)
    }

    /// The number of words, given the numbers.
    private static func count(of words: [Int32]) -> Int {
        words.isEmpty ? 0 : Int(words[words.count - 1]) + 1
    }

    /// The numbering's state as it walks a text.
    private struct Counter {
        var word: Int32 = 0
        /// Whether a visible glyph has been seen.
        var started = false
        /// Whether the last glyph was whitespace after a visible one.
        var afterSpace = false

        @inline(__always)
        mutating func next(isSpace: Bool) -> Int32 {
            if isSpace {
                afterSpace = started
            } else {
                if afterSpace { word += 1 }
                afterSpace = false
                started = true
            }
            return word
        }
    }
}
