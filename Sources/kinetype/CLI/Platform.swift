// The one file that knows which C library the command line runs on.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's standard streams and environment, without Foundation.
enum Platform {
    /// Writes text to standard output as UTF-8.
    static func writeOutput(_ text: String) {
        write(text, to: 1)
    }

    /// Writes text to standard error as UTF-8.
    static func writeError(_ text: String) {
        write(text, to: 2)
    }

    /// Whether standard output is a terminal.
    static var outputIsTerminal: Bool { isatty(1) != 0 }

    /// An environment variable, if set.
    static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
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

    /// Writes all bytes, retrying after interruptions and partial writes.
    private static func write(_ text: String, to descriptor: Int32) {
        var text = text
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = systemWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written > 0 {
                    offset += written
                } else if written < 0 && errno == EINTR {
                    continue
                } else {
                    return  // a closed pipe: nothing more can be said
                }
            }
        }
    }
}

#if canImport(Glibc)
private let systemWrite = Glibc.write
#elseif canImport(Musl)
private let systemWrite = Musl.write
#else
private let systemWrite = Darwin.write
#endif
