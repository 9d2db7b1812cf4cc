import Testing
import TestSupport

private func kinetype(_ arguments: [String]) throws -> ProcessResult {
    try ProcessRunner.runProduct("kinetype", arguments)
}

@Suite("kinetype and the world's scripts")
struct ScriptCommandTests {
    @Test func aCharacterNoFontHasIsAWarningThatNamesIt() throws {
        let dir = try TemporaryDirectory(prefix: "kinetype-scripts")
        defer { dir.remove() }
        // A private-use character no font has, and an escape sequence that must not reach the terminal raw.
        let result = try kinetype(["render", "a\u{E000}", "b\u{E001}\u{1B}[31m", "-o", dir.path + "/a.png"])
        #expect(result.status == 0, "\(result)")
        let lines = result.standardError.split(separator: "\n").filter { $0.hasPrefix("warning: no installed font has") }
        #expect(lines.count == 2, "\(result.standardError)")
        #expect(lines.first?.contains("(U+E000)") == true && lines.last?.contains("(U+E001)") == true)
        #expect(!result.standardError.unicodeScalars.contains("\u{1B}"))
    }

    @Test func everyScriptOfTheCorpusHasAFont() throws {
        let dir = try TemporaryDirectory(prefix: "kinetype-scripts")
        defer { dir.remove() }
        let result = try kinetype([
            "render", "مرحبا שלום नमस्ते বাংলা தமிழ் สวัสดี ខ្មែរ မြန်မာ 你好 こんにちは 안녕 👨‍👩‍👧", "-o", dir.path + "/all.png",
        ])
        #expect(result.status == 0, "\(result)")
        #expect(!result.standardError.contains("warning"), "\(result.standardError)")
    }
}
