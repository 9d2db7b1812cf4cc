// The one file of Typesetter that knows which C library supplies file access
// (system calls retried by the Animator's `SystemIO`). Typesetter
// checks font files itself (before FreeType sees them) so that a missing,
// unreadable or truncated file gets an error a person can act on.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Animator

/// What the file system says about a path, as far as opening a font is concerned.
enum FileStatus: Equatable {
    /// Nothing at the path (`ENOENT`), or a part of it is not a folder (`ENOTDIR`).
    case missing(notAFolder: Bool)
    /// Symbolic links lead round in a loop, or too deep (`ELOOP`).
    case symbolicLinkLoop
    /// The path is longer than the file system takes (`ENAMETOOLONG`).
    case nameTooLong
    case notRegularFile
    /// The file, or a folder on the way to it, may not be read (`EACCES`), or
    /// `stat` failed for another reason, described.
    case unreadable(reason: String?)
    case regular(size: Int)
}

enum Platform {
    /// Classifies `path` without opening it for long: `stat` then `access(R_OK)`.
    ///
    /// `stat` fails for many reasons besides a missing file; each gets its own
    /// answer, so a symbolic-link loop is not reported as "does not exist".
    static func status(ofFile path: String) -> FileStatus {
        var info = stat()
        guard stat(path, &info) == 0 else {
            let code = errno
            switch code {
            case ENOENT: return .missing(notAFolder: false)
            case ENOTDIR: return .missing(notAFolder: true)
            case ELOOP: return .symbolicLinkLoop
            case ENAMETOOLONG: return .nameTooLong
            case EACCES: return .unreadable(reason: nil)
            default: return .unreadable(reason: SystemIO.description(code))
            }
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else { return .notRegularFile }
        guard access(path, R_OK) == 0 else { return .unreadable(reason: nil) }
        return .regular(size: Int(info.st_size))
    }

    /// Reads up to `count` bytes at `offset`; fewer near the end of the file, empty on failure.
    static func readBytes(ofFile path: String, offset: Int, count: Int) -> [UInt8] {
        guard count > 0, offset >= 0 else { return [] }
        let fd = SystemIO.retrying { open(path, O_RDONLY | O_CLOEXEC) }
        guard fd >= 0 else { return [] }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let n = bytes.withUnsafeMutableBytes { buffer in
                SystemIO.retrying { pread(fd, buffer.baseAddress! + filled, count - filled, off_t(offset + filled)) }
            }
            guard n > 0 else { break }
            filled += n
        }
        bytes.removeLast(count - filled)
        return bytes
    }
}
