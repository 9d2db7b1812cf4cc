import Testing
import TestSupport

private func kinetype(_ arguments: [String]) throws -> ProcessResult {
    try ProcessRunner.runProduct("kinetype", arguments)
}

/// What the command line does without being told: readable colours, a held
/// last frame, springs of one's own, output a person can read, notes.
@Suite("kinetype defaults")
struct DefaultsTests {
    @Test func aDarkBackgroundGetsLightText() throws {
        let dark = try kinetype(["render", "Hi", "--background", "black", "--at", "0", "-o", "/dev/stdout", "--format", "svg"])
        #expect(dark.status == 0 && dark.standardError.isEmpty, "\(dark)")
        #expect(dark.standardOutput.contains("#f4f4f2") && !dark.standardOutput.contains("#1c1c1f"))
        let light = try kinetype(["render", "Hi", "--background", "#ffe", "--at", "0", "-o", "/dev/stdout", "--format", "svg"])
        #expect(light.standardOutput.contains("#1c1c1f"))
    }

    @Test func unreadableColoursAreAWarningNotAnError() throws {
        let dir = try TemporaryDirectory(prefix: "kinetype-defaults")
        defer { dir.remove() }
        let result = try kinetype(["render", "Hi", "--background", "black", "--color", "#222", "-o", dir.path + "/a.png"])
        #expect(result.status == 0)
        #expect(result.standardError.hasPrefix("warning: --color #222 on --background black has a contrast of 1.3:1"), "\(result.standardError)")
        let fine = try kinetype(["render", "Hi", "--background", "black", "--color", "yellow", "-o", dir.path + "/b.png"])
        #expect(fine.standardError.isEmpty)
    }

    @Test(arguments: ["gif", "webp"])
    func animatedImagesHoldTheLastTextASecond(format: String) throws {
        let dir = try TemporaryDirectory(prefix: "kinetype-defaults")
        defer { dir.remove() }
        let held = try kinetype(["render", "A", "B", "--fps", "20", "-o", dir.path + "/a." + format])
        let bare = try kinetype(["render", "A", "B", "--fps", "20", "--hold", "0", "-o", dir.path + "/b." + format])
        func seconds(_ r: ProcessResult) -> Double? {
            r.standardOutput.split(separator: " ").dropLast().last.flatMap { Double($0) }
        }
        let a = try #require(seconds(held)), b = try #require(seconds(bare))
        #expect(abs(a - b - 1) < 0.051, "\(held.standardOutput) against \(bare.standardOutput)")
    }

    @Test func anAtPastTheEndSaysSo() throws {
        let dir = try TemporaryDirectory(prefix: "kinetype-defaults")
        defer { dir.remove() }
        let past = try kinetype(["render", "A", "B", "--at", "5", "-o", dir.path + "/a.png"])
        #expect(past.status == 0)
        #expect(past.standardError.hasPrefix("note: --at 5 is past the end of the animation ("), "\(past.standardError)")
        let within = try kinetype(["render", "A", "B", "--at", "0.1", "-o", dir.path + "/b.png"])
        #expect(within.standardError.isEmpty)
    }

    @Test func diffSpeaksOfTheRoles() throws {
        let result = try kinetype(["diff", "Send Action", "Action Sent"])
        #expect(result.standardOutput.contains("morph: 6 persisting, 5 entering, 5 exiting; 91 % changes (ratio 0.91), trend up"))
        #expect(result.standardOutput.contains("(= persisting, - exiting, + entering; the diff's transform, remove, insert)"))
        #expect(!result.standardOutput.contains("0.9090909"))
    }

    @Test func framesNameTheGlyphsInFlightByRole() throws {
        let lines = try kinetype(["frames", "99", "100", "--mode", "numeric", "--fps", "10"]).standardOutput.split(separator: "\n")
        #expect(lines.first == "0.000 s  live 5  exiting \"99\"  entering \"100\"", "\(lines.first ?? "")")
        #expect(lines.contains { $0.hasSuffix("at rest") })
        #expect(lines.allSatisfy { !$0.contains("99100") })
    }

    @Test(arguments: [["plan", "Hi", "Ho", "--json"], ["frames", "Hi", "Ho", "--fps", "10", "--json"], ["play", "Hi", "Ho"]])
    func aSpringOfOnesOwnMovesTheGlyphs(arguments: [String]) throws {
        let custom = try kinetype(arguments + ["--spring", "1,120,8"])
        let preset = try kinetype(arguments)
        #expect(custom.status == 0, "\(custom)")
        #expect(custom.standardOutput != preset.standardOutput)
        if arguments[0] == "plan" {
            let plan = try JSONValue(parsing: custom.standardOutput)
            #expect(plan["style"]?.stringValue == "custom")
            #expect(custom.standardOutput.contains("\"timing\": \"spring(m 1, k 120, c 8)\""))
        }
    }

    @Test(arguments: [
        ("1,120", "three numbers"), ("1,-5,8", "the stiffness in"), ("a,b,c", "the mass in"), ("1,0.01,0.001", "too small"),
    ])
    func badSpringsAreErrors(value: String, words: String) throws {
        let result = try kinetype(["frames", "a", "b", "--spring", value])
        #expect(result.status == 2)
        #expect(result.standardError.contains(words), "\(result.standardError)")
    }

    @Test func springTakesTheSameOption() throws {
        let result = try kinetype(["spring", "--spring", "2,200,10", "--json"])
        let spring = try JSONValue(parsing: result.standardOutput)
        #expect(spring["mass"]?.doubleValue == 2 && spring["stiffness"]?.doubleValue == 200 && spring["damping"]?.doubleValue == 10)
    }
}

/// Numbers roll by default: both texts numbers → numeric mode, trailing alignment, rolling digits.
@Suite("kinetype numbers by default")
struct NumbersByDefaultTests {
    @Test func twoNumbersPlanAsRollingNumericDigits() throws {
        let plain = try kinetype(["plan", "99", "100"])
        #expect(plain.status == 0, "\(plain)")
        #expect(plain.standardOutput.hasPrefix("rolling · snappy · numeric"), "\(plain.standardOutput)")
        // --mode morph opts out of all three; an effect or mode given is kept.
        #expect(try kinetype(["plan", "99", "100", "--mode", "morph"]).standardOutput.hasPrefix("scale · snappy · morph"))
        #expect(try kinetype(["plan", "99", "100", "--effect", "slide"]).standardOutput.hasPrefix("slide · snappy · numeric"))
        #expect(try kinetype(["plan", "Send", "Sent"]).standardOutput.hasPrefix("scale · snappy · morph"))
        #expect(try kinetype(["diff", "9:59", "10:00", "--json"]).standardOutput.contains("\"mode\": \"numeric\""))
        #expect(try kinetype(["diff", "€1.234,56", "€999,00", "--json"]).standardOutput.contains("\"mode\": \"numeric\""))
    }

    @Test func theUnitsStayInTheirColumn() throws {
        let json = try JSONValue(parsing: kinetype(["frames", "99", "100", "--json", "--fps", "30"]).standardOutput)
        let frames = try #require(json["frames"]?.arrayValue)
        func units(_ frame: JSONValue) -> Double? {
            frame["sprites"]?.arrayValue?.filter { $0["opacity"]?.doubleValue == 1 }.compactMap { $0["x"]?.doubleValue }.max()
        }
        // Trailing alignment: the rightmost digit of "99" and of "100" share a column.
        let first = try #require(frames.first.flatMap(units)), last = try #require(frames.last.flatMap(units))
        #expect(abs(first - last) < 0.5)
        let legibility = try #require(json["legibility"])
        #expect(legibility["garbled"]?.intValue == 0 && legibility["doubled"]?.intValue == 0)
    }

    @Test func decimalNeedsNumbersOrNumericMode() throws {
        #expect(try kinetype(["plan", "1,5", "2,5", "--decimal", ","]).status == 0)
        let wrong = try kinetype(["plan", "Send", "Sent", "--decimal", ","])
        #expect(wrong.status != 0 && wrong.standardError.contains("--decimal applies only to numeric mode"))
    }
}
