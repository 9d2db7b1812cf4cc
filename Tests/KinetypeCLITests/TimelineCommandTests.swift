import Animator
import Effects
import Testing
import TestSupport

@Suite("kinetype spring, plan, frames, effects")
struct TimelineCommandTests {
    func kinetype(_ arguments: String...) throws -> ProcessResult {
        try ProcessRunner.runProduct("kinetype", arguments)
    }

    @Test(arguments: ["snappy", "smooth", "bouncy"])
    func springJSONMatchesTheEngine(preset: String) throws {
        let result = try kinetype("spring", "--preset", preset, "--json")
        #expect(result.status == 0)
        let json = try JSONValue(parsing: result.standardOutput)
        #expect(json.keys == ["mass", "stiffness", "damping", "dampingRatio", "overshoot", "settle", "samples"])
        let spring = try #require(MotionStyle.preset(named: preset)).spring
        #expect(json["stiffness"]?.doubleValue == spring.stiffness)
        #expect(json["damping"]?.doubleValue == spring.damping)
        #expect(json["dampingRatio"]?.doubleValue == spring.dampingRatio)
        #expect(json["settle"]?.doubleValue == spring.settlingDuration())
        #expect(json["overshoot"]?.doubleValue == spring.overshoot)
        let samples = try #require(json["samples"]?.arrayValue)
        #expect(samples.first?.arrayValue?.compactMap(\.doubleValue) == [0, 0])
        let last = try #require(samples.last?.arrayValue?.compactMap { $0.doubleValue })
        #expect(last[0] == spring.settlingDuration())
        #expect(abs(last[1] - 1) <= 0.001)
        for sample in samples {
            let pair = try #require(sample.arrayValue?.compactMap { $0.doubleValue })
            #expect(pair[1] == spring.value(at: pair[0]))
        }
    }

    @Test func springParametersOverrideThePreset() throws {
        let json = try JSONValue(parsing: kinetype("spring", "--stiffness", "100", "--damping", "20", "--json").standardOutput)
        #expect(json["mass"]?.doubleValue == 1)
        #expect(json["dampingRatio"]?.doubleValue == 1)
        #expect(json["overshoot"]?.doubleValue == 0)
    }

    @Test(arguments: [
        ["spring", "--mass", "0"], ["spring", "--stiffness", "-3"], ["spring", "--damping", "nan"],
        ["spring", "--preset", "wobbly"], ["spring", "--mass"], ["spring", "--stiff", "3"],
    ])
    func invalidSpringsExitWithTwo(arguments: [String]) throws {
        let result = try ProcessRunner.runProduct("kinetype", arguments)
        #expect(result.status == 2)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.hasPrefix("kinetype: "))
        #expect(result.standardError.split(separator: "\n").count == 1)
    }

    @Test func effectsListsTheRegistry() throws {
        let json = try JSONValue(parsing: kinetype("effects", "--json").standardOutput)
        let names = try #require(json.arrayValue?.compactMap { $0["name"]?.stringValue })
        #expect(names == EffectRegistry.standard.names)
        #expect(json.arrayValue?.allSatisfy { ($0["description"]?.stringValue ?? "").count > 10 } == true)
        let text = try kinetype("effects").standardOutput
        for name in names { #expect(text.contains(name)) }
    }

    @Test func unknownEffectListsTheKnownOnes() throws {
        let result = try kinetype("frames", "a", "b", "--effect", "fog")
        #expect(result.status == 2)
        for name in EffectRegistry.standard.names { #expect(result.standardError.contains(name)) }
    }

    @Test func planPrintsOneDescriptorPerGlyph() throws {
        let result = try kinetype("plan", "Send Action", "Action Sent", "--effect", "slide", "--json")
        #expect(result.status == 0)
        let json = try JSONValue(parsing: result.standardOutput)
        #expect(json["effect"]?.stringValue == "slide")
        let glyphs = try #require(json["glyphs"]?.arrayValue)
        #expect(glyphs.count == 16)
        let entering = glyphs.filter { $0["action"]?.stringValue == "insert" }
        #expect(entering.count == 5)
        // Entering glyphs start invisible and end visible, staggered (and held until their places clear).
        #expect(entering.allSatisfy { $0["start"]?["opacity"]?.doubleValue == 0 && $0["end"]?["opacity"]?.doubleValue == 1 })
        let delays = entering.compactMap { $0["delay"]?.doubleValue }
        #expect(delays.count == entering.count && delays.max()! > delays.min()!)
        let duration = try #require(json["duration"]?.doubleValue)
        #expect(glyphs.allSatisfy { ($0["delay"]?.doubleValue ?? 0) + ($0["duration"]?.doubleValue ?? 0) <= duration + 1e-6 })
    }

    @Test func reduceMotionPlansACrossFade() throws {
        let json = try JSONValue(parsing: kinetype("plan", "Send Action", "Action Sent", "--reduce-motion", "--json").standardOutput)
        #expect(json["motion"]?.stringValue == "reduced")
        #expect(json["duration"]?.doubleValue ?? 1 <= 0.1 + 1e-9)
        for glyph in json["glyphs"]?.arrayValue ?? [] {
            #expect(glyph["start"]?["x"] == glyph["end"]?["x"])
        }
    }

    @Test func framesFollowTheContract() throws {
        let result = try kinetype("frames", "Send Action", "Action Sent", "--fps", "30", "--json")
        #expect(result.status == 0)
        let json = try JSONValue(parsing: result.standardOutput)
        #expect(json.keys == ["fps", "frames", "pool", "events", "legibility"])
        #expect(json["fps"]?.doubleValue == 30)
        let frames = try #require(json["frames"]?.arrayValue)
        let times = frames.compactMap { $0["t"]?.doubleValue }
        #expect(times.first == 0)
        for (i, t) in times.enumerated() { #expect(abs(t - Double(i) / 30) < 1e-6) }
        let events = try #require(json["events"]?.arrayValue)
        #expect(events.map { $0["kind"]?.stringValue } == ["settle"])
        let settle = try #require(events[0]["t"]?.doubleValue)
        #expect(times.last! >= settle && times.last! - settle < 1.0 / 30 + 1e-9)
        // Identities: a glyph keeps its id from the first frame to the last.
        let first = try #require(frames.first?["sprites"]?.arrayValue)
        let last = try #require(frames.last?["sprites"]?.arrayValue)
        let keys = try #require(first.first?.keys)
        #expect(Array(keys.prefix(9)) == ["kind", "id", "symbol", "role", "x", "y", "scaleX", "scaleY", "rotation"])
        #expect(first.allSatisfy { $0["kind"]?.stringValue == "glyph" })
        // The glyphs of "Action" persist: the same ids show the same glyphs at the end.
        let persisting = first.filter { $0["role"]?.stringValue == "persisting" }
        #expect(persisting.compactMap { $0["symbol"]?.stringValue }.joined() == "Action")
        for sprite in persisting {
            #expect(last.first { $0["id"] == sprite["id"] }?["symbol"] == sprite["symbol"])
        }
        #expect(last.count == 11)
        #expect(last.allSatisfy { $0["opacity"]?.doubleValue == 1 && $0["role"]?.stringValue == "persisting" })
        let pool = try #require(json["pool"])
        #expect(pool["inUse"]?.intValue == 11)
        #expect(pool.keys == ["capacity", "inUse", "highWater", "checkouts", "checkins", "growths"])
        // Every frame from the change at 0 until the settle (which is at rest) was checked.
        let legibility = try #require(json["legibility"])
        #expect(legibility["frames"]?.intValue == frames.count - 1)
        let garbled = try #require(legibility["garbled"]?.intValue)
        #expect(legibility["garbledShare"]?.doubleValue == (Double(garbled) / Double(frames.count - 1) * 1e6).rounded() / 1e6)
        // One transition: its share is the mean and the worst.
        #expect(legibility.keys == [
            "frames", "garbled", "doubled", "gaps", "garbledShare", "transitions", "meanGarbledShare", "worstGarbledShare",
            "timeToRead",
        ])
        // The transition settled: it read before its settle, after its start.
        let read = try #require(legibility["timeToRead"]?.arrayValue?.first?.doubleValue)
        #expect(read > 0 && read <= settle + 1e-6, "\(read) of \(settle)")
        #expect(legibility["transitions"]?.intValue == 1 && legibility["gaps"]?.intValue == 0)
        #expect(legibility["meanGarbledShare"] == legibility["garbledShare"])
        #expect(legibility["worstGarbledShare"] == legibility["garbledShare"])
    }

    @Test func shortIntervalsInterruptAndCancel() throws {
        let json = try JSONValue(parsing: kinetype("frames", "one", "two", "three", "--interval", "0.1", "--json").standardOutput)
        let events = try #require(json["events"]?.arrayValue)
        #expect(events.map { $0["kind"]?.stringValue } == ["cancel", "settle"])
        #expect(events[0]["t"]?.doubleValue == 0.2)
    }

    @Test func framesAreByteIdenticalAcrossRuns() throws {
        let a = try kinetype("frames", "99", "100", "--effect", "sparkle", "--seed", "7", "--json")
        let b = try kinetype("frames", "99", "100", "--effect", "sparkle", "--seed", "7", "--json")
        let c = try kinetype("frames", "99", "100", "--effect", "sparkle", "--seed", "8", "--json")
        #expect(a.standardOutput == b.standardOutput)
        #expect(a.standardOutput != c.standardOutput)
    }

    @Test func readableTimelineShowsGlyphsInFlight() throws {
        let result = try kinetype("frames", "Creative", "Create", "--fps", "20")
        #expect(result.status == 0)
        let lines = result.standardOutput.split(separator: "\n")
        #expect(lines.first?.hasPrefix("0") == true)
        #expect(lines.first?.contains("live 8") == true)
        #expect(lines.contains { $0.hasPrefix("events: settle at ") })
    }

    @Test(arguments: [
        ["frames"], ["frames", "a", "--fps", "0"], ["frames", "a", "--interval", "-1"], ["frames", "a", "--style", "jumpy"],
        ["frames", "a", "--size", "0"], ["frames", "a", "--font", "/no/such/font.ttf"], ["plan", "a"],
        ["frames", "a", "--decimal", ","], ["frames", "a", "--seed", "-1"],
    ])
    func badTimelineArgumentsExitWithTwo(arguments: [String]) throws {
        let result = try ProcessRunner.runProduct("kinetype", arguments)
        #expect(result.status == 2)
        #expect(result.standardError.split(separator: "\n").count == 1)
    }
}
