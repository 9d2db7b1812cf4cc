import Animator
import Testing
import TestSupport

/// Texts from standard input and files, and the limits on them.
@Suite("kinetype input")
struct InputTests {
    func kinetype(_ arguments: [String], input: String? = nil, environment: [String: String] = [:]) throws -> ProcessResult {
        try ProcessRunner.runProduct("kinetype", arguments, environment: environment, standardInput: input)
    }

    @Test func aDashReadsStandardInputAndTextFilesKeepTheirPlace() throws {
        let dir = try TemporaryDirectory(prefix: "kinetype-input")
        defer { dir.remove() }
        let stdin = try dir.write(Array("Action Sent\n".utf8), to: "new.txt")
        let old = try dir.write(Array("Send Action".utf8), to: "old.txt")
        let fromStdin = try JSONValue(parsing: kinetype(["diff", "Send Action", "-", "--json"], input: stdin).standardOutput)
        let fromFiles = try JSONValue(parsing: kinetype(["diff", "--text-file", old, "--text-file", stdin, "--json"]).standardOutput)
        let literal = try JSONValue(parsing: kinetype(["diff", "Send Action", "Action Sent", "--json"]).standardOutput)
        // One trailing newline is dropped, as a shell's $(…) would.
        let toFile = try JSONValue(parsing: kinetype(["diff", "--to-file", stdin, "--text-file", old, "--json"]).standardOutput)
        #expect(fromStdin == literal && fromFiles == literal && toFile == literal)
        // A file text between literal ones keeps its place in the sequence.
        let frames = try kinetype(["frames", "A", "--text-file", old, "C", "--json", "--fps", "10"])
        #expect(frames.status == 0)
        let events = try #require(try JSONValue(parsing: frames.standardOutput)["events"]?.arrayValue)
        #expect(events.compactMap { $0["text"]?.stringValue } == ["Send Action", "C"])
    }

    @Test(arguments: ["plan", "frames", "render", "play"])
    func everyAnimatingCommandTakesStandardInputAndFiles(command: String) throws {
        let dir = try TemporaryDirectory(prefix: "kinetype-input")
        defer { dir.remove() }
        let file = try dir.write(Array("99".utf8), to: "a.txt")
        let stdin = try dir.write(Array("100".utf8), to: "b.txt")
        var arguments = [command, "--text-file", file, "-"]
        if command == "render" { arguments += ["-o", dir.path + "/out.svg"] }
        let result = try kinetype(arguments, input: stdin)
        #expect(result.status == 0, "\(result)")
        if command == "render" { #expect(dir.text("out.svg")?.contains("<title>100</title>") == true) }
    }

    @Test(.enabled(if: PeakMemory.python != nil, "needs python3 to measure a child's peak memory"))
    func aMegabyteOfTextIsDiffedWithinTheLimits() throws {
        let dir = try TemporaryDirectory(prefix: "kinetype-input")
        defer { dir.remove() }
        var generator = SeededRandom(seed: 7)
        let words = ["kinetic", "type", "glyph", "motion", "spring", "frame", "text", "change"]
        var text = ""
        while text.utf8.count < 1_000_000 { text += words[Int(generator.next() % 8)] + " " }
        var edited = Array(text)
        for _ in 0..<2_000 { edited[Int(generator.next() % UInt64(edited.count))] = "x" }
        let old = try dir.write(Array(text.utf8), to: "old.txt")
        let new = try dir.write(Array(String(edited).utf8), to: "new.txt")
        let result = try PeakMemory.run(["diff", "--text-file", old, "-", "--json"], output: dir.path + "/out.json", standardInput: new)
        #expect(result.status == 0, "\(result.standardError)")
        let json = try JSONValue(parsing: try #require(dir.text("out.json")))
        #expect(json["old"]?.arrayValue?.count == text.count)
        // Well under the 512 MB every command must stay within.
        #expect(result.kilobytes < 512 * 1024, "peak \(result.kilobytes) kB")
        print("kinetype diff on a megabyte: peak \(result.kilobytes / 1024) MB")
    }

    @Test func textsOverALimitAreRefusedWithHowToRaiseIt() throws {
        let dir = try TemporaryDirectory(prefix: "kinetype-input")
        defer { dir.remove() }
        let big = try dir.write(Array(String(repeating: "a", count: 5_000).utf8), to: "big.txt")
        let bytes = try kinetype(["diff", "-", "b"], input: big, environment: ["KINETYPE_MAX_TEXT_BYTES": "4096"])
        #expect(bytes.status == 1)
        #expect(bytes.standardError.contains("more than 4096 bytes") && bytes.standardError.contains("KINETYPE_MAX_TEXT_BYTES"))
        let glyphs = try kinetype(["frames", "--text-file", big, "b", "--max-glyphs", "1000"])
        #expect(glyphs.status == 1)
        #expect(glyphs.standardError.contains("more than 1000 characters") && glyphs.standardError.contains("--max-glyphs"))
        // Raised, the same text is taken.
        #expect(try kinetype(["plan", "--text-file", big, "b", "--max-glyphs", "6000"]).status == 0)
        let environment = try kinetype(["frames", "a", "b"], environment: ["KINETYPE_MAX_FRAMES": "nope"])
        #expect(environment.status == 2 && environment.standardError.contains("KINETYPE_MAX_FRAMES"))
    }

    @Test func unreadableInputsAreErrorsNamingThem() throws {
        let dir = try TemporaryDirectory(prefix: "kinetype-input")
        defer { dir.remove() }
        let missing = try kinetype(["diff", "--text-file", dir.path + "/none.txt", "b"])
        #expect(missing.status == 1 && missing.standardError.contains("none.txt") && missing.standardError.contains("No such file"))
        let directory = try kinetype(["diff", "--text-file", dir.path, "b"])
        #expect(directory.status == 1 && directory.standardError.contains("is a directory"))
        let latin1 = try dir.write([0x63, 0x61, 0x66, 0xE9], to: "latin1.txt")
        let notUTF8 = try kinetype(["diff", "--text-file", latin1, "b"])
        #expect(notUTF8.status == 1 && notUTF8.standardError.contains("is not UTF-8"))
        let twice = try kinetype(["diff", "-", "-"], input: latin1)
        #expect(twice.status == 2 && twice.standardError.contains("only once"))
    }
}
