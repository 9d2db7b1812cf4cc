// The one file that knows which C library supplies files, terminals and clocks.
// Render reads a clock only in `TerminalPlayer`, never while rendering.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

enum Platform {
    /// Writes `bytes` to `path`, replacing the file; the C library's reason on failure.
    static func writeFile(_ bytes: some Collection<UInt8>, to path: String) -> Result<Void, PlatformFailure> {
        guard let handle = fopen(path, "wb") else { return .failure(.current) }
        var failed: PlatformFailure?
        let written = Array(bytes).withUnsafeBufferPointer { buffer in
            buffer.isEmpty ? 0 : fwrite(buffer.baseAddress, 1, buffer.count, handle)
        }
        if written != bytes.count { failed = .current }
        if fclose(handle) != 0, failed == nil { failed = .current }
        if let failed { return .failure(failed) }
        return .success(())
    }

    /// Creates a directory and its missing parents (like `mkdir -p`).
    static func makeDirectories(_ path: String) -> Result<Void, PlatformFailure> {
        if isDirectory(path) { return .success(()) }
        var prefix = path.hasPrefix("/") ? "/" : ""
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            prefix += part
            if !isDirectory(prefix), mkdir(prefix, 0o755) != 0, errno != EEXIST {
                return .failure(.current)
            }
            prefix += "/"
        }
        return isDirectory(path) ? .success(()) : .failure(PlatformFailure(reason: "not a directory"))
    }

    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// Whether a file descriptor is a terminal (1 = stdout, 2 = stderr).
    static func isTerminal(_ descriptor: Int32) -> Bool {
        isatty(descriptor) == 1
    }

    /// The terminal's width in columns, when the descriptor is one and says.
    static func terminalColumns(_ descriptor: Int32) -> Int? {
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }

    /// Writes text to standard output at once (unbuffered by Swift's `print`).
    static func writeStandardOutput(_ text: String) {
        writeAll(text, to: 1)
    }

    /// Writes text to standard error at once.
    static func writeStandardError(_ text: String) {
        writeAll(text, to: 2)
    }

    private static func writeAll(_ text: String, to descriptor: Int32) {
        var text = text
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let n = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { return }
                offset += n
            }
        }
    }

    /// e to the power x.
    static func exp(_ x: Double) -> Double {
        #if canImport(Glibc)
        Glibc.exp(x)
        #elseif canImport(Musl)
        Musl.exp(x)
        #else
        Darwin.exp(x)
        #endif
    }

    /// Seconds on a monotonic clock.
    static func monotonicSeconds() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// Sleeps for a number of seconds (nothing for zero or less).
    static func sleep(seconds: Double) {
        guard seconds > 0, seconds.isFinite else { return }
        var request = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - seconds.rounded(.down)) * 1e9))
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
    }

    /// Makes Ctrl-C show the cursor again before the process ends (the player hides it).
    static func restoreCursorOnInterrupt() {
        signal(SIGINT) { _ in
            let show: StaticString = "\u{1B}[?25h\n"
            _ = write(1, show.utf8Start, show.utf8CodeUnitCount)
            _exit(130)
        }
    }

    /// Puts back the default Ctrl-C behaviour.
    static func defaultInterrupt() {
        signal(SIGINT, SIG_DFL)
    }
}

/// Why a file operation failed, in the C library's words.
struct PlatformFailure: Error {
    var reason: String

    static var current: PlatformFailure {
        PlatformFailure(reason: String(cString: strerror(errno)))
    }
}
