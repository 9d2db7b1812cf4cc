import Animator
import Testing
import TestSupport

@testable import Analyzer

/// The LCS engine against the O(n · m) reference, across its kernels.
@Suite("SubsequenceMatcher")
struct SubsequenceMatcherTests {
    /// The match with the default kernels (Myers for few edits, then the
    /// bit-parallel ones), checked to agree with the bit-parallel kernels alone.
    func match(_ old: [Int32], _ new: [Int32], budget: Int = .max) -> [Int32] {
        let chosen = match(old, new, budget: budget, myers: 1)
        let bitParallel = match(old, new, budget: budget, myers: 0)
        #expect(chosen == bitParallel || budget < .max)
        return chosen
    }

    func match(_ old: [Int32], _ new: [Int32], budget: Int, myers: Double) -> [Int32] {
        var result = [Int32](repeating: -1, count: new.count)
        var matcher = SubsequenceMatcher(tokenLimit: Int((old + new).max() ?? 0) + 1, budget: budget)
        matcher.myersAllowance = myers
        old.withUnsafeBufferPointer { old in
            new.withUnsafeBufferPointer { new in
                result.withUnsafeMutableBufferPointer { matcher.match(old: old, new: new, into: $0.baseAddress!) }
            }
        }
        return result
    }

    /// Myers' kernel alone to the end (an allowance no run exhausts), and
    /// handing over to the bit-parallel kernel at every point it can give up.
    @Test(arguments: [2, 26, 3000])
    func myersAgreesWithTheReferenceWhereverItStops(alphabet: Int) {
        var random = SeededRandom(seed: 300 + UInt64(alphabet))
        for round in 0..<30 {
            let old = sequence(65 + random.index(below: 300), alphabet: alphabet, &random)
            let new = edited(old, edits: [1, 3, 10, 40, 150][round % 5], alphabet: alphabet, &random)
            let expected = reference(old, new)
            for allowance in [1e6, 0.001, 0.01, 0.1] {
                #expect(match(old, new, budget: .max, myers: allowance) == expected, "allowance \(allowance)")
            }
        }
    }

    func reference(_ old: [Int32], _ new: [Int32]) -> [Int32] {
        var result = [Int32](repeating: -1, count: new.count)
        for (i, j) in ReferenceLCS.earliestPairs(old, new) { result[j] = Int32(i) }
        return result
    }

    func sequence(_ length: Int, alphabet: Int, _ random: inout SeededRandom) -> [Int32] {
        (0..<length).map { _ in Int32(random.index(below: alphabet)) }
    }

    func edited(_ base: [Int32], edits: Int, alphabet: Int, _ random: inout SeededRandom) -> [Int32] {
        var result = base
        for _ in 0..<edits {
            let token = Int32(random.index(below: alphabet))
            switch random.index(below: 3) {
            case 0 where !result.isEmpty: result[random.index(below: result.count)] = token
            case 1 where !result.isEmpty: result.remove(at: random.index(below: result.count))
            default: result.insert(token, at: random.index(below: result.count + 1))
            }
        }
        return result
    }

    @Test(arguments: [2, 4, 26, 500])
    func unrelatedSequences(alphabet: Int) {
        var random = SeededRandom(seed: UInt64(alphabet))
        for _ in 0..<60 {
            let old = sequence(random.index(below: 200), alphabet: alphabet, &random)
            let new = sequence(random.index(below: 200), alphabet: alphabet, &random)
            #expect(match(old, new) == reference(old, new))
        }
    }

    @Test(arguments: [2, 4, 26, 500])
    func similarSequencesUseNarrowBands(alphabet: Int) {
        var random = SeededRandom(seed: 100 + UInt64(alphabet))
        for round in 0..<40 {
            let old = sequence(100 + random.index(below: 400), alphabet: alphabet, &random)
            let new = edited(old, edits: round % 20, alphabet: alphabet, &random)
            #expect(match(old, new) == reference(old, new))
        }
    }

    /// Long sequences over large alphabets take the sparse-mask path
    /// (word-like tokens), with single and repeated matches per band window.
    @Test(arguments: [300, 100_000])
    func sparseMasks(alphabet: Int) {
        var random = SeededRandom(seed: 200 + UInt64(alphabet))
        for round in 0..<4 {
            let old = sequence(1100 + random.index(below: 200), alphabet: alphabet, &random)
            let new = edited(old, edits: 5 + round * 20, alphabet: alphabet, &random)
            #expect(match(old, new) == reference(old, new))
        }
    }

    /// One sequence the end of the other: the first round of Myers' search (run
    /// from the ends) reaches the last row or column at once.
    @Test(arguments: [2, 26, 3000])
    func oneSequenceEndsTheOther(alphabet: Int) {
        var random = SeededRandom(seed: 500 + UInt64(alphabet))
        for _ in 0..<20 {
            let tail = sequence(70 + random.index(below: 100), alphabet: alphabet, &random)
            let head = sequence(1 + random.index(below: 8), alphabet: alphabet, &random)
            #expect(match(tail, head + tail) == reference(tail, head + tail))
            #expect(match(head + tail, tail) == reference(head + tail, tail))
        }
    }

    /// Tokens found on one side only taken out, the match is the same, with every
    /// kernel: sequences short and long, alphabets small and large, many edits and few.
    @Test(arguments: [3, 26, 3000])
    func commonTokensGiveTheSameMatch(alphabet: Int) {
        var random = SeededRandom(seed: 400 + UInt64(alphabet))
        for round in 0..<60 {
            let length = [5, 12, 60, 200, 400][round % 5]
            let old = sequence(length + random.index(below: length), alphabet: alphabet, &random)
            // Edits draw on tokens of the old sequence and on tokens of its own (alphabet and up).
            var new = edited(old, edits: [1, 4, 30][round % 3] * max(1, length / 50), alphabet: alphabet, &random)
            for _ in 0..<random.index(below: 1 + length / 8) {
                new.insert(Int32(alphabet + random.index(below: 5)), at: random.index(below: new.count + 1))
            }
            var oldWithOwn = old
            for _ in 0..<random.index(below: 1 + length / 10) {
                oldWithOwn.insert(Int32(alphabet + 5 + random.index(below: 5)), at: random.index(below: oldWithOwn.count + 1))
            }
            let expected = reference(oldWithOwn, new)
            for allowance in [1e6, 0.001, 0.0] {
                var result = [Int32](repeating: -1, count: new.count)
                var matcher = SubsequenceMatcher(tokenLimit: alphabet + 10, budget: .max)
                matcher.myersAllowance = allowance
                withUnsafeTemporaryAllocation(byteCount: 1024, alignment: 16) { stack in
                    var arena = ScratchArena(stack: stack, expected: 64 * (oldWithOwn.count + new.count) + alphabet + 4096)
                    oldWithOwn.withUnsafeBufferPointer { old in
                        new.withUnsafeBufferPointer { new in
                            result.withUnsafeMutableBufferPointer {
                                matcher.matchCommonTokens(old: old, new: new, into: $0.baseAddress!, arena: &arena)
                            }
                        }
                    }
                }
                #expect(result == expected, "length \(length), allowance \(allowance)")
            }
        }
    }

    @Test func blockFallbackStaysACommonSubsequence() {
        var random = SeededRandom(seed: 5)
        let old = sequence(1500, alphabet: 4, &random)
        let new = edited(old, edits: 450, alphabet: 4, &random)
        let coarse = match(old, new, budget: 0)
        var lastOld: Int32 = -1
        var kept = 0
        for (j, i) in coarse.enumerated() where i >= 0 {
            #expect(i > lastOld && old[Int(i)] == new[j])
            lastOld = i
            kept += 1
        }
        #expect(kept <= ReferenceLCS.length(old, new))
        #expect(kept > new.count / 2)
    }
}
