import Analyzer
import Testing

@testable import KinetypeCLI

/// JSON written piece by piece is byte for byte the document built whole.
@Suite("Streamed JSON")
struct StreamedJSONTests {
    @Test(arguments: [("a", "b"), ("Send Action", "Action Sent"), ("", ""), ("x", ""), ("\"q\"\n", "é👨‍👩‍👧")])
    func diffJSONIsTheSameStreamedOrWhole(old: String, new: String) throws {
        let change = TextChangeAnalyzer().analyze(from: old, to: new)
        var output = CommandOutput(isTerminal: false)
        try DiffCommand.writeJSON(change, modeName: "morph", to: &output)
        #expect(output.text == DiffCommand.json(change, modeName: "morph").serialized())
    }

    @Test func outputHandsChunksToItsSinkAndKeepsTheFirstFailure() {
        var chunks: [Int] = []
        var output = CommandOutput(isTerminal: false) { text in
            chunks.append(text.utf8.count)
            return chunks.count == 2 ? "disk full" : nil
        }
        let block = String(repeating: "x", count: CommandOutput.chunkSize)
        output.write(block)
        output.write(block)
        output.write(block)
        output.flush()
        #expect(chunks == [CommandOutput.chunkSize, CommandOutput.chunkSize])
        #expect(output.failure == "disk full")
        #expect(throws: CommandLineError.failure("disk full")) { try output.check() }
    }
}
