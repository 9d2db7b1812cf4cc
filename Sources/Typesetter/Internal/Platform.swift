// The one file that knows which C library supplies file access. Typesetter
// checks font files itself (before FreeType sees them) so that a missing,
// unreadable or truncated file gets an error a person can act on.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What the file system says about a path, as far as opening a font is concerned.
enum FileStatus: Equatable {
    case missing
    case notRegularFile
    case unreadable
    case regular(size: Int)
}

enum Platform {
    /// Classifies `path` without opening it for long: `stat` then `access(R_OK)`.
    static func status(ofFile path: String) -> FileStatus {
        var info = stat()
        guard stat(path, &info) == 0 else { return .missing }
        guard (info.st_mode & S_IFMT) == S_IFREG else { return .notRegularFile }
        guard access(path, R_OK) == 0 else { return .unreadable }
        return .regular(size: Int(info.st_size))
    }

    /// Reads up to `count` bytes at `offset`; fewer near the end of the file, empty on failure.
    static func readBytes(ofFile path: String, offset: Int, count: Int) -> [UInt8] {
        guard count > 0, offset >= 0 else { return [] }
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return [] }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let n = bytes.withUnsafeMutableBytes { buffer in
                pread(fd, buffer.baseAddress! + filled, count - filled, off_t(offset + filled))
            }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            filled += n
        }
        bytes.removeLast(count - filled)
        return bytes
    }
}
