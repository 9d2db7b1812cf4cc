// The one file of the benchmark program that talks to the C library, for what
// only the benchmark needs (peak memory, running itself); the clock and
// retried system calls are the Animator's.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Animator

enum Platform {
    /// The process's peak resident set size in bytes, where the system reports it.
    static func peakResidentBytes() -> Double? {
        var usage = rusage()
        #if os(Linux)
        let who = __rusage_who_t(RUSAGE_SELF.rawValue)
        #else
        let who = RUSAGE_SELF
        #endif
        guard getrusage(who, &usage) == 0 else { return nil }
        #if os(Linux)
        return Double(usage.ru_maxrss) * 1024
        #else
        return Double(usage.ru_maxrss)
        #endif
    }
}

extension Platform {
    /// Runs this program again with `arguments` and returns what it printed, or
    /// nil when it could not be started or did not exit with 0.
    static func runSelf(arguments: [String]) -> String? {
        #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { return nil }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
        posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
        let program = CommandLine.arguments[0]
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, program, &actions, nil, argv, environ)
        close(pipeEnds[1])
        guard spawned == 0 else {
            close(pipeEnds[0])
            return nil
        }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { SystemIO.read(pipeEnds[0], into: $0) }
            if count <= 0 { break }
            bytes.append(contentsOf: buffer[0..<count])
        }
        close(pipeEnds[0])
        var status: Int32 = 0
        _ = SystemIO.retrying { waitpid(pid, &status, 0) }
        // Exited normally with status 0.
        guard status & 0x7F == 0 && (status >> 8) & 0xFF == 0 else { return nil }
        return String(decoding: bytes, as: UTF8.self)
        #else
        return nil
        #endif
    }

    static func exit(_ code: Int32) -> Never {
        #if canImport(Glibc)
        Glibc.exit(code)
        #elseif canImport(Musl)
        Musl.exit(code)
        #else
        Darwin.exit(code)
        #endif
    }

    static func writeError(_ text: String) {
        var text = text
        text.withUTF8 { bytes in _ = SystemIO.write(2, UnsafeRawBufferPointer(bytes)) }
    }
}
