import Testing
import TestSupport

/// `kinetype play`: real-time playback on a terminal (a pseudo-terminal made by
/// Tests/Python/pty_run.py), stills into a pipe.
@Suite("kinetype play")
struct PlayCommandTests {
    static let root: String = {
        var path = #filePath
        for _ in 0..<3 { path = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)]) }
        return path
    }()

    static let python: String? = ["/usr/bin/python3", "/usr/local/bin/python3"].first { path in
        (try? ProcessRunner.run(path, ["-c", "import pty"]))?.status == 0
    } ?? ((try? ProcessRunner.run("/bin/sh", ["-c", "command -v python3"]))?.standardOutput.split(separator: "\n").first.map(String.init))

    /// Runs kinetype on a pseudo-terminal; Ctrl-C after `seconds` (0: never).
    func onTerminal(_ arguments: [String], interruptAfter seconds: Double) throws -> (header: String, screen: String) {
        let python = try #require(Self.python)
        let result = try ProcessRunner.run(
            python, [Self.root + "/Tests/Python/pty_run.py", String(seconds), ProcessRunner.productsDirectory + "kinetype"] + arguments)
        let lines = result.standardOutput.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
        return (String(lines.first ?? ""), lines.count > 1 ? String(lines[1]) : "")
    }

    @Test(.enabled(if: python != nil, "needs python3 for a pseudo-terminal"))
    func ctrlCRestoresTheTerminal() throws {
        let (header, screen) = try onTerminal(["play", "Send Action", "Action Sent", "--loop"], interruptAfter: 2)
        // Ended by the interrupt, with the shell's code for it.
        #expect(header == "exit 130", "\(header)")
        // The cursor was hidden while playing, frames were drawn, and the last
        // bytes reset the attributes and show the cursor again.
        #expect(screen.contains("\u{1B}[?25l"))
        #expect(screen.contains("Action"))
        #expect(screen.hasSuffix("\u{1B}[0m\u{1B}[?25h\r\n") || screen.hasSuffix("\u{1B}[0m\u{1B}[?25h\n"), "\(screen.suffix(40).debugDescription)")
    }

    @Test(.enabled(if: python != nil, "needs python3 for a pseudo-terminal"))
    func playingOnceEndsByItselfWithTheCursorShown() throws {
        let (header, screen) = try onTerminal(["play", "99", "100", "--mode", "numeric", "-e", "rolling"], interruptAfter: 0)
        #expect(header == "exit 0", "\(header)")
        #expect(screen.contains("\u{1B}[?25l") && screen.contains("100"))
        #expect(screen.hasSuffix("\u{1B}[?25h"), "\(screen.suffix(40).debugDescription)")
    }

    @Test func intoAPipeItPrintsStills() throws {
        let result = try ProcessRunner.runProduct("kinetype", ["play", "99", "100", "--loop"])
        #expect(result.status == 0)
        // Two numbers line up on the right by default: " 99" over "100".
        #expect(result.standardOutput.hasPrefix("t = 0 s\n 99\n"))
        #expect(result.standardOutput.contains("\n100\n"))
        #expect(!result.standardOutput.contains("\u{1B}"))
    }
}
