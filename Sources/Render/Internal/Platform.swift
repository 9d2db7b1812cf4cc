// The one file of Render and the command line that knows which C library
// supplies files, terminals, signals and threads. System calls are retried
// after interruptions by the Animator's `SystemIO`; Render reads a clock only
// to play in real time (`TerminalPlayer`) and to tell a person how long a
// render has left (`ProgressLine`), never to decide what is drawn.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Animator

/// Standard streams, files, folders, terminals and the process, for Render and
/// the command line, without Foundation.
package enum Platform {
    /// Writes text to standard output at once (unbuffered, unlike `print`);
    /// the reason when it could not (a full disk, a closed pipe).
    @discardableResult
    package static func writeStandardOutput(_ text: String) -> String? {
        write(text, to: 1)
    }

    /// Writes text to standard error at once (nothing more can be said when that fails).
    package static func writeStandardError(_ text: String) {
        _ = write(text, to: 2)
    }

    private static func write(_ text: String, to descriptor: Int32) -> String? {
        var text = text
        return text.withUTF8 { bytes in
            SystemIO.write(descriptor, UnsafeRawBufferPointer(bytes)).map(SystemIO.description)
        }
    }

    /// Whether a file descriptor is a terminal (0 = stdin, 1 = stdout, 2 = stderr).
    package static func isTerminal(_ descriptor: Int32) -> Bool {
        isatty(descriptor) == 1
    }

    /// The terminal's width in columns, when the descriptor is one and says.
    static func terminalColumns(_ descriptor: Int32) -> Int? {
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }

    /// Writes to a closed pipe fail with EPIPE instead of killing the process.
    package static func ignoreBrokenPipe() {
        signal(SIGPIPE, SIG_IGN)
    }

    /// Ends the process (output is written unbuffered, so nothing is lost).
    package static func exit(_ code: Int32) -> Never {
        #if canImport(Glibc)
        Glibc.exit(code)
        #elseif canImport(Musl)
        Musl.exit(code)
        #else
        Darwin.exit(code)
        #endif
    }

    /// Seconds on a monotonic clock.
    static func monotonicSeconds() -> Double {
        Double(monotonicNanoseconds()) / 1e9
    }

    /// Sleeps for a number of seconds (nothing for zero or less).
    static func sleep(seconds: Double) {
        guard seconds > 0, seconds.isFinite else { return }
        var request = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - seconds.rounded(.down)) * 1e9))
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
    }

    // MARK: Reading

    /// The result of reading a whole input.
    package enum ReadResult {
        case bytes([UInt8])
        /// More than the limit: reading stopped there.
        case tooLarge
        case failed(String)
    }

    /// Reads standard input to its end, or stops after `limit` bytes.
    package static func readStandardInput(limit: Int) -> ReadResult {
        read(descriptor: 0, limit: limit)
    }

    /// Reads a whole file, or stops after `limit` bytes; follows symbolic links.
    package static func readFile(_ path: String, limit: Int) -> ReadResult {
        let fd = SystemIO.retrying { open(path, O_RDONLY | O_CLOEXEC) }
        guard fd >= 0 else { return .failed(SystemIO.description(errno)) }
        defer { close(fd) }
        var info = stat()
        if fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR { return .failed("is a directory") }
        return read(descriptor: fd, limit: limit)
    }

    private static func read(descriptor: Int32, limit: Int) -> ReadResult {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { SystemIO.read(descriptor, into: $0) }
            if count == 0 { return .bytes(bytes) }
            if count < 0 { return .failed(SystemIO.description(errno)) }
            bytes.append(contentsOf: chunk[..<count])
            if bytes.count > limit { return .tooLarge }
        }
    }

    // MARK: Files and folders

    /// Writes `bytes` to `path` through an ``OutputFile``: all or nothing.
    static func writeFile(_ bytes: [UInt8], to path: String) throws(RenderError) {
        try OutputFile.writing(path) { (file: OutputFile) throws(RenderError) in
            if let failure = bytes.withUnsafeBytes({ file.write($0) }) { throw .cannotWrite(path, reason: failure.reason) }
        }
    }

    /// Writes `text` as UTF-8 to `path` through an ``OutputFile``: all or nothing.
    static func writeFile(_ text: String, to path: String) throws(RenderError) {
        try OutputFile.writing(path) { (file: OutputFile) throws(RenderError) in try file.writeAll(text) }
    }

    /// Creates one directory; its parent must exist (nothing the caller did not
    /// ask for is created). An existing directory is fine.
    static func makeDirectory(_ path: String) -> Result<Void, PlatformFailure> {
        if isDirectory(path) { return .success(()) }
        if mkdir(path, 0o755) == 0 { return .success(()) }
        let code = errno
        if code == ENOENT { return .failure(PlatformFailure(reason: "its parent directory does not exist")) }
        if code == EEXIST { return .failure(PlatformFailure(reason: "it exists and is not a directory")) }
        return .failure(PlatformFailure(code))
    }

    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// The names in a directory (not `.` and `..`), in no particular order.
    static func contents(ofDirectory path: String) -> Result<[String], PlatformFailure> {
        guard let directory = opendir(path) else { return .failure(.current) }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return .success(names)
    }

    /// Removes a file (not a directory).
    static func removeFile(_ path: String) -> PlatformFailure? {
        unlink(path) == 0 || errno == ENOENT ? nil : .current
    }
}

/// A file being written so that readers never see half of it: the bytes go to
/// a hidden temporary file beside the target, which ``commit()`` renames over
/// the target. A failed or abandoned write removes the temporary file and
/// leaves the target as it was; so does a signal that ends the process (see
/// `SignalCleanup`). A target that is replaced keeps its permissions.
///
/// A target that exists and is not a regular file (a device such as
/// `/dev/full` or `/dev/stdout`, a named pipe) is written directly, since it
/// cannot be replaced; its write errors are reported all the same.
struct OutputFile {
    let path: String
    let temporary: String?
    let descriptor: Int32
    /// The temporary file's entry in `SignalCleanup`.
    private let cleanup: Int?

    private static let counter = Counter()

    static func create(_ path: String) -> Result<OutputFile, PlatformFailure> {
        var info = stat()
        let exists = stat(path, &info) == 0
        if exists, (info.st_mode & S_IFMT) != S_IFREG {
            if (info.st_mode & S_IFMT) == S_IFDIR { return .failure(PlatformFailure(reason: "it is a directory")) }
            let fd = SystemIO.retrying { open(path, O_WRONLY | O_TRUNC | O_CLOEXEC) }
            guard fd >= 0 else { return .failure(.current) }
            return .success(OutputFile(path: path, temporary: nil, descriptor: fd, cleanup: nil))
        }
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        guard !name.isEmpty else { return .failure(PlatformFailure(reason: "it names a directory")) }
        for _ in 0..<100 {
            let candidate = "\(directory).\(name).\(getpid())-\(counter.next()).part"
            // Known to the signal handler before it exists, so no moment is left uncovered.
            let cleanup = SignalCleanup.register(candidate)
            // O_EXCL: never reuse a file that is already there; the mode goes through the umask.
            let fd = SystemIO.retrying { open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666) }
            if fd >= 0 {
                // A file replaced keeps its permissions (a private 0600 file stays private).
                if exists { fchmod(fd, info.st_mode & 0o7777) }
                return .success(OutputFile(path: path, temporary: candidate, descriptor: fd, cleanup: cleanup))
            }
            let failure = PlatformFailure.current
            let code = errno
            if let cleanup { SignalCleanup.unregister(cleanup) }
            if code != EEXIST {
                let missing = code == ENOENT && !Platform.isDirectory(directory.isEmpty ? "." : directory)
                return .failure(missing ? PlatformFailure(reason: "its directory does not exist") : failure)
            }
        }
        return .failure(PlatformFailure(reason: "no temporary name was free beside it"))
    }

    /// Creates `path`'s output file, lets `body` write it and puts it in place;
    /// when `body` throws, the temporary file is removed and the target is left as it was.
    ///
    /// - Throws: `body`'s errors, and ``RenderError`` `.cannotWrite` naming the path and the reason.
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

    /// Writes all the bytes, or throws ``RenderError`` `.cannotWrite` with the reason.
    func writeAll(_ bytes: UnsafeRawBufferPointer) throws(RenderError) {
        if let failure = write(bytes) { throw .cannotWrite(path, reason: failure.reason) }
    }

    /// Writes the text as UTF-8 (without copying it), or throws ``RenderError`` `.cannotWrite`.
    func writeAll(_ text: String) throws(RenderError) {
        var text = text
        if let failure = text.withUTF8({ write(UnsafeRawBufferPointer($0)) }) { throw .cannotWrite(path, reason: failure.reason) }
    }

    /// Writes all the bytes; the reason on failure (a full disk, a closed pipe).
    func write(_ bytes: UnsafeRawBufferPointer) -> PlatformFailure? {
        SystemIO.write(descriptor, bytes).map(PlatformFailure.init)
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
        defer { if let cleanup { SignalCleanup.unregister(cleanup) } }
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
        if let cleanup { SignalCleanup.unregister(cleanup) }
    }
}

/// Bytes appended to an ``OutputFile`` whose header is patched once the rest
/// is known (a RIFF size): written straight to the file when it can seek,
/// else to an unlinked temporary file copied over at the end (a pipe), so
/// memory holds none of it either way.
final class PatchableOutput {
    private let file: OutputFile
    /// The spooled copy's descriptor, for a target that cannot seek.
    private let spool: Int32?
    /// The bytes appended so far.
    private(set) var count = 0

    init(_ file: OutputFile) throws(RenderError) {
        self.file = file
        if file.isSeekable {
            spool = nil
        } else {
            var template = Array("/tmp/kinetype-spool-XXXXXX".utf8CString)
            let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            guard fd >= 0 else { throw .cannotWrite(file.path, reason: "no temporary file for the spooled copy: " + PlatformFailure.current.reason) }
            template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
            spool = fd
        }
    }

    deinit {
        if let spool { close(spool) }
    }

    func append(_ bytes: [UInt8]) throws(RenderError) {
        let failure = bytes.withUnsafeBytes { buffer in
            spool.map { SystemIO.write($0, buffer).map(PlatformFailure.init) } ?? file.write(buffer)
        }
        if let failure { throw .cannotWrite(file.path, reason: failure.reason) }
        count += bytes.count
    }

    /// Overwrites bytes already appended, at `offset` from the start.
    func patch(_ bytes: [UInt8], at offset: Int) throws(RenderError) {
        let failure = bytes.withUnsafeBytes { buffer in
            Self.write(buffer, at: Int64(offset), to: spool ?? file.descriptor)
        }
        if let failure { throw .cannotWrite(file.path, reason: failure.reason) }
    }

    /// Copies a spooled copy to the target; nothing to do otherwise.
    func finish() throws(RenderError) {
        guard let spool else { return }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var offset: Int64 = 0
        while true {
            let n = chunk.withUnsafeMutableBytes { buffer in
                SystemIO.retrying { pread(spool, buffer.baseAddress, buffer.count, off_t(offset)) }
            }
            if n < 0 { throw .cannotWrite(file.path, reason: PlatformFailure.current.reason) }
            if n == 0 { return }
            if let failure = chunk.withUnsafeBytes({ file.write(UnsafeRawBufferPointer(rebasing: $0[..<n])) }) {
                throw .cannotWrite(file.path, reason: failure.reason)
            }
            offset += Int64(n)
        }
    }

    /// Writes all the bytes at `offset`, leaving the write position where it is.
    private static func write(_ bytes: UnsafeRawBufferPointer, at offset: Int64, to descriptor: Int32) -> PlatformFailure? {
        var done = 0
        while done < bytes.count {
            let n = SystemIO.retrying { pwrite(descriptor, bytes.baseAddress! + done, bytes.count - done, off_t(offset) + off_t(done)) }
            if n < 0 { return .current }
            if n == 0 { return PlatformFailure(reason: "nothing was written") }
            done += n
        }
        return nil
    }
}

/// What SIGINT, SIGTERM or SIGHUP must undo before the process ends: the
/// temporary files of writes under way are removed and a hidden cursor is
/// shown again; the process then exits with the shell's code for the signal
/// (128 + its number: 130, 143, 129).
///
/// The table of paths is allocated once, before a handler can run, so the
/// handler only reads memory and calls `unlink`, `write` and `_exit`, all
/// safe in a signal handler.
package enum SignalCleanup {
    static let slots = 64
    static let pathCapacity = 4_096

    private struct Table {
        let paths: UnsafeMutablePointer<CChar>
        /// 1 where a slot holds a path being written.
        let inUse: UnsafeMutablePointer<sig_atomic_t>
        /// 1 while the terminal player has hidden the cursor.
        let cursorHidden: UnsafeMutablePointer<sig_atomic_t>
    }

    // `nonisolated(unsafe)` is safe: the table's pointers never change; a slot
    // is written only under `lock` while its flag is 0, and the flag set after,
    // so the handler (which reads flags first) never sees half a path.
    nonisolated(unsafe) private static let table: Table = {
        let inUse = UnsafeMutablePointer<sig_atomic_t>.allocate(capacity: slots)
        inUse.initialize(repeating: 0, count: slots)
        let hidden = UnsafeMutablePointer<sig_atomic_t>.allocate(capacity: 1)
        hidden.initialize(to: 0)
        return Table(paths: .allocate(capacity: slots * pathCapacity), inUse: inUse, cursorHidden: hidden)
    }()
    private static let lock = Lock()
    nonisolated(unsafe) private static var installed = false

    /// Installs the handlers for SIGINT, SIGTERM and SIGHUP (once; later calls do nothing).
    package static func install() {
        lock.withLock {
            guard !installed else { return }
            installed = true
            _ = table
            // A parent may have blocked these (blocked signals survive exec): they must reach us.
            var unblock = sigset_t()
            sigemptyset(&unblock)
            for signal in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&unblock, signal) }
            pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
            for number in [SIGINT, SIGTERM, SIGHUP] { signal(number, cleanUpAndEnd) }
        }
    }

    /// Records a temporary path for removal; its slot, or nil when the table is full or the path too long.
    static func register(_ path: String) -> Int? {
        let bytes = Array(path.utf8)
        guard bytes.count < pathCapacity else { return nil }
        return lock.withLock {
            let t = table
            guard let slot = (0..<slots).first(where: { t.inUse[$0] == 0 }) else { return nil }
            let start = t.paths + slot * pathCapacity
            bytes.withUnsafeBufferPointer { source in
                source.withMemoryRebound(to: CChar.self) { start.update(from: $0.baseAddress!, count: bytes.count) }
            }
            start[bytes.count] = 0
            t.inUse[slot] = 1
            return slot
        }
    }

    static func unregister(_ slot: Int) {
        lock.withLock { table.inUse[slot] = 0 }
    }

    /// Whether a signal must show the cursor again (the terminal player hides it).
    static func setCursorHidden(_ hidden: Bool) {
        table.cursorHidden.pointee = hidden ? 1 : 0
    }

    fileprivate static func run(_ number: Int32) {
        let t = table
        if t.cursorHidden.pointee != 0 {
            let show: StaticString = "\u{1B}[0m\u{1B}[?25h\n"
            _ = write(1, show.utf8Start, show.utf8CodeUnitCount)
        }
        for slot in 0..<slots where t.inUse[slot] != 0 { unlink(t.paths + slot * pathCapacity) }
        // The shell's convention for a process a signal ended: 128 + its number.
        _exit(128 + number)
    }
}

/// The handler of ``SignalCleanup``: a C function, so it captures nothing.
private func cleanUpAndEnd(_ number: Int32) {
    SignalCleanup.run(number)
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
final class Lock: @unchecked Sendable {
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

/// Why a file operation failed, in the C library's words.
struct PlatformFailure: Error {
    var reason: String

    init(reason: String) { self.reason = reason }

    /// The failure of error number `code`.
    init(_ code: Int32) { reason = SystemIO.description(code) }

    static var current: PlatformFailure { PlatformFailure(errno) }
}

/// A pthread mutex with a condition variable, and the thread a worker runs
/// on: what ``WorkerThread`` and ``Ticker`` share. Confined to its owner,
/// which keeps every use of it under the mutex.
private final class Condition {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    func lock() { pthread_mutex_lock(mutex) }
    func unlock() { pthread_mutex_unlock(mutex) }
    func broadcast() { pthread_cond_broadcast(condition) }
    /// Waits (the mutex held) until woken.
    func wait() { pthread_cond_wait(condition, mutex) }

    /// Waits (the mutex held) until woken or `seconds` have passed; false once they have.
    func wait(seconds: Double) -> Bool {
        // The deadline on the wall clock, which pthread_cond_timedwait measures.
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        let nanoseconds = Int(now.tv_nsec) + Int(seconds * 1e9)
        var deadline = timespec(tv_sec: now.tv_sec + nanoseconds / 1_000_000_000, tv_nsec: nanoseconds % 1_000_000_000)
        return pthread_cond_timedwait(condition, mutex, &deadline) == 0
    }

    /// Ends a thread this condition serves: under the mutex, waits while
    /// `busy` says so, then `flag` tells the thread to end; wakes it, joins it
    /// and forgets it.
    func end(_ thread: inout pthread_t?, waitingWhile busy: () -> Bool, flag: () -> Void) {
        lock()
        while busy() { wait() }
        flag()
        broadcast()
        unlock()
        if let running = thread { pthread_join(running, nil) }
        thread = nil
    }

    /// Starts a thread running `body`, which keeps what it captures until it
    /// returns; nil when no thread can be started.
    static func spawn(_ body: @escaping () -> Void) -> pthread_t? {
        let context = Unmanaged.passRetained(ThreadStart(body)).toOpaque()
        var thread = pthread_t()
        guard pthread_create(&thread, nil, { context in
            Unmanaged<ThreadStart>.fromOpaque(context!).takeRetainedValue().run()
            return nil
        }, context) == 0 else {
            Unmanaged<ThreadStart>.fromOpaque(context).release()
            return nil
        }
        return thread
    }
}

/// What a new thread runs, handed to it through `pthread_create`'s context.
private final class ThreadStart {
    let run: () -> Void
    init(_ run: @escaping () -> Void) { self.run = run }
}

/// One background thread that runs jobs one at a time: ``start(_:)`` hands it
/// a job (after the one before has finished), ``wait()`` returns once it has
/// finished. Renderers overlap encoding a frame with drawing the next on it.
///
/// The caller owns the hand-over: between `start` and `wait` it must not
/// touch what the job uses. Under that rule a job may use state that is not
/// `Sendable` (`@unchecked Sendable` is safe: the thread's own fields are read
/// and written under `condition`'s mutex, and `wait` orders everything the job
/// did before what the caller does next). Confined to the one caller that starts jobs.
final class WorkerThread: @unchecked Sendable {
    private let condition = Condition()
    private var job: (() -> Void)?
    private var busy = false
    private var stopping = false
    private var thread: pthread_t?

    /// Starts the thread; nil when the system cannot start one (run jobs in place then).
    init?() {
        guard let started = Condition.spawn({ [self] in loop() }) else { return nil }
        thread = started
    }

    /// Runs `job` on the thread once the job before has finished.
    func start(_ job: @escaping () -> Void) {
        condition.lock()
        while busy { condition.wait() }
        self.job = job
        busy = true
        condition.broadcast()
        condition.unlock()
    }

    /// Returns once the last job started has finished.
    func wait() {
        condition.lock()
        while busy { condition.wait() }
        condition.unlock()
    }

    /// Waits for the last job, then ends the thread and joins it. Call once, before letting go of the worker.
    func stop() {
        condition.end(&thread, waitingWhile: { busy }, flag: { stopping = true })
    }

    private func loop() {
        condition.lock()
        while true {
            while job == nil && !stopping { condition.wait() }
            guard let next = job else { break }
            condition.unlock()
            next()
            condition.lock()
            job = nil
            busy = false
            condition.broadcast()
        }
        condition.unlock()
    }
}

/// A background thread that calls a function every `interval` seconds until
/// stopped: what redraws a progress line while the work goes on.
///
/// `@unchecked Sendable` is safe: `stopping` is read and written under
/// `condition`'s mutex, and `tick` is only called by the thread.
final class Ticker: @unchecked Sendable {
    private let condition = Condition()
    private let interval: Double
    private let tick: @Sendable () -> Void
    private var stopping = false
    private var thread: pthread_t?

    /// Starts calling `tick` every `interval` seconds (the first call after one
    /// interval); nil when no thread can be started.
    init?(interval: Double, _ tick: @escaping @Sendable () -> Void) {
        self.interval = interval
        self.tick = tick
        guard let started = Condition.spawn({ [self] in loop() }) else { return nil }
        thread = started
    }

    /// Ends the calls at once (waking the thread) and waits for the thread to end. Call once.
    func stop() {
        condition.end(&thread, waitingWhile: { false }, flag: { stopping = true })
    }

    private func loop() {
        condition.lock()
        while !stopping {
            // Woken early only to stop (or spuriously): wait the interval out.
            while !stopping, condition.wait(seconds: interval) {}
            if stopping { break }
            condition.unlock()
            tick()
            condition.lock()
        }
        condition.unlock()
    }
}
