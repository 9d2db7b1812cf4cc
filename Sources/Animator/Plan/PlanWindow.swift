import Analyzer

/// The stretch of a change a plan works on glyph by glyph: all of it but the
/// glyphs at the ends of the texts that keep their rows as they are (the same
/// glyph, in the same place, at rest, where the effect changes nothing for a
/// glyph that stays). A word appended to a long text, or a letter typed into
/// it, is planned as the word and what it moves, not as the text.
///
/// Glyphs `0..<keptPrefix` of both texts and the last `keptSuffix` of each are
/// kept; the plan's entries are the window's mutations: those of the new
/// glyphs in `newRange`, then every remove (a removed glyph is never kept).
struct PlanWindow: Equatable {
    var keptPrefix: Int
    var keptSuffix: Int
    let oldCount: Int
    let newCount: Int

    /// The whole change: nothing kept.
    static func whole(old: Int, new: Int) -> PlanWindow {
        PlanWindow(keptPrefix: 0, keptSuffix: 0, oldCount: old, newCount: new)
    }

    /// The old text's glyphs the plan works on.
    var oldRange: Range<Int> { keptPrefix..<(oldCount - keptSuffix) }
    /// The new text's glyphs the plan works on.
    var newRange: Range<Int> { keptPrefix..<(newCount - keptSuffix) }
    /// How far a kept glyph at the end moves in index, old text to new.
    var shift: Int { newCount - oldCount }
    var isWhole: Bool { keptPrefix == 0 && keptSuffix == 0 }

    /// The window's mutation at `position` (of `newRange.count` + the removes):
    /// the new glyphs' mutations are their indices, the removes follow the new text's.
    @inline(__always)
    func mutation(at position: Int) -> Int {
        let inNew = newCount - keptSuffix - keptPrefix
        return position < inNew ? keptPrefix + position : newCount + (position - inNew)
    }

    /// The window of a change planned over a stage whose text sprites outside
    /// `dirty` (old indices) rest exactly on their layout: the unchanged glyphs
    /// at the ends (`TextChange.unchanged`) whose boxes and drawings are the
    /// same in both layouts and whose sprites are outside `dirty`, less one at
    /// each end (a persisting neighbour the window's glyphs are planned
    /// against). `same` says how many glyphs at each end the layout found the
    /// same (`ReusedLayout`), when it did: then nothing is compared here. A
    /// kept end holds at least `shortestRun` visible glyphs or is not kept: a
    /// moving run that reaches into it is then coherent whatever its own length.
    ///
    /// - Complexity: O(1) given `same`, else O(kept glyphs), the boxes compared.
    static func narrowed(
        _ change: TextChange, old: AnchoredFrames, new: AnchoredFrames, drawings: (old: [Int32]?, new: [Int32]?),
        same: (prefix: Int, suffix: Int)?, dirty: Range<Int>, shortestRun: Int
    ) -> PlanWindow {
        let n = change.oldGlyphCount, m = change.newGlyphCount
        let (unchangedPrefix, unchangedSuffix) = change.unchanged
        let dirtyLow = dirty.isEmpty ? n : dirty.lowerBound
        let dirtyHigh = dirty.isEmpty ? 0 : dirty.upperBound
        let prefixLimit = min(unchangedPrefix, dirtyLow)
        let suffixLimit = min(unchangedSuffix, n - dirtyHigh)
        var prefix = 0, suffix = 0
        if let same, old.shift == new.shift {
            // The layout kept these frames, and both sit at the same anchor.
            prefix = min(prefixLimit, same.prefix)
            suffix = min(suffixLimit, same.suffix)
        } else {
            func sameDrawing(_ i: Int, _ j: Int) -> Bool {
                drawings.old.map { i < $0.count ? $0[i] : -1 } == drawings.new.map { j < $0.count ? $0[j] : -1 }
            }
            while prefix < prefixLimit, old[prefix] == new[prefix], sameDrawing(prefix, prefix) { prefix += 1 }
            while suffix < suffixLimit, old[n - 1 - suffix] == new[m - 1 - suffix],
                sameDrawing(n - 1 - suffix, m - 1 - suffix)
            {
                suffix += 1
            }
        }
        var window = PlanWindow(keptPrefix: max(prefix - 1, 0), keptSuffix: max(suffix - 1, 0), oldCount: n, newCount: m)
        if window.keptSuffix > 0 {
            let glyphs = change.newGlyphs, symbols = change.symbols
            var visible = 0
            var k = m - window.keptSuffix
            while k < m, visible < shortestRun {
                if !symbols.isWhitespace(glyphs.id(at: k)) { visible += 1 }
                k += 1
            }
            if visible < shortestRun { window.keptSuffix = 0 }
        }
        return window
    }
}
