#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Animator
import Testing
import TestSupport

/// `render` reports its progress on standard error when that is a terminal:
/// one line, redrawn in place at least every second, saying frames done of
/// the total, the share and the time left, and cleared when the command
/// ends, as it succeeds or fails. Into a pipe it prints nothing but its
/// final line (on standard output). Terminals here are pseudo-terminals
/// (Tests/Python/stderr_pty.py).
@Suite("progress of long renders")
struct ProgressTests {
    /// Two 300-character texts: a WebP of them takes a few seconds in a debug build.
    static let texts: [String] = {
        let words = ["the", "quick", "brown", "fox", "jumps", "over", "lazy", "dog", "and", "keeps", "running", "far", "away"]
        var random = SeededRandom(seed: 7)
        var first = "", second = ""
        while first.count < 300 { first += words[Int(random.next() % UInt64(words.count))] + " " }
        while second.count < 300 { second += words[Int(random.next() % UInt64(words.count))] + " " }
        return [String(first.prefix(300)), String(second.prefix(300))]
    }()

    struct TerminalRun {
        var exit: Int
        var standardOutput: String
        /// Standard error as it came: (seconds since the start, text).
        var pieces: [(time: Double, text: String)]
    }

    func onATerminal(_ arguments: [String]) throws -> TerminalRun {
        let python = JSONSchemaTests.root + "/.build/test-python/bin/python"
        let interpreter = access(python, X_OK) == 0 ? python : "/usr/bin/python3"
        let run = try ProcessRunner.run(
            interpreter, [JSONSchemaTests.root + "/Tests/Python/stderr_pty.py", ProcessRunner.productsDirectory + "kinetype"] + arguments)
        #expect(run.status == 0, "\(run)")
        let json = try JSONValue(parsing: run.standardOutput)
        let pieces = (json["stderr"]?.arrayValue ?? []).compactMap { piece -> (Double, String)? in
            guard let time = piece[0]?.doubleValue, let text = piece[1]?.stringValue else { return nil }
            return (time, text)
        }
        return TerminalRun(
            exit: Int(json["exit"]?.doubleValue ?? -1), standardOutput: json["stdout"]?.stringValue ?? "", pieces: pieces)
    }

    @Test(.enabled(if: access("/usr/bin/python3", X_OK) == 0, "needs python3 for a pseudo-terminal"))
    func aTerminalSeesOneLineRedrawnAtLeastEverySecondThenCleared() throws {
        let dir = try TemporaryDirectory(prefix: "kinetype-progress")
        defer { dir.remove() }
        let run = try onATerminal(["render"] + Self.texts + ["-o", dir.path + "/long.webp"])
        #expect(run.exit == 0)
        #expect(run.standardOutput.hasPrefix("wrote ") && run.standardOutput.split(separator: "\n").count == 1, "\(run.standardOutput)")
        // Pieces may arrive joined: split them at each redraw.
        var redraws: [(time: Double, text: String)] = []
        for piece in run.pieces {
            for part in piece.text.split(separator: "\r", omittingEmptySubsequences: true) {
                redraws.append((piece.time, String(part)))
            }
        }
        try #require(redraws.count >= 4, "\(run.pieces)")
        // Every piece redraws the one line in place: a return, a clear to its end, no newline.
        for piece in run.pieces { #expect(piece.text.hasPrefix("\r\u{1B}[K") && !piece.text.contains("\n"), "\(piece)") }
        // The last clears it.
        #expect(redraws.last?.text == "\u{1B}[K", "\(redraws.last.map { "\($0)" } ?? "")")
        // Drawing says frames done of the total, the share and the time left.
        let drawing = redraws.map(\.text).filter { $0.contains("drawing ") }
        #expect(drawing.contains { $0.contains(" frames, ") && $0.contains(" %, about ") && $0.hasSuffix(" left") }, "\(drawing)")
        // "drawing 15/129 frames": the count grows to the one total, the render's frames (2 s or more at 60 fps).
        let counts = drawing.compactMap { line -> (done: Int, total: Int)? in
            guard let fraction = line.split(separator: " ").first(where: { $0.contains("/") }) else { return nil }
            let parts = fraction.split(separator: "/")
            guard parts.count == 2, let done = Int(parts[0]), let total = Int(parts[1]) else { return nil }
            return (done, total)
        }
        #expect(counts.count == drawing.count && counts.allSatisfy { $0.total == counts[0].total && $0.done <= $0.total })
        #expect(zip(counts, counts.dropFirst()).allSatisfy { $0.done <= $1.done } && (counts.first?.total ?? 0) >= 120)
        // Never more than a second without a redraw, from the first to the clearing.
        let times = run.pieces.map(\.time)
        let gaps = zip(times.dropFirst(), times).map { $0 - $1 }
        #expect((gaps.max() ?? 0) <= 1.0, "gaps between redraws: \(gaps)")
    }

    @Test func intoAPipeOnlyTheFinalLineIsPrinted() throws {
        let dir = try TemporaryDirectory(prefix: "kinetype-progress")
        defer { dir.remove() }
        let run = try ProcessRunner.runProduct("kinetype", ["render"] + Self.texts + ["-o", dir.path + "/long.webp"])
        #expect(run.status == 0)
        #expect(run.standardError.isEmpty, "\(run.standardError)")
        let lines = run.standardOutput.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].hasPrefix("wrote ") && run.standardOutput.hasSuffix(" s)\n"), "\(run.standardOutput)")
    }

    @Test(.enabled(if: access("/usr/bin/python3", X_OK) == 0, "needs python3 for a pseudo-terminal"))
    func aFailureClearsTheLineBeforeItsMessage() throws {
        let run = try onATerminal(["render"] + Self.texts + ["-o", "/dev/full", "--format", "gif"])
        #expect(run.exit == 1)
        let text = run.pieces.map(\.text).joined()
        // What comes before the message ends with the line cleared (when one was shown at all).
        let parts = text.split(separator: "kinetype: cannot write", maxSplits: 1, omittingEmptySubsequences: false)
        try #require(parts.count == 2, "\(text.debugDescription)")
        #expect(parts[0].isEmpty || parts[0].hasSuffix("\r\u{1B}[K"), "\(parts[0].debugDescription)")
    }
}
