import Testing
@testable import Animator

@Suite struct SortKeyTests {
    /// Keys from a seeded generator: first keys from a small range (many ties),
    /// second keys of both signs, zeros of both signs and repeats.
    private func keys(count: Int, firstBelow bound: UInt64, seed: UInt64) -> [SortKey] {
        var random = SeededRandom(seed: seed)
        let seconds = [-3.5, -0.0, 0.0, 0.25, 1e-300, -1e300, 7, 7, 42.125]
        return (0..<count).map { k in
            let first = UInt64(random.next() % bound)
            let second = random.next() % 3 == 0 ? seconds[Int(random.next() % UInt64(seconds.count))] : Double(Int64(random.next() % 2001) - 1000) / 8
            return SortKey(Int32(k), first, second)
        }
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

    @Test(arguments: [0, 1, 2, 17, 64, 65, 300])
    func everySortOrdersByBothKeysAndKeepsTies(count: Int) {
        var random = SeededRandom(seed: UInt64(count) + 5)
        var seconds: [Double] = []
        var input: [SortKey] = []
        for k in 0..<count {
            let second = random.next() % 4 == 0 ? [-0.0, 0.0, 3, -2][Int(random.next() % 4)] : Double(Int64(random.next() % 401) - 200) / 4
            seconds.append(second)
            input.append(SortKey(Int32(k), random.next() % 9, second))
        }
        let want = expected(input, seconds: seconds)
        var a = input, b = input, c = input
        SortKey.sort(&a)
        SortKey.sortNearlySorted(&b)
        SortKey.sort(&c, firstBelow: 9)
        #expect(a.map(\.index) == want)
        #expect(b.map(\.index) == want)
        #expect(c.map(\.index) == want)
    }

    @Test func countingFallsBackWhenAFirstKeyIsOutOfBounds() {
        let input = keys(count: 40, firstBelow: 1000, seed: 3)
        var counted = input, compared = input
        // A bound below some first keys: the counting sort must not be used.
        SortKey.sort(&counted, firstBelow: 10)
        SortKey.sort(&compared)
        #expect(counted.map(\.index) == compared.map(\.index))
        #expect(zip(counted, counted.dropFirst()).allSatisfy { !($1 < $0) })
    }

    @Test func secondKeysOrderAsNumbers() {
        let numbers = [-Double.infinity, -1e300, -2, -0.5, -0.0, 0.0, 1e-300, 0.5, 2, 1e300, .infinity]
        var input = numbers.enumerated().reversed().map { SortKey(Int32($0.offset), 0, $0.element) }
        SortKey.sort(&input)
        #expect(input.map(\.index) == Array(0..<Int32(numbers.count)))
    }
}
