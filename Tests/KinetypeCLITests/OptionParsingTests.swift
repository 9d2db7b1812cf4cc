import Testing
import TestSupport

/// The command line's grammar: short forms, aliases, repeated options,
/// unknown options and the hints that come with errors.
@Suite("kinetype options")
struct OptionParsingTests {
    func kinetype(_ arguments: [String]) throws -> ProcessResult {
        try ProcessRunner.runProduct("kinetype", arguments)
    }

    @Test func shortFormsParseLikeLongOnes() throws {
        let dir = try TemporaryDirectory(prefix: "kinetype-options")
        defer { dir.remove() }
        // The example: "-s 48" was once taken as two more texts.
        let short = try kinetype(["render", "Hello", "World", "-s", "48", "-e", "wave", "-o", dir.path + "/short.svg"])
        let long = try kinetype(["render", "Hello", "World", "--size", "48", "--effect", "wave", "--output", dir.path + "/long.svg"])
        let glued = try kinetype(["render", "Hello", "World", "-s48", "-ewave", "-o" + dir.path + "/glued.svg"])
        #expect(short.status == 0 && long.status == 0 && glued.status == 0, "\(short)\(long)\(glued)")
        let svg = try #require(dir.text("short.svg"))
        #expect(svg == dir.text("long.svg") && svg == dir.text("glued.svg"))
        #expect(svg.contains("<desc>Kinetype: “Hello” → “World”</desc>"))
    }

    @Test func theLastRepeatedOptionWinsWhateverItsSpelling() throws {
        let dir = try TemporaryDirectory(prefix: "kinetype-options")
        defer { dir.remove() }
        #expect(try kinetype(["render", "a", "-o", dir.path + "/first.svg", "--output", dir.path + "/second.svg"]).status == 0)
        #expect(try kinetype(["render", "a", "--output", dir.path + "/third.svg", "-o", dir.path + "/fourth.svg"]).status == 0)
        #expect(dir.list() == ["fourth.svg", "second.svg"])
        // --preset is --style under its older name: the later of the two counts.
        let bouncy = try JSONValue(parsing: kinetype(["spring", "--preset", "smooth", "--style", "bouncy", "--json"]).standardOutput)
        let smooth = try JSONValue(parsing: kinetype(["spring", "--style", "bouncy", "--preset", "smooth", "--json"]).standardOutput)
        #expect(bouncy["stiffness"]?.doubleValue == 300 && smooth["stiffness"]?.doubleValue == 170)
    }

    @Test(arguments: [
        (["render", "a", "-x", "-o", "/tmp/x.svg"], "unknown option '-x' for 'render'"),
        (["frames", "a", "-q"], "unknown option '-q' for 'frames'"),
        (["render", "a", "-output", "x.svg"], "did you mean '--output'?"),
        (["frames", "a", "--sise", "3"], "did you mean '--size'?"),
        (["frames", "a", "--effect", "wav"], "did you mean 'wave'?"),
        (["frames", "a", "--style", "bouncey"], "did you mean 'bouncy'?"),
        (["frames", "a", "--mode", "numric"], "did you mean 'numeric'?"),
        (["frames", "a", "--align", "centre"], "did you mean 'center'?"),
        (["framse", "a"], "did you mean 'frames'?"),
        (["completions", "zhs"], "did you mean 'zsh'?"),
        (["--verison"], "did you mean '--version'?"),
    ])
    func unknownNamesAreErrorsWithTheNearestName(arguments: [String], message: String) throws {
        let result = try kinetype(arguments)
        #expect(result.status == 2, "\(result)")
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.hasPrefix("kinetype: ") && result.standardError.contains(message), "\(result.standardError)")
        #expect(result.standardError.split(separator: "\n").count == 1)
    }

    @Test func negativeNumbersAndADashStayTexts() throws {
        let json = try JSONValue(parsing: kinetype(["diff", "-5", "-12.5", "--mode", "numeric", "--json"]).standardOutput)
        #expect(json["old"]?.arrayValue?.count == 2 && json["new"]?.arrayValue?.count == 5)
        let dashed = try JSONValue(parsing: kinetype(["diff", "--json", "--", "-x", "--y"]).standardOutput)
        #expect(dashed["old"]?.arrayValue?.compactMap(\.stringValue) == ["-", "x"])
    }

    @Test func versionIsPrinted() throws {
        let result = try kinetype(["--version"])
        #expect(result.status == 0)
        let parts = result.standardOutput.split(separator: " ")
        #expect(parts.first == "kinetype")
        // Semantic: three whole numbers.
        let numbers = parts.last?.trimmingCharacters(in: "\n").split(separator: ".").compactMap { Int($0) }
        #expect(numbers?.count == 3)
    }

    @Test func outputIsSpelledTheSameEverywhere() throws {
        for command in ["render", "demo"] {
            let help = try kinetype([command, "--help"]).standardOutput
            #expect(help.contains("-o, --output"), "\(command)")
        }
        for command in ["spring", "plan", "frames", "render", "play"] {
            let help = try kinetype([command, "--help"]).standardOutput
            #expect(help.contains("--style PRESET") && help.contains("(also --preset)"), "\(command)")
        }
        for command in ["frames", "render", "play", "plan"] {
            let help = try kinetype([command, "--help"]).standardOutput
            for option in ["-e, --effect", "-s, --size", "--align", "--wrap", "--text-file"] {
                #expect(help.contains(option), "\(command) lacks \(option)")
            }
        }
        for command in ["frames", "render", "play"] {
            #expect(try kinetype([command, "--help"]).standardOutput.contains("--hold S"), "\(command)")
        }
    }

    @Test(arguments: ["bash", "zsh", "fish"])
    func completionsNameEveryCommandAndOption(shell: String) throws {
        let result = try kinetype(["completions", shell])
        #expect(result.status == 0)
        let script = result.standardOutput
        for word in ["diff", "spring", "plan", "frames", "render", "play", "demo", "completions", "effects", "scenes"] {
            #expect(script.contains(word), "\(shell): \(word)")
        }
        for option in ["output", "effect", "style", "text-file", "loop-count", "align", "tracking", "tiles", "scene", "toggle"] {
            #expect(script.contains(option), "\(shell): \(option)")
        }
        // Value completion from the registry, and the scenes.
        #expect(script.contains("sparkle") && script.contains("bouncy") && script.contains("trailing"))
        #expect(script.contains("menu play check"), "\(shell)")
    }

    @Test func bashCompletionScriptIsValidBash() throws {
        let dir = try TemporaryDirectory(prefix: "kinetype-options")
        defer { dir.remove() }
        let path = try dir.write(Array(try kinetype(["completions", "bash"]).standardOutput.utf8), to: "kinetype.bash")
        // Sourcing it defines the function and registers it; a word list comes back for "render --st".
        let check = try ProcessRunner.run("/bin/bash", [
            "-c", "source \(path) && COMP_WORDS=(kinetype render --effect wa) COMP_CWORD=3 && _kinetype && echo \"${COMPREPLY[*]}\"",
        ])
        #expect(check.status == 0, "\(check)")
        #expect(check.standardOutput == "wave\n")
    }
}

extension Substring {
    fileprivate func trimmingCharacters(in set: Character) -> Substring {
        var s = self
        while s.last == set { s.removeLast() }
        return s
    }
}
