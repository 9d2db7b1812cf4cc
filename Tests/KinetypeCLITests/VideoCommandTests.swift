import Testing
import TestSupport

private func kinetype(_ arguments: [String]) throws -> ProcessResult {
    try ProcessRunner.runProduct("kinetype", arguments)
}

/// `render -o x.mp4|x.webm|x.mov`: the files' containers and the summary line
/// (RenderTests decode the videos picture by picture).
@Suite("kinetype render to video")
struct VideoCommandTests {
    /// Format, the bytes the container starts with (at 4 for QuickTime boxes, at 0 for Matroska), the summary.
    @Test(arguments: [
        ("mp4", 4, Array("ftyp".utf8), "H.264"), ("webm", 0, [0x1A, 0x45, 0xDF, 0xA3], "VP9"),
        ("mov", 4, Array("ftyp".utf8), "ProRes 4444 with alpha"),
    ])
    func writesEachVideoFormat(format: String, offset: Int, magic: [UInt8], summary: String) throws {
        let dir = try TemporaryDirectory(prefix: "kinetype-video")
        defer { dir.remove() }
        let result = try kinetype(["render", "99", "100", "--mode", "numeric", "--fps", "20", "-o", dir.path + "/c." + format])
        #expect(result.status == 0, "\(result)")
        let bytes = try #require(dir.read("c." + format))
        #expect(Array(bytes[offset..<offset + magic.count]) == magic)
        #expect(result.standardOutput.contains("(\(summary), "), "\(result.standardOutput)")
        // Even sides, and as many frames as 'frames' samples.
        let frames = try JSONValue(parsing: kinetype(["frames", "99", "100", "--mode", "numeric", "--fps", "20", "--hold", "1", "--json"]).standardOutput)
        let count = try #require(frames["frames"]?.arrayValue?.count)
        #expect(result.standardOutput.contains(", \(count) frames, "), "\(result.standardOutput) against \(count) frames")
        let size = try #require(result.standardOutput.split(separator: " ").first { $0.contains("×") })
        let sides = size.split(separator: "×").map { Int($0.filter(\.isNumber)) ?? 1 }
        #expect(sides.count == 2 && sides.allSatisfy { $0 % 2 == 0 }, "\(size)")
    }

    @Test func webmSaysWhenItKeepsAlpha() throws {
        let dir = try TemporaryDirectory(prefix: "kinetype-video")
        defer { dir.remove() }
        let result = try kinetype(["render", "Hi", "--background", "transparent", "--color", "white", "-o", dir.path + "/a.webm"])
        #expect(result.status == 0, "\(result)")
        #expect(result.standardOutput.contains("(VP9 with alpha, "))
    }

    @Test func mp4WithATransparentBackgroundIsABadArgument() throws {
        let dir = try TemporaryDirectory(prefix: "kinetype-video")
        defer { dir.remove() }
        let result = try kinetype(["render", "Hi", "--background", "transparent", "-o", dir.path + "/a.mp4"])
        #expect(result.status == 2)
        #expect(result.standardError.contains("no alpha channel") && result.standardError.contains(".webm"))
        #expect(dir.list().isEmpty)
    }

    @Test func aPipeGetsAFragmentedMP4() throws {
        // Standard output is a pipe here: no going back to write the index, so the file comes in fragments.
        let result = try kinetype(["render", "A", "B", "--fps", "10", "--format", "mp4", "-o", "/dev/stdout"])
        #expect(result.status == 0, "\(result)")
        let bytes = Array(result.standardOutput.utf8)
        #expect(Array(bytes[4..<8]) == Array("ftyp".utf8))
        let text = String(decoding: bytes.map { $0 < 128 ? $0 : 32 }, as: UTF8.self)
        #expect(text.contains("moof") && text.contains("mfra"), "fragments and their index")
    }

    @Test func videoOptionsThatDoNotApplyAreErrors() throws {
        let still = try kinetype(["render", "A", "--at", "0", "-o", "/tmp/kinetype-never.mp4"])
        #expect(still.status == 2 && still.standardError.contains("--at"))
        let loops = try kinetype(["render", "A", "--loop-count", "2", "-o", "/tmp/kinetype-never.webm"])
        #expect(loops.status == 2 && loops.standardError.contains("--loop-count"))
    }

    @Test(.enabled(if: PeakMemory.python != nil, "needs python3 to measure a child's peak memory"))
    func aLongVideoStaysInBoundedMemory() throws {
        // 7 s of 1280×720 at 30 fps: holding the frames would take over 600 MB.
        let dir = try TemporaryDirectory(prefix: "kinetype-video")
        defer { dir.remove() }
        let result = try PeakMemory.run([
            "render", "Send Action", "Action Sent", "--width", "1280", "--height", "720", "--fps", "30", "--hold", "6",
            "-o", dir.path + "/long.mp4",
        ])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.kilobytes < 300_000, "peak \(result.kilobytes / 1024) MB")
    }
}
