import Testing
import TestSupport

/// `swift run bench`, as a reader of the README may type it, builds for
/// debugging: the program says so before and after its figures, judges no
/// target on them and names the release command. An optimised build (this
/// test compiled with `-c release`, like the bench beside it) judges as before.
@Suite("bench in the build it was made by")
struct BenchBuildTests {
    #if DEBUG
    static let isDebug = true
    #else
    static let isDebug = false
    #endif

    static let releaseCommand = "swift run -c release bench"

    @Test func aDebugBuildSaysSoFirstAndLastAndJudgesNothing() throws {
        let run = try ProcessRunner.runProduct("bench", ["--filter", "label diff", "--quick"])
        #expect(run.status == 0, "\(run)")
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        let table = run.standardOutput
        if Self.isDebug {
            // The warning opens and closes the table (wrapped, so checked on the text around the first and last lines).
            let head = lines.prefix(2).joined(separator: " "), tail = lines.suffix(2).joined(separator: " ")
            #expect(head.contains("debug build") && head.contains(Self.releaseCommand), "first lines: \(head)")
            #expect(tail.contains("debug build") && tail.contains(Self.releaseCommand), "last lines: \(tail)")
            // And standard error says it before the cases run.
            #expect(run.standardError.split(separator: "\n").first?.contains("debug build") == true, "\(run.standardError)")
            // The label diff has a target (≤ 0.5 µs), shown but not judged.
            #expect(table.contains("≤ 500.0 ns"))
            #expect(!table.contains("NO") && !table.contains(" yes"), "a debug build judged a target:\n\(table)")
            #expect(!table.contains("meet them"))
        } else {
            #expect(!table.contains("debug build"))
            #expect(table.contains("yes") || table.contains("NO"), "a release build judges its targets:\n\(table)")
            #expect(table.contains("cases with targets meet them"))
        }
    }

    @Test func aDebugBuildsJSONSaysSoAndHasNoVerdicts() throws {
        let run = try ProcessRunner.runProduct("bench", ["--filter", "label diff", "--quick", "--json"])
        #expect(run.status == 0, "\(run)")
        let json = try JSONValue(parsing: run.standardOutput)
        let results = try #require(json["results"]?.arrayValue)
        try #require(results.count == 1)
        #expect(results[0]["target"]?.stringValue == "≤ 500.0 ns")
        if Self.isDebug {
            #expect(json["build"]?.stringValue == "debug")
            #expect(results[0]["met"]?.isNull == true)
            let errors = run.standardError.split(separator: "\n")
            #expect(errors.first?.contains(Self.releaseCommand) == true && errors.last?.contains(Self.releaseCommand) == true, "\(run.standardError)")
        } else {
            #expect(json["build"] == nil)
            #expect(results[0]["met"]?.isNull == false)
        }
    }
}
