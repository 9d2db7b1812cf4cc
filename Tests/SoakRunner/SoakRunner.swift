#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `SoakRunner [SECONDS] [SEED]`: runs the soak (default: an hour of simulated
/// time, seed 0) and prints its report as `key value` lines. Exits 1 when a rule
/// was broken. SoakTests runs it in a child process, so that its memory
/// figures are its own and not those of tests running beside it.
@main
enum SoakRunner {
    static func main() {
        let arguments = CommandLine.arguments.dropFirst()
        guard arguments.count <= 2, let seconds = Double(arguments.first ?? "3600"), seconds > 0, seconds.isFinite,
              let seed = UInt64(arguments.dropFirst().first ?? "0")
        else {
            print("usage: SoakRunner [SECONDS] [SEED]   (simulated seconds > 0, default 3600; seed default 0)")
            exit(2)
        }
        let report = Soak(seconds: seconds, seed: seed).run()
        for line in report.lines { print(line) }
        exit(report.violations.isEmpty ? 0 : 1)
    }
}
