import Testing
import TestSupport

@Suite("kinetype diff")
struct DiffCommandTests {
    func diff(_ arguments: String...) throws -> ProcessResult {
        try ProcessRunner.runProduct("kinetype", ["diff"] + arguments)
    }

    @Test func jsonFollowsTheContract() throws {
        let result = try diff("Send Action", "Action Sent", "--json")
        #expect(result.status == 0)
        #expect(result.standardError.isEmpty)
        let json = try JSONValue(parsing: result.standardOutput)
        #expect(json.keys == ["mode", "changeRatio", "trend", "old", "new", "mutations"])
        #expect(json["mode"] == .string("morph"))
        #expect(json["changeRatio"]?.doubleValue == 10.0 / 11)
        #expect(json["trend"] == .number(1))
        #expect(json["old"]?.arrayValue?.compactMap(\.stringValue) == Array("Send Action").map(String.init))
        let mutations = try #require(json["mutations"]?.arrayValue)
        #expect(mutations.count == 16)
        #expect(mutations.allSatisfy { $0.keys == ["action", "from", "to", "symbol", "priority"] })
        let first = mutations[0]
        #expect(first["action"] == .string("transform"))
        #expect(first["from"]?.intValue == 5 && first["to"]?.intValue == 0)
        #expect(first["symbol"] == .string("A") && first["priority"] == .number(0))
        let removes = mutations.filter { $0["action"] == .string("remove") }
        #expect(removes.map { $0["from"]?.intValue } == [0, 1, 2, 3, 4])
        #expect(removes.allSatisfy { $0["to"]?.isNull == true })
        let inserts = mutations.filter { $0["action"] == .string("insert") }
        #expect(inserts.compactMap { $0["symbol"]?.stringValue }.joined() == " Sent")
        #expect(inserts.allSatisfy { $0["from"]?.isNull == true })
    }

    @Test func outputIsByteIdenticalAcrossRuns() throws {
        let first = try diff("hello world", "world hello", "--json")
        let second = try diff("hello world", "world hello", "--json")
        #expect(first.standardOutput == second.standardOutput)
    }

    @Test func numericModeAndSeparator() throws {
        let price = try JSONValue(parsing: diff("$9.99", "$10.49", "--mode", "numeric", "--json").standardOutput)
        #expect(price["mode"] == .string("numeric"))
        let kept = price["mutations"]?.arrayValue?.filter { $0["action"] == .string("transform") }
        #expect(kept?.compactMap { $0["symbol"]?.stringValue } == ["$", ".", "9"])

        let german = try JSONValue(parsing: diff("1.234,56", "1.234,5", "--mode=numeric", "--decimal", ",", "--json").standardOutput)
        #expect(german["trend"] == .number(-1))
        let negative = try JSONValue(parsing: diff("-5", "-3", "--mode", "numeric", "--json").standardOutput)
        #expect(negative["trend"] == .number(1))
    }

    @Test func glyphsAreGraphemeClustersAndEscapedInJSON() throws {
        let result = try diff("👨‍👩‍👧\tcafe\u{301}", "\"quoted\"\n\u{1B}é", "--json")
        #expect(result.status == 0)
        let json = try JSONValue(parsing: result.standardOutput)
        #expect(json["old"]?.arrayValue?.compactMap(\.stringValue) == ["👨‍👩‍👧", "\t", "c", "a", "f", "e\u{301}"])
        #expect(json["new"]?.arrayValue?.count == 11)
        // Control characters are escaped; non-ASCII stays UTF-8.
        #expect(result.standardOutput.contains(#""\u001b""#))
        #expect(result.standardOutput.contains(#""\t""#) && result.standardOutput.contains(#""\"""#))
        #expect(result.standardOutput.contains("\"👨‍👩‍👧\""))
        #expect(!result.standardOutput.unicodeScalars.contains("\u{1B}"))
    }

    @Test func readableViewMarksEveryGlyph() throws {
        let result = try diff("Send Action", "Action Sent")
        #expect(result.status == 0)
        let lines = result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[0] == "old  Send Action")
        #expect(lines[1] == "     -----======")
        #expect(lines[2] == "new  Action Sent")
        #expect(lines[3] == "     ======+++++")
        // Not a terminal: no colour codes.
        #expect(!result.standardOutput.unicodeScalars.contains("\u{1B}"))
    }

    @Test func readableViewEscapesControlCharacters() throws {
        let result = try diff("a\u{1B}[31mb", "a\nb")
        #expect(!result.standardOutput.unicodeScalars.contains("\u{1B}"))
        #expect(result.standardOutput.contains("old  a\\u{1B}[31mb"))
        #expect(result.standardOutput.contains("new  a\\nb"))
        #expect(result.standardOutput.contains("     =++=\n"))
    }

    @Test(arguments: [
        (["a", "b", "--bogus"], "unknown option '--bogus'"),
        (["a"], "missing argument NEW"),
        ([], "missing argument OLD"),
        (["a", "b", "c"], "unexpected argument 'c'"),
        (["a", "b", "--mode", "fancy"], "invalid value 'fancy' for --mode"),
        (["a", "b", "--mode"], "missing value for --mode"),
        (["a", "b", "--mode", "numeric", "--decimal", ",,"], "invalid value ',,' for --decimal"),
        (["a", "b", "--mode", "numeric", "--decimal", ""], "invalid value '' for --decimal"),
        (["a", "b", "--decimal", ","], "--decimal applies only to numeric mode"),
        (["a", "b", "--json=yes"], "--json does not take a value"),
    ])
    func usageErrorsExitWithTwo(arguments: [String], message: String) throws {
        let result = try ProcessRunner.runProduct("kinetype", ["diff"] + arguments)
        #expect(result.status == 2)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.hasPrefix("kinetype: "))
        #expect(result.standardError.contains(message))
        #expect(result.standardError.filter { $0 == "\n" }.count == 1, "one line: \(result.standardError)")
    }

    @Test func doubleDashEndsOptions() throws {
        let result = try diff("--json", "--", "--mode", "-x")
        #expect(result.status == 0)
        let json = try JSONValue(parsing: result.standardOutput)
        #expect(json["old"]?.arrayValue?.count == 6 && json["new"]?.arrayValue?.count == 2)
    }
}
