#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Render
import Testing
import TestSupport

/// The progress line's text, and when it writes: only when enabled, only
/// after its delay, redrawn by its own thread, cleared at the end.
@Suite("ProgressLine")
struct ProgressLineTests {
    @Test(arguments: [
        ("drawing", 120, 600 as Int?, 4.0, "drawing 120/600 frames, 20 %, about 16 s left"),
        ("drawing", 0, 600, 0.2, "drawing 0/600 frames, 0 %, estimating the time left"),
        ("drawing", 1, 600, 0.3, "drawing 1/600 frames, 0 %, estimating the time left"),
        ("drawing", 300, 600, 150, "drawing 300/600 frames, 50 %, about 2 min 30 s left"),
        ("drawing", 10, 10_000, 4, "drawing 10/10000 frames, 0 %, about 1 h 6 min left"),
        ("drawing", 600, 600, 9, "drawing 600/600 frames, 100 %"),
        ("drawing", 700, 600, 9, "drawing 600/600 frames, 100 %"),
        ("measuring", 120, nil, 1.2, "measuring 120 frames, 2 s"),
        ("measuring", 1, nil, 0.1, "measuring 1 frame, 1 s"),
        ("writing .json", 0, nil, 3, "writing .json, 3 s"),
    ])
    func textSaysFramesShareAndTimeLeft(phase: String, done: Int, total: Int?, elapsed: Double, expected: String) {
        #expect(ProgressLine.text(phase: phase, done: done, total: total, elapsed: elapsed) == expected)
    }

    /// What a line wrote, collected from its own thread.
    final class Written: @unchecked Sendable {
        private var pieces: [String] = []
        private var lock = pthread_mutex_t()
        init() { pthread_mutex_init(&lock, nil) }
        func append(_ text: String) {
            pthread_mutex_lock(&lock)
            pieces.append(text)
            pthread_mutex_unlock(&lock)
        }
        var all: [String] {
            pthread_mutex_lock(&lock)
            defer { pthread_mutex_unlock(&lock) }
            return pieces
        }
    }

    static func sleep(_ seconds: Double) {
        var request = timespec(tv_sec: 0, tv_nsec: Int(seconds * 1e9))
        nanosleep(&request, nil)
    }

    @Test func anEnabledLineRedrawsAfterItsDelayAndClearsAtTheEnd() {
        let written = Written()
        let line = ProgressLine(isEnabled: true, delay: 0, interval: 0.02, write: { written.append($0) }, clock: { 1000 })
        line.start("drawing", total: 10)
        line.update(5)
        Self.sleep(0.2)
        line.finish()
        let pieces = written.all
        #expect(pieces.count >= 3, "\(pieces)")
        #expect(pieces.dropLast().allSatisfy { $0 == "\r\u{1B}[Kdrawing 5/10 frames, 50 %, estimating the time left" }, "\(pieces)")
        #expect(pieces.last == "\r\u{1B}[K")
        // Finished, it writes no more.
        Self.sleep(0.1)
        line.finish()
        #expect(written.all.count == pieces.count)
    }

    @Test func aQuickRenderShowsNothingAndADisabledLineNeverWrites() {
        let written = Written()
        let quick = ProgressLine(isEnabled: true, delay: 60, interval: 0.02, write: { written.append($0) }, clock: { 5 })
        quick.start("drawing", total: 10)
        Self.sleep(0.1)
        quick.finish()
        #expect(written.all.isEmpty, "nothing shown, so nothing to clear")
        let off = ProgressLine(isEnabled: false, delay: 0, interval: 0.02, write: { written.append($0) }, clock: { 5 })
        off.start("drawing", total: 10)
        off.update(3)
        Self.sleep(0.1)
        off.finish()
        #expect(written.all.isEmpty)
    }
}
