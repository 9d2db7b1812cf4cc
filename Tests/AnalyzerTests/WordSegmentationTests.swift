import Animator
import Testing
import TestSupport

@testable import Analyzer

/// Word tokens: equal words get equal tokens, numbered by first appearance
/// (old text first), whether a word is found by hashing or by the guess
/// that it equals the old word after its predecessor's match.
@Suite("WordSegmentation")
struct WordSegmentationTests {
    /// The tokens of both texts' words, as the analyzer assigns them.
    func tokens(_ old: [Character], _ new: [Character]) -> ([Int32], [Int32]) {
        withUnsafeTemporaryAllocation(byteCount: 1024, alignment: 16) { stack in
            var arena = ScratchArena(stack: stack, expected: 64 * (old.count + new.count) + 4096)
            let ids = arena.allocate(Int32.self, count: old.count + new.count + WordPrefix.padding)
            let narrow = arena.allocate(UInt8.self, count: old.count + new.count + WordKey.padding)
            (ids + old.count + new.count).initialize(repeating: 0, count: WordPrefix.padding)
            (narrow + old.count + new.count).initialize(repeating: 0, count: WordKey.padding)
            var interner = GlyphInterner()
            interner.intern(old, into: ids, narrow: narrow)
            interner.intern(new, into: ids + old.count, narrow: narrow + old.count)
            let oldIDs = UnsafeBufferPointer(start: ids, count: old.count)
            let newIDs = UnsafeBufferPointer(start: ids + old.count, count: new.count)
            let oldWords = scanWords(oldIDs, narrow: narrow, arena: &arena)
            let newWords = scanWords(newIDs, narrow: narrow + old.count, arena: &arena)
            let words = WordSegmentation(
                old: oldIDs, oldNarrow: narrow, oldWords: oldWords, new: newIDs, newNarrow: narrow + old.count,
                newWords: newWords, arena: &arena)
            return (
                Array(UnsafeBufferPointer(start: words.oldTokens, count: words.oldCount)),
                Array(UnsafeBufferPointer(start: words.newTokens, count: words.newCount))
            )
        }
    }

    /// Tokens numbered by first appearance, from the words themselves.
    func reference(_ old: [Character], _ new: [Character]) -> ([Int32], [Int32]) {
        var known: [[Character]: Int32] = [:]
        func token(_ word: [Character]) -> Int32 {
            if let token = known[word] { return token }
            known[word] = Int32(known.count)
            return Int32(known.count - 1)
        }
        let oldTokens = ReferenceMorph.words(old).map { token(Array(old[$0])) }
        let newTokens = ReferenceMorph.words(new).map { token(Array(new[$0])) }
        return (oldTokens, newTokens)
    }

    @Test(arguments: [0.0, 0.01, 0.1, 0.5, 1.0])
    func tokensFollowFirstAppearance(editRate: Double) {
        var random = SeededRandom(seed: 41)
        let long = TextGenerator(letters: Array("abcdefghij"), wordLengths: 1...14)
        for generator in [TextGenerator.words, .repetitive, .mixed, long] {
            for size in [6, 40, 600] {
                let old = generator.text(glyphs: size, using: &random)
                let new =
                    editRate == 1.0
                    ? generator.text(glyphs: size, using: &random) : generator.edited(old, rate: editRate, using: &random)
                let (oldTokens, newTokens) = tokens(old, new)
                let (oldExpected, newExpected) = reference(old, new)
                #expect(oldTokens == oldExpected && newTokens == newExpected)
            }
        }
    }

    /// Glyphs that are not ASCII and whose ids are 64 apart have equal narrow
    /// ids: their words have equal keys yet are different words.
    @Test func wordsWhoseKeysAreNotExact() {
        // 72 distinct ideographs, numbered 128… in order: 丁 and the one 64 later share a narrow id.
        let ideographs = (0..<72).map { Character(Unicode.Scalar(0x4E01 + UInt32($0))!) }
        var old = ideographs + [" "]
        var new: [Character] = []
        for k in 0..<6 {
            old += [ideographs[k], ideographs[k + 1], " ", ideographs[k + 64], ideographs[k + 65], " "]
            new += [ideographs[k + 64], ideographs[k + 65], " ", "a", ideographs[k], " ", ideographs[k], ideographs[k + 1], " "]
        }
        #expect(tokens(old, new) == reference(old, new))
    }

    @Test func wordsLongerThanTheirPrefixes() {
        // Equal first eight glyphs, different ninth: different words.
        let old = Array("abcdefghX abcdefghY abcdefghX")
        let new = Array("abcdefghY abcdefghX abcdefghZ")
        #expect(tokens(old, new) == reference(old, new))
        #expect(tokens(old, new).1 == [1, 0, 2])
    }
}
