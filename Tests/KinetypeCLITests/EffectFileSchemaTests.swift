#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Effects
import Testing
import TestSupport

/// docs/schemas/effect-file.schema.json and the Swift reader agree: the
/// examples in docs/effects pass both, and documents one rejects the other
/// rejects too (Draft 2020-12, checked with Python's jsonschema).
@Suite("effect files against docs/schemas")
struct EffectFileSchemaTests {
    static let schema = JSONSchemaTests.root + "/docs/schemas/effect-file.schema.json"

    /// Whether the schema accepts a document.
    func schemaAccepts(_ json: String) throws -> Bool {
        let dir = try TemporaryDirectory(prefix: "kinetype-effect-schema")
        defer { dir.remove() }
        let document = try dir.write(Array(json.utf8), to: "effect.json")
        let check = try ProcessRunner.run(
            JSONSchemaTests.python, [JSONSchemaTests.root + "/Tests/Python/json_schema_check.py", Self.schema, document])
        #expect(check.status == 0 || check.status == 1, "\(check)")
        return check.status == 0
    }

    @Test(.enabled(if: JSONSchemaTests.available, "needs jsonschema: run scripts/setup --python (make test does)"),
          arguments: ["drop", "spotlight", "stamp"])
    func theExamplesAreValid(name: String) throws {
        let text = String(decoding: try readFile(JSONSchemaTests.root + "/docs/effects/\(name).json"), as: UTF8.self)
        #expect(try schemaAccepts(text))
        #expect(try DataEffect(json: text).name == name)
    }

    /// Every example names, as its `$schema`, the effect-file schema by a path
    /// that reaches it from the example's folder (two once named a file that
    /// does not exist), so an editor that follows `$schema` checks it.
    @Test func everyExampleNamesTheEffectFileSchema() throws {
        let folder = JSONSchemaTests.root + "/docs/effects/"
        let examples = TemporaryDirectory.list(folder).filter { $0.hasSuffix(".json") }.sorted()
        #expect(examples.count >= 3, "\(examples)")
        for name in examples {
            let json = try JSONValue(parsing: String(decoding: try readFile(folder + name), as: UTF8.self))
            let reference = try #require(json["$schema"]?.stringValue, "\(name) has no $schema")
            #expect(reference == "../schemas/effect-file.schema.json", "\(name): $schema is \(reference)")
            // The path resolves from the example's folder to a file that is there.
            #expect(access(folder + reference, R_OK) == 0, "\(name): \(reference) does not exist")
        }
    }

    @Test(.enabled(if: JSONSchemaTests.available, "needs jsonschema: run scripts/setup --python (make test does)"),
          arguments: [
            (#"{"name": "a"}"#, true),
            (#"{"name": "a", "base": "mist", "order": "byLines", "format": 1}"#, true),
            (##"{"name": "a", "entering": {"range": {"over": "words", "shape": "ramp", "start": 1, "end": 0}, "motion": {"spring": "style"}, "fade": {"curve": [0.2, 0, 0.4, 1], "duration": 0.3}, "channels": {"x": {"from": 10, "unit": "pt"}, "tint": {"from": "#f00"}}}}"##, true),
            (#"{"name": "a", "persisting": {"motion": {"spring": {"stiffness": 100, "damping": 20}}, "channels": {"scale": {"by": 0.2, "curve": "easeOut", "duration": 0.4}}}}"#, true),
            (#"{"summary": "no name"}"#, false),
            (#"{"name": "a+b"}"#, false),
            (#"{"name": "a", "extra": 1}"#, false),
            (#"{"name": "a", "order": "sideways"}"#, false),
            (#"{"name": "a", "entering": {"channels": {"y": {"to": 1}}}}"#, false),
            (#"{"name": "a", "exiting": {"channels": {"y": {"from": 1}}}}"#, false),
            (#"{"name": "a", "persisting": {"channels": {"y": {"by": 1, "spring": "style"}}}}"#, false),
            (#"{"name": "a", "persisting": {"fade": {"spring": "style"}}}"#, false),
            (#"{"name": "a", "entering": {"channels": {"wobble": {"from": 1}}}}"#, false),
            (#"{"name": "a", "entering": {"channels": {"opacity": {"from": 1.5}}}}"#, false),
            (#"{"name": "a", "entering": {"channels": {"y": {"from": 1, "unit": "deg"}}}}"#, false),
            (#"{"name": "a", "entering": {"channels": {"y": {"from": 1, "curve": "easeIn"}}}}"#, false),
            (#"{"name": "a", "entering": {"channels": {"y": {"from": 1, "duration": 1}}}}"#, false),
            (#"{"name": "a", "entering": {"channels": {"y": {"from": 1, "spring": "style", "curve": "easeIn", "duration": 1}}}}"#, false),
            (#"{"name": "a", "entering": {"channels": {"scale": {"from": 1}, "scaleX": {"from": 2}}}}"#, false),
            (#"{"name": "a", "entering": {"channels": {"tint": {"from": "red"}}}}"#, false),
            (#"{"name": "a", "entering": {"range": {"shape": "bell"}}}"#, false),
            (#"{"name": "a", "entering": {"motion": {}}}"#, false),
          ])
    func schemaAndReaderAgree(json: String, valid: Bool) throws {
        #expect(try schemaAccepts(json) == valid, "the schema on \(json)")
        let read = (try? DataEffect(json: json)) != nil
        #expect(read == valid, "the reader on \(json)")
    }
}
