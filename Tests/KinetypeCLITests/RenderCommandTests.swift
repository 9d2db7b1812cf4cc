#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
import TestSupport


private func kinetype(_ arguments: [String]) throws -> ProcessResult {
    try ProcessRunner.runProduct("kinetype", arguments)
}

/// Big-endian 32-bit number at an offset.
private func uint32(_ bytes: [UInt8], _ offset: Int) -> Int {
    bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
}

@Suite("kinetype render and demo")
struct RenderCommandTests {
    @Test func rendersAnAnimatedSVGWithTheFramesOfFrames() throws {
        let dir = try TemporaryDirectory(prefix: "kinetype-render")
        defer { dir.remove() }
        let texts = ["Send Action", "Action Sent"]
        let result = try kinetype(["render"] + texts + ["--effect", "wave", "--fps", "30", "-o", dir.path + "/a.svg"])
        #expect(result.status == 0, "\(result)")
        let svg = try #require(dir.text("a.svg"))
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(svg.contains("<title>Action Sent</title>"))
        #expect(svg.contains("@keyframes"))
        // The same frames as `kinetype frames` with the same options.
        let frames = try JSONValue(parsing: kinetype(["frames"] + texts + ["--effect", "wave", "--fps", "30", "--json"]).standardOutput)
        let count = try #require(frames["frames"]?.arrayValue?.count)
        #expect(result.standardOutput.contains("(\(count) frames"))
        // Byte for byte the same on a second run.
        #expect(try kinetype(["render"] + texts + ["--effect", "wave", "--fps", "30", "-o", dir.path + "/b.svg"]).status == 0)
        #expect(dir.read("a.svg") == dir.read("b.svg"))
    }

    @Test func rendersAPNGOfTheRequestedSize() throws {
        let dir = try TemporaryDirectory(prefix: "kinetype-render")
        defer { dir.remove() }
        let result = try kinetype([
            "render", "99", "100", "--mode", "numeric", "--effect", "rolling", "--width", "320", "--height", "120",
            "--background", "#000", "--color", "white", "--at", "0.1", "--output", dir.path + "/c.png",
        ])
        #expect(result.status == 0, "\(result)")
        let png = try #require(dir.read("c.png"))
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(uint32(png, 16) == 320 && uint32(png, 20) == 120)
    }

    @Test func rendersAPageWithReplayAndTheEscapedCommand() throws {
        let dir = try TemporaryDirectory(prefix: "kinetype-render")
        defer { dir.remove() }
        let result = try kinetype(["render", "Tom & 'Jerry'", "<b>", "--loop", "-o", dir.path + "/p.html"])
        #expect(result.status == 0, "\(result)")
        let html = try #require(dir.text("p.html"))
        #expect(html.contains("<button type=\"button\" id=\"replay\">Replay</button>"))
        #expect(html.contains("<title>Tom &amp; &#39;Jerry&#39; → &lt;b&gt;</title>"))
        #expect(html.contains("$ kinetype render &#39;Tom &amp; &#39;\\&#39;&#39;Jerry&#39;\\&#39;&#39;&#39; &#39;&lt;b&gt;&#39; --loop -o "))
        #expect(html.contains("animation-iteration-count:infinite"))
        #expect(!html.contains("<b>"))
    }

    @Test func writesANumberedFrameSequence() throws {
        let dir = try TemporaryDirectory(prefix: "kinetype-render")
        defer { dir.remove() }
        let result = try kinetype(["render", "ab", "ba", "--fps", "10", "--width", "60", "--frames", dir.path + "/seq"])
        #expect(result.status == 0, "\(result)")
        let files = dir.list("seq")
        #expect(!files.isEmpty)
        #expect(files == (1...files.count).map { "frame_" + String(repeating: "0", count: 5 - String($0).count) + "\($0).png" })
        #expect(result.standardOutput.contains("wrote \(files.count) frames"))
    }

    @Test(arguments: [
        (["render", "a", "b", "--effect", "nope", "-o", "/tmp/x.svg"], "expected one of dance, minimal"),
        (["render", "a", "b", "--font", "/no/such/font.ttf", "-o", "/tmp/x.svg"], "/no/such/font.ttf"),
        (["render", "a", "b", "-o", "/tmp/x.gift"], ".svg, .png, .html, .gif, .webp, .json, .mp4, .webm, .mov (or pass --format) (did you mean '.gif'?)"),
        (["render", "a", "b"], "missing -o"),
        (["render", "a", "b", "-o"], "missing value for -o"),
        (["render", "a", "b", "--color", "chartreuse", "-o", "/tmp/x.svg"], "--color"),
        (["render", "a", "b", "--width", "0", "-o", "/tmp/x.png"], "--width"),
        (["render", "a", "b", "--at", "-1", "-o", "/tmp/x.png"], "--at"),
        (["render", "a", "b", "--at", "1", "-o", "/tmp/x.html"], "--at"),
    ])
    func badArgumentsExitWithTwo(arguments: [String], mentions: String) throws {
        let result = try kinetype(arguments)
        #expect(result.status == 2, "\(result)")
        #expect(result.standardError.hasPrefix("kinetype: "))
        #expect(result.standardError.contains(mentions), "\(result.standardError)")
        #expect(result.standardError.split(separator: "\n").count == 1)
    }

    @Test func aLongLineWrapsInsteadOfFailing() throws {
        // Once "a 418939×70 canvas is too large"; now it wraps at 1600 points.
        let dir = try TemporaryDirectory(prefix: "kinetype-render")
        defer { dir.remove() }
        let long = String(repeating: "Kinetic type ", count: 60)
        let result = try kinetype(["render", long, "-o", dir.path + "/long.png"])
        #expect(result.status == 0, "\(result)")
        let png = try #require(dir.read("long.png"))
        let width = uint32(png, 16), height = uint32(png, 20)
        #expect(width <= 1_600 + 64 && width >= 1_000, "\(width)×\(height)")
        #expect(height > 5 * 37)
    }

    @Test func unwritableOutputExitsWithOne() throws {
        let result = try kinetype(["render", "a", "b", "-o", "/nonexistent-dir/x.svg"])
        #expect(result.status == 1)
        #expect(result.standardError.contains("cannot write \"/nonexistent-dir/x.svg\""))
    }

    @Test func demoWritesTheShowcaseDeterministically() throws {
        let dir = try TemporaryDirectory(prefix: "kinetype-render")
        defer { dir.remove() }
        let first = try kinetype(["demo", "-o", dir.path + "/one"])
        #expect(first.status == 0, "\(first)")
        let files = dir.list("one")
        for name in ["index.html", "send-action.svg", "send-action.html", "counter.svg", "japanese.svg", "dance.svg",
                     "effects-wave.svg", "effects-mist.svg", "effects-sparkle.svg", "effects-write.svg", "write-hello.svg",
                     "write-hello.png", "write-path.svg", "showcase.gif", "showcase.webp", "showcase.json",
                     "title-tiles.svg", "title-tiles.html", "menu.svg", "menu.html", "play-pause.svg", "checkbox.svg"] {
            #expect(files.contains(name), "\(name) missing")
        }
        let index = try #require(dir.text("one/index.html"))
        for svg in files where svg.hasSuffix(".svg") { #expect(index.contains("src=\"\(svg)\"")) }
        #expect(index.contains("kinetype render 99 100 1,000 --mode numeric --align trailing --effect rolling --interval 1 --loop"))
        #expect(index.contains("kinetype render LETTER --effect dance --tiles --hold 2"))
        #expect(index.contains("kinetype render --scene menu --toggle 0,0.6,0.9"))
        #expect(index.contains("kinetype render --scene play --toggle"))
        #expect(index.contains("kinetype render --scene check --toggle"))
        #expect(first.standardOutput.contains("Open \(dir.path)/one/index.html"))
        // Not a terminal: stills instead of playback, no escape codes.
        #expect(first.standardOutput.contains("t = 0 s"))
        #expect(!first.standardOutput.contains("\u{1B}"))
        // Every file the same on a second run.
        #expect(try kinetype(["demo", "--out", dir.path + "/two", "--no-preview"]).status == 0)
        #expect(dir.list("two") == files)
        for name in files { #expect(dir.read("one/" + name) == dir.read("two/" + name), "\(name) differs") }
        // The dancing title loops its tail forever; the Japanese text is drawn (IPAGothic fallback).
        #expect(dir.text("one/dance.svg")?.contains("animation-iteration-count:1,infinite") == true)
        #expect(dir.text("one/japanese.svg")?.contains("<path id=\"kg") == true)
    }
}
