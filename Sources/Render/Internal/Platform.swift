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
    /// Writes `bytes` to `path` through an ``OutputFile``: all or nothing.
    static func writeFile(_ bytes: [UInt8], to path: String) throws(RenderError) {
        try OutputFile.writing(path) { (file: OutputFile) throws(RenderError) in
            if let failure = bytes.withUnsafeBytes({ file.write($0) }) { throw .cannotWrite(path, reason: failure.reason) }
        }
    }

    /// Creates one directory; its parent must exist (nothing the caller did not
    /// ask for is created). An existing directory is fine.
    static func makeDirectory(_ path: String) -> Result<Void, PlatformFailure> {
        if isDirectory(path) { return .success(()) }
        if mkdir(path, 0o755) == 0 { return .success(()) }
        let code = errno
        if code == ENOENT { return .failure(PlatformFailure(reason: "its parent directory does not exist")) }
        if code == EEXIST { return .failure(PlatformFailure(reason: "it exists and is not a directory")) }
        return .failure(PlatformFailure(reason: String(cString: strerror(code))))
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

    /// Makes Ctrl-C (and SIGTERM) reset the text attributes and show the cursor
    /// again before the process ends (the player hides it).
    static func restoreCursorOnInterrupt() {
        // A parent may have blocked these (blocked signals survive exec): Ctrl-C must reach us.
        var unblock = sigset_t()
        sigemptyset(&unblock)
        sigaddset(&unblock, SIGINT)
        sigaddset(&unblock, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
        signal(SIGTERM) { _ in
            let show: StaticString = "\u{1B}[0m\u{1B}[?25h\n"
            _ = write(1, show.utf8Start, show.utf8CodeUnitCount)
            _exit(143)
        }
        signal(SIGINT) { _ in
            let show: StaticString = "\u{1B}[0m\u{1B}[?25h\n"
            _ = write(1, show.utf8Start, show.utf8CodeUnitCount)
            _exit(130)
        }
    }

    /// Puts back the default Ctrl-C behaviour.
    static func defaultInterrupt() {
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
    }
}

/// A file being written so that readers never see half of it: the bytes go to
/// a hidden temporary file beside the target, which ``commit()`` renames over
/// the target. A failed or abandoned write removes the temporary file and
/// leaves the target as it was.
///
/// A target that exists and is not a regular file (a device such as
/// `/dev/full` or `/dev/stdout`, a named pipe) is written directly, since it
/// cannot be replaced; its write errors are reported all the same.
struct OutputFile {
    let path: String
    let temporary: String?
    let descriptor: Int32

    private static let counter = Counter()

    static func create(_ path: String) -> Result<OutputFile, PlatformFailure> {
        var info = stat()
        if stat(path, &info) == 0, (info.st_mode & S_IFMT) != S_IFREG {
            if (info.st_mode & S_IFMT) == S_IFDIR { return .failure(PlatformFailure(reason: "it is a directory")) }
            let fd = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC)
            guard fd >= 0 else { return .failure(.current) }
            return .success(OutputFile(path: path, temporary: nil, descriptor: fd))
        }
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        guard !name.isEmpty else { return .failure(PlatformFailure(reason: "it names a directory")) }
        for _ in 0..<100 {
            let candidate = "\(directory).\(name).\(getpid())-\(counter.next()).part"
            // O_EXCL: never reuse a file that is already there; the mode goes through the umask.
            let fd = open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            if fd >= 0 { return .success(OutputFile(path: path, temporary: candidate, descriptor: fd)) }
            if errno != EEXIST {
                let failure = PlatformFailure.current
                let missing = errno == ENOENT && !Platform.isDirectory(directory.isEmpty ? "." : directory)
                return .failure(missing ? PlatformFailure(reason: "its directory does not exist") : failure)
            }
        }
        return .failure(PlatformFailure(reason: "no temporary name was free beside it"))
    }

    /// Creates `path`'s output file, lets `body` write it and puts it in place;
    /// when `body` throws, the temporary file is removed and the target is left as it was.
    ///
    /// - Throws: `body`'s errors, and ``RenderError/Code/cannotWrite`` naming the path and the reason.
    static func writing<T>(_ path: String, _ body: (OutputFile) throws(RenderError) -> T) throws(RenderError) -> T {
        let file: OutputFile
        switch create(path) {
        case .success(let created): file = created
        case .failure(let failure): throw .cannotWrite(path, reason: failure.reason)
        }
        let result: T
        do {
            result = try body(file)
        } catch {
            file.discard()
            throw error
        }
        if let failure = file.commit() { throw .cannotWrite(path, reason: failure.reason) }
        return result
    }

    /// Writes all the bytes, or throws ``RenderError/Code/cannotWrite`` with the reason.
    func writeAll(_ bytes: UnsafeRawBufferPointer) throws(RenderError) {
        if let failure = write(bytes) { throw .cannotWrite(path, reason: failure.reason) }
    }

    /// Writes all the bytes; the reason on failure (a full disk, a closed pipe).
    func write(_ bytes: UnsafeRawBufferPointer) -> PlatformFailure? {
        guard var address = bytes.baseAddress else { return nil }
        var remaining = bytes.count
        while remaining > 0 {
            let n = systemWrite(descriptor, address, remaining)
            if n < 0 && errno == EINTR { continue }
            if n < 0 { return .current }
            if n == 0 { return PlatformFailure(reason: "nothing was written") }
            address += n
            remaining -= n
        }
        return nil
    }

    /// Moves the write position (`whence` as for `lseek`); the new offset, or
    /// nil when the file cannot seek (a pipe) or the offset is out of range.
    /// Containers that patch their headers at the end (MP4) need it.
    func seek(to offset: Int64, whence: Int32) -> Int64? {
        let position = lseek(descriptor, off_t(offset), whence)
        return position < 0 ? nil : Int64(position)
    }

    /// The bytes written so far (the file's size), nil when the file cannot say (a pipe).
    var size: Int64? {
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Int64(info.st_size)
    }

    /// Whether the file can seek: a regular file can, a pipe or a terminal cannot.
    var isSeekable: Bool { seek(to: 0, whence: SEEK_CUR) != nil }

    /// Closes the file and puts it in place of the target.
    func commit() -> PlatformFailure? {
        if close(descriptor) != 0 {
            let failure = PlatformFailure.current
            if let temporary { unlink(temporary) }
            return failure
        }
        guard let temporary else { return nil }
        if rename(temporary, path) != 0 {
            let failure = PlatformFailure.current
            unlink(temporary)
            return failure
        }
        return nil
    }

    /// Closes and removes the temporary file; the target is untouched.
    func discard() {
        close(descriptor)
        if let temporary { unlink(temporary) }
    }
}

/// A process-wide counter for temporary names.
///
/// `@unchecked Sendable` is safe: `value` is only read and written under `lock`.
private final class Counter: @unchecked Sendable {
    private var value = 0
    private let lock = Lock()

    func next() -> Int {
        lock.withLock {
            value += 1
            return value
        }
    }
}

/// A pthread mutex (Render must not need Synchronization's macOS 15 `Mutex`).
private final class Lock: @unchecked Sendable {
    // Safe: the mutex is only touched through pthread calls, which synchronise.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    init() { pthread_mutex_init(mutex, nil) }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    func withLock<T>(_ body: () -> T) -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body()
    }
}

#if canImport(Glibc)
private let systemWrite = Glibc.write
#elseif canImport(Musl)
private let systemWrite = Musl.write
#else
private let systemWrite = Darwin.write
#endif

/// Why a file operation failed, in the C library's words.
struct PlatformFailure: Error {
    var reason: String

    static var current: PlatformFailure {
        PlatformFailure(reason: String(cString: strerror(errno)))
    }
}
