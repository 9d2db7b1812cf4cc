#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What a finished child process left behind.
public struct ProcessResult: Sendable, CustomStringConvertible {
    /// The exit status (or 128 + signal number when killed by a signal).
    public var status: Int32
    public var standardOutput: String
    public var standardError: String

    public var description: String {
        "exit \(status)\n--- stdout\n\(standardOutput)--- stderr\n\(standardError)"
    }
}

/// Runs the package's executables from tests, as a user would from a shell.
///
/// ```swift
/// let result = try ProcessRunner.runProduct("kinetype", ["diff", "a", "b", "--json"])
/// #expect(result.status == 0)
/// ```
public enum ProcessRunner {
    /// An error starting a process.
    public struct LaunchError: Error, CustomStringConvertible {
        public var description: String
    }

    /// The build products directory: SwiftPM puts the test runner and the
    /// package's executables side by side.
    public static var productsDirectory: String {
        #if os(Linux)
        var buffer = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        let path = length > 0 ? String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self) : ""
        #else
        let path = CommandLine.arguments.first { $0.contains(".xctest") } ?? CommandLine.arguments[0]
        #endif
        var directory = path
        // On Darwin the runner lives inside Foo.xctest/Contents/MacOS.
        if let bundle = directory.split(separator: "/").firstIndex(where: { $0.hasSuffix(".xctest") }) {
            directory = "/" + directory.split(separator: "/")[..<bundle].joined(separator: "/") + "/"
        }
        while let last = directory.last, last != "/" { directory.removeLast() }
        return directory.isEmpty ? "./" : directory
    }

    /// Runs one of the package's executables by product name.
    public static func runProduct(
        _ name: String, _ arguments: [String], environment: [String: String] = [:], standardInput: String? = nil
    ) throws -> ProcessResult {
        try run(productsDirectory + name, arguments, environment: environment, standardInput: standardInput)
    }

    /// Runs `executable` with `arguments`, capturing both output streams.
    /// `environment` entries are added to (or replace) the current ones;
    /// `standardInput` is a file the child reads as its standard input.
    public static func run(
        _ executable: String, _ arguments: [String], environment: [String: String] = [:], standardInput: String? = nil
    ) throws -> ProcessResult {
        try start(executable, arguments, environment: environment, standardInput: standardInput).wait()
    }

    /// Starts one of the package's executables by product name, without waiting for it.
    public static func startProduct(
        _ name: String, _ arguments: [String], environment: [String: String] = [:]
    ) throws -> RunningProcess {
        try start(productsDirectory + name, arguments, environment: environment)
    }

    /// Starts `executable` with `arguments`, its output streams captured by
    /// ``RunningProcess/wait()``; see ``run(_:_:environment:standardInput:)``.
    public static func start(
        _ executable: String, _ arguments: [String], environment: [String: String] = [:], standardInput: String? = nil
    ) throws -> RunningProcess {
        var outPipe: [Int32] = [0, 0]
        var errPipe: [Int32] = [0, 0]
        guard pipe(&outPipe) == 0, pipe(&errPipe) == 0 else { throw LaunchError(description: "pipe failed") }

        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t? = nil
        #else
        var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
        for fd in outPipe + errPipe { posix_spawn_file_actions_addclose(&actions, fd) }
        if let standardInput { posix_spawn_file_actions_addopen(&actions, 0, standardInput, O_RDONLY, 0) }

        #if canImport(Darwin)
        let current = _NSGetEnviron().pointee!
        #else
        let current = environ
        #endif
        var variables: [String: String] = [:]
        var index = 0
        while let entry = current[index] {
            let text = String(cString: entry)
            if let equals = text.firstIndex(of: "=") {
                variables[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            index += 1
        }
        for (key, value) in environment { variables[key] = value }
        let environmentStrings = variables.keys.sorted().map { "\($0)=\(variables[$0]!)" }

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environmentStrings.map { strdup($0) } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, envp)
        close(outPipe[1])
        close(errPipe[1])
        guard spawned == 0 else {
            close(outPipe[0])
            close(errPipe[0])
            throw LaunchError(description: "cannot run \(executable): error \(spawned)")
        }
        return RunningProcess(pid: pid, output: outPipe[0], error: errPipe[0])
    }

    /// A child process started by ``ProcessRunner/start(_:_:environment:standardInput:)``.
    public struct RunningProcess: Sendable {
        /// The child's process id.
        public let pid: Int32
        let output: Int32
        let error: Int32

        /// Sends `signal` (SIGINT, SIGTERM, …) to the child.
        public func send(_ signal: Int32) {
            kill(pid, signal)
        }

        /// Reads the child's output to its end and waits for it to exit.
        public func wait() -> ProcessResult {
            let (out, err) = ProcessRunner.drain(output, error)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            let exitCode = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
            return ProcessResult(
                status: exitCode, standardOutput: String(decoding: out, as: UTF8.self),
                standardError: String(decoding: err, as: UTF8.self))
        }
    }

    /// Reads two descriptors to end of file without letting either fill up.
    fileprivate static func drain(_ first: Int32, _ second: Int32) -> ([UInt8], [UInt8]) {
        var results: [[UInt8]] = [[], []]
        var fds = [pollfd(fd: first, events: Int16(POLLIN), revents: 0), pollfd(fd: second, events: Int16(POLLIN), revents: 0)]
        var open = 2
        var chunk = [UInt8](repeating: 0, count: 65536)
        while open > 0 {
            guard poll(&fds, nfds_t(fds.count), -1) >= 0 else {
                if errno == EINTR { continue }
                break
            }
            for slot in 0..<2 where fds[slot].fd >= 0 && fds[slot].revents != 0 {
                let count = read(fds[slot].fd, &chunk, chunk.count)
                if count > 0 {
                    results[slot].append(contentsOf: chunk[..<count])
                } else if count == 0 || errno != EINTR {
                    close(fds[slot].fd)
                    fds[slot].fd = -1
                    open -= 1
                }
            }
        }
        return (results[0], results[1])
    }
}
