import Testing

@testable import kinetype

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
