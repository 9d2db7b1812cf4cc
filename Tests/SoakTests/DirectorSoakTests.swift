#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
import TestSupport

/// The soak of issue 14: simulated app use, compressed (see `Soak` in
/// SoakRunner), run in a child process so that its memory is its own.
///
/// `KINETYPE_SOAK_SECONDS` sets the simulated time: 900 s by default (about two
/// seconds of real time, part of `make test`); `make soak` runs ten hours.
@Suite("Soak: an app's text changing for a long time", .serialized)
struct DirectorSoakTests {
    /// The heap may be this much larger at the end than after warm-up (the first
    /// quarter of the run), both at rest on the same text: buffers settle at their
    /// high-water marks during warm-up, and anything kept per change or per new
    /// glyph shows up as growth.
    static let heapTolerance = 160 * 1024

    static var simulatedSeconds: String {
        guard let value = getenv("KINETYPE_SOAK_SECONDS") else { return "900" }
        return String(cString: value)
    }

    /// One soak run per process: the two tests below read the same report.
    static let report: Result<[String: Int], TestFailure> = {
        do {
            let result = try ProcessRunner.runProduct("SoakRunner", [simulatedSeconds, "14"])
            var numbers: [String: Int] = [:]
            var violations: [String] = []
            for line in result.standardOutput.split(separator: "\n") {
                let parts = line.split(separator: " ", maxSplits: 1)
                guard parts.count == 2 else { continue }
                if parts[0] == "violation" { violations.append(String(parts[1])) } else { numbers[String(parts[0])] = Int(parts[1]) }
            }
            guard result.status == 0 || !violations.isEmpty, numbers["changes"] != nil else {
                return .failure(TestFailure("SoakRunner failed: \(result)"))
            }
            guard violations.isEmpty else { return .failure(TestFailure(violations.joined(separator: "\n"))) }
            print("soak: " + numbers.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
            return .success(numbers)
        } catch {
            return .failure(TestFailure("\(error)"))
        }
    }()

    /// Pool balanced (checkouts − checkins = in use at every frame; in use =
    /// sprites shown at rest), no NaN or infinity in any sprite or particle, and
    /// a run that really interrupts transitions.
    @Test func framesStayFiniteAndThePoolBalanced() throws {
        let numbers = try Self.report.get()
        let changes = try #require(numbers["changes"])
        #expect(changes > 50)
        #expect(try #require(numbers["interruptions"]) * 2 > changes, "most changes interrupt a running transition")
        #expect(numbers["frames"] ?? 0 > changes)
        #expect(numbers["sprites-at-end"] == 15)
        #expect(numbers["violations"] == 0)
    }

    /// The heap at rest after the run is within `heapTolerance` of the heap at
    /// rest after warm-up. The heap at the end is about 0.95–1.02 MB however long
    /// the run (450 s to an hour); what it grows by after warm-up is the buffers
    /// that had not reached their high-water marks yet: 82 KB in the default
    /// 900 s (262 KB when the warm-up was a tenth of the run), 29 KB in 1,800 s.
    /// Something kept per change, 700 changes after warm-up, fails it from about
    /// 115 bytes a change.
    @Test
    func memoryStaysFlat() throws {
        let numbers = try Self.report.get()
        let warm = try #require(numbers["heap-at-warm-up"]), end = try #require(numbers["heap-at-end"])
        #expect(warm > 0, "heap counters unavailable on this platform")
        #expect(end - warm <= Self.heapTolerance, "the heap grew by \(end - warm) bytes (warm-up \(warm), end \(end))")
    }

    /// The glyph symbol table holds what the sprites show, not every glyph ever
    /// seen: at most 2 × the sprites + 256 entries in every frame.
    @Test
    func theSymbolTableStaysBounded() throws {
        let numbers = try Self.report.get()
        #expect(numbers["frames-over-symbol-bound"] == 0, "most symbols \(numbers["most-symbols"] ?? -1)")
        #expect(try #require(numbers["symbols-at-end"]) <= 2 * 15 + 256)
    }

    /// `GlyphState` documents opacity in 0…1. Exiting sprites of interrupted
    /// transitions overshoot it today (as far as −0.66 and 1.62 in a simulated hour).
    @Test
    func opacityStaysWithinZeroAndOne() throws {
        let numbers = try Self.report.get()
        #expect(numbers["opacity-outside-millionths"] == 0)
    }
}
