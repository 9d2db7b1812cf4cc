import Animator
import Director
import Effects
import Testing

/// A frame samples each track curve once for the sprites whose tracks are at the same point
/// of it (a wave's line, a dance's beat), keeping the samples in a table it reuses from frame
/// to frame. What a frame shows must not depend on which frames were drawn before it.
@Suite struct FrameTrackSampleTests {
    /// Plays the same changes on two Directors: one draws a frame at every step, the other
    /// only at every third step and where a change comes. Each frame the second draws shows
    /// what the first showed at that time, sprite by sprite, to the bit. Returns how many
    /// sprites were compared.
    static func compareSparseFrames(effect: AnyEffect, tiles: TileStyle?) -> Int {
        let layout = AnyLayout(MonospaceLayout(cellWidth: 10, cellHeight: 20, wrapWidth: 400))
        func director() -> TransitionDirector {
            TransitionDirector(
                text: "Start", layout: layout, effect: effect, preference: .alwaysAnimate, tiles: tiles)
        }
        let every = director(), sparse = director()
        var random = SeededRandom(seed: 0x7_EAC ^ UInt64(effect.name.utf8.count))
        var compared = 0, t = 0.0
        for _ in 0..<8 {
            let text = randomText(&random, maxLength: 160)
            every.setText(text, at: t)
            sparse.setText(text, at: t)
            // Interrupted mid-way most times (tracks of two changes alive together).
            let steps = 6 + Int(random.next() % 30)
            for step in 1...steps {
                t += 1.0 / 60
                let shown = byID(every.frame(at: t))
                guard step % 3 == 0 || step == steps else { continue }
                let frame = sparse.frame(at: t)
                #expect(frame.sprites.count == shown.count, "\(effect.name) at \(t): as many sprites")
                for row in frame.sprites {
                    #expect(
                        shown[row.id]?.state == row.state,
                        "\(effect.name) at \(t): sprite \(row.id) shows \(row.state), drawn every step \(String(describing: shown[row.id]?.state))")
                    compared += 1
                }
            }
        }
        return compared
    }

    @Test(arguments: [AnyEffect.wave, AnyEffect.dance, AnyEffect.sparkle, AnyEffect.write, AnyEffect.scale])
    func aFrameShowsTheSameWhicheverFramesWereDrawnBeforeIt(effect: AnyEffect) {
        for tiles in [nil, TileStyle()] as [TileStyle?] {
            #expect(Self.compareSparseFrames(effect: effect, tiles: tiles) > 1_000)
        }
    }

    /// Tracks whose values a test can work out: `x` and `rotation` run along the same ramp (two
    /// tracks, one curve) to rest, `y` along a triangle out and back. A glyph's amplitudes grow
    /// with its index, and every third glyph's tracks are a quarter of a second ahead.
    struct RampEffect: EffectBlueprint {
        let ramp: TimingCurve, triangle: TimingCurve
        var name: String { "ramp" }

        init() throws {
            ramp = try .keyframes([Keyframe(time: 0, value: 0), Keyframe(time: 1, value: 1)])
            triangle = try .keyframes([
                Keyframe(time: 0, value: 0), Keyframe(time: 0.5, value: 1), Keyframe(time: 1, value: 0),
            ])
        }

        func entering(in context: TransitionContext) -> RoleTemplate {
            RoleTemplate(
                timing: .bezier(.linear, duration: 1), opacityTiming: .instant,
                tracks: [
                    ChannelTrack(channel: .x, amplitude: 0, curve: ramp, bias: -1),
                    ChannelTrack(channel: .y, amplitude: 0, curve: triangle),
                    ChannelTrack(channel: .rotation, amplitude: 0, curve: ramp, bias: -1),
                ], variesPerGlyph: true)
        }
        func exiting(in context: TransitionContext) -> RoleTemplate { RoleTemplate(timing: .bezier(.linear, duration: 1)) }
        func persisting(in context: TransitionContext) -> RoleTemplate { RoleTemplate(timing: .bezier(.linear, duration: 1)) }

        func vary(_ glyph: inout GlyphVariation, context: EffectContext) {
            let a = Double(context.index + 1)
            glyph.amplitudes = [a, 2 * a, a / 100]
            glyph.trackOffsets = Array(repeating: context.index % 3 == 0 ? 0.25 : 0, count: 3)
        }
    }

    /// Each glyph shows its own tracks at its own time, though glyphs started together share
    /// their curves' samples and two of a glyph's tracks share a curve: the ramp read off `x`
    /// gives `y` and `rotation` to the last bit that arithmetic leaves.
    @Test func eachGlyphShowsItsOwnTracksWhereGlyphsShareTheirSamples() throws {
        let text = "abcdefghijklmnopqrstuvwxyz"
        let layout = AnyLayout(MonospaceLayout(cellWidth: 10, cellHeight: 20))
        let d = TransitionDirector(text: "", layout: layout, effect: AnyEffect(try RampEffect()), preference: .alwaysAnimate)
        d.setText(text, at: 0)
        var ramped = 0, onBothSides = Set<Bool>()
        var times = [0.05, 0.2, 0.35, 0.5, 0.65, 0.8, 0.95]
        times.append(60)
        var frames = times.map { byID(d.frame(at: $0)) }
        let rest = frames.removeLast()
        // A glyph's index is its place along the line at rest.
        let index = Dictionary(uniqueKeysWithValues: rest.values.sorted { $0.state.position.x < $1.state.position.x }
            .enumerated().map { ($1.id, $0) })
        #expect(index.count == text.count)
        for (t, frame) in zip(times, frames) {
            for row in frame.values {
                let i = try #require(index[row.id]), r = try #require(rest[row.id])
                let a = Double(i + 1)
                let u = (row.state.position.x - r.state.position.x) / a + 1
                guard u > 1e-6 && u < 1 - 1e-6 else { continue }
                let triangle = u <= 0.5 ? 2 * u : 2 - 2 * u
                #expect(
                    abs(row.state.position.y - r.state.position.y - 2 * a * triangle) <= 1e-9,
                    "at \(t): glyph \(i) at \(u) of its ramp is \(row.state.position.y - r.state.position.y) high")
                #expect(abs(row.state.rotation - a / 100 * (u - 1)) <= 1e-12, "at \(t): glyph \(i)'s turn")
                ramped += 1
                onBothSides.insert(u > 0.5)
            }
        }
        #expect(ramped > 60)
        #expect(onBothSides == [false, true])
    }
}
