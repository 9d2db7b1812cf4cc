// The one file that knows which C library the command line runs on.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's standard streams, files and environment, without Foundation.
enum Platform {
    /// Writes text to standard output as UTF-8; a message saying why when it could not.
    static func writeOutput(_ text: String) -> String? {
        write(text, to: 1).map { "cannot write to standard output: \($0)" }
    }

    /// Writes text to standard error as UTF-8 (nothing more can be said when that fails).
    static func writeError(_ text: String) {
        _ = write(text, to: 2)
    }

    /// Whether standard output is a terminal.
    static var outputIsTerminal: Bool { isatty(1) != 0 }

    /// Whether standard input is a terminal.
    static var inputIsTerminal: Bool { isatty(0) != 0 }

    /// An environment variable, if set.
    static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// Writes to a closed pipe fail with EPIPE instead of killing the process.
    static func ignoreBrokenPipe() {
        signal(SIGPIPE, SIG_IGN)
    }

    /// Ends the process (output is written unbuffered, so nothing is lost).
    static func exit(_ code: Int32) -> Never {
        #if canImport(Glibc)
        Glibc.exit(code)
        #elseif canImport(Musl)
        Musl.exit(code)
        #else
        Darwin.exit(code)
        #endif
    }

    /// The result of reading a whole input.
    enum ReadResult {
        case bytes([UInt8])
        /// More than the limit: reading stopped there.
        case tooLarge
        case failed(String)
    }

    /// Reads standard input to its end, or stops after `limit` bytes.
    static func readStandardInput(limit: Int) -> ReadResult {
        read(descriptor: 0, limit: limit)
    }

    /// Reads a whole file, or stops after `limit` bytes; follows symbolic links.
    static func readFile(_ path: String, limit: Int) -> ReadResult {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return .failed(reason(errno)) }
        defer { close(fd) }
        var info = stat()
        if fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR { return .failed("is a directory") }
        return read(descriptor: fd, limit: limit)
    }

    private static func read(descriptor: Int32, limit: Int) -> ReadResult {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { return .bytes(bytes) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failed(reason(errno))
            }
            bytes.append(contentsOf: chunk[..<count])
            if bytes.count > limit { return .tooLarge }
        }
    }

    /// The C library's words for an error number.
    static func reason(_ code: Int32) -> String {
        strerror(code).map { String(cString: $0) } ?? "error \(code)"
    }

    /// Writes all bytes, retrying after interruptions and partial writes; the reason on failure.
    private static func write(_ text: String, to descriptor: Int32) -> String? {
        var text = text
        return text.withUTF8 { bytes -> String? in
            var offset = 0
            while offset < bytes.count {
                let written = systemWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written > 0 {
                    offset += written
                } else if written < 0 && errno == EINTR {
                    continue
                } else {
                    return written < 0 ? reason(errno) : "nothing was written"
                }
            }
            return nil
        }
    }
}

#if canImport(Glibc)
private let systemWrite = Glibc.write
private let systemRead = Glibc.read
#elseif canImport(Musl)
private let systemWrite = Musl.write
private let systemRead = Musl.read
#else
private let systemWrite = Darwin.write
private let systemRead = Darwin.read
#endif
