import Testing

@testable import KinetypeCLI

@Suite("Argument parser")
struct ArgumentParserTests {
    let options: [OptionSpec] = [
        .value("mode", placeholder: "M", help: ""), .value("fps", placeholder: "N", help: ""), .flag("json", help: ""),
    ]
    let positionals = [PositionalSpec(name: "TEXT", arity: .oneOrMore, help: "")]

    func parse(_ arguments: [String]) throws(CommandLineError) -> ParsedArguments {
        try ArgumentParser.parse(arguments, command: "frames", options: options, positionals: positionals)
    }

    @Test func valuesFlagsAndPositionals() throws {
        let parsed = try parse(["a", "--mode", "replace", "-5", "--json", "--fps=30", "b", "--fps", "60"])
        #expect(parsed.positionals == ["a", "-5", "b"])
        #expect(parsed.value("mode") == "replace")
        #expect(parsed.values["fps"] == ["30", "60"] && parsed.value("fps") == "60")
        #expect(parsed.flag("json") && !parsed.wantsHelp)
        #expect(try parsed.value("fps", expected: "an integer") { Int($0) } == 60)
    }

    @Test func doubleDashAndEmptyValues() throws {
        let parsed = try parse(["--mode=", "--", "--json", "-h"])
        #expect(parsed.value("mode") == "")
        #expect(parsed.positionals == ["--json", "-h"])
        #expect(!parsed.flag("json"))
    }

    @Test func errorsAreUsageErrors() {
        #expect(throws: CommandLineError.unknownOption("--nope", command: "frames")) { try parse(["a", "--nope"]) }
        #expect(throws: CommandLineError.usage("missing argument TEXT (see 'kinetype frames --help')")) { try parse([]) }
        #expect(throws: CommandLineError.usage("--json does not take a value")) { try parse(["a", "--json=1"]) }
        #expect(throws: CommandLineError.invalidValue("x", option: "fps", expected: "an integer")) {
            try parse(["a", "--fps", "x"]).value("fps", expected: "an integer") { Int($0) }
        }
        #expect(CommandLineError.usage("x").exitCode == 2 && CommandLineError.failure("x").exitCode == 1)
    }

    @Test func helpSkipsPositionalChecks() throws {
        #expect(try parse(["--help"]).wantsHelp)
    }
}

@Suite("Argument parser: short forms, aliases, texts")
struct ArgumentParserShortFormTests {
    let options: [OptionSpec] = [
        .value("output", short: "o", placeholder: "FILE", help: ""),
        .value("style", placeholder: "PRESET", aliases: ["preset"], help: ""),
        .flag("json", help: ""),
        OptionSpec(name: "text-file", kind: .textFile, help: ""),
        OptionSpec(name: "to-file", kind: .finalTextFile, help: ""),
    ]
    let positionals = [PositionalSpec(name: "TEXT", arity: .oneOrMore, help: "")]

    func parse(_ arguments: [String]) throws(CommandLineError) -> ParsedArguments {
        try ArgumentParser.parse(arguments, command: "render", options: options, positionals: positionals)
    }

    @Test func shortFormsTakeTheNextArgumentOrAGluedValue() throws {
        #expect(try parse(["a", "-o", "x.svg"]).value("output") == "x.svg")
        #expect(try parse(["a", "-ox.svg"]).value("output") == "x.svg")
        #expect(try parse(["a", "-o=x.svg"]).value("output") == "x.svg")
        #expect(try parse(["a", "-o", "1.svg", "--output", "2.svg", "-o3.svg"]).values["output"] == ["1.svg", "2.svg", "3.svg"])
    }

    @Test func aliasesCountAsTheirOption() throws {
        let parsed = try parse(["a", "--style", "smooth", "--preset", "bouncy"])
        #expect(parsed.value("style") == "bouncy" && parsed.values["preset"] == nil)
    }

    @Test func textsKeepTheirOrderAcrossSources() throws {
        let parsed = try parse(["a", "--text-file", "f.txt", "-", "-5", "--json"])
        #expect(parsed.inputs == [.literal("a"), .file("f.txt"), .standardInput, .literal("-5")])
        #expect(parsed.positionals == ["a", "-", "-5"])
        // After "--", "-" is the text "-".
        #expect(try parse(["--", "-"]).inputs == [.literal("-")])
    }

    @Test func theToFileIsTheLastTextWhereverItStands() throws {
        let parsed = try parse(["--to-file", "new.txt", "a", "--text-file", "f.txt", "b"])
        #expect(parsed.inputs == [.literal("a"), .file("f.txt"), .literal("b"), .file("new.txt")])
        // Given twice, the last wins.
        #expect(try parse(["a", "--to-file", "x", "--to-file", "y"]).inputs == [.literal("a"), .file("y")])
    }

    @Test(arguments: ["-5", "-0.5", "-.5", "-1e3", "-1,000"])
    func negativeNumbersAreTexts(text: String) {
        #expect(ArgumentParser.looksNumeric(text))
    }

    @Test(arguments: ["-x", "-e", "-", "--5", "-.x"])
    func otherDashWordsAreNot(text: String) {
        #expect(!ArgumentParser.looksNumeric(text))
    }

    @Test func unknownShortOptionsAndLongNamesWithOneDashAreErrors() {
        #expect(throws: CommandLineError.unknownOption("-x", command: "render", hint: "short options here: -o, -h")) {
            try parse(["a", "-x"])
        }
        #expect(throws: CommandLineError.unknownOption("-output", command: "render", hint: "did you mean '--output'?")) {
            try parse(["a", "-output", "x.svg"])
        }
    }

    @Test(arguments: [("sise", ["size", "seed"], "size"), ("wav", ["wave", "mist"], "wave"), ("zhs", ["bash", "zsh"], "zsh"),
                      ("xyzzy", ["wave", "mist"], nil)] as [(String, [String], String?)])
    func nearestNames(word: String, candidates: [String], expected: String?) {
        #expect(NearestName.find(word, among: candidates) == expected)
    }
}
