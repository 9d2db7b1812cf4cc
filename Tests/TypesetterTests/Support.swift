#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Animator
@testable import Typesetter

/// Absolute tolerance for comparing layout coordinates, in points: positions
/// are sums of a few dozen advances, each exact in binary (font units times
/// size / 2048), so anything beyond rounding noise is a real difference.
let coordinateTolerance = 1e-9

/// Whether two coordinates agree within `coordinateTolerance`.
func isClose(_ a: Double, _ b: Double, tolerance: Double = coordinateTolerance) -> Bool {
    abs(a - b) <= tolerance
}

/// The default font of the tests, opened once per use (cheap after the first).
func dejaVu(
    size: Double = 32, wrapWidth: Double? = nil, alignment: TextAlignment = .leading, lineHeight: Double? = nil
) throws -> FontLayout {
    try FontLayout(font: .family("DejaVu Sans"), size: size, wrapWidth: wrapWidth, alignment: alignment, lineHeight: lineHeight)
}

/// A fresh directory under /tmp (made with mkdtemp), removed with its files by `remove()`.
struct TemporaryDirectory {
    let path: String

    init() throws {
        var template = Array("/tmp/typesetter-tests-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw TestFailure("mkdtemp failed") }
        path = String(cString: made)
    }

    /// Writes `bytes` to a file named `name` in the directory and returns its path.
    func write(_ bytes: [UInt8], to name: String) throws -> String {
        let file = path + "/" + name
        guard let handle = fopen(file, "wb") else { throw TestFailure("cannot create \(file)") }
        defer { fclose(handle) }
        guard bytes.isEmpty || fwrite(bytes, 1, bytes.count, handle) == bytes.count else {
            throw TestFailure("cannot write \(file)")
        }
        return file
    }

    func remove() {
        if let dir = opendir(path) {
            while let entry = readdir(dir) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
                if name != "." && name != ".." { unlink(path + "/" + name) }
            }
            closedir(dir)
        }
        rmdir(path)
    }
}

/// Reads a whole file.
func readFile(_ path: String) throws -> [UInt8] {
    guard let handle = fopen(path, "rb") else { throw TestFailure("cannot open \(path)") }
    defer { fclose(handle) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = fread(&chunk, 1, chunk.count, handle)
        if n == 0 { break }
        bytes += chunk[0..<n]
    }
    return bytes
}

struct TestFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// SplitMix64, the seeded generator the house style asks tests to use.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
