#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs a fuzz target's body on input files, without libFuzzer: what a fuzz
/// executable does when it is built without `-sanitize=fuzzer` (a plain
/// `swift build`), so that a saved crash or the corpus can be replayed under a
/// debugger or in CI.
///
/// Arguments are files, or folders whose files are all run. Prints how many
/// inputs ran; a broken invariant stops the process with its message.
public enum Replay {
    /// Replays the files named on the command line and exits.
    public static func main(_ body: ([UInt8]) -> Void) -> Never {
        exit(run(Array(CommandLine.arguments.dropFirst()), body))
    }

    public static func run(_ arguments: [String], _ body: ([UInt8]) -> Void) -> Int32 {
        guard !arguments.isEmpty else {
            print("usage: \(CommandLine.arguments.first ?? "fuzzer") FILE|FOLDER...   (replays inputs without libFuzzer)")
            return 2
        }
        var count = 0
        for argument in arguments {
            for path in files(at: argument) {
                guard let bytes = read(path) else {
                    print("cannot read \(path)")
                    return 1
                }
                body(bytes)
                count += 1
            }
        }
        print("replayed \(count) input\(count == 1 ? "" : "s")")
        return 0
    }

    /// The file itself, or the regular files directly inside a folder, sorted.
    private static func files(at path: String) -> [String] {
        guard let folder = opendir(path) else { return [path] }
        defer { closedir(folder) }
        var names: [String] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
            }
            if !name.hasPrefix(".") { names.append(path + "/" + name) }
        }
        return names.sorted()
    }

    private static func read(_ path: String) -> [UInt8]? {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = fread(&chunk, 1, chunk.count, file)
            bytes += chunk[0..<n]
            if n < chunk.count { break }
        }
        return bytes
    }
}
