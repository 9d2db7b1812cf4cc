import TestSupport

/// A kinetype run measured for peak resident memory by Tests/Python/peak_rss.py
/// (see there why a small forking parent is needed for an honest number).
struct PeakMemory {
    var status: Int
    /// Peak resident memory in kilobytes.
    var kilobytes: Int
    var standardError: String

    static let root: String = {
        var path = #filePath
        for _ in 0..<3 { path = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)]) }
        return path
    }()

    static let python: String? = ["/usr/bin/python3", "/usr/local/bin/python3"].first { path in
        (try? ProcessRunner.run(path, ["-c", "import os; os.wait4"]))?.status == 0
    } ?? (try? ProcessRunner.run("/bin/sh", ["-c", "command -v python3"]))?.standardOutput.split(separator: "\n").first.map(String.init)

    /// The memory every command must stay under, in MiB.
    static let promise = 512

    /// Runs kinetype with `arguments`, allowed at most ``promise`` MiB of data
    /// (a failed allocation past it); its output goes to `output` (a path) or nowhere.
    static func run(_ arguments: [String], output: String? = nil, standardInput: String? = nil) throws -> PeakMemory {
        guard let python else { throw TestFailure("python3 is needed to measure memory") }
        let redirect = output.map { ["--stdout", $0] } ?? []
        let result = try ProcessRunner.run(
            python,
            [root + "/Tests/Python/peak_rss.py"] + redirect + ["--cap-mb", String(promise), ProcessRunner.productsDirectory + "kinetype"]
                + arguments,
            standardInput: standardInput)
        let words = result.standardOutput.split(separator: " ")
        guard words.count == 4, let status = Int(words[1]), let peak = Int(words[3].split(separator: "\n")[0]) else {
            throw TestFailure("unexpected report from peak_rss.py: \(result)")
        }
        return PeakMemory(status: status, kilobytes: peak, standardError: result.standardError)
    }
}
