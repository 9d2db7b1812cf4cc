#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
import TestSupport

/// The second round of hostile and clumsy input: numbers the output cannot
/// represent, limits that must say what they are, folders and files reused,
/// formats that contradict their names. Each case reproduces a fault once seen.
@Suite("kinetype under abuse, round two")
struct AbuseRoundTwoTests {
    func kinetype(_ arguments: [String], environment: [String: String] = [:]) throws -> ProcessResult {
        try ProcessRunner.runProduct("kinetype", arguments, environment: environment)
    }

    /// Frame rates so low that a delay, a timestamp or the timeline overflow:
    /// once a trap in the GIF encoder and the WebP schedule (leaving a `.part`
    /// file) and a 1,000,000-second SVG. Now refused up front with the range that works.
    @Test(arguments: [("1e-300", "gif"), ("1e-10", "webp"), ("1e-6", "svg"), ("0.001", "mp4"), ("0", "json")])
    func tinyFrameRatesAreRefusedUpFront(fps: String, format: String) throws {
        let dir = try TemporaryDirectory(prefix: "kinetype-fps")
        defer { dir.remove() }
        let result = try kinetype(["render", "ab", "cd", "--fps", fps, "-o", dir.path + "/f." + format])
        #expect(result.status == 2, "\(result)")
        #expect(result.standardError.contains("--fps") && result.standardError.contains("[0.01, 1000]"), "\(result.standardError)")
        #expect(dir.list().isEmpty, "left behind: \(dir.list())")
    }

    /// An interval shorter than a frame: the texts between were never drawn and
    /// the last one stayed invisible for about 0.0036 / interval seconds.
    @Test func anIntervalShorterThanAFrameIsRefused() throws {
        let result = try kinetype(["frames", "a", "b", "c", "--interval", "0.0001"])
        #expect(result.status == 2, "\(result)")
        #expect(result.standardError.contains("shorter than one frame at 60 frames per second"), "\(result.standardError)")
        #expect(result.standardError.contains("[0.01667, 3600]"), "\(result.standardError)")
        // One frame is enough, and a higher rate allows a shorter interval.
        #expect(try kinetype(["frames", "a", "b", "--interval", "0.02", "--json"]).status == 0)
        #expect(try kinetype(["frames", "a", "b", "--interval", "0.002", "--fps", "1000", "--json"]).status == 0)
    }

    /// The shortest intervals a rate allows: a glyph caught just as its fade
    /// began (easing in, a tiny rate) was taken to need (1 − level) / rate to
    /// clear, so the last text waited about 0.0036 / interval seconds (3.6 s at
    /// 1,000 fps). It now settles about as soon as that change alone would.
    @Test(arguments: [("0.001", "1000"), ("0.002", "1000"), ("0.01667", "60"), ("0.05", "60")])
    func theLastOfQuickChangesIsNotHeldBack(interval: String, fps: String) throws {
        func settle(_ texts: [String], _ options: [String]) throws -> Double? {
            let result = try kinetype(["frames"] + texts + options + ["--fps", fps, "--json"])
            #expect(result.status == 0, "\(result)")
            let events = try JSONValue(parsing: result.standardOutput)["events"]?.arrayValue ?? []
            return events.last { $0["kind"]?.stringValue == "settle" && $0["text"]?.stringValue == "c" }?["t"]?.doubleValue
        }
        let quick = try #require(try settle(["a", "b", "c"], ["--interval", interval]))
        let alone = try #require(try settle(["a", "c"], []))
        // "c" is set two intervals in; a settle a tenth of a second later than alone is held back.
        #expect(quick - 2 * Double(interval)! < alone + 0.1, "settled at \(quick) s; alone at \(alone) s")
    }

    /// `--format` that contradicts the extension once wrote PNG bytes into `pic.svg`.
    @Test func aFormatContradictingTheExtensionIsAnError() throws {
        let dir = try TemporaryDirectory(prefix: "kinetype-format")
        defer { dir.remove() }
        let clash = try kinetype(["render", "a", "-o", dir.path + "/pic.svg", "--format", "png"])
        #expect(clash.status == 2, "\(clash)")
        #expect(clash.standardError.contains("--format png contradicts") && clash.standardError.contains(".svg"))
        #expect(dir.list().isEmpty)
        // Where the extension says nothing (or agrees), --format decides.
        #expect(try kinetype(["render", "a", "-o", dir.path + "/pic", "--format", "png"]).status == 0)
        #expect(dir.read("pic").map { Array($0.prefix(4)) } == [0x89, 0x50, 0x4E, 0x47])
        #expect(try kinetype(["render", "a", "-o", dir.path + "/pic.SVG", "--format", "svg"]).status == 0)
    }

    /// A reused `--frames` folder once mixed two runs: 35 new frames beside 60 stale ones.
    @Test func aReusedFramesFolderHoldsOnlyThisRunsFrames() throws {
        let dir = try TemporaryDirectory(prefix: "kinetype-frames")
        defer { dir.remove() }
        let folder = dir.path + "/frames"
        let long = try kinetype(["render", "Send Action", "Action Sent", "--frames", folder, "--fps", "30"])
        #expect(long.status == 0, "\(long)")
        let first = dir.list("frames").count
        _ = try dir.write(Array("keep me".utf8), to: "frames/notes.txt")
        _ = try dir.write(Array("not ours".utf8), to: "frames/frame_1.png")
        let short = try kinetype(["render", "a", "b", "--frames", folder, "--fps", "10", "--hold", "0"])
        #expect(short.status == 0, "\(short)")
        let names = dir.list("frames")
        let frames = names.filter { $0.hasPrefix("frame_0") }
        #expect(frames.count < first)
        #expect(short.standardOutput.contains("wrote \(frames.count) frames"), "\(short.standardOutput)")
        #expect(short.standardOutput.contains("removed the \(first) frames of an earlier run"), "\(short.standardOutput)")
        // Files that are not numbered frames are never touched.
        #expect(names.contains("notes.txt") && names.contains("frame_1.png"))
        #expect(frames == (1...frames.count).map { "frame_" + String(repeating: "0", count: 5 - String($0).count) + String($0) + ".png" })
    }

    /// Limits once printed the default (36000) whatever the variable said, and no way to raise them.
    @Test(arguments: [
        (["render", "Send", "Sent", "-o", "/dev/null", "--format", "gif"], "KINETYPE_MAX_FRAMES", "2", "limit of 2"),
        (["render", "Send", "Sent", "-o", "/dev/null", "--format", "webp"], "KINETYPE_MAX_FRAMES", "2", "limit of 2"),
        (["render", "Send", "Sent", "-o", "/dev/null", "--format", "svg"], "KINETYPE_MAX_FRAMES", "2", "limit of 2"),
        (["frames", "Send", "Sent", "--json"], "KINETYPE_MAX_FRAMES", "2", "limit of 2"),
        (["render", "Send", "Sent", "-o", "/dev/null", "--format", "json"], "KINETYPE_MAX_SAMPLES", "10", "limit of 10"),
        (["frames", "Send", "Sent"], "KINETYPE_MAX_GLYPHS", "3", "more than 3 characters"),
        (["frames", "Send", "Sent"], "KINETYPE_MAX_TEXT_BYTES", "3", "limit of 3"),
    ])
    func limitsPrintTheirValueAndHowToRaiseThem(arguments: [String], variable: String, value: String, says: String) throws {
        let result = try kinetype(arguments, environment: [variable: value])
        #expect(result.status == 1, "\(result)")
        #expect(result.standardError.contains(says) && result.standardError.contains(variable + "=N"), "\(result.standardError)")
        #expect(!result.standardError.contains("36000"), "\(result.standardError)")
    }

    /// The character limit counts what costs memory: a letter carrying ninety
    /// marks is one glyph, but ninety-one scalars to shape and draw.
    @Test func theCharacterLimitCountsScalarsNotGlyphs() throws {
        let dir = try TemporaryDirectory(prefix: "kinetype-marks")
        defer { dir.remove() }
        let marked = String(repeating: "a" + String(repeating: "\u{301}", count: 90), count: 300)
        let file = try dir.write(Array(marked.utf8), to: "marks.txt")
        let result = try kinetype(["render", "--text-file", file, "b", "-o", dir.path + "/m.svg"])
        #expect(result.status == 1, "\(result)")
        #expect(result.standardError.contains("more than 20000 characters (Unicode scalars"), "\(result.standardError)")
        #expect(dir.list() == ["marks.txt"])
    }

    /// WebP's sides hold 14 bits: 16,384 pixels once passed validation and
    /// failed in the encoder ("WebPEncodingError: 5").
    @Test func webPsSizeLimitIsCheckedUpFront() throws {
        let wide = try kinetype(["render", "a", "--width", "16384", "--height", "100", "-o", "/tmp/kinetype-never.webp"])
        #expect(wide.status == 2 && wide.standardError.contains("from 1 to 16383"), "\(wide)")
        let gif = try kinetype(["render", "a", "--width", "16384", "--height", "100", "-o", "/dev/null", "--format", "gif"])
        #expect(gif.status == 0, "\(gif)")
    }

    /// Replacing a file once lost its permissions (0600 became 0644).
    @Test(arguments: ["svg", "gif", "json"])
    func aReplacedFileKeepsItsMode(format: String) throws {
        let dir = try TemporaryDirectory(prefix: "kinetype-mode")
        defer { dir.remove() }
        let path = try dir.write(Array("old".utf8), to: "out." + format)
        chmod(path, 0o600)
        #expect(try kinetype(["render", "a", "b", "-o", path]).status == 0)
        var info = stat()
        #expect(stat(path, &info) == 0)
        #expect(info.st_mode & 0o7777 == 0o600, "mode \(String(info.st_mode & 0o7777, radix: 8))")
        #expect(dir.text("out." + format) != "old")
    }
}
