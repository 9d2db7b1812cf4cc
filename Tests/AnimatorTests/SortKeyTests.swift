import Testing
@testable import Animator

@Suite struct SortKeyTests {
    /// Keys from a seeded generator, with their second keys as numbers: first
    /// keys below `bound` (many ties), second keys of both signs, zeros of both
    /// signs and repeats.
    private func input(count: Int, firstBelow bound: UInt64, seed: UInt64) -> (keys: [SortKey], seconds: [Double]) {
        var random = SeededRandom(seed: seed)
        let special = [-3.5, -0.0, 0.0, 0.25, 1e-300, -1e300, 7, 7, 42.125]
        let seconds = (0..<count).map { _ in
            random.next() % 3 == 0
                ? special[Int(random.next() % UInt64(special.count))] : Double(Int64(random.next() % 401) - 200) / 4
        }
        let keys = seconds.enumerated().map { SortKey(Int32($0.offset), random.next() % bound, $0.element) }
        return (keys, seconds)
    }

    /// The expected order, by the numbers themselves (ties by original place).
    private func expected(_ keys: [SortKey], seconds: [Double]) -> [Int32] {
        keys.sorted { a, b in
            let sa = seconds[Int(a.index)], sb = seconds[Int(b.index)]
            if a.first != b.first { return a.first < b.first }
            // −0 orders just below +0 in the key; as numbers they tie.
            if sa != sb || sa.sign == sb.sign { return sa != sb ? sa < sb : a.index < b.index }
            return sa.sign == .minus
        }.map(\.index)
    }

    @Test(arguments: [0, 1, 2, 16, 17, 64, 65, 300])
    func everySortOrdersByBothKeysAndKeepsTies(count: Int) {
        let (keys, seconds) = input(count: count, firstBelow: 9, seed: UInt64(count) + 5)
        let want = expected(keys, seconds: seconds)
        var compared = keys, counted = keys
        SortKey.sort(&compared)
        SortKey.sort(&counted, firstBelow: 9)
        #expect(compared.map(\.index) == want)
        #expect(counted.map(\.index) == want)
    }

    /// Keys that come in a few groups each in order already (the exits of a
    /// text, then the sprites still leaving), ties across the groups included:
    /// the runs are merged in order, ties by original place.
    @Test(arguments: [(40, 2), (78, 3), (300, 4), (300, 1), (65, 40)])
    func groupsInOrderAreMergedKeepingTies(count: Int, groups: Int) {
        let (random, numbers) = input(count: count, firstBelow: 5, seed: UInt64(count * groups))
        // Each group's (first, second) pairs put in order, then numbered afresh in place.
        let size = (count + groups - 1) / groups
        var pairs: [(first: UInt64, second: Double)] = []
        for start in stride(from: 0, to: count, by: size) {
            let group = (start..<min(start + size, count)).map { (first: random[$0].first, second: numbers[$0]) }
            pairs += group.sorted { a, b in
                if a.first != b.first { return a.first < b.first }
                return a.second != b.second ? a.second < b.second : a.second.sign == .minus && b.second.sign == .plus
            }
        }
        let keys = pairs.enumerated().map { SortKey(Int32($0.offset), $0.element.first, $0.element.second) }
        var sorted = keys
        SortKey.sort(&sorted)
        #expect(sorted.map(\.index) == expected(keys, seconds: pairs.map(\.second)))
    }

    @Test func countingFallsBackWhenAFirstKeyIsOutOfBounds() {
        let (keys, seconds) = input(count: 40, firstBelow: 1000, seed: 3)
        var sorted = keys
        // A bound below some first keys: counting on it would write out of range.
        SortKey.sort(&sorted, firstBelow: 10)
        #expect(sorted.map(\.index) == expected(keys, seconds: seconds))
    }

    @Test func secondKeysOrderAsNumbers() {
        let numbers = [-Double.infinity, -1e300, -2, -0.5, -0.0, 0.0, 1e-300, 0.5, 2, 1e300, .infinity]
        var input = numbers.enumerated().reversed().map { SortKey(Int32($0.offset), 0, $0.element) }
        SortKey.sort(&input)
        #expect(input.map(\.index) == Array(0..<Int32(numbers.count)))
    }
}
