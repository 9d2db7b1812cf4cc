import Testing
import TestSupport
@testable import KinetypeCLI

/// A value quoted in an error is at most 200 bytes, whatever the option and
/// whichever module wrote the message: a 130 KB font name, pen name or
/// output folder was once quoted up to the 2 KB every message is cut at.
@Suite("values quoted in errors")
struct ErrorQuoteTests {
    /// The longest run of `letter` in `text`, in bytes.
    static func longestRun(of letter: UInt8, in text: String) -> Int {
        var longest = 0, run = 0
        for byte in text.utf8 {
            run = byte == letter ? run + 1 : 0
            longest = max(longest, run)
        }
        return longest
    }

    // Just under the 128 KiB the kernel allows one argument.
    static let huge = String(repeating: "q", count: 130_000)

    /// Every option of `render` that takes a value, given 130 KB of "q" (each as
    /// the only odd thing on an otherwise good command line): the error quotes
    /// at most 200 bytes of it, and the whole message stays short.
    @Test(arguments: RenderCommand.command.options.filter {
        if case .flag = $0.kind { return false }
        return true
    }.map(\.name))
    func aHugeValueIsQuotedInAtMost200Bytes(option: String) throws {
        let dir = try TemporaryDirectory(prefix: "kinetype-quotes")
        defer { dir.remove() }
        var arguments = ["render"]
        // A value that names a file is a path under the temporary folder.
        let value = ["frames", "output", "text-file", "to-file", "effect-file"].contains(option) ? dir.path + "/" + Self.huge : Self.huge
        if option != "path" { arguments.append("a") }
        if option != "output" && option != "frames" { arguments += ["-o", dir.path + "/a.svg"] }
        arguments += ["--" + option, value]
        let result = try ProcessRunner.runProduct("kinetype", arguments)
        #expect(result.status != 0, "--\(option): \(result)")
        let longest = Self.longestRun(of: UInt8(ascii: "q"), in: result.standardError)
        #expect(longest <= 200, "--\(option): \(longest) bytes of the value quoted")
        #expect(result.standardError.utf8.count <= 800, "--\(option): a \(result.standardError.utf8.count)-byte error")
    }
}
