#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Animator
import Director
import Effects
import Render
import Typesetter

/// The default font of the tests.
func dejaVu(size: Double = 32, alignment: TextAlignment = .leading) throws -> FontLayout {
    try FontLayout(font: .family("DejaVu Sans"), size: size, alignment: alignment)
}

/// A timeline recorded with DejaVu Sans and the given effect.
func fontTimeline(
    _ texts: [String], effect: any EffectBlueprint = ScaleEffect(), size: Double = 32, fps: Double = 30,
    alignment: TextAlignment = .leading, interval: Double? = nil, hold: Double = 0, seed: UInt64 = 0
) throws -> Timeline {
    try Timeline(
        texts: texts, layout: dejaVu(size: size, alignment: alignment), effect: effect, style: .snappy,
        preference: .alwaysAnimate, seed: seed, interval: interval, fps: fps, hold: hold)
}

/// A fresh directory under /tmp (made with mkdtemp), removed with its files by `remove()`.
struct TemporaryDirectory {
    let path: String

    init() throws {
        var template = Array("/tmp/render-tests-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw TestFailure("mkdtemp failed") }
        path = String(cString: made)
    }

    /// The names of the files in a directory, sorted.
    static func list(_ path: String) -> [String] {
        var names: [String] = []
        if let dir = opendir(path) {
            while let entry = readdir(dir) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
                if name != "." && name != ".." { names.append(name) }
            }
            closedir(dir)
        }
        return names.sorted()
    }

    func remove() {
        Self.removeTree(path)
    }

    private static func removeTree(_ root: String) {
        for name in list(root) {
            let child = root + "/" + name
            var info = stat()
            if lstat(child, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR { removeTree(child) } else { unlink(child) }
        }
        rmdir(root)
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

/// Writes a string to a file.
func writeFile(_ text: String, to path: String) throws {
    guard let handle = fopen(path, "wb") else { throw TestFailure("cannot create \(path)") }
    defer { fclose(handle) }
    let bytes = Array(text.utf8)
    guard bytes.isEmpty || fwrite(bytes, 1, bytes.count, handle) == bytes.count else { throw TestFailure("cannot write \(path)") }
}

struct TestFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
