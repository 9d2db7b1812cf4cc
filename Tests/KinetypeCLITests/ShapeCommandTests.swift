import Animator
import Director
import Effects
import Testing
import TestSupport

/// `--tracking`, `--tiles`, `--hold` on a dance, `--scene` with `--toggle`, and
/// `kinetype scenes`, read back from `frames --json`.
@Suite("kinetype tracking, tiles, scenes")
struct ShapeCommandTests {
    func kinetype(_ arguments: [String]) throws -> ProcessResult {
        try ProcessRunner.runProduct("kinetype", arguments)
    }

    /// `frames ARGUMENTS --json`, parsed; the command must succeed.
    func frames(_ arguments: [String]) throws -> JSONValue {
        let result = try kinetype(["frames"] + arguments + ["--json"])
        #expect(result.status == 0, "\(result)")
        return try JSONValue(parsing: result.standardOutput)
    }

    func sprites(_ frame: JSONValue?) -> [JSONValue] {
        frame?["sprites"]?.arrayValue ?? []
    }

    func kind(_ sprite: JSONValue) -> String? {
        sprite["kind"]?.stringValue
    }

    // MARK: Scenes

    @Test func aControlGrowsWithTheTextSize() throws {
        let json = try frames(["--scene", "menu", "--size", "64", "--fps", "10"])
        let bars = sprites(json["frames"]?.arrayValue?.first)
        let bar = try #require(Scene.menu.states[0].elements.first)
        #expect(bars.count == 4)
        // Twice the 32-point control: sizes and places scale by --size / 32.
        #expect(bars.first?["width"]?.doubleValue == bar.shape.size.width * 2)
        #expect(bars.first?["cornerRadius"]?.doubleValue == bar.shape.cornerRadius * 2)
        #expect(bars.first?["y"]?.doubleValue == bar.state.position.y * 2)
    }

    @Test func tilesSpaceTheLettersUnlessTrackingIsGiven() throws {
        func xs(_ arguments: [String]) throws -> [Double] {
            let json = try frames(["AB", "--fps", "10"] + arguments)
            return sprites(json["frames"]?.arrayValue?.first).filter { kind($0) == "glyph" }.compactMap { $0["x"]?.doubleValue }
        }
        let plain = try xs([]), tiled = try xs(["--tiles"]), tight = try xs(["--tiles", "--tracking", "0"])
        #expect(abs((tiled[1] - tiled[0]) - (plain[1] - plain[0]) - 0.4 * 32) < 1e-6)
        #expect(tight == plain)
    }

    @Test func aMenuTappedOnceEndsWithItsMiddleBarsCrossed() throws {
        let json = try frames(["--scene", "menu", "--toggle", "0", "--fps", "20"])
        let frames = try #require(json["frames"]?.arrayValue)
        let last = sprites(frames.last)
        #expect(last.count == 4)
        #expect(last.allSatisfy { kind($0) == "rect" })
        // The close state of the built-in menu: where each bar comes to rest.
        let closed = Scene.menu.state(afterToggles: 1)
        #expect(last.compactMap { $0["key"]?.stringValue } == closed.elements.map(\.key))
        for (sprite, element) in zip(last, closed.elements) {
            let rotation = try #require(sprite["rotation"]?.doubleValue)
            #expect(abs(rotation - element.state.rotation) < 1e-6, "\(element.key)")
            #expect(abs((sprite["opacity"]?.doubleValue ?? -1) - element.state.opacity) < 1e-6, "\(element.key)")
            #expect(sprite["width"]?.doubleValue == element.shape.size.width)
            #expect(sprite["height"]?.doubleValue == element.shape.size.height)
            #expect(sprite["cornerRadius"]?.doubleValue == element.shape.cornerRadius)
        }
        // The middle bars cross at ±π/4; the first frame still shows the open menu, bars level.
        let middle = last.filter { ["bar2", "bar3"].contains($0["key"]?.stringValue ?? "") }
        let turns = middle.compactMap { $0["rotation"]?.doubleValue }.sorted()
        #expect(turns.count == 2 && abs(turns[0] + Double.pi / 4) < 1e-6 && abs(turns[1] - Double.pi / 4) < 1e-6)
        #expect(sprites(frames.first).allSatisfy { $0["rotation"]?.doubleValue == 0 && $0["opacity"]?.doubleValue == 1 })
        // The ids stay with the keys from frame to frame.
        let ids = sprites(frames.first).compactMap { $0["id"]?.intValue }
        #expect(last.compactMap { $0["id"]?.intValue } == ids)
        // One scene change, reported as one.
        let events = try #require(json["events"]?.arrayValue)
        #expect(events.count == 1)
        #expect(events.first?["kind"]?.stringValue == "settle")
        #expect(events.first?["text"]?.stringValue == closed.name)
        #expect(events.first?["scene"] == .bool(true))
        let settle = try #require(events.first?["t"]?.doubleValue)
        #expect(abs(settle - (Scene.menu.delay + Scene.menu.timing.duration)) < 1e-6)
    }

    @Test func aTapDuringAChangeCancelsItAndTextEventsAreNotScenes() throws {
        let json = try frames(["Menu", "Close", "--scene", "menu", "--toggle", "0,0.3", "--fps", "20"])
        let events = try #require(json["events"]?.arrayValue)
        let scene = events.filter { $0["scene"] == .bool(true) }
        #expect(scene.compactMap { $0["kind"]?.stringValue } == ["cancel", "settle"])
        #expect(scene.last?["text"]?.stringValue == Scene.menu.state(afterToggles: 2).name)
        let text = events.filter { $0["scene"] == nil }
        #expect(text.last?["text"]?.stringValue == "Close")
        // Glyphs and shapes in one frame: the glyphs first, then the four bars.
        let last = sprites(json["frames"]?.arrayValue?.last)
        #expect(last.compactMap(kind) == Array(repeating: "glyph", count: 5) + Array(repeating: "rect", count: 4))
        #expect(last.prefix(5).compactMap { $0["symbol"]?.stringValue }.joined() == "Close")
    }

    @Test func theReadableTimelineCountsTheShapesAndMarksSceneEvents() throws {
        let result = try kinetype(["frames", "AB", "--scene", "menu", "--toggle", "0", "--tiles", "--fps", "10"])
        #expect(result.status == 0, "\(result)")
        let lines = result.standardOutput.split(separator: "\n")
        // Two tiles and four bars beside the two glyphs.
        let shapes = "AB".count + Scene.menu.states[0].elements.count
        #expect(lines.first?.contains("live 2  shapes \(shapes)") == true, "\(lines.first ?? "")")
        // To the millisecond, as the readable view prints times.
        let settle = String(((Scene.menu.delay + Scene.menu.timing.duration) * 1000).rounded() / 1000)
        #expect(result.standardOutput.contains("events: settle (scene) at \(settle) s"))
    }

    @Test(arguments: Scene.builtIns.map(\.name))
    func everySceneIsListedAndPlays(name: String) throws {
        let scene = try #require(Scene.builtIns.first { $0.name == name })
        let json = try frames(["--scene", name, "--toggle", "0", "--fps", "10"])
        let last = sprites(json["frames"]?.arrayValue?.last)
        #expect(last.compactMap(kind) == scene.state(afterToggles: 1).elements.map(\.shape.kind.rawValue))
        let listed = try JSONValue(parsing: kinetype(["scenes", "--json"]).standardOutput)
        let entry = try #require(listed.arrayValue?.first { $0["name"]?.stringValue == name })
        #expect(entry["description"]?.stringValue == scene.summary)
        #expect(entry["states"]?.arrayValue?.compactMap(\.stringValue) == scene.states.map(\.name))
        #expect(try kinetype(["scenes"]).standardOutput.contains(name))
    }

    @Test func theLastSceneAndToggleGiven() throws {
        let json = try frames(["--scene", "play", "--toggle", "5", "--scene", "menu", "--toggle", "0", "--fps", "10"])
        let frames = try #require(json["frames"]?.arrayValue)
        #expect(sprites(frames.last).allSatisfy { kind($0) == "rect" })
        // Tapped at 0, not at 5: the recording ends when the menu settles.
        #expect((frames.last?["t"]?.doubleValue ?? 99) < 5)
    }

    @Test func aSceneRendersAndPlaysWithoutAText() throws {
        let dir = try TemporaryDirectory(prefix: "kinetype-scene")
        defer { dir.remove() }
        for (name, arguments) in [
            ("menu.svg", ["--scene", "menu", "--toggle", "0,0.6,0.9"]), ("play.png", ["--scene", "play", "--toggle", "0.2"]),
            ("check.html", ["--scene", "check", "--toggle", "0,1"]),
        ] {
            let result = try kinetype(["render"] + arguments + ["-o", dir.path + "/" + name])
            #expect(result.status == 0, "\(result)")
            #expect(dir.list().contains(name))
        }
        let played = try kinetype(["play", "--scene", "check", "--toggle", "0.1"])
        #expect(played.status == 0, "\(played)")
        #expect(played.standardError.isEmpty)
    }

    @Test func theTerminalDrawsTheMenuAsFourBarsThenACross() throws {
        let played = try kinetype(["play", "--scene", "menu", "--toggle", "0.2"])
        #expect(played.status == 0, "\(played)")
        // Into a pipe: still frames, each after a "t = …" line; the first and the last.
        let stills = played.standardOutput.split(separator: "t = ").dropFirst().map { still in
            still.split(separator: "\n").dropFirst().filter { $0.contains("█") }
        }
        let first = try #require(stills.first), last = try #require(stills.last)
        // Four bars, one a row, as wide as each other: the control at three times its size.
        #expect(first.count == 4)
        let widths = first.map { $0.filter { $0 == "█" }.count }
        #expect(Set(widths).count == 1 && widths[0] >= 8)
        // The × has a gap in its top row, between its arms.
        let top = try #require(last.first)
        let inner = top.drop { $0 == " " }.reversed().drop { $0 == " " }
        #expect(inner.contains(" "))
    }

    // MARK: Tiles and hold

    @Test func tilesGiveOneRectPerVisibleLetter() throws {
        let json = try frames(["LET TER", "--tiles", "--fps", "10"])
        for frame in json["frames"]?.arrayValue ?? [] {
            let all = sprites(frame)
            let glyphs = all.filter { kind($0) == "glyph" }
            let tiles = all.filter { kind($0) == "rect" }
            let letters = glyphs.filter { $0["symbol"]?.stringValue != " " && ($0["opacity"]?.doubleValue ?? 0) > 0 }
            #expect(tiles.count == letters.count)
            #expect(tiles.allSatisfy { $0["key"]?.stringValue == "tile" && $0["layer"]?.stringValue == "belowText" })
            // Each tile carries its letter: same id, same place.
            for tile in tiles {
                let glyph = letters.first { $0["id"] == tile["glyphSprite"] }
                #expect(glyph?["x"] == tile["x"] && glyph?["y"] == tile["y"])
                #expect((tile["width"]?.doubleValue ?? 0) > 0 && tile["width"] == tile["height"])
            }
        }
        let letterCount = "LET TER".filter { $0 != " " }.count
        #expect(sprites(json["frames"]?.arrayValue?.last).filter { kind($0) == "rect" }.count == letterCount)
    }

    @Test func aDanceOnTilesDancesFromTheFirstFrameForTheHold() throws {
        let hold = 2.0
        let json = try frames(["LETTER", "--effect", "dance", "--tiles", "--hold", String(hold), "--fps", "20"])
        let frames = try #require(json["frames"]?.arrayValue)
        let settle = json["events"]?.arrayValue?.compactMap { $0["t"]?.doubleValue }.max() ?? 0
        // Sampled on for the hold after the last settle.
        let end = try #require(frames.last?["t"]?.doubleValue)
        #expect(end >= settle + hold - 1e-9)
        #expect(end < settle + hold + 0.05 + 1e-9)
        // Moving all along: no two frames in a row the same, from the first.
        func rotations(_ frame: JSONValue) -> [Double] {
            sprites(frame).filter { kind($0) == "glyph" }.compactMap { $0["rotation"]?.doubleValue }
        }
        #expect(rotations(frames[1]) != rotations(frames[0]))
        var still = 0
        for k in 1..<frames.count where rotations(frames[k]) == rotations(frames[k - 1]) { still += 1 }
        #expect(still == 0)
        let hasTiles = frames.allSatisfy { sprites($0).filter { kind($0) == "rect" }.count == "LETTER".count }
        #expect(hasTiles)
        // The border pulse is the tiles': the letters keep the text colour (no tint).
        let tints = frames.flatMap { sprites($0).filter { kind($0) == "glyph" }.compactMap { $0["tintAlpha"]?.doubleValue } }
        #expect(tints.allSatisfy { $0 == 0 })
        // Without --hold, sampling stops at the settle.
        let short = try self.frames(["LETTER", "--effect", "dance", "--tiles", "--fps", "20"])
        #expect((short["frames"]?.arrayValue?.count ?? 0) < frames.count)
    }

    @Test func aDancingTileTitleRendersForTheHold() throws {
        let dir = try TemporaryDirectory(prefix: "kinetype-tiles")
        defer { dir.remove() }
        let result = try kinetype(["render", "LETTER", "--effect", "dance", "--tiles", "--hold", "2", "-o", dir.path + "/title.svg"])
        #expect(result.status == 0, "\(result)")
        #expect(dir.text("title.svg")?.contains("<svg") == true)
        // "wrote …/title.svg (N frames, S s)": the recording lasts at least the hold.
        let said = result.standardOutput.split(separator: "(").last.map(String.init) ?? ""
        let parts = said.split(separator: " ")
        let seconds = parts.count >= 3 ? Double(parts[2]) : nil
        #expect((seconds ?? 0) >= 2, "\(result.standardOutput)")
    }

    // MARK: Tracking

    @Test(arguments: [4.0, -2.5])
    func trackingMovesEachLetterByItsIndexTimesTheTracking(points: Double) throws {
        let text = "Kinetype"
        let plain = try frames([text, "--fps", "10"])
        let spaced = try frames([text, "--tracking", String(points), "--fps", "10"])
        let before = sprites(plain["frames"]?.arrayValue?.last)
        let after = sprites(spaced["frames"]?.arrayValue?.last)
        #expect(before.count == text.count && after.count == text.count)
        for (k, (a, b)) in zip(before, after).enumerated() {
            #expect(a["symbol"] == b["symbol"])
            let dx = (b["x"]?.doubleValue ?? .nan) - (a["x"]?.doubleValue ?? .nan)
            #expect(abs(dx - Double(k) * points) < 1e-5, "glyph \(k): moved \(dx)")
            #expect(a["y"] == b["y"])
        }
    }

    @Test func trackingAppliesToPlanAndPlay() throws {
        let plan = try kinetype(["plan", "ab", "abc", "--tracking", "3", "--json"])
        #expect(plan.status == 0, "\(plan)")
        #expect(try kinetype(["play", "ab", "--tracking", "1"]).status == 0)
    }

    // MARK: Errors

    @Test(arguments: [
        (["frames", "--scene", "mneu"], ["--scene", "'mneu'", "menu, play, check", "did you mean 'menu'?"]),
        (["render", "--scene", "chek", "-o", "x.svg"], ["--scene", "did you mean 'check'?"]),
        (["frames", "a", "--toggle", "1"], ["--toggle", "--scene"]),
        (["play", "a", "--toggle", "1"], ["--toggle", "--scene"]),
        (["frames", "--scene", "menu", "--toggle", "1,x"], ["--toggle", "'1,x'", "tap 2, 'x'"]),
        (["frames", "--scene", "menu", "--toggle", "1,,2"], ["--toggle", "tap 2"]),
        (["frames", "--scene", "menu", "--toggle", "-1"], ["--toggle", "'-1'", "[0, 3600]"]),
        (["frames", "--scene", "menu", "--toggle", "4000"], ["--toggle", "[0, 3600]"]),
        (["frames", "--scene", "menu", "--toggle", "1,0.5"], ["--toggle", "ascending", "tap 2"]),
        (["frames", "--scene", "menu", "--toggle", "nan"], ["--toggle", "tap 1"]),
        (["frames"], ["missing argument TEXT", "--scene"]),
        (["frames", "a", "--tracking", "400"], ["--tracking", "'400'", "[-16, 320]"]),
        (["frames", "a", "--tracking", "-20"], ["--tracking", "[-16, 320]"]),
        (["frames", "a", "--size", "10", "--tracking", "-6"], ["--tracking", "[-5, 100]"]),
        (["render", "--path", "M0 0 L 10 10", "--tiles", "-o", "x.svg"], ["--tiles"]),
        (["render", "--path", "M0 0 L 10 10", "--scene", "menu", "-o", "x.svg"], ["--scene"]),
    ])
    func badScenesTogglesAndTrackingAreUsageErrors(arguments: [String], fragments: [String]) throws {
        let result = try kinetype(arguments)
        #expect(result.status == 2, "\(arguments): \(result)")
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.hasPrefix("kinetype: "))
        #expect(result.standardError.split(separator: "\n").count == 1)
        for fragment in fragments { #expect(result.standardError.contains(fragment), "\(arguments): \(result.standardError)") }
    }

    @Test func tooManyTogglesAreRefused() throws {
        let limit = 100
        let list = Array(repeating: "1", count: limit + 1).joined(separator: ",")
        let result = try kinetype(["frames", "--scene", "menu", "--toggle", list])
        #expect(result.status == 2)
        #expect(result.standardError.contains("at most \(limit)") && result.standardError.contains("\(limit + 1) given"))
        let accepted = Array(repeating: "0", count: limit).joined(separator: ",")
        #expect(try kinetype(["frames", "--scene", "menu", "--toggle", accepted]).status == 0)
    }

    @Test func whatTheUserTypedIsEscapedInErrors() throws {
        for arguments in [
            ["frames", "--scene", "\u{1B}[31mred"], ["frames", "--scene", "menu", "--toggle", "1,\u{1B}]52;c;x\u{07}"],
        ] {
            let result = try kinetype(arguments)
            #expect(result.status == 2)
            #expect(!result.standardError.contains("\u{1B}") && !result.standardError.contains("\u{07}"))
            #expect(result.standardError.contains("\\u{1B}"))
        }
    }
}
