import Testing
import TestSupport

/// Hostile and unlucky input: numbers out of range, escape sequences,
/// full disks, closed pipes and memory. Each case reproduces a failure once
/// seen and checks the exit code and the message.
@Suite("kinetype under abuse")
struct SafetyTests {
    func kinetype(_ arguments: [String], environment: [String: String] = [:]) throws -> ProcessResult {
        try ProcessRunner.runProduct("kinetype", arguments, environment: environment)
    }

    /// Each option, a bad value, and what the message must say: the option, the value and the range.
    @Test(arguments: [
        (["spring", "--mass", "1e-308"], "--mass", "1e-308", "[0.001, 1000]"),
        (["spring", "--mass", "1e300"], "--mass", "1e300", "[0.001, 1000]"),
        (["spring", "--damping", "1e-6"], "--damping", "1e-6", "[0.001, 100000]"),
        (["spring", "--stiffness", "nan"], "--stiffness", "nan", "[0.001, 1000000]"),
        (["spring", "--stiffness", "inf"], "--stiffness", "inf", "[0.001, 1000000]"),
        (["frames", "a", "b", "--interval", "1e308"], "--interval", "1e308", "(0, 3600]"),
        (["frames", "a", "b", "--interval", "-1"], "--interval", "-1", "(0, 3600]"),
        (["frames", "a", "b", "--fps", "0"], "--fps", "0", "[0.01, 1000]"),
        (["frames", "a", "b", "--fps", "-inf"], "--fps", "-inf", "[0.01, 1000]"),
        (["frames", "a", "b", "--hold", "1e9"], "--hold", "1e9", "[0, 600]"),
        (["frames", "a", "b", "--size", "1e6"], "--size", "1e6", "(0, 2000]"),
        (["frames", "a", "b", "--wrap", "0"], "--wrap", "0", "(0, 100000]"),
        (["frames", "a", "b", "--seed", "-1"], "--seed", "-1", "0 to 18446744073709551615"),
        (["frames", "a", "b", "--max-glyphs", "0"], "--max-glyphs", "0", "from 1 to"),
        (["render", "a", "--width", "100000", "-o", "/tmp/x.png"], "--width", "100000", "from 1 to 16384"),
        (["render", "a", "--at", "nan", "-o", "/tmp/x.png"], "--at", "nan", "[0, 3600]"),
        (["render", "a", "--loop-count", "70000", "-o", "/tmp/x.gif"], "--loop-count", "70000", "from 0 to 65535"),
    ])
    func numbersOutOfRangeNameTheOptionValueAndRange(arguments: [String], option: String, value: String, range: String) throws {
        let result = try kinetype(arguments)
        #expect(result.status == 2, "\(result)")
        #expect(result.standardOutput.isEmpty)
        let message = result.standardError
        #expect(message.contains(option) && message.contains("'\(value)'") && message.contains(range), "\(message)")
        #expect(message.split(separator: "\n").count == 1)
    }

    @Test func derivedQuantitiesAreCheckedBeforeTheWork() throws {
        // A spring whose settling time would mean millions of samples: refused
        // by Spring itself (past an hour) or by `spring` (past 600 s of samples).
        let slow = try kinetype(["spring", "--damping", "0.001", "--stiffness", "1000000"])
        #expect(slow.status == 2 && slow.standardError.contains("settl"), "\(slow)")
        let long = try kinetype(["spring", "--damping", "0.01"])
        #expect(long.status == 2 && long.standardError.contains("settles after") && long.standardError.contains("600 s"), "\(long)")
        // An interval that sets the last text after the longest timeline.
        let late = try kinetype(["frames", "a", "b", "c", "--interval", "3000"])
        #expect(late.status == 2 && late.standardError.contains("the longest timeline is 3600 s"), "\(late)")
        // More frames than the limit: refused before sampling, not a shorter answer.
        let many = try kinetype(["frames", "a", "b", "--interval", "100", "--fps", "1000", "--json"])
        #expect(many.status == 1 && many.standardOutput.isEmpty, "\(many)")
        #expect(many.standardError.contains("KINETYPE_MAX_FRAMES"))
        // A canvas too large for memory is refused, with the way out.
        let huge = try kinetype(["render", "W", "--width", "16384", "--height", "16384", "-o", "/tmp/kinetype-never.png"])
        #expect(huge.status == 1 && huge.standardError.contains("canvas is too large"), "\(huge)")
        #expect(huge.standardError.contains("16777216"))
    }

    @Test(arguments: [
        ["diff", "\u{1B}]52;c;aGVsbG8=\u{7}", "b", "--mode", "\u{1B}[2J"],
        ["frames", "a", "--effect", "\u{1B}[31mred"],
        ["render", "a", "-o", "/tmp/\u{1B}[1mbold.xyz"],
        ["render", "a", "-o", "/nonexistent-\u{1B}[5m/x.svg"],
        ["diff", "--text-file", "/nonexistent/\u{9B}31m", "b"],
        ["frames", "a", "--\u{1B}[31m"],
        ["\u{1B}[31m"],
        ["frames", "a", "--font", "/no/\u{1B}[31m.ttf"],
        ["render", "a", "--background", "\u{1B}[31m", "-o", "/tmp/x.svg"],
        ["completions", "\u{1B}[31m"],
    ])
    func userTextInErrorsIsEscapedForTheTerminal(arguments: [String]) throws {
        let result = try kinetype(arguments)
        #expect(result.status != 0)
        let message = result.standardError
        #expect(!message.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value) }, "\(message.debugDescription)")
        #expect(message.contains("\\u{1B}") || message.contains("\\u{9B}"), "\(message.debugDescription)")
    }

    /// Whether a scalar a terminal would obey, or that reorders what it shows, is in the text raw.
    static func rawControls(_ text: String) -> [String] {
        text.unicodeScalars.filter { scalar in
            let v = scalar.value
            return v < 0x20 && scalar != "\n" || (0x7F...0x9F).contains(v) || v == 0x61C || v == 0x200E || v == 0x200F
                || (0x2028...0x202E).contains(v) || (0x2066...0x2069).contains(v)
        }.map { "U+" + String($0.value, radix: 16, uppercase: true) }
    }

    /// The Arabic letter mark (U+061C) and C1 controls once reached the terminal
    /// raw in `diff` and in error messages.
    @Test(arguments: [
        ["diff", "\u{61C}ab\u{85}", "b\u{202E}c\u{9B}"],
        ["diff", "a\u{2066}b", "c\u{2069}\u{200F}"],
        ["frames", "a", "--effect", "wave\u{61C}"],
        ["render", "a", "-o", "/nonexistent/\u{61C}\u{85}x.svg"],
        ["render", "a", "--background", "#fff\u{61C}", "-o", "/tmp/x.svg"],
    ])
    func bidiAndC1CharactersAreEscapedInEveryTerminalOutput(arguments: [String]) throws {
        let result = try kinetype(arguments)
        #expect(Self.rawControls(result.standardOutput).isEmpty, "\(result.standardOutput.debugDescription)")
        #expect(Self.rawControls(result.standardError).isEmpty, "\(result.standardError.debugDescription)")
        #expect((result.standardOutput + result.standardError).contains("\\u{"), "\(result)")
    }

    /// An option value quoted in an error is capped in bytes: one letter with
    /// 60,000 combining marks once made a 120 KB error line.
    @Test(arguments: ["effect", "style", "mode", "align"])
    func quotedValuesAreCappedInBytes(option: String) throws {
        let value = "a" + String(repeating: "\u{301}", count: 60_000)
        let result = try kinetype(["frames", "a", "--" + option, value])
        #expect(result.status == 2)
        #expect(result.standardError.utf8.count < 1_000, "\(result.standardError.utf8.count) bytes")
        #expect(result.standardError.contains("--\(option)") && result.standardError.contains("…"))
    }

    @Test(arguments: ["svg", "png", "gif", "webp", "json", "html"])
    func aFullDiskIsAnErrorNotASilentSuccess(format: String) throws {
        let result = try kinetype(["render", "Send", "Sent", "-o", "/dev/full", "--format", format])
        #expect(result.status == 1, "\(result)")
        #expect(result.standardError.contains("cannot write \"/dev/full\": No space left on device"))
        #expect(result.standardOutput.isEmpty)
    }

    @Test func standardOutputToAFullDeviceIsAnError() throws {
        let result = try ProcessRunner.run("/bin/sh", ["-c", "'\(ProcessRunner.productsDirectory)kinetype' frames a b --json > /dev/full"])
        #expect(result.status == 1, "\(result)")
        #expect(result.standardError.contains("cannot write to standard output: No space left on device"))
    }

    @Test func aClosedPipeIsAnErrorNotADeathBySignal() throws {
        // The reader leaves after one byte; kinetype notices at its next write.
        let command = "'\(ProcessRunner.productsDirectory)kinetype' frames 'Send Action' 'Action Sent' --fps 1000 --json | head -c 1 > /dev/null; echo \"status ${PIPESTATUS[0]}\""
        let result = try ProcessRunner.run("/bin/bash", ["-c", command])
        #expect(result.standardOutput == "status 1\n", "\(result)")
        #expect(result.standardError.contains("cannot write to standard output: Broken pipe"))
    }

    @Test func failedWritesLeaveNoPartialFileAndCreateNoDirectories() throws {
        let dir = try TemporaryDirectory(prefix: "kinetype-safety")
        defer { dir.remove() }
        // An existing file is replaced whole or not at all: a failing render leaves it as it was.
        let kept = try dir.write(Array("precious".utf8), to: "kept.svg")
        let failing = try kinetype(["render", "a", "--width", "16384", "--height", "16384", "-o", kept])
        #expect(failing.status == 1)
        #expect(dir.text("kept.svg") == "precious")
        #expect(dir.list() == ["kept.svg"])
        // --frames creates the directory asked for, never its parents.
        let nested = try kinetype(["render", "a", "--frames", dir.path + "/no/such/frames"])
        #expect(nested.status == 1 && nested.standardError.contains("parent directory does not exist"), "\(nested)")
        let absent = try kinetype(["render", "a", "--frames", "/nonexistent/x"])
        #expect(absent.status == 1)
        #expect(TemporaryDirectory.list("/nonexistent").isEmpty)
        #expect(dir.list() == ["kept.svg"])
        // demo's directory: made if missing, never its parents.
        let demo = try kinetype(["demo", "-o", dir.path + "/a/b", "--no-preview"])
        #expect(demo.status == 1 && demo.standardError.contains("parent directory does not exist"))
        // Permission: /sys refuses new files even to root.
        let denied = try kinetype(["render", "a", "-o", "/sys/kinetype-test.svg"])
        #expect(denied.status == 1 && denied.standardError.contains("Permission denied"), "\(denied)")
    }

    /// Peak resident memory of the child, against the 512 MiB every command must
    /// stay under (or refuse up front), run under a 512 MiB cap on its data.
    /// Every format at the default limits (20,000 characters a text; the
    /// recorded formats at a rate that keeps them under the sample limit, the
    /// streamed ones, whose memory does not grow with their length, at a few
    /// frames a second), and inputs that once took gigabytes: a 20,000-glyph
    /// Lottie file at 587 MiB, a WebP at 579 MiB.
    @Test(.enabled(if: PeakMemory.python != nil, "needs python3 to measure a child's peak memory"), arguments: [
        (["frames", "--json", "--fps", "10"], 20_000),
        (["frames", "--json"], 131_072),
        (["plan", "--json"], 20_000),
        (["render", "-o", "/dev/null", "--format", "svg", "--wrap", "4000", "--size", "12", "--fps", "30"], 20_000),
        (["render", "-o", "/dev/null", "--format", "html", "--wrap", "4000", "--size", "12", "--fps", "30"], 20_000),
        (["render", "-o", "/dev/null", "--format", "json", "--wrap", "4000", "--size", "12", "--fps", "30"], 20_000),
        (["render", "-o", "/dev/null", "--format", "json", "--wrap", "4000", "--size", "12"], 20_000),
        (["render", "-o", "/dev/null", "--format", "png", "--wrap", "4000", "--size", "12", "--fps", "30"], 20_000),
        (["render", "-o", "/dev/null", "--format", "gif", "--wrap", "4000", "--size", "12", "--fps", "4"], 20_000),
        (["render", "-o", "/dev/null", "--format", "webp", "--wrap", "4000", "--size", "12", "--fps", "4"], 20_000),
        (["render", "-o", "/dev/null", "--format", "mp4", "--wrap", "4000", "--size", "12", "--fps", "4"], 20_000),
        (["render", "--frames", "DIR", "--wrap", "4000", "--size", "12", "--fps", "4"], 20_000),
        // At the default size: a 1,632 × 9,250 canvas, the largest any of these draws.
        (["render", "-o", "/dev/null", "--format", "webp", "--fps", "2"], 20_000),
    ])
    func memoryStaysUnder512MBOrTheCommandRefuses(arguments: [String], length: Int) throws {
        let dir = try TemporaryDirectory(prefix: "kinetype-memory")
        defer { dir.remove() }
        var random = 0x9E37_79B9_7F4A_7C15 as UInt64
        var text = ""
        for i in 0..<length {
            random = random &* 6364136223846793005 &+ 1442695040888963407
            text.append(i % 7 == 6 ? " " : Character(Unicode.Scalar(UInt8(97 + (random >> 33) % 26))))
        }
        let old = try dir.write(Array(text.utf8), to: "old.txt")
        let new = try dir.write(Array(String(text.reversed()).utf8), to: "new.txt")
        // Output goes to /dev/null: it can be hundreds of megabytes.
        let rest = arguments.dropFirst().map { $0 == "DIR" ? dir.path + "/frames" : $0 }
        let result = try PeakMemory.run([arguments[0], "--text-file", old, "--text-file", new] + rest)
        let megabytes = result.kilobytes / 1024
        #expect(megabytes < PeakMemory.promise, "\(arguments): peak \(megabytes) MiB")
        // Either it did the work or it said why not, up front, with a limit to raise.
        #expect(result.status == 0 || (result.status == 1 && result.standardError.contains("limit")), "\(result.standardError)")
        print("kinetype \(arguments.joined(separator: " ")) on \(length) glyphs: exit \(result.status), peak \(megabytes) MB")
    }
}
