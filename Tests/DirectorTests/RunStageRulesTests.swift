import Testing
import TestSupport

/// The run model under an effect's own rules (no choreography, or filling at once), played
/// beside the store's planner by the `FuzzPlan` target on its seeds for them: every frame the same.
@Suite struct RunStageRulesTests {
    static let seeds: String = {
        var path = #filePath
        for _ in 0..<3 { path = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)]) }
        return path + "/Fuzz/Corpus/FuzzPlanRules"
    }()

    @Test func everySeedUnderAUsersRulesMatchesTheStorePlanner() throws {
        let seeds = try #require(try? ProcessRunner.run("/bin/ls", [Self.seeds])).standardOutput.split(separator: "\n")
        #expect(seeds.count >= 11)
        let result = try ProcessRunner.runProduct("FuzzPlan", [Self.seeds], environment: ["FUZZ_PLAN_RULES": "1"])
        #expect(result.status == 0, "\(result.standardError.suffix(2000))")
        #expect(result.standardOutput.contains("replayed \(seeds.count) inputs"), "\(result)")
    }
}
