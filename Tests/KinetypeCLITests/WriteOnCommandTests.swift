import Testing
import TestSupport

private func kinetype(_ arguments: [String]) throws -> ProcessResult {
    try ProcessRunner.runProduct("kinetype", arguments)
}

/// Big-endian 32-bit number at an offset.
private func uint32(_ bytes: [UInt8], _ offset: Int) -> Int {
    bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
}

private let rainbow = "black,green,yellow,orange,red,pink,purple,blue,black"

@Suite("kinetype render: write-on and --path")
struct WriteOnCommandTests {
    @Test func writesHelloWithAGradientPen() throws {
        let dir = try TemporaryDirectory(prefix: "kinetype-write")
        defer { dir.remove() }
        let result = try kinetype([
            "render", "hello", "--effect", "write", "--stroke-width", "10", "--gradient", rainbow, "--background", "black",
            "-o", dir.path + "/hello.svg",
        ])
        #expect(result.status == 0, "\(result)")
        let svg = try #require(dir.text("hello.svg"))
        #expect(svg.contains("<desc>Kinetype: “” → “hello”</desc>"), "the text is written from nothing")
        #expect(svg.contains("<linearGradient id=\"kink\" gradientUnits=\"userSpaceOnUse\""))
        #expect(svg.contains("<stop offset=\"0.5\" stop-color=\"#ff0000\"/>"))
        #expect(svg.contains("<stop offset=\"0.625\" stop-color=\"#ffc0cb\"/>"))
        #expect(svg.contains("stroke-width=\"10\" stroke-linecap=\"round\" stroke-linejoin=\"round\" stroke-dasharray=\"1 2\""))
        #expect(svg.contains("pathLength=\"1\""))
        #expect(svg.contains("@keyframes ks0c0{0%{stroke-dashoffset:1}"))
        // A still halfway, as a PNG; the canvas widened for the pen's 5-point reach stays within the padding.
        let still = try kinetype([
            "render", "hello", "--effect", "write", "--stroke-width", "10", "--gradient", rainbow, "--background", "black",
            "--at", "1.5", "-o", dir.path + "/hello.png",
        ])
        #expect(still.status == 0, "\(still)")
        #expect(still.standardOutput.contains("t = 1.5 s"))
        let png = try #require(dir.read("hello.png"))
        #expect(Array(png.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
    }

    @Test func framesWriteTheFirstTextFromNothing() throws {
        let json = try JSONValue(parsing: kinetype(["frames", "hello", "--effect", "write", "--fps", "10", "--json"]).standardOutput)
        let frames = try #require(json["frames"]?.arrayValue)
        // 0.6 s a glyph and 0.4 s of fill, on the transition's clock: settled at 3.4 s,
        // the last frame at 10 fps (0…3.4 s).
        #expect(frames.count == 35)
        #expect(abs((frames.last?["t"]?.doubleValue ?? 0) - 3.4) < 1e-9)
        let first = try #require(frames[0]["sprites"]?.arrayValue)
        #expect(first.count == 5 && first.allSatisfy { $0["strokeEnd"]?.doubleValue == 0 && $0["fill"]?.doubleValue == 0 })
        let halfway = try #require(frames[3]["sprites"]?.arrayValue)  // t = 0.3: "h" half written
        let h = try #require(halfway.first { $0["symbol"]?.stringValue == "h" })
        #expect(abs((h["strokeEnd"]?.doubleValue ?? 0) - 0.5) < 1e-3)
        let last = try #require(frames.last?["sprites"]?.arrayValue)
        #expect(last.allSatisfy { $0["strokeEnd"]?.doubleValue == 1 && $0["fill"]?.doubleValue == 1 })
        let outlines = try JSONValue(parsing: kinetype(["frames", "hi", "-e", "write", "--no-fill", "--json"]).standardOutput)
        let end = try #require(outlines["frames"]?.arrayValue?.last?["sprites"]?.arrayValue)
        #expect(end.allSatisfy { $0["fill"]?.doubleValue == 0 })
    }

    @Test func writesAPathGivenAsDataOrInAFile() throws {
        let dir = try TemporaryDirectory(prefix: "kinetype-write")
        defer { dir.remove() }
        let data = "M10 80 C 40 10, 65 10, 95 80 S 150 150, 180 80"
        let direct = try kinetype(["render", "--path", data, "--stroke-width", "6", "--fps", "30", "-o", dir.path + "/a.svg"])
        #expect(direct.status == 0, "\(direct)")
        #expect(direct.standardOutput.contains("(91 frames, 3 s)"))
        let svg = try #require(dir.text("a.svg"))
        #expect(svg.contains("<title>A written path</title>"))
        #expect(svg.contains("pathLength=\"1\"") && svg.contains("stroke-width=\"6\""))
        // The same data in a file, and in an SVG document's first <path>.
        let plain = try dir.write(Array((data + "\n").utf8), to: "hello.path")
        let document = try dir.write(
            Array("<svg xmlns=\"http://www.w3.org/2000/svg\"><path fill=\"none\" d='\(data)'/></svg>".utf8), to: "hello.svg")
        for (file, name) in [(plain, "b.svg"), (document, "c.svg")] {
            let result = try kinetype(["render", "--path", file, "--stroke-width", "6", "--fps", "30", "-o", dir.path + "/" + name])
            #expect(result.status == 0, "\(result)")
            #expect(dir.read(name) == dir.read("a.svg"), "\(file)")
        }
        // --duration sets the pen's time; --at a still.
        let slow = try kinetype(["render", "--path", data, "--duration", "5", "--fps", "10", "-o", dir.path + "/slow.svg"])
        #expect(slow.standardOutput.contains("(51 frames, 5 s)"))
        let still = try kinetype(["render", "--path", data, "--at", "1", "--width", "200", "-o", dir.path + "/still.png"])
        #expect(still.status == 0, "\(still)")
        #expect(uint32(try #require(dir.read("still.png")), 16) == 200)
    }

    @Test(arguments: [
        (["render", "--path", "M 10,10 L 2x", "-o", "/tmp/x.svg"], "--path: path data: expected a number at offset 11 (\"M 10,10 L 2x\")"),
        (["render", "--path", "M0 0 L 5 5 \u{1B}[31m", "-o", "/tmp/x.svg"],
         "--path: path data: expected a command (M L H V C S Q T A Z, or lower case) at offset 11 (\"M0 0 L 5 5 \\u{1B}…\")"),
        (["render", "--path", "M0 0 M 5 5", "-o", "/tmp/x.svg"], "the path has no length"),
        (["render", "hello", "--path", "M0 0 L 5 5", "-o", "/tmp/x.svg"], "give no TEXT with it"),
        (["render", "--path", "M0 0 L 5 5", "--effect", "wave", "-o", "/tmp/x.svg"], "--effect applies to texts"),
        (["render", "hello", "--duration", "61", "-o", "/tmp/x.svg"], "invalid value '61' for --duration"),
        (["render", "--path", "M0 0 L 5 5", "--speed", "2", "-o", "/tmp/x.svg"], "--speed applies to texts"),
        (["render", "--path", "M0 0 L 5 5", "--duration", "0", "-o", "/tmp/x.svg"], "invalid value '0' for --duration: expected a number of seconds in (0, 3600]"),
        (["render", "-o", "/tmp/x.svg"], "missing argument TEXT"),
        (["render", "hello", "--gradient", "red,nope", "-o", "/tmp/x.svg"], "colour 2, 'nope', is not one"),
        (["render", "hello", "--gradient", "red,,blue", "-o", "/tmp/x.svg"], "colour 2, '', is not one"),
        (["render", "hello", "--gradient", String(repeating: "red,", count: 64) + "red", "-o", "/tmp/x.svg"], "at most 64 comma-separated colours (65 given)"),
        (["render", "hello", "--stroke-width", "0", "-o", "/tmp/x.svg"], "invalid value '0' for --stroke-width: expected a number of points in (0, 1000]"),
        (["render", "hello", "--stroke-width", "nan", "-o", "/tmp/x.svg"], "--stroke-width"),
        (["render", "hello", "--no-fill", "-o", "/tmp/x.svg"], "--no-fill applies to the write effect"),
        (["frames", "hello", "-e", "wave", "--no-fill"], "--no-fill applies to the write effect"),
    ])
    func badWriteOnArgumentsExitWithTwo(arguments: [String], message: String) throws {
        let result = try kinetype(arguments)
        #expect(result.status == 2, "\(result)")
        #expect(result.standardError.hasPrefix("kinetype: "))
        #expect(result.standardError.contains(message), "\(result.standardError)")
        #expect(!result.standardError.contains("\u{1B}"))
        #expect(result.standardError.split(separator: "\n").count == 1)
    }

    @Test func pathFilesThatCannotBeReadAreNamed() throws {
        let dir = try TemporaryDirectory(prefix: "kinetype-write")
        defer { dir.remove() }
        let missing = try kinetype(["render", "--path", dir.path + "/none.svg", "-o", dir.path + "/x.svg"])
        #expect(missing.status == 1)
        #expect(missing.standardError.contains("cannot read '\(dir.path)/none.svg'"))
        let bad = try dir.write(Array("<svg><path d=\"M 0 0 L 1 x\"/></svg>".utf8), to: "bad.svg")
        let result = try kinetype(["render", "--path", bad, "-o", dir.path + "/x.svg"])
        #expect(result.status == 2)
        #expect(result.standardError.contains("--path '\(bad)' (its first <path>'s d attribute): path data: expected a number at offset 10"))
    }

    @Test func helpAndCompletionsKnowTheNewOptions() throws {
        let help = try kinetype(["render", "--help"]).standardOutput
        #expect(help.hasPrefix("Usage: kinetype render [TEXT...]"))
        for option in ["--stroke-width PT", "--gradient C1,C2,…", "--path FILE|DATA", "--duration S", "--no-fill", "Write-on:"] {
            #expect(help.contains(option), "\(option)")
        }
        for shell in ["bash", "zsh", "fish"] {
            let script = try kinetype(["completions", shell]).standardOutput
            for option in ["stroke-width", "gradient", "path", "duration", "no-fill"] { #expect(script.contains(option), "\(shell): \(option)") }
            #expect(script.contains("write"), "\(shell): the write effect")
        }
    }
}
