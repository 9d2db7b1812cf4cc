import Testing
import TestSupport

private func kinetype(_ arguments: [String]) throws -> ProcessResult {
    try ProcessRunner.runProduct("kinetype", arguments)
}

@Suite("kinetype --pen and pens: handwriting")
struct PenCommandTests {
    @Test func pensListsTheCatalogueAndWhatIsInstalled() throws {
        let listed = try kinetype(["pens"])
        #expect(listed.status == 0, "\(listed)")
        #expect(listed.standardOutput.contains("cursive"))
        #expect(listed.standardOutput.contains("script-complex"))
        let json = try kinetype(["pens", "--json"])
        let value = try JSONValue(parsing: json.standardOutput)
        let names = value.arrayValue?.compactMap { $0["name"]?.stringValue } ?? []
        #expect(names.first == "cursive")
        #expect(value.arrayValue?.first?["installed"] == .bool(true))
    }

    @Test func aPenWritesTheTextFromNothingWithTheWriteEffect() throws {
        let frames = try kinetype(["frames", "hello", "--pen", "cursive", "--fps", "10", "--json"])
        #expect(frames.status == 0, "\(frames)")
        let value = try JSONValue(parsing: frames.standardOutput)
        let all = try #require(value["frames"]?.arrayValue)
        // Written from nothing, glyph after glyph, never filled.
        let first = try #require(all.first?["sprites"]?.arrayValue)
        #expect(first.allSatisfy { ($0["strokeEnd"]?.doubleValue ?? 1) == 0 })
        let last = try #require(all.last?["sprites"]?.arrayValue)
        #expect(last.count == 5)
        #expect(last.allSatisfy { ($0["strokeEnd"]?.doubleValue ?? 0) == 1 && ($0["fill"]?.doubleValue ?? 1) == 0 })
        // About 3 s for "hello" at the pen's pace.
        let end = try #require(all.last?["t"]?.doubleValue)
        #expect(end > 2.7 && end < 3.4, "\(end)")
    }

    @Test func durationSetsThePensTime() throws {
        let frames = try kinetype(["frames", "hello", "--pen", "cursive", "--duration", "1.5", "--fps", "10", "--json"])
        #expect(frames.status == 0, "\(frames)")
        let end = try #require(JSONValue(parsing: frames.standardOutput)["frames"]?.arrayValue?.last?["t"]?.doubleValue)
        #expect(abs(end - 1.5) < 0.11, "\(end)")
    }

    @Test func charactersThePenLacksAreNamedInAWarning() throws {
        let dir = try TemporaryDirectory(prefix: "kinetype-pen")
        defer { dir.remove() }
        let result = try kinetype(["render", "héllo", "--pen", "cursive", "-o", dir.path + "/h.png"])
        #expect(result.status == 0, "\(result)")
        #expect(result.standardError.contains("warning: the pen \"cursive\" has no 'é'"))
        #expect(result.standardError.contains("traced from their outlines in DejaVu Sans"))
        let clean = try kinetype(["render", "hello", "--pen", "cursive", "-o", dir.path + "/h.png"])
        #expect(clean.standardError.isEmpty, "\(clean)")
    }

    @Test(arguments: [
        (["render", "hi", "--pen", "cursiv", "-o", "/tmp/x.png"], "no pen font is called \"cursiv\""),
        (["render", "hi", "--pen", "cursiv", "-o", "/tmp/x.png"], "did you mean 'cursive'?"),
        (["render", "hi", "--pen", "cursive", "--effect", "wave", "-o", "/tmp/x.png"], "--pen writes with the write effect"),
        (["frames", "hi", "--pen", "cursive", "--duration", "0"], "invalid value '0' for --duration"),
        (["render", "hi", "--pen", "/nonexistent/pen.jhf", "-o", "/tmp/x.png"], "pen font file \"/nonexistent/pen.jhf\" does not exist"),
    ])
    func badPenArgumentsAreClearErrors(arguments: [String], message: String) throws {
        let result = try kinetype(arguments)
        #expect(result.status != 0)
        #expect(result.standardError.contains(message), "\(result.standardError)")
    }
}
