import Testing
@testable import Animator

@Suite struct CurveTableTests {
    private let spring = TimingCurve.spring(MotionStyle.snappy.spring)
    private let fade = TimingCurve.bezier(.easeOut, duration: 0.2)

    @Test func oneEntryPerCurveAndStartWithItsAbsoluteOrigin() {
        let table = CurveTable()
        table.beginPlan(origin: 10)
        let a = table.entry(spring, start: 0.1)
        let b = table.entry(spring, start: 0.1 + CurveTable.quantum / 4)
        let c = table.entry(fade, start: 0.1)
        let d = table.entry(spring, start: 0.2)
        #expect(a == b)
        #expect(Set([a, c, d]).count == 3)
        #expect(abs(table.origin(of: a) - (10 + CurveTable.quantize(0.1))) < 1e-12)
        #expect(abs(table.origin(of: d) - (10 + CurveTable.quantize(0.2))) < 1e-12)
        #expect(table[c] == fade && table[d] == spring)
        // A curve registered once is found again by its value, whoever asks.
        #expect(table.value(spring) == table.value(of: a) && table.value(fade) == table.value(of: c))
    }

    /// The origin an entry would have is known without adding it, bit for bit,
    /// for starts on and between the steps, negative, huge and not numbers.
    @Test func theOriginOfAStartIsTheOriginItsEntryGets() {
        let table = CurveTable()
        table.beginPlan(origin: 7.25)
        var random = SeededRandom(seed: 11)
        var starts = [0, CurveTable.quantum / 2, -CurveTable.quantum / 2, 0.123, -3.5, 1e20, -1e20, .nan, .infinity]
        for _ in 0..<200 { starts.append(random.nextDouble(in: -5...5)) }
        for start in starts {
            let before = table.count
            let origin = table.origin(ofStart: start)
            #expect(table.count == before, "origin(ofStart:) added an entry")
            let entry = table.entry(fade, start: start)
            #expect(table.origin(of: entry).bitPattern == origin.bitPattern, "start \(start)")
        }
    }

    @Test func entriesNobodyTakesOrReleasesAreRecycled() {
        let table = CurveTable()
        table.beginPlan(origin: 0)
        let kept = table.entry(spring, start: 0)
        let dropped = table.entry(fade, start: 0.05)
        table.retain(kept)
        table.endPlan()
        #expect(table.liveCount == 2)  // the rest entry and `kept`
        table.beginPlan(origin: 1)
        let reused = table.entry(fade, start: 0)
        #expect(reused == dropped)
        #expect(table.origin(of: reused) == 1)
        table.retain(reused)
        table.release(kept)
        table.endPlan()
        #expect(table.liveCount == 2)
    }

    @Test func aPlanOfManyStaggeredStartsFindsEachAgain() {
        let table = CurveTable()
        table.beginPlan(origin: 0)
        let starts = (0..<500).map { Double($0) * 0.01 }
        let ids = starts.map { table.entry(spring, start: $0) }
        #expect(Set(ids).count == 500)
        #expect(starts.map { table.entry(spring, start: $0) } == ids)
        for id in ids { table.retain(id) }
        table.endPlan()
        table.update(at: 1.0)
        for (start, id) in zip(starts, ids) {
            let want = spring.sample(at: 1.0 - CurveTable.quantize(start))
            #expect(table.samples[id.index] == want)
        }
    }

    @Test func anIndexSizedForThePlanFindsWhatTheGrowingOneFinds() {
        let sized = CurveTable(), grown = CurveTable()
        sized.beginPlan(origin: 2, expecting: 300)
        grown.beginPlan(origin: 2)
        let starts = (0..<300).map { Double($0 % 150) * 0.004 }
        let a = starts.map { sized.entry($0.truncatingRemainder(dividingBy: 0.008) == 0 ? spring : fade, start: $0) }
        let b = starts.map { grown.entry($0.truncatingRemainder(dividingBy: 0.008) == 0 ? spring : fade, start: $0) }
        #expect(a == b)
        #expect(Set(a).count == 150)
        // A later plan, smaller, reuses the index.
        sized.endPlan()
        sized.beginPlan(origin: 3, expecting: 4)
        let again = sized.entry(spring, start: 0)
        #expect(sized.origin(of: again) == 3)
    }
}
