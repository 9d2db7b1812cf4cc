#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
import TestSupport

/// A write cut short by a signal leaves nothing behind: the temporary file is
/// removed and the process ends as the signal ends it (128 + its number).
@Suite("kinetype interrupted")
struct InterruptionTests {
    /// A render long enough to be caught writing: many glyphs, many frames.
    static let slowRender = ["render", String(repeating: "Send Action ", count: 12), String(repeating: "Action Sent ", count: 12), "--fps", "50", "--hold", "3"]

    /// Starts the render, waits until its temporary file exists, sends the
    /// signal and returns the result and what the folder holds afterwards.
    func interrupt(_ format: String, with signal: Int32) throws -> (ProcessResult, [String], sawTemporary: Bool) {
        let dir = try TemporaryDirectory(prefix: "kinetype-signal")
        defer { dir.remove() }
        let process = try ProcessRunner.startProduct("kinetype", Self.slowRender + ["-o", dir.path + "/out." + format])
        var sawTemporary = false
        // Up to 60 s for the temporary file to appear (the first pass measures the animation).
        for _ in 0..<6_000 {
            if dir.list().contains(where: { $0.hasPrefix(".out.") && $0.hasSuffix(".part") }) {
                sawTemporary = true
                break
            }
            usleep(10_000)
        }
        process.send(signal)
        let result = process.wait()
        return (result, dir.list(), sawTemporary)
    }

    @Test(arguments: [(SIGINT, "gif"), (SIGTERM, "gif"), (SIGHUP, "gif"), (SIGTERM, "webp"), (SIGINT, "mp4")])
    func aSignalDuringAWriteRemovesTheTemporaryFile(signal: Int32, format: String) throws {
        let (result, left, sawTemporary) = try interrupt(format, with: signal)
        #expect(sawTemporary, "the render finished before it could be interrupted: \(result)")
        #expect(result.status == 128 + signal, "\(result)")
        #expect(left.isEmpty, "left behind: \(left)")
    }
}
