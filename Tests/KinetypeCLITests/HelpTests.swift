import Testing
import TestSupport

@Suite("kinetype help")
struct HelpTests {
    @Test(arguments: [["--help"], ["-h"], ["help"]])
    func toolHelpListsCommands(arguments: [String]) throws {
        let result = try ProcessRunner.runProduct("kinetype", arguments)
        #expect(result.status == 0)
        #expect(result.standardOutput.hasPrefix("Usage: kinetype COMMAND"))
        #expect(result.standardOutput.contains("\n  diff  "))
        #expect(result.standardError.isEmpty)
    }

    @Test(arguments: [["diff", "--help"], ["diff", "-h"], ["help", "diff"], ["diff", "a", "--help"]])
    func commandHelpShowsUsageAndOptions(arguments: [String]) throws {
        let result = try ProcessRunner.runProduct("kinetype", arguments)
        #expect(result.status == 0)
        #expect(result.standardOutput.hasPrefix("Usage: kinetype diff OLD NEW [--mode morph|replace|numeric] [--decimal SEP] [--json]"))
        for option in ["--mode", "--decimal SEP", "--json", "-h, --help"] {
            #expect(result.standardOutput.contains(option))
        }
    }

    @Test(arguments: [
        ([], "missing command"), (["frobnicate"], "unknown command 'frobnicate'"), (["--verbose"], "unknown option '--verbose'"),
        (["help", "nope"], "unknown command 'nope'"),
    ])
    func toolErrorsExitWithTwo(arguments: [String], message: String) throws {
        let result = try ProcessRunner.runProduct("kinetype", arguments)
        #expect(result.status == 2)
        #expect(result.standardError.hasPrefix("kinetype: ") && result.standardError.contains(message))
    }
}
