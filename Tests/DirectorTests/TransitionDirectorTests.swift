import Analyzer
import Animator
import Director
import Effects
import Testing

@Suite struct TransitionDirectorTests {
    let layout = MonospaceLayout(cellWidth: 10, cellHeight: 20)

    func director(_ text: String, effect: any EffectBlueprint = ScaleEffect(), mode: DiffMode = .morph) -> TransitionDirector {
        TransitionDirector(text: text, layout: layout, effect: effect, style: .snappy, mode: mode, preference: .alwaysAnimate)
    }

    @Test func initialTextRestsOnItsLayout() {
        let d = director("Hello")
        let frame = d.frame(at: 0)
        let rest = expectedRest("Hello", layout: layout)
        #expect(frame.sprites.map { frame.symbol(of: $0) } == Array("Hello"))
        #expect(frame.sprites.map(\.state) == rest)
        #expect(Set(frame.sprites.map(\.id)).count == 5)
        #expect(!d.isAnimating)
    }

    @Test(arguments: [
        ("Send Action", "Action Sent"), ("Creative", "Create"), ("99", "100"), ("", "Hello"), ("Hello", ""),
        ("Backing up", "Backed up"), ("a\nb", "b\na c"),
    ])
    func everyTransitionSettlesExactlyOnTheNewLayout(old: String, new: String) {
        let d = director(old)
        let estimate = d.setText(new, at: 1)
        #expect(estimate.duration > 0)
        let end = 1 + estimate.duration
        let frame = d.frame(at: end)
        let rest = expectedRest(new, layout: layout)
        let sprites = frame.sprites.sorted { $0.state.position.y != $1.state.position.y ? $0.state.position.y < $1.state.position.y : $0.state.position.x < $1.state.position.x }
        #expect(sprites.count == rest.count)
        #expect(Set(sprites.map(\.state)) == Set(rest))
        #expect(sprites.allSatisfy { $0.role == .persisting })
        #expect(d.poolStats.inUse == Array(new).count)
        #expect(d.events.map(\.kind) == [.settle])
        #expect(d.events.first?.time == end)
    }

    @Test func persistingGlyphsKeepTheirIdentity() {
        let d = director("Send Action")
        let before = d.frame(at: 0)
        let ids = Dictionary(uniqueKeysWithValues: before.sprites.map { ($0.id, before.symbol(of: $0)) })
        d.setText("Action Sent", at: 0)
        let change = TextChangeAnalyzer().analyze(from: "Send Action", to: "Action Sent")
        let kept = change.mutations.filter { $0.action == .transform }.count
        let mid = d.frame(at: 0.1)
        let survivors = mid.sprites.filter { $0.role == .persisting }
        #expect(survivors.count == kept)
        for s in survivors { #expect(ids[s.id] == mid.symbol(of: s)) }
        let after = d.frame(at: 5)
        #expect(Set(after.sprites.map(\.id)).isSuperset(of: survivors.map(\.id)))
    }

    @Test func zOrderPutsExitsUnderPersistingUnderEntering() {
        let d = director("abcdef")
        d.setText("abXYef", at: 0)
        let frame = d.frame(at: 0.05)
        let roles = frame.sprites.map(\.role)
        #expect(roles == roles.sorted())
        #expect(roles.contains(.exiting) && roles.contains(.entering) && roles.contains(.persisting))
    }

    @Test func framesArePureFunctionsOfTimeWithinATransition() {
        let d = director("Creative", effect: ScaleEffect())
        let estimate = d.setText("Create", at: 2)
        let times = (0..<40).map { 2 + estimate.duration * Double($0) / 41 }
        let forward = times.map { d.frame(at: $0).sprites }
        let backward = times.reversed().map { d.frame(at: $0).sprites }
        #expect(forward == Array(backward.reversed()))
    }

    @Test func aSetTextBetweenFramesFencesAtItsOwnTime() {
        let d = director("ab")
        _ = d.frame(at: 1.0)
        d.setText("abc", at: 1.0123)
        let snapshot = d.inspect()
        #expect(snapshot.activeTransition?.start == 1.0123)
        // The entering glyph has not started before the fence, whatever frame comes next.
        let frame = d.frame(at: 1.0123)
        let entering = frame.sprites.filter { $0.role == .entering }
        #expect(entering.count == 1)
        #expect(entering[0].state.opacity == 0)
    }

    @Test func interruptionCancelsOnceAndSettlesOnce() {
        let d = director("one")
        d.setText("two", at: 0)
        d.setText("three", at: 0.05)
        d.setText("four", at: 0.1)
        _ = d.frame(at: 10)
        let kinds = d.events.map(\.kind)
        #expect(kinds == [.cancel, .cancel, .settle])
        #expect(d.events.map(\.transition) == [1, 2, 3])
        #expect(d.events.map(\.time) == [0.05, 0.1, d.events[2].time])
        #expect(visibleText(d.frame(at: 10)) == "four")
    }

    @Test func settledTransitionReportsSettleBeforeTheNextOne() {
        var seen: [TransitionEvent.Kind] = []
        let d = director("a")
        d.onEvent = { seen.append($0.kind) }
        d.setText("b", at: 0)
        d.setText("c", at: 100)
        _ = d.frame(at: 200)
        #expect(seen == [.settle, .settle])
        #expect(d.drainEvents().count == 2)
        #expect(d.events.isEmpty)
    }

    @Test func settingTheSameTextDoesNothing() {
        let d = director("same")
        let estimate = d.setText("same", at: 1)
        #expect(estimate.duration == 0)
        #expect(d.events.isEmpty)
        #expect(!d.isAnimating)
    }

    @Test func aToBToAReturnsIdentitiesToTheirSlots() {
        let d = director("Creative")
        let start = d.frame(at: 0)
        d.setText("Create", at: 0)
        d.setText("Creative", at: 0.08)  // the leaving "iv" are caught mid-exit
        let end = d.frame(at: 10)
        #expect(end.sprites.count == start.sprites.count)
        for s in end.sprites {
            let original = start.sprites.first { $0.id == s.id }
            #expect(original != nil, "sprite \(s.id) \(end.symbol(of: s)) is new")
            #expect(original?.state == s.state)
        }
        #expect(d.poolStats.inUse == 8)
    }

    @Test func aSettledRoundTripKeepsPersistingIdentities() {
        let d = director("Send Action")
        let start = byID(d.frame(at: 0))
        d.setText("Action Sent", at: 0)
        d.setText("Send Action", at: 5)
        let end = d.frame(at: 10)
        let action = end.sprites.filter { start[$0.id] != nil }
        // "Action" persisted both ways: the same sprites stand where they started.
        #expect(action.count >= 6)
        for s in action { #expect(start[s.id]?.state == s.state) }
    }

    @Test func rapidChangesLeakNothing() {
        var random = SeededRandom(seed: 7)
        let d = director("start")
        var t = 0.0
        var longest = 0
        for _ in 0..<1000 {
            let text = randomText(&random)
            longest = max(longest, text.count)
            d.setText(text, at: t)
            t += random.nextDouble(in: 0...0.03)
            _ = d.frame(at: t)
        }
        _ = d.frame(at: t + 100)
        #expect(d.poolStats.inUse == Array(d.text).count)
        #expect(d.poolStats.checkouts - d.poolStats.checkins == d.poolStats.inUse)
        // Leftover exits are bounded by what a few overlapping transitions can leave behind.
        #expect(d.poolStats.highWater <= 64 * 4)
        #expect(d.inspect().curveGroups == 1)
        #expect(d.events.filter { $0.kind == .settle }.count == 1)
    }

    @Test func aCounterKeepsItsOnesInOneColumn() {
        let d = TransitionDirector(
            text: "99", layout: MonospaceLayout(cellWidth: 10, cellHeight: 20), effect: ScaleEffect(), mode: .numeric(),
            preference: .alwaysAnimate)
        func onesX(_ frame: Frame) -> Double? {
            // The rightmost clearly visible digit at rest.
            frame.sprites.filter { $0.state.opacity == 1 && frame.symbol(of: $0).isWholeNumber }.map(\.state.position.x).max()
        }
        let start = onesX(d.frame(at: 0))
        var t = 0.0
        for text in ["100", "1,000", "7"] {
            let estimate = d.setText(text, at: t)
            t += estimate.duration + 0.1
            #expect(onesX(d.frame(at: t)) == start, "\(text)")
        }
        #expect(start != nil)
    }

    @Test func aNumberAfterATextWithoutOneLinesUpWhereTheTextStands() {
        // "Go" has no number, so "Total 42" rests at its leading edge, not at its number;
        // the next number lines up with 42 where it stands, and nothing jumps to line up.
        let d = TransitionDirector(
            text: "Go", layout: MonospaceLayout(cellWidth: 10, cellHeight: 20), effect: ScaleEffect(), mode: .numeric(),
            preference: .alwaysAnimate)
        func x(of symbol: Character, in frame: Frame) -> [Double] {
            frame.sprites.filter { frame.symbol(of: $0) == symbol && $0.role != .exiting }.map(\.state.position.x).sorted()
        }
        var t = d.setText("Total 42", at: 0).duration + 0.1
        let before = d.frame(at: t)
        let (ones, first) = (x(of: "2", in: before), x(of: "T", in: before))
        #expect(ones == [75] && first == [5])
        let estimate = d.setText("Total 1,042", at: t)
        #expect(x(of: "T", in: d.frame(at: t)) == first)
        t += estimate.duration + 0.1
        let after = d.frame(at: t)
        // The ones stay in their column; the text before the number makes room for its three new places.
        #expect(x(of: "2", in: after) == ones)
        #expect(x(of: "T", in: after) == [first[0] - 30])
    }

    @Test func interruptionIsContinuousInPositionAndVelocity() {
        var random = SeededRandom(seed: 42)
        let eps = 1e-5
        for trial in 0..<60 {
            let a = randomText(&random), b = randomText(&random), c = randomText(&random)
            let d = TransitionDirector(
                text: a, layout: layout, effect: ScaleEffect(), style: trial % 2 == 0 ? .bouncy : .snappy,
                preference: .alwaysAnimate, seed: UInt64(trial))
            let estimate = d.setText(b, at: 0)
            let t = random.nextDouble(in: 0.001...max(estimate.duration, 0.002))
            let m2 = byID(d.frame(at: t - 2 * eps)), m1 = byID(d.frame(at: t - eps)), m0 = byID(d.frame(at: t))
            d.setText(c, at: t)
            let p0 = byID(d.frame(at: t)), p1 = byID(d.frame(at: t + eps)), p2 = byID(d.frame(at: t + 2 * eps))
            for (id, now) in m0 {
                guard let after = p0[id], let b1 = m1[id], let b2 = m2[id], let a1 = p1[id], let a2 = p2[id] else {
                    continue  // a sprite whose exit ended exactly now
                }
                for channel in [GlyphChannel.x, .y, .scaleX, .opacity] {
                    #expect(abs(after.state[channel] - now.state[channel]) < 1e-9, "jump in \(channel) of sprite \(id)")
                    // Velocity carries over for glyphs that keep their role (persisting on,
                    // exiting on); a glyph that starts to leave takes its exit curve's shape.
                    guard after.role == now.role || (now.role == .entering && after.role != .exiting) else { continue }
                    let vBefore = (b1.state[channel] - b2.state[channel]) / eps
                    let vAfter = (a2.state[channel] - a1.state[channel]) / eps
                    // Finite differences over 3ε of springs with |x''| up to ~1e5 units/s².
                    let tolerance = 3 * eps * 1e5 + 1e-3 * max(abs(vBefore), 1)
                    #expect(abs(vAfter - vBefore) < tolerance, "kink in \(channel) of sprite \(id): \(vBefore) → \(vAfter)")
                }
            }
        }
    }

    /// An arrival with two leaving copies of its glyph equally near catches the
    /// older one, wherever the pool keeps them: here the younger "x" reuses the
    /// slot of a glyph that left, below the older one's.
    @Test func anArrivalBetweenTwoLeavingCopiesCatchesTheOlder() throws {
        let d = director("ab")
        d.setText("abx", at: 0)
        d.setText("bx", at: 2)
        d.setText("xbx", at: 4)
        let rest = d.frame(at: 5.9)
        let copies = rest.sprites.filter { rest.symbol(of: $0) == "x" }
        #expect(copies.count == 2)
        // Both "x" at rest: the older at 25 (made first), the younger at 5.
        let older = try #require(copies.min { $0.id < $1.id }), younger = try #require(copies.max { $0.id < $1.id })
        #expect(older.state.position.x == 25 && younger.state.position.x == 5)
        d.setText("", at: 6)
        // " x": the arrival's place (15) is 10 from each.
        d.setText(" x", at: 6.05)
        let frame = d.frame(at: 6.06)
        let arriving = try #require(frame.sprites.first { $0.role == .entering && frame.symbol(of: $0) == "x" })
        #expect(arriving.id == older.id)
        #expect(frame.sprites.contains { $0.id == younger.id && $0.role == .exiting })
    }

    /// A glyph turned back before it began to show (still waiting for its
    /// turn in the stagger, opacity 0) leaves at once: the frames drop it and
    /// the pool has it back at the next change. One that already shows stays,
    /// leaving as its exit says.
    @Test func aGlyphTurnedBackBeforeItShowedLeavesAtOnce() throws {
        let d = director("ab")
        d.setText("abcdefgh", at: 0)
        // The first moment one arrival shows while a later one does not yet.
        var moment: (t: Double, seen: SpriteFrame, unseen: SpriteFrame)?
        for k in 1...100 where moment == nil {
            let t = Double(k) * 0.002
            let arriving = d.frame(at: t).sprites.filter { $0.role == .entering }
            if let seen = arriving.first(where: { $0.state.opacity > 0 }),
                let unseen = arriving.first(where: { $0.state.opacity == 0 })
            {
                moment = (t, seen, unseen)
            }
        }
        let (t, seen, unseen) = try #require(moment)
        d.setText("ab", at: t)
        let after = byID(d.frame(at: t))
        #expect(after[unseen.id] == nil, "a sprite that never showed is still drawn")
        let leaving = try #require(after[seen.id])
        #expect(leaving.role == .exiting && leaving.state.opacity == seen.state.opacity)
        // The next change returns the unseen sprite to the pool: only "ab" and the visible exits were kept.
        let inUse = d.poolStats.inUse
        d.setText("abc", at: t + 5)
        #expect(d.poolStats.inUse <= inUse + 1)
        #expect(d.poolStats.checkouts - d.poolStats.checkins == d.poolStats.inUse)
    }

    /// A glyph brought back before its exit began (still waiting for its turn,
    /// at rest where it stood) keeps its sprite, stands still and has nothing
    /// left to do: the next frames show it exactly as before.
    @Test func aGlyphBroughtBackBeforeItsExitBeganStaysAsItWas() throws {
        let d = director("abcdefgh")
        d.setText("ab", at: 0)
        // A moment when the last exit has not begun while the first has.
        var moment: (t: Double, still: SpriteFrame)?
        for k in 1...100 where moment == nil {
            let t = Double(k) * 0.002
            let exits = d.frame(at: t).sprites.filter { $0.role == .exiting }
            if exits.contains(where: { $0.state.opacity < 1 }), let still = exits.last(where: { $0.state.opacity == 1 }) {
                moment = (t, still)
            }
        }
        let (t, still) = try #require(moment)
        d.setText("abcdefgh", at: t)
        for later in [t, t + 0.05, t + 1] {
            let back = try #require(byID(d.frame(at: later))[still.id], "at \(later)")
            #expect(back.role != .exiting)
            #expect(back.state == still.state, "at \(later)")
        }
    }

    @Test func thrownGlyphsSettleWithoutAJump() {
        // A glyph on its way across is thrown back while still moving fast.
        let d = director("a")
        d.setText("          a", at: 0)
        d.setText("a", at: 0.06)
        let start = byID(d.frame(at: 0.06))
        let end = d.settleTime ?? 0
        let final = byID(d.frame(at: end + 1))
        let h = 1e-4
        var previous: [Int32: SpriteFrame] = [:], beforePrevious: [Int32: SpriteFrame] = [:]
        var t = 0.06
        while t < end {
            let now = byID(d.frame(at: t))
            for (id, s) in now {
                guard let p = previous[id], let pp = beforePrevious[id], let a = start[id], let z = final[id] else { continue }
                // Second differences stay within what a spring's acceleration allows, plus the
                // spring's settling precision (0.001 of the distance) where its curve ends.
                let curvature = abs(s.state.position.x - 2 * p.state.position.x + pp.state.position.x)
                let snap = 0.0011 * abs(z.state.position.x - a.state.position.x)
                #expect(curvature < 1e6 * h * h + snap, "jump of sprite \(id) at t = \(t) (settle \(end))")
            }
            beforePrevious = previous
            previous = now
            t += h
        }
    }

    @Test func aThrownGlyphKeepsMovingPastItsSpringsUnitSettle() throws {
        // Thrown back mid-flight, the glyph's carried velocity must keep fading on the
        // spring's own response after the unit step's settling time, not stop dead there.
        let d = director("a")
        d.setText("          a", at: 0)
        d.setText("a", at: 0.06)
        let unitSettle = 0.06 + MotionStyle.snappy.spring.settleTime
        #expect(try #require(d.settleTime) > unitSettle + 0.05)
        let h = 1e-4
        func x(_ t: Double) -> Double { d.frame(at: t).sprites.first { $0.role == .persisting }!.state.position.x }
        let before = (x(unitSettle - h) - x(unitSettle - 2 * h)) / h
        let after = (x(unitSettle + 2 * h) - x(unitSettle + h)) / h
        // (The spring's own progress stops there, within its 0.001 precision; the carry goes on.)
        #expect(abs(after) > 0.1, "stopped dead at the unit settle: \(before) → \(after)")
    }

    @Test func neverAnimateSwapsInstantly() {
        let d = TransitionDirector(text: "Send Action", layout: layout, preference: .neverAnimate)
        let estimate = d.setText("Action Sent", at: 1)
        #expect(estimate.duration == 0)
        let frame = d.frame(at: 1)
        #expect(visibleText(frame) == "Action Sent")
        #expect(frame.sprites.allSatisfy { $0.role != .exiting })
        #expect(d.events.map(\.kind) == [.settle])
    }

    @Test func reducedMotionCrossFadesWithoutMoving() {
        let d = TransitionDirector(text: "Send Action", layout: layout, preference: .reduceMotion)
        let estimate = d.setText("Action Sent", at: 1)
        #expect(abs(estimate.duration - 0.1) < 1e-9)
        let rest = Set(expectedRest("Action Sent", layout: layout).map(\.position))
        let old = Set(expectedRest("Send Action", layout: layout).map(\.position))
        #expect(d.frame(at: 1.07).sprites.contains { $0.state.opacity > 0.4 && $0.state.opacity < 0.6 })
        for t in stride(from: 1.0, through: 1.1, by: 0.01) {
            for s in d.frame(at: t).sprites {
                // Every glyph is at its new place, or at its old one while it fades out.
                #expect(rest.contains(s.state.position) || (s.role == .exiting && old.contains(s.state.position)))
                #expect(s.state.scaleX == 1 && s.state.rotation == 0)
            }
        }
    }

    @Test func reducedMotionStopsEveryGlyphOfATextThatDances() {
        let d = TransitionDirector(
            text: "Dance with me", layout: layout, effect: AnyEffect(DanceEffect()), preference: .alwaysAnimate)
        d.restage(at: 0)
        #expect(d.frame(at: 0.3).sprites.contains { $0.state.rotation != 0 })
        // Reduce motion while it dances: the next change stops it all, the glyphs left as they were too.
        d.preference = .reduceMotion
        d.restage(at: 0.3)
        let rest = expectedRest("Dance with me", layout: layout)
        let settled = d.frame(at: 0.5).sprites.sorted { $0.state.position.x < $1.state.position.x }
        #expect(!d.isAnimating)
        #expect(settled.map(\.state) == rest.sorted { $0.position.x < $1.position.x })
    }

    @Test func effectAndStyleCanChangeBetweenTransitionsAndTheSettledLayoutDoesNotDependOnThem() {
        let a = director("Hello there")
        let b = director("Hello there")
        b.effect = .minimal
        b.style = .bouncy
        a.setText("there Hello", at: 0)
        b.setText("there Hello", at: 0)
        let fa = a.frame(at: 10).sprites.map(\.state).sorted { $0.position.x < $1.position.x }
        let fb = b.frame(at: 10).sprites.map(\.state).sorted { $0.position.x < $1.position.x }
        #expect(fa == fb)
    }

    @Test func centredTextStaysCentred() {
        let centred = MonospaceLayout(cellWidth: 10, cellHeight: 20, alignment: .center)
        let d = TransitionDirector(text: "ab", layout: centred, preference: .alwaysAnimate)
        d.setText("abcdef", at: 0)
        let xs = d.frame(at: 10).sprites.map(\.state.position.x)
        #expect(abs((xs.min()! + xs.max()!) / 2) < 1e-9)
    }

    @Test func inspectorReportsTimingAndPool() {
        let d = director("abc")
        d.setText("abd", at: 0)
        let snapshot = d.inspect()
        #expect(snapshot.activeTransition?.text == "abd")
        #expect(snapshot.liveSprites == 4)
        #expect(snapshot.pool.inUse == 4)
        #expect(snapshot.glyphs.map(\.symbol).sorted() == ["a", "b", "c", "d"])
        let entering = snapshot.glyphs.first { $0.symbol == "d" }
        #expect(entering?.curve.hasPrefix("spring") == true)
        #expect(snapshot.curveGroups > 1)
    }

    @Test func heatMapCountsFramesWithTheGivenClock() {
        let d = director("abc")
        var now: UInt64 = 0
        d.enableHeatMap(clock: { now += 3_000; return now })
        for i in 0..<10 { _ = d.frame(at: Double(i) / 60) }
        let map = d.heatMap
        #expect(map?.frames == 10)
        #expect(map?.quantileBound(0.5) == 4_000)
        #expect(d.disableHeatMap() != nil)
        #expect(d.heatMap == nil)
    }

    @Test func rehearsalLoopsThroughTheTexts() {
        let d = director("")
        d.rehearse(["one", "two", "three"], hold: 0.5, startingAt: 0)
        var shown: [String] = []
        var t = 0.0
        while t < 20 {
            let text = visibleText(d.frame(at: t))
            if !d.isAnimating, shown.last != text { shown.append(text) }
            t += 1.0 / 60
        }
        #expect(shown.count >= 6)
        #expect(Array(shown.prefix(4)) == ["one", "two", "three", "one"])
        d.setText("manual", at: t)
        #expect(!d.isRehearsing)
    }

    @Test func hugeAndOddInputsDoNotBreakTheTimeline() {
        let d = director("x")
        d.setText(String(repeating: "word ", count: 2000), at: .nan)
        let frame = d.frame(at: .infinity)
        #expect(frame.sprites.allSatisfy { $0.state.isFinite })
        d.setText("\u{1B}[2J\u{7}", at: -5)
        #expect(d.frame(at: 1000).sprites.allSatisfy { $0.state.isFinite })
    }
}


@Suite struct PlaybackTests {
    let layout = MonospaceLayout(cellWidth: 10, cellHeight: 20)

    @Test func textsFollowTheirSettlesAndFramesEndSettled() throws {
        let playback = try Playback(texts: ["one", "two", "three"], fps: 50)
        let director = TransitionDirector(text: "one", layout: layout, preference: .alwaysAnimate)
        var times: [Double] = []
        let summary = director.play(playback) { times.append($0.time) }
        let settles = director.events.filter { $0.kind == .settle }.map(\.time)
        #expect(settles.count == 2)
        #expect(summary.changes == [0, settles[0]])
        #expect(summary.end == settles[1])
        #expect(times.count == summary.frames)
        for (i, t) in times.enumerated() { #expect(t == Double(i) / 50) }
        #expect(times.last! >= summary.end && times.last! - summary.end < 1.0 / 50)
    }

    @Test func intervalsInterrupt() throws {
        let playback = try Playback(texts: ["one", "two", "three"], interval: 0.1, fps: 60, tail: 0.5)
        let director = TransitionDirector(text: "one", layout: layout, preference: .alwaysAnimate)
        var last = 0.0
        let summary = director.play(playback) { last = $0.time }
        #expect(summary.changes == [0.1, 0.2])
        #expect(director.events.map(\.kind) == [.cancel, .settle])
        #expect(last >= summary.end + 0.5)
    }

    @Test(arguments: [
        ([String](), nil as Double?, 60.0), (["a"], 0.0, 60.0), (["a"], nil, 0.0), (["a"], nil, 2000.0), (["a"], -.infinity, 60.0),
    ])
    func invalidScriptsThrow(texts: [String], interval: Double?, fps: Double) {
        #expect(throws: PlaybackError.self) { try Playback(texts: texts, interval: interval, fps: fps) }
    }
}
