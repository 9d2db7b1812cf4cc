#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A fresh directory under /tmp (made with mkdtemp), for tests that write files;
/// `remove()` deletes it with everything in it.
public struct TemporaryDirectory: Sendable {
    public let path: String

    public init(prefix: String = "kinetype-tests") throws {
        var template = Array("/tmp/\(prefix)-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw TestFailure("mkdtemp failed") }
        path = String(cString: made)
    }

    /// Writes `bytes` to a file named `name` in the directory and returns its path.
    public func write(_ bytes: [UInt8], to name: String) throws -> String {
        let file = path + "/" + name
        guard let handle = fopen(file, "wb") else { throw TestFailure("cannot create \(file)") }
        defer { fclose(handle) }
        guard bytes.isEmpty || fwrite(bytes, 1, bytes.count, handle) == bytes.count else {
            throw TestFailure("cannot write \(file)")
        }
        return file
    }

    /// The bytes of a file in the directory, or nil when it cannot be read.
    public func read(_ name: String) -> [UInt8]? {
        try? readFile(path + "/" + name)
    }

    /// A file in the directory as UTF-8 text, or nil when it cannot be read.
    public func text(_ name: String) -> String? {
        read(name).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The names of the files in the directory, or in a folder inside it, sorted.
    public func list(_ folder: String = "") -> [String] {
        Self.list(folder.isEmpty ? path : path + "/" + folder)
    }

    /// The names of the files in any directory, sorted.
    public static func list(_ path: String) -> [String] {
        var names: [String] = []
        if let dir = opendir(path) {
            while let entry = readdir(dir) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) {
                    String(cString: $0.bindMemory(to: CChar.self).baseAddress!)
                }
                if name != "." && name != ".." { names.append(name) }
            }
            closedir(dir)
        }
        return names.sorted()
    }

    /// Deletes the directory and everything in it.
    public func remove() {
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
public func readFile(_ path: String) throws -> [UInt8] {
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

/// A test's own failure, with a message (for `throw` in helpers).
public struct TestFailure: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
