import Testing
import TestSupport

@Suite("kinetype help")
struct HelpTests {
    @Test(arguments: [["--help"], ["-h"], ["help"], []])
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
        #expect(result.standardOutput.hasPrefix("Usage: kinetype diff OLD NEW [options]\n"))
        for option in ["--mode", "--decimal SEP", "--json", "-h, --help"] {
            #expect(result.standardOutput.contains(option))
        }
    }

    @Test(arguments: ["diff", "spring", "plan", "frames", "effects", "scenes", "render", "play", "demo", "completions", "pens"])
    func helpIsShortAndGrouped(command: String) throws {
        let result = try ProcessRunner.runProduct("kinetype", [command, "--help"])
        #expect(result.status == 0)
        let lines = result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
        // A usage line a person can read, and nothing wider than a 100-column terminal.
        #expect(lines[0].count <= 80, "\(lines[0])")
        for line in lines { #expect(line.count <= 100, "\(command): \(line)") }
        // Options sit under headings, in a fixed order, each listed once.
        let order = ["Arguments:", "Input:", "Text and layout:", "Motion:", "Output:", "Options:"]
        let headings = lines.map(String.init).filter(order.contains)
        #expect(headings == order.filter(headings.contains), "\(headings)")
        // Every line after the first heading is a heading, an option (indented) or a blank.
        let first = try #require(lines.firstIndex { order.contains(String($0)) })
        for line in lines[first...] where !line.isEmpty && !order.contains(String(line)) {
            #expect(line.hasPrefix("  "), "\(command): \(line)")
        }
        #expect(headings.last == "Options:" && result.standardOutput.contains("  -h, --help"))
    }

    @Test func renderHelpGroupsItsOptions() throws {
        let help = try ProcessRunner.runProduct("kinetype", ["render", "--help"]).standardOutput
        #expect(help.hasPrefix("Usage: kinetype render [TEXT...] [-o FILE] [options]\n"))
        // The lines under a heading, up to the blank line that ends them.
        func section(_ title: String) -> String {
            let lines = help.split(separator: "\n", omittingEmptySubsequences: false)
            guard let start = lines.firstIndex(where: { $0 == title + ":" }) else { return "" }
            return lines[(start + 1)...].prefix { !$0.isEmpty }.joined(separator: "\n")
        }
        #expect(section("Motion").contains("--effect-file PATH") && section("Motion").contains("--spring M,K,C"))
        #expect(section("Output").contains("-o, --output FILE") && section("Output").contains("--background C"))
        #expect(section("Text and layout").contains("--font FAMILY|PATH"))
        #expect(section("Input").contains("--text-file PATH"))
    }

    @Test(arguments: [
        (["frobnicate"], "unknown command 'frobnicate'"), (["--verbose"], "unknown option '--verbose'"),
        (["help", "nope"], "unknown command 'nope'"),
    ])
    func toolErrorsExitWithTwo(arguments: [String], message: String) throws {
        let result = try ProcessRunner.runProduct("kinetype", arguments)
        #expect(result.status == 2)
        #expect(result.standardError.hasPrefix("kinetype: ") && result.standardError.contains(message))
    }
}
