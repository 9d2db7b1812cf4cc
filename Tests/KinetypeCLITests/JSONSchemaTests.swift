import Testing
import TestSupport

/// The JSON each command prints is valid against the schema docs/schemas
/// publishes for it (Draft 2020-12, checked with Python's jsonschema from the
/// environment `scripts/setup --python` makes).
@Suite("JSON output against docs/schemas")
struct JSONSchemaTests {
    static let root: String = {
        var path = #filePath
        for _ in 0..<3 { path = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)]) }
        return path
    }()

    static let python = root + "/.build/test-python/bin/python"

    static let available: Bool = (try? ProcessRunner.run(python, ["-c", "import jsonschema, referencing"]))?.status == 0

    @Test(
        .enabled(if: available, "needs jsonschema: run scripts/setup --python (make test does)"),
        arguments: [
            ("diff", ["diff", "Send Action", "Action Sent", "--json"]),
            ("diff", ["diff", "$9.99", "$10.49", "--mode", "numeric", "--json"]),
            ("diff", ["diff", "", "", "--json"]),
            ("spring", ["spring", "--style", "bouncy", "--json"]),
            ("spring", ["spring", "--stiffness", "100", "--damping", "40", "--json"]),
            ("plan", ["plan", "Creative", "Create", "-e", "wave", "--json"]),
            ("plan", ["plan", "a", "b", "--reduce-motion", "--json"]),
            ("frames", ["frames", "99", "100", "1,000", "--mode", "numeric", "-e", "rolling", "--interval", "0.1", "--fps", "20", "--json"]),
            ("frames", ["frames", "Send", "Sent", "-e", "sparkle", "--fps", "20", "--json"]),
            ("frames", ["frames", "--scene", "menu", "--toggle", "0,0.4", "--fps", "20", "--json"]),
            ("frames", ["frames", "LETTER", "-e", "dance", "--tiles", "--hold", "0.5", "--fps", "20", "--json"]),
            ("effects", ["effects", "--json"]),
            ("scenes", ["scenes", "--json"]),
        ])
    func outputMatchesItsSchema(schema: String, arguments: [String]) throws {
        let result = try ProcessRunner.runProduct("kinetype", arguments)
        #expect(result.status == 0, "\(result)")
        let dir = try TemporaryDirectory(prefix: "kinetype-schema")
        defer { dir.remove() }
        let document = try dir.write(Array(result.standardOutput.utf8), to: "out.json")
        let check = try ProcessRunner.run(
            Self.python, [Self.root + "/Tests/Python/json_schema_check.py", Self.root + "/docs/schemas/\(schema).schema.json", document])
        #expect(check.status == 0, "\(arguments): \(check.standardError)")
    }

    @Test(.enabled(if: available, "needs jsonschema: run scripts/setup --python (make test does)"))
    func theSchemasRejectWhatTheyShould() throws {
        // A schema that accepts anything would pass the test above: check one that must not.
        let dir = try TemporaryDirectory(prefix: "kinetype-schema")
        defer { dir.remove() }
        let bad = try dir.write(
            Array(#"{"mode": "morph", "changeRatio": 2, "trend": 1, "old": [], "new": [], "mutations": []}"#.utf8), to: "bad.json")
        let check = try ProcessRunner.run(
            Self.python, [Self.root + "/Tests/Python/json_schema_check.py", Self.root + "/docs/schemas/diff.schema.json", bad])
        #expect(check.status == 1 && check.standardError.contains("changeRatio"), "\(check)")
    }
}
