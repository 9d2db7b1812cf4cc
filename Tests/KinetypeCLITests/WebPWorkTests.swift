import Testing
import TestSupport

/// A WebP's work (its pictures × its canvas, in megapixels) is bounded so
/// that one takes about half a minute at most, and one over the limit is
/// refused before anything is drawn, saying the limit and how to raise it.
/// Two 20,000-glyph texts at the default size (a minute before: frames were
/// drawn for a held text, encoded at libwebp's slowest-per-byte setting for
/// large canvases, and drawing and encoding took turns) fit under it.
@Suite("WebP work")
struct WebPWorkTests {
    func kinetype(_ arguments: [String], environment: [String: String] = [:]) throws -> ProcessResult {
        try ProcessRunner.runProduct("kinetype", arguments, environment: environment)
    }

    @Test func overTheLimitIsRefusedUpFrontNamingIt() throws {
        let dir = try TemporaryDirectory(prefix: "kinetype-webp-work")
        defer { dir.remove() }
        let path = dir.path + "/send.webp"
        let refused = try kinetype(
            ["render", "Send Action", "Action Sent", "--width", "2000", "--height", "1000", "-o", path],
            environment: ["KINETYPE_MAX_WEBP_MEGAPIXELS": "20"])
        #expect(refused.status == 1, "\(refused)")
        let message = refused.standardError
        // 2000 × 1000 is 2 megapixels a picture: far more than 10 pictures.
        #expect(message.contains("the WebP would draw and encode") && message.contains("pictures of 2000×1000"), "\(message)")
        #expect(message.contains("over the limit of 20 megapixels") && message.contains("KINETYPE_MAX_WEBP_MEGAPIXELS=N"), "\(message)")
        #expect(dir.list().isEmpty, "nothing is written")
        // Under the limit it is written; other formats are not bound by it.
        let small = try kinetype(["render", "Send Action", "Action Sent", "-o", path], environment: ["KINETYPE_MAX_WEBP_MEGAPIXELS": "20"])
        #expect(small.status == 0, "\(small)")
        let gif = try kinetype(
            ["render", "Send Action", "Action Sent", "--width", "2000", "--height", "1000", "-o", dir.path + "/send.gif"],
            environment: ["KINETYPE_MAX_WEBP_MEGAPIXELS": "20"])
        #expect(gif.status == 0, "\(gif)")
    }

    /// Pictures, not frames: a held final text is one picture however long it
    /// is held, so holding it longer costs nothing against the limit.
    @Test func aHeldTextCountsOnce() throws {
        func megapixels(_ hold: String) throws -> Int {
            let run = try kinetype(
                ["render", "Send Action", "Action Sent", "--hold", hold, "--width", "1000", "--height", "1000", "-o", "/dev/null", "--format", "webp"],
                environment: ["KINETYPE_MAX_WEBP_MEGAPIXELS": "1"])
            let words = run.standardError.split(separator: " ")
            guard let index = words.firstIndex(of: "megapixels"), let value = Int(words[index - 1]) else {
                throw TestFailure("no megapixels in \(run)")
            }
            return value
        }
        let brief = try megapixels("0"), long = try megapixels("30")
        #expect(brief == long, "\(brief) against \(long)")
        // The transition's pictures, and the held one: well under its 1,800 frames at 60 fps.
        #expect(brief < 150, "\(brief)")
    }

    /// Two texts of 20,000 glyphs at the default size are within the default
    /// limit (its refusal at a limit of 1 tells the work without drawing).
    @Test func twentyThousandGlyphsAtTheDefaultSizeAreWithinTheLimit() throws {
        let dir = try TemporaryDirectory(prefix: "kinetype-webp-work")
        defer { dir.remove() }
        var random = 0x9E37_79B9_7F4A_7C15 as UInt64
        var text = ""
        for i in 0..<20_000 {
            random = random &* 6364136223846793005 &+ 1442695040888963407
            text.append(i % 7 == 6 ? " " : Character(Unicode.Scalar(UInt8(97 + (random >> 33) % 26))))
        }
        let old = try dir.write(Array(text.utf8), to: "old.txt")
        let new = try dir.write(Array(String(text.reversed()).utf8), to: "new.txt")
        let run = try kinetype(
            ["render", "--text-file", old, "--text-file", new, "-o", dir.path + "/big.webp"],
            environment: ["KINETYPE_MAX_WEBP_MEGAPIXELS": "1"])
        #expect(run.status == 1)
        let words = run.standardError.split(separator: " ")
        let index = try #require(words.firstIndex(of: "megapixels"), "\(run.standardError)")
        let work = try #require(Int(words[index - 1]))
        #expect(work > 500 && work <= 1_000, "\(work) megapixels: \(run.standardError)")
        #expect(dir.list() == ["new.txt", "old.txt"])
    }
}
