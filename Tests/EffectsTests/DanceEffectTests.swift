import Analyzer
import Animator
import Effects
import Testing
import TestSupport

@Suite struct DanceEffectTests {
    let degree = Double.pi / 180

    /// The loop's offset at transition time t: the state minus the motion without tracks.
    func loopOffset(_ d: AnimationDescriptor, _ t: Double) -> GlyphState {
        d.state(at: t) - base(d).state(at: t)
    }

    /// The rotation loop's position in its cycle, −1…1, whatever the glyph's amplitude.
    func swing(_ d: AnimationDescriptor, _ t: Double) -> Double {
        let rock = d.tracks.first { $0.channel == .rotation }!
        #expect(rock.clock == .transition)
        return rock.value(at: t) / rock.amplitude
    }

    @Test func everyGlyphKeepsDancingAndNeverSettles() {
        // A text that only leaves does not loop: a leaving glyph's dance ends with it.
        let gone = plan(DanceEffect(), Change(old: "Hi", new: ""))
        let plan = plan(DanceEffect(), Change(old: "Hi", new: "Hi there"))
        #expect(plan.isLooping)
        #expect(plan.duration.isFinite && plan.duration < 2)
        for d in plan.descriptors { #expect(d.isLooping) }
        #expect(!gone.isLooping)
        #expect(gone.count == 2 && gone.duration.isFinite && gone.duration > 0)
    }

    /// Whole periods (two 1 s passes) after the glyphs have settled, the dance repeats exactly;
    /// underneath it, the glyph rests on its layout.
    @Test func theDanceRepeatsEveryTwoSecondsAroundTheLayout() {
        let plan = plan(DanceEffect(), Change(old: "Hi", new: "Hi there"))
        for (i, d) in plan.descriptors.enumerated() where d.isLooping {
            let rest = GlyphState.resting(at: restingCenter(plan, i))
            for t in stride(from: settled(plan), through: plan.duration + 2, by: 0.05) {
                #expect(isClose(base(d).state(at: t), rest))
                for k in 1...3 {
                    let later = d.state(at: t + 2 * Double(k))
                    #expect(isClose(later, d.state(at: t), 1e-9), "\(d.symbol) at \(t): \(differences(later, d.state(at: t)))")
                    #expect(isClose(later, rest + loopOffset(d, t)))
                }
            }
            // One pass is not a period: the swing reverses.
            #expect(!isClose(d.state(at: plan.duration + 0.25), d.state(at: plan.duration + 1.25), 1e-3))
        }
    }

    @Test func evenAndOddGlyphsRockOppositeWays() {
        let plan = plan(DanceEffect(), Change(old: "", new: "dancing"))
        for t in stride(from: 0.1, through: 4, by: 0.1) where abs((t + 0.5).truncatingRemainder(dividingBy: 1) - 0.5) > 0.05 {
            for (i, d) in plan.descriptors.enumerated() {
                let j = plan.plannedMutation(of: i).indexTo!
                let even = swing(plan.descriptors[0], t)
                #expect(isClose(swing(d, t), j % 2 == 0 ? even : -even, 1e-9), "glyph \(j) at \(t)")
                let offset = loopOffset(d, t)
                #expect(offset.rotation != 0)
                // Tilting right goes with growing.
                #expect((offset.rotation > 0) == (offset.scale > 0))
            }
        }
    }

    /// Entering glyphs join in step with persisting ones whatever their stagger delay,
    /// including when the planner caps the stagger spread.
    @Test(arguments: [
        Change(old: "Hi", new: "Hi there"),
        Change(old: "Go", new: "Go go go, everybody dance now, all together!"),
        Change(old: "12", new: "12345678", mode: .replace),
    ])
    func enteringGlyphsJoinInPhase(change: Change) {
        let plan = plan(DanceEffect(), change)
        let delays = Set(plan.descriptors.map(\.delay))
        #expect(delays.count > 2)  // the stagger really differs
        for t in stride(from: 0.0, through: plan.duration + 2, by: 0.07) {
            let reference = swing(plan.descriptors[0], t)
            for (i, d) in plan.descriptors.enumerated() where plan.role(of: i) != .exiting {
                let j = plan.plannedMutation(of: i).indexTo!
                let expected = j % 2 == plan.change.mutations[0].indexTo! % 2 ? reference : -reference
                #expect(isClose(swing(d, t), expected, 1e-9), "glyph \(j) (delay \(d.delay)) at \(t)")
            }
        }
    }

    /// Glyphs at rest start dancing from rest: no jump at the start of the transition.
    @Test func theDanceStartsFromRest() {
        let plan = plan(DanceEffect(), Change(old: "still", new: "still"))
        for d in plan.descriptors {
            #expect(isClose(d.state(at: 0), .resting(at: d.to.position)))
            #expect(!isClose(d.state(at: 0.3), .resting(at: d.to.position), 1e-3))
        }
    }

    @Test func amplitudesStayInTheirRanges() {
        let plan = plan(DanceEffect(), Change(old: "", new: "amplitude"), seed: 5)
        for d in plan.descriptors {
            var rock = (lo: Double.infinity, hi: -Double.infinity), scale = (lo: Double.infinity, hi: -Double.infinity)
            // The turns are at transition times k + ½.
            for t in stride(from: plan.duration.rounded(.up), through: plan.duration.rounded(.up) + 2, by: 0.25) {
                let s = d.state(at: t)
                rock = (min(rock.lo, s.rotation), max(rock.hi, s.rotation))
                scale = (min(scale.lo, s.scale), max(scale.hi, s.scale))
            }
            #expect(isClose(rock.lo, -rock.hi))
            #expect(rock.hi >= 18 * degree - 1e-9 && rock.hi <= 22 * degree + 1e-9, "rock \(rock.hi / degree)°")
            #expect(scale.lo >= 0.85 - 1e-9 && scale.lo <= 0.9 + 1e-9, "smallest scale \(scale.lo)")
            #expect(scale.hi >= 1.1 - 1e-9 && scale.hi <= 1.15 + 1e-9, "largest scale \(scale.hi)")
        }
    }

    @Test func amplitudesVaryByGlyphAndSeed() {
        let change = Change(old: "", new: "seeded")
        func rocks(_ seed: UInt64) -> [Double] {
            plan(DanceEffect(), change, seed: seed).descriptors.map { $0.tracks.first { $0.channel == .rotation }!.amplitude }
        }
        #expect(rocks(1) == rocks(1))
        #expect(rocks(1) != rocks(2))
        #expect(Set(rocks(1)).count == rocks(1).count)
    }

    /// Leaving glyphs keep dancing in step while they fade; they are gone (settled) once faded.
    @Test func leavingGlyphsDanceInStepUntilTheyHaveFaded() {
        let plan = plan(DanceEffect(), Change(old: "dance floor", new: "floor"))
        let p = (0..<plan.count).first { plan.role(of: $0) == .persisting }!
        let persisting = plan.descriptors[p], parity = plan.change.mutations[p].indexTo! % 2
        var leaving = 0
        for (i, d) in plan.descriptors.enumerated() where plan.plannedMutation(of: i).action == .remove {
            leaving += 1
            // The leaving glyph's loop ends with it: it settles when its fade and shrink are over.
            #expect(plan.settleTime(of: i) <= d.delay + max(d.timing.duration, d.opacityTiming.duration) + 0.01)
            let sameParity = plan.plannedMutation(of: i).indexFrom! % 2 == parity
            // Until it has faded (afterwards it only rides on with its anchor, invisible).
            let end = d.delay + d.opacityTiming.duration
            for t in stride(from: 0.0, through: end, by: 0.01) {
                let reference = swing(persisting, t) * (sameParity ? 1 : -1)
                #expect(isClose(swing(d, t), reference, 1e-9), "leaving \(d.symbol) at \(t)")
            }
            #expect(isClose(d.state(at: end).opacity, 0))
        }
        #expect(leaving > 0)
    }

    @Test func theBorderPulsePeaksAtEveryTurn() {
        let plain = plan(DanceEffect(), Change(old: "", new: "tile"))
        let plan = plan(DanceEffect(borderPulse: true, borderStrength: 0.5), Change(old: "", new: "tile"))
        #expect(plain.descriptors.allSatisfy { d in stride(from: 0.0, through: 4, by: 0.1).allSatisfy { d.state(at: $0).tint == .none } })
        for d in plan.descriptors {
            #expect(isClose(d.state(at: 0).tint.alpha, 0))
            let turn = d.state(at: 0.5).tint  // loop time 1: a turn
            #expect(isClose(turn.alpha, 0.5))
            #expect(isClose(turn.red, 1) && isClose(turn.green, 0.78) && isClose(turn.blue, 0.3))
            #expect(isClose(d.state(at: 1.0).tint.alpha, 0))  // mid-swing
            #expect(isClose(d.state(at: 1.5).tint.alpha, 0.5))
            #expect(d.tracks.filter { $0.channel == .tintAlpha }.allSatisfy { $0.loops })
        }
    }
}
