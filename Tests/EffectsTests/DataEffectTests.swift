import Analyzer
import Animator
import Director
import Effects
import Testing
import TestSupport

/// Effect files read into blueprints: what each field does to a glyph's
/// motion, on the 24-point monospace layout of these tests.
@Suite struct DataEffectTests {
    let frame = Rect(x: 24, y: 0, width: 12, height: 24)
    let context = EffectContext(index: 2, count: 5, fontSize: 24)
    let glyph = GlyphMutation(action: .insert, indexFrom: nil, indexTo: 2, symbol: "a", priorityWeight: 0)

    func effect(_ json: String) throws -> DataEffect {
        try DataEffect(json: json)
    }

    @Test func anEnteringChannelStartsFromItsValueInEmsAndComesToRest() throws {
        let drop = try effect(#"{"name": "drop", "entering": {"channels": {"y": {"from": -0.5}, "opacity": {"from": 0}}}}"#)
        let d = drop.layoutInitial(glyph: glyph, frame: frame, context: context)
        // y points down: half an em above is 12 points less; the style's spring and fade time it.
        #expect(d.from.position.y == frame.center.y - 12)
        #expect(d.from.opacity == 0)
        #expect(d.to == .resting(at: frame.center))
        #expect(d.timing == .spring(MotionStyle.snappy.spring))
        #expect(d.opacityTiming == .bezier(.easeOut, duration: MotionStyle.snappy.fade))
        #expect(d.tracks.isEmpty)
        #expect(isClose(d.state(at: d.settleTime), .resting(at: frame.center)))
    }

    @Test func anExitingChannelGoesToItsValueInItsUnit() throws {
        let fall = try effect(#"{"name": "fall", "exiting": {"channels": {"x": {"to": 6, "unit": "pt"}, "rotation": {"to": 90}, "scale": {"to": 0.5}}}}"#)
        let d = fall.layoutFinal(glyph: glyph, frame: frame, context: context)
        #expect(d.from == .resting(at: frame.center))
        #expect(d.to.position.x == frame.center.x + 6)
        #expect(isClose(d.to.rotation, .pi / 2))
        #expect(d.to.scaleX == 0.5 && d.to.scaleY == 0.5)
        #expect(d.opacityTiming == .bezier(.easeIn, duration: MotionStyle.snappy.fade))
    }

    @Test func aChannelWithItsOwnCurveBecomesATrackFromItsValueToRest() throws {
        let bounce = try effect("""
            {"name": "b", "entering": {"channels": {
              "y": {"from": -1, "keyframes": [[0, 0], [0.2, 1.25, "easeOut"], [0.4, 1, "easeInOut"]]}
            }}}
            """)
        let d = bounce.layoutInitial(glyph: glyph, frame: frame, context: context)
        #expect(d.from.position.y == frame.center.y, "the channel moves on its track, not on the descriptor's curve")
        let track = try #require(d.tracks.first)
        #expect(track.channel == .y && d.tracks.count == 1)
        // Keyframe values are progress from the start value (0) to rest (1): 1.25 overshoots by a quarter.
        let y = { (t: Double) in d.state(at: t).position.y - frame.center.y }
        #expect(isClose(y(0), -24))
        #expect(isClose(y(0.2), 0.25 * 24), "at 0.2 s the glyph is a quarter of the way past rest")
        #expect(isClose(y(0.4), 0))
        #expect(isClose(d.state(at: d.settleTime), .resting(at: frame.center)))
    }

    @Test func aSpringOfItsOwnOvershootsWhenUnderdamped() throws {
        let json = #"{"name": "s", "entering": {"channels": {"y": {"from": -1, "spring": {"stiffness": 300, "damping": 8}}}}}"#
        let d = try effect(json).layoutInitial(glyph: glyph, frame: frame, context: context)
        let spring = try Spring(stiffness: 300, damping: 8)
        #expect(d.tracks.first?.curve == .spring(spring))
        let lowest = stride(from: 0.0, through: 1.0, by: 0.005).map { d.state(at: $0).position.y }.max()!
        #expect(lowest > frame.center.y + 5, "the glyph drops past its place before settling (\(lowest))")
    }

    @Test func opacitysOwnCurveIsTheFadeOfTheAppearanceChannels() throws {
        let json = #"{"name": "o", "entering": {"channels": {"opacity": {"from": 0, "curve": "linear", "duration": 0.5}, "blur": {"from": 0.5}}}}"#
        let d = try effect(json).layoutInitial(glyph: glyph, frame: frame, context: context)
        #expect(d.opacityTiming == .bezier(.linear, duration: 0.5))
        #expect(d.tracks.isEmpty, "opacity stays on from, to and the fade, where the planner reads it")
        #expect(isClose(d.state(at: 0.25).opacity, 0.5) && isClose(d.state(at: 0.25).blur, 6))
    }

    @Test func aTintStartsInItsColourAtItsStrength() throws {
        let json = ##"{"name": "t", "entering": {"channels": {"tint": {"from": "#ff000080"}}}}"##
        let d = try effect(json).layoutInitial(glyph: glyph, frame: frame, context: context)
        #expect(d.from.tint.red == 1 && d.from.tint.green == 0 && d.from.tint.blue == 0)
        #expect(isClose(d.from.tint.alpha, 128.0 / 255))
        #expect(d.to.tint == .none)
    }

    @Test func aPersistingChannelGoesOutByItsAmountAndBack() throws {
        let json = """
            {"name": "hop", "persisting": {"channels": {"y": {"by": -0.5, "keyframes": [[0, 0], [0.1, 1], [0.2, 0]]}}}}
            """
        let hop = try effect(json)
        let old = Rect(x: 0, y: 0, width: 12, height: 24)
        let d = hop.layoutPersisting(glyph: glyph, from: old, to: frame, context: context)
        #expect(d.from.position == old.center && d.to.position == frame.center)
        let glide = ScaleEffect().layoutPersisting(glyph: glyph, from: old, to: frame, context: context)
        #expect(isClose(d.state(at: 0.1).position.y, glide.state(at: 0.1).position.y - 12), "half an em up at the top of the hop")
        #expect(isClose(d.state(at: d.settleTime), .resting(at: frame.center)))
    }

    @Test func theOrderIsThePlannersStaggerOrder() throws {
        let words = try effect(#"{"name": "w", "order": "byWords", "entering": {"channels": {"y": {"from": 1}}}}"#)
        #expect(words.staggerOrder == .byWords)
        #expect(try effect(#"{"name": "w"}"#).staggerOrder == .reading)
        // Planned, the glyphs of a word start together and the next word after them.
        let plan = plan(words, Change(old: "", new: "ab cd"))
        let delays = (0..<plan.count).map { plan.descriptor(of: $0).delay }
        let byIndex = Dictionary(uniqueKeysWithValues: (0..<plan.count).map { (plan.indices(of: $0).new!, delays[$0]) })
        #expect(byIndex[0] == byIndex[1] && byIndex[3] == byIndex[4])
        #expect(byIndex[3]! > byIndex[0]!)
    }

    @Test(arguments: [
        // shape, start, end, weights of the five glyphs (at 0.1, 0.3, 0.5, 0.7, 0.9 of the text)
        ("square", 0.2, 0.6, [0, 1, 1, 0, 0]),
        ("ramp", 0.0, 1.0, [0.1, 0.3, 0.5, 0.7, 0.9]),
        ("ramp", 1.0, 0.0, [0.9, 0.7, 0.5, 0.3, 0.1]),
        ("triangle", 0.0, 1.0, [0.2, 0.6, 1, 0.6, 0.2]),
        ("smooth", 0.0, 1.0, [0.0954915, 0.6545085, 1, 0.6545085, 0.0954915]),
    ])
    func theRangeWeighsEachGlyphByWhereItSits(shape: String, start: Double, end: Double, weights: [Double]) throws {
        let json = """
            {"name": "r", "entering": {"range": {"shape": "\(shape)", "start": \(start), "end": \(end)},
             "channels": {"x": {"from": 1}}}}
            """
        let ranged = try effect(json)
        for (index, weight) in weights.enumerated() {
            let context = EffectContext(index: index, count: 5, fontSize: 24)
            let d = ranged.layoutInitial(glyph: glyph, frame: frame, context: context)
            #expect(isClose(d.from.position.x - frame.center.x, 24 * weight, 1e-6), "glyph \(index)")
        }
    }

    @Test func theRangeCanRunOverWordsOrLines() throws {
        let json = #"{"name": "r", "entering": {"range": {"over": "lines", "shape": "ramp"}, "channels": {"x": {"from": 1}}}}"#
        let ranged = try effect(json)
        let second = EffectContext(index: 0, count: 1, line: 1, lineCount: 2, fontSize: 24)
        #expect(ranged.layoutInitial(glyph: glyph, frame: frame, context: second).from.position.x == frame.center.x + 24 * 0.75)
        let words = try effect(#"{"name": "r", "entering": {"range": {"over": "words", "end": 0.5}, "channels": {"x": {"from": 1}}}}"#)
        let late = EffectContext(index: 0, count: 1, word: 3, wordCount: 4, fontSize: 24)
        #expect(words.layoutInitial(glyph: glyph, frame: frame, context: late).from.position.x == frame.center.x, "outside the range")
    }

    @Test func aBaseKeepsWhatTheFileDoesNotName() throws {
        let json = #"{"name": "foggy", "base": "mist", "entering": {"channels": {"y": {"from": -1}}}}"#
        let foggy = try effect(json)
        let mist = MistEffect().layoutInitial(glyph: glyph, frame: frame, context: context)
        let d = foggy.layoutInitial(glyph: glyph, frame: frame, context: context)
        #expect(d.from.blur == mist.from.blur && d.from.blur > 0, "the mist's blur stays")
        #expect(d.from.position.y == frame.center.y - 24, "the file's channel replaces the mist's")
        // Roles the file leaves out are the base's.
        let exit = GlyphMutation(action: .remove, indexFrom: 2, indexTo: nil, symbol: "a", priorityWeight: 0)
        #expect(foggy.layoutFinal(glyph: exit, frame: frame, context: context) == MistEffect().layoutFinal(glyph: exit, frame: frame, context: context))
    }

    @Test func withoutABaseTheRolesLeftOutMoveAsScale() throws {
        let only = try effect(#"{"name": "only", "entering": {"channels": {"y": {"from": -1}}}}"#)
        let exit = GlyphMutation(action: .remove, indexFrom: 2, indexTo: nil, symbol: "a", priorityWeight: 0)
        #expect(only.layoutFinal(glyph: exit, frame: frame, context: context) == ScaleEffect().layoutFinal(glyph: exit, frame: frame, context: context))
        // The entering role starts from rest: only y moves, the scale does not.
        #expect(only.layoutInitial(glyph: glyph, frame: frame, context: context).from.scaleX == 1)
    }

    @Test func aRegistryLoadsAFileByNameAndLayersIt() throws {
        var effects = EffectRegistry.standard
        let drop = try effects.register(json: #"{"name": "drop", "order": "reversed", "entering": {"channels": {"y": {"from": -1}}}}"#)
        #expect(effects.contains("drop") && drop.name == "drop")
        let layered = try effects.effect(named: "drop+mist")
        #expect(layered.staggerOrder == .reversed)
        // A later file may build on an earlier one.
        let next = try effects.register(json: #"{"name": "drop2", "base": "drop"}"#)
        #expect(next.layoutInitial(glyph: glyph, frame: frame, context: context) == drop.layoutInitial(glyph: glyph, frame: frame, context: context))
    }

    @Test func theSummaryIsTheFilesOrSaysWhatMoves() throws {
        #expect(try effect(#"{"name": "a", "summary": "Falls."}"#).summary == "Falls.")
        let described = try effect(#"{"name": "a", "base": "slide", "entering": {"channels": {"y": {"from": 1}, "opacity": {"from": 0}}}}"#)
        #expect(described.summary == "Entering: y, opacity (on slide).")
        // The first part's title is capitalised, the later ones' not.
        let exiting = try effect(#"{"name": "a", "exiting": {"channels": {"opacity": {"to": 0}}}, "persisting": {"channels": {}}}"#)
        #expect(exiting.summary == "Exiting: opacity; persisting: as at rest.")
        #expect(try effect(#"{"name": "a", "base": "slide"}"#).summary == "Like slide.")
        #expect(try effect(#"{"name": "a"}"#).summary == "An effect file with no channels.")
    }

    @Test func theSameFileGivesTheSameMotion() throws {
        let json = try exampleText("drop")
        let a = plan(try effect(json), Change(old: "Send Action", new: "Action Sent"))
        let b = plan(try effect(json), Change(old: "Send Action", new: "Action Sent"))
        #expect(a.descriptors == b.descriptors)
    }
}

/// The example files of docs/effects: each loads, settles where the text
/// rests, and keeps its frames readable over the label corpus.
@Suite struct DataEffectExampleTests {
    static let names = ["drop", "spotlight", "stamp"]

    @Test(arguments: names)
    func exampleLoadsAndSettles(name: String) throws {
        let effect = try DataEffect(json: try exampleText(name))
        #expect(effect.name == name)
        for change in Change.table {
            let plan = plan(effect, change)
            var states: [GlyphState] = []
            plan.states(at: settled(plan), into: &states)
            for k in 0..<plan.count where plan.role(of: k) != .exiting {
                #expect(isClose(states[k], .resting(at: restingCenter(plan, k)), 1e-6), "\(change): glyph \(k)")
            }
        }
    }

    @Test(arguments: names)
    func exampleIsReadable(name: String) throws {
        let effect = try DataEffect(json: try exampleText(name))
        let corpus = LabelCorpus.legibility(of: effect)
        #expect(corpus.averageShare <= 0.03, "\(name): \(corpus.averageShare)")
        #expect(corpus.total.doubledFrames == 0)
    }

    @Test func theDropBounces() throws {
        let drop = try DataEffect(json: try exampleText("drop"))
        let plan = plan(drop, Change(old: "", new: "A"))
        let rest = restingCenter(plan, 0).y
        let lowest = stride(from: 0.0, through: plan.duration, by: 1.0 / 120).map { plan.state(of: 0, at: $0).position.y }.max()!
        #expect(lowest > rest + 1, "the letter drops past its place and comes back")
    }
}

/// The text of docs/effects/NAME.json.
func exampleText(_ name: String) throws -> String {
    var root = #filePath
    for _ in 0..<3 { root = String(root[..<(root.lastIndex(of: "/") ?? root.startIndex)]) }
    let bytes = try readFile(root + "/docs/effects/\(name).json")
    return String(decoding: bytes, as: UTF8.self)
}
