import Effects
import Testing

/// A bad effect file is a typed error naming the line, the column and the field.
@Suite struct EffectFileErrorTests {
    /// A document, the code, the line and column of the value at fault, the field, and words the message must hold.
    @Test(arguments: [
        (#"{"name": "a",}"#, EffectFileError.Code.syntax, 1, 14, "", "field name"),
        ("{\n  \"name\": \"a\"\n  \"base\": \"mist\"\n}", .syntax, 3, 3, "", "expected ',' or '}'"),
        (#"{"summary": "x"}"#, .missingField, 1, 1, "", "\"name\""),
        (#"{"name": "a+b"}"#, .invalidValue, 1, 10, "name", "\"+\" joins"),
        (#"{"name": 3}"#, .wrongType, 1, 10, "name", "a string, not a number"),
        (#"{"name": "a", "bsae": "mist"}"#, .unknownField, 1, 15, "", "did you mean \"base\""),
        (#"{"name": "a", "base": "mits"}"#, .unknownName, 1, 23, "base", "did you mean \"mist\""),
        (#"{"name": "a", "base": "MITS"}"#, .unknownName, 1, 23, "base", "did you mean \"mist\""),
        (#"{"name": "a", "order": "fromCentre"}"#, .unknownName, 1, 24, "order", "fromCenter"),
        ("{\"name\": \"a\",\n \"entering\": {\"channels\": {\"y\": {\"form\": -1}}}}", .unknownField, 2, 34, "entering.channels.y", "did you mean \"from\""),
        (#"{"name": "a", "entering": {"channels": {"y": {"to": -1}}}}"#, .invalidValue, 1, 47, "entering.channels.y.to", "\"from\""),
        (#"{"name": "a", "exiting": {"channels": {"y": {}}}}"#, .missingField, 1, 45, "exiting.channels.y", "\"to\""),
        (#"{"name": "a", "entering": {"channels": {"wobble": {"from": 1}}}}"#, .unknownName, 1, 41, "entering.channels.wobble", "channel"),
        (#"{"name": "a", "entering": {"channels": {"scale": {"from": 0}, "scaleX": {"from": 2}}}}"#, .invalidValue, 1, 63, "entering.channels.scaleX", "scaleX"),
        (#"{"name": "a", "entering": {"channels": {"opacity": {"from": 2}}}}"#, .invalidValue, 1, 61, "entering.channels.opacity.from", "from 0 to 1"),
        (#"{"name": "a", "entering": {"channels": {"y": {"from": 1, "unit": "px"}}}}"#, .invalidValue, 1, 66, "entering.channels.y.unit", "em or pt"),
        ("{\"name\": \"a\", \"entering\": {\"channels\": {\"y\": {\"from\": 1,\n  \"spring\": {\"stiffness\": 300, \"damping\": -3}}}}}", .invalidValue, 2, 13, "entering.channels.y.spring", "damping"),
        (#"{"name": "a", "entering": {"channels": {"y": {"from": 1, "curve": "easeOut"}}}}"#, .missingField, 1, 67, "entering.channels.y", "\"duration\""),
        (#"{"name": "a", "entering": {"channels": {"y": {"from": 1, "curve": "bouncy", "duration": 1}}}}"#, .unknownName, 1, 67, "entering.channels.y.curve", "curve"),
        (#"{"name": "a", "entering": {"channels": {"y": {"from": 1, "spring": "style", "keyframes": [[0, 0], [1, 1]]}}}}"#, .invalidValue, 1, 46, "entering.channels.y", "one timing"),
        (#"{"name": "a", "entering": {"channels": {"y": {"from": 1, "keyframes": [[0, 0], [0.5, 1], [0.2, 1]]}}}}"#, .invalidValue, 1, 91, "entering.channels.y.keyframes[2][0]", "time order"),
        (#"{"name": "a", "entering": {"channels": {"y": {"from": 1, "keyframes": [[0, 0], [0.5, 0.8]]}}}}"#, .invalidValue, 1, 86, "entering.channels.y.keyframes[1][1]", "progress 1"),
        (#"{"name": "a", "persisting": {"channels": {"y": {"by": 1, "keyframes": [[0, 0], [0.5, 1]]}}}}"#, .invalidValue, 1, 86, "persisting.channels.y.keyframes[1][1]", "end its keyframes at 0"),
        (#"{"name": "a", "persisting": {"channels": {"y": {"by": 1, "spring": "style"}}}}"#, .invalidValue, 1, 68, "persisting.channels.y.spring", "out and back"),
        (#"{"name": "a", "entering": {"range": {"shape": "bell"}}}"#, .unknownName, 1, 47, "entering.range.shape", "smooth"),
        (#"{"name": "a", "entering": {"channels": {"tint": {"from": "red"}}}}"#, .invalidValue, 1, 58, "entering.channels.tint.from", "#rrggbb"),
        (#"{"name": "a", "format": 2}"#, .invalidValue, 1, 25, "format", "version 1"),
    ])
    func badFilesNameWhereAndWhat(json: String, code: EffectFileError.Code, line: Int, column: Int, field: String, words: String) {
        do {
            _ = try DataEffect(json: json)
            Issue.record("\(json) was accepted")
        } catch {
            #expect(error.code == code, "\(error.message)")
            #expect(error.line == line && error.column == column, "at \(error.line):\(error.column): \(error.message)")
            #expect(error.field == field, "\(error.message)")
            #expect(error.message.contains(words), "\(error.message)")
            #expect(error.message.hasPrefix("line \(line), column \(column): "))
        }
    }

    @Test func columnsCountCharactersNotBytes() {
        do {
            _ = try DataEffect(json: #"{"summary": "héllo ✨", "name": 1}"#)
            Issue.record("accepted")
        } catch {
            #expect(error.column == 32, "\(error.message)")
        }
    }

    @Test func stringsDecodeTheirEscapes() throws {
        let effect = try DataEffect(json: #"{"name": "a", "summary": "tab\there \u00e9 \ud83d\ude00 \"q\""}"#)
        #expect(effect.summary == "tab\there é 😀 \"q\"")
    }

    @Test func escapesOfEveryUTF8LengthDecode() throws {
        let effect = try DataEffect(json: #"{"name": "a", "summary": "\u0041\u00e9\u20AC\ud83d\ude00\/\b\f\n\r\u0000"}"#)
        #expect(effect.summary == "Aé€😀/\u{8}\u{C}\n\r\u{0}")
        #expect(Array(effect.summary.utf8) == [0x41, 0xC3, 0xA9, 0xE2, 0x82, 0xAC, 0xF0, 0x9F, 0x98, 0x80, 0x2F, 0x08, 0x0C, 0x0A, 0x0D, 0x00])
    }

    @Test(arguments: ["#ff00g0", "#ffff", "ff0000", "#", "#\u{FB00}0000", "#ff0000 ", "#ff0\u{301}"])
    func aTintThatIsNotAColourIsRefused(_ tint: String) {
        let json = #"{"name": "t", "entering": {"channels": {"tint": {"from": ""# + tint + #""}}}}"#
        let error = #expect(throws: EffectFileError.self) { try DataEffect(json: json) }
        #expect(error?.code == .invalidValue)
        #expect(error?.field == "entering.channels.tint.from")
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        let json = "{\"name\": \"a\", \"summary\": " + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "}"
        #expect(throws: EffectFileError.self) { try DataEffect(json: json) }
    }

    @Test func aHugeFileIsRefusedUpFront() {
        let json = #"{"name": "a", "summary": ""# + String(repeating: "x", count: DataEffect.maximumBytes) + "\"}"
        let error = #expect(throws: EffectFileError.self) { try DataEffect(json: json) }
        #expect(error?.code == .tooLarge)
    }

    @Test(arguments: ["", "   ", "nul", "[1, 2", "{\"name\": \"a\"} x", "\"\\x\"", "01", "1.", "-", "1e", "\"\u{1}\"", "\"\\ud800\""])
    func malformedJSONIsASyntaxError(json: String) {
        let error = #expect(throws: EffectFileError.self) { try DataEffect(json: json) }
        #expect(error?.code == .syntax)
    }
}
