#if canImport(Glibc)
import Glibc
#endif
import Testing
import TestSupport

/// `--duration` and `--speed` on text transitions: the transition settles
/// when asked, and what the frames show is the effect's own motion, retimed.
@Suite("--duration and --speed")
struct RetimingCommandTests {
    func kinetype(_ arguments: [String]) throws -> ProcessResult {
        try ProcessRunner.runProduct("kinetype", arguments)
    }

    /// The settle times `frames --json` reports, and its frames' times.
    func settles(_ options: [String]) throws -> (settles: [Double], frames: Int) {
        let run = try kinetype(["frames", "Add to cart", "Added to your cart", "--json"] + options)
        #expect(run.status == 0, "\(options): \(run)")
        let json = try JSONValue(parsing: run.standardOutput)
        let events = try #require(json["events"]?.arrayValue)
        let settles = events.filter { $0["kind"]?.stringValue == "settle" }.compactMap { $0["t"]?.doubleValue }
        return (settles, json["frames"]?.arrayValue?.count ?? 0)
    }

    @Test(arguments: [(0.8, 0.6...0.9), (2.0, 1.7...2.1)])
    func durationSetsWhenTheTransitionSettles(duration: Double, window: ClosedRange<Double>) throws {
        let planned = try settles([])
        let retimed = try settles(["--duration", "\(duration)"])
        #expect(retimed.settles.count == 1 && window.contains(retimed.settles[0]), "\(retimed.settles)")
        // 60 frames a second up to the settle, whichever way it was retimed.
        #expect(abs(Double(retimed.frames) - retimed.settles[0] * 60) <= 2, "\(retimed.frames) frames")
        #expect(planned.settles.count == 1 && abs(planned.settles[0] - duration) > 0.05, "\(planned.settles)")
    }

    @Test func speedPlaysFasterOrSlower() throws {
        let planned = try settles(["-e", "wave"]).settles[0]
        let twice = try settles(["-e", "wave", "--speed", "2"]).settles[0]
        let half = try settles(["-e", "wave", "--speed", "0.5"]).settles[0]
        // Settles fall on frames: within a frame of the planned time over the speed.
        #expect(abs(twice - planned / 2) <= 1.0 / 60 + 1e-9, "\(twice) against \(planned)")
        #expect(abs(half - planned * 2) <= 1.0 / 60 + 1e-9, "\(half) against \(planned)")
    }

    /// A GIF of a retimed change plays the transition's two seconds and the
    /// one-second hold on the final text.
    @Test func renderTakesTheDurationToo() throws {
        let output = "/tmp/kinetype-retiming-\(getpid()).gif"
        defer { unlink(output) }
        let run = try kinetype(["render", "Add to cart", "Added to your cart", "-e", "slide", "--duration", "2", "-o", output])
        #expect(run.status == 0, "\(run)")
        // "wrote … (W×H, N frames, S s)"
        let seconds = try #require(run.standardOutput.split(separator: " ").dropLast().last.flatMap { Double($0) })
        #expect(abs(seconds - 3) < 0.05, "\(run.standardOutput)")
    }

    @Test func planReportsThePlaybackRate() throws {
        let plain = try JSONValue(parsing: kinetype(["plan", "Add to cart", "Added to your cart", "--json"]).standardOutput)
        let json = try JSONValue(parsing: kinetype(["plan", "Add to cart", "Added to your cart", "--json", "--duration", "2"]).standardOutput)
        let duration = try #require(json["duration"]?.doubleValue)
        let rate = try #require(json["playbackRate"]?.doubleValue)
        #expect(plain["playbackRate"]?.doubleValue == 1)
        #expect(abs(duration / rate - 2) < 1e-9, "\(duration) / \(rate)")
    }

    @Test(arguments: [
        (["--duration", "0"], "invalid value '0' for --duration"),
        (["--duration", "61"], "invalid value '61' for --duration"),
        (["--duration", "nan"], "invalid value 'nan' for --duration"),
        (["--speed", "0"], "invalid value '0' for --speed"),
        (["--speed", "100"], "invalid value '100' for --speed"),
        (["--duration", "1", "--speed", "2"], "--duration and --speed both retime the transitions; give one of them"),
    ])
    func badRetimingsAreUsageErrors(options: [String], message: String) throws {
        let run = try kinetype(["frames", "a", "b"] + options)
        #expect(run.status == 2, "\(run)")
        #expect(run.standardError.contains(message), "\(run.standardError)")
    }
}
