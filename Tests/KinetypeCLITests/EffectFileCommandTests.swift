import Testing
import TestSupport

private func kinetype(_ arguments: [String]) throws -> ProcessResult {
    try ProcessRunner.runProduct("kinetype", arguments)
}

/// The repository's docs/effects folder.
private let examples: String = {
    var path = #filePath
    for _ in 0..<3 { path = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)]) }
    return path + "/docs/effects/"
}()

/// `--effect-file PATH` on every command that takes `--effect`.
@Suite("kinetype --effect-file")
struct EffectFileCommandTests {
    @Test(arguments: [
        ["plan", "Hi", "Ho", "--json"], ["frames", "Hi", "Ho", "--fps", "10", "--json"],
        ["render", "Hi", "Ho", "--at", "0.1", "-o", "FILE.png"], ["play", "Hi", "Ho"],
    ])
    func everyCommandWithEffectTakesAFile(arguments: [String]) throws {
        let dir = try TemporaryDirectory(prefix: "kinetype-effect-file")
        defer { dir.remove() }
        let args = arguments.map { $0 == "FILE.png" ? dir.path + "/a.png" : $0 } + ["--effect-file", examples + "drop.json"]
        let result = try kinetype(args)
        #expect(result.status == 0, "\(result)")
        if arguments[0] == "plan" { #expect(try JSONValue(parsing: result.standardOutput)["effect"]?.stringValue == "drop") }
    }

    @Test func theFilesEffectMovesTheGlyphs() throws {
        // drop: the entering glyph starts 0.9 em above its place (32-point text: 28.8 points).
        let frames = try JSONValue(parsing: kinetype(["frames", "", "A", "--effect-file", examples + "drop.json", "--fps", "60", "--json"]).standardOutput)
        let all = try #require(frames["frames"]?.arrayValue)
        let ys = all.compactMap { $0["sprites"]?[0]?["y"]?.doubleValue }
        let rest = try #require(ys.last)
        #expect(ys.count > 10)
        #expect(abs(try #require(ys.first) - (rest - 28.8)) < 0.01, "\(ys.prefix(3)) against rest \(rest)")
        #expect(ys.contains { $0 > rest + 1 }, "it bounces past its place")
    }

    @Test func effectMayNameOrLayerTheFilesEffect() throws {
        let layered = try kinetype(["frames", "Hi", "Ho", "--effect-file", examples + "drop.json", "-e", "drop+mist", "--fps", "10", "--json"])
        #expect(layered.status == 0, "\(layered)")
        let other = try kinetype(["frames", "Hi", "Ho", "--effect-file", examples + "drop.json", "-e", "wave", "--fps", "10", "--json"])
        let wave = try kinetype(["frames", "Hi", "Ho", "-e", "wave", "--fps", "10", "--json"])
        #expect(other.standardOutput == wave.standardOutput, "--effect wins; the file only registers its effect")
    }

    @Test func effectsListsTheFilesEffect() throws {
        let result = try kinetype(["effects", "--effect-file", examples + "stamp.json"])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("stamp    On the slide, words arrive"))
    }

    @Test func aBadFileNamesTheLineColumnAndField() throws {
        let dir = try TemporaryDirectory(prefix: "kinetype-effect-file")
        defer { dir.remove() }
        let path = try dir.write(Array("{\n  \"name\": \"bad\",\n  \"entering\": {\"channels\": {\"y\": {\"from\": \"up\"}}}\n}\n".utf8), to: "bad.json")
        let result = try kinetype(["frames", "a", "b", "--effect-file", path])
        #expect(result.status == 2)
        #expect(result.standardError.contains("bad.json': line 3, column 43: entering.channels.y.from: expected a number, not a string"), "\(result.standardError)")
    }

    @Test func aMissingFileIsAFailure() throws {
        let result = try kinetype(["frames", "a", "b", "--effect-file", "/no/such/effect.json"])
        #expect(result.status == 1)
        #expect(result.standardError.contains("cannot read --effect-file '/no/such/effect.json'"))
    }
}
