import Testing
@testable import Animator

@Suite struct MarkBandsTests {
    /// Marks on a few lines (many on the same band, some far away), visited
    /// for ways of every size: `visit` calls its body for exactly the marks
    /// in the bands the way touches whose x lies in its span, band by band
    /// and left to right, as a scan of every mark sorted the same way finds them.
    @Test(arguments: [0, 1, 5, 40, 200])
    func visitFindsTheMarksOfTheWaysBandsAndSpan(count: Int) {
        var random = SeededRandom(seed: UInt64(count) &+ 11)
        let height = 20.0
        let marks = (0..<count).map { _ -> (y: Double, x: Double) in
            let line = Double(random.next() % 4) * (random.next() % 5 == 0 ? 7 : 1)
            return (y: line * height + random.nextDouble(in: 0...height), x: random.nextDouble(in: -50...400))
        }
        var bands = MarkBands()
        bands.index(count: marks.count, height: height) { marks[$0] }
        let band = { (y: Double) in Int((y / height).rounded(.down)) }
        var ways = 0
        for _ in 0..<300 {
            let y0 = random.nextDouble(in: -30...160), y1 = y0 + random.nextDouble(in: -70...70)
            let x0 = random.nextDouble(in: -80...420), x1 = x0 + random.nextDouble(in: 0...120)
            var visited: [Int] = []
            bands.visit(y: y0, y1, x: x0, x1) { visited.append($0) }
            let (low, high) = (band(min(y0, y1)), band(max(y0, y1)))
            let expected = marks.indices
                .filter { (low...high).contains(band(marks[$0].y)) && marks[$0].x >= x0 && marks[$0].x <= x1 }
                .sorted { (band(marks[$0].y), marks[$0].x, $0) < (band(marks[$1].y), marks[$1].x, $1) }
            #expect(visited == expected)
            ways += visited.isEmpty ? 0 : 1
        }
        // The ways found marks when there were any to find.
        #expect(count < 40 || ways > 50)
    }
}
