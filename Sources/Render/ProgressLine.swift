/// A one-line progress report on standard error for long renders: what is
/// being done, frames done of the total, the share done and the time left,
/// redrawn in place on a terminal several times a second and cleared at the
/// end. Silent unless standard error is a terminal, so logs and pipes get
/// only what the command prints when it is done.
///
/// ```swift
/// let progress = ProgressLine()
/// defer { progress.finish() }              // cleared on success and on error
/// progress.start("drawing", total: frames.frameCount)
/// try webp.write(frames.reporting { progress.update($0) }, to: "long.webp")
/// ```
///
/// The line appears once the work has taken `delay` seconds (a quick render
/// shows none) and is then redrawn every `interval` seconds by a thread of
/// its own, so it moves on even while one long step (the last frame's
/// encoding) runs. The time left is the phase's pace so far applied to the
/// frames it has left. The clock it reads only tells a person how long;
/// nothing drawn depends on it.
public final class ProgressLine: @unchecked Sendable {
    // `@unchecked Sendable` is safe: the state is only read and written under `lock`.

    /// Whether anything is written.
    public let isEnabled: Bool
    /// Seconds of work before the line first shows.
    public let delay: Double
    /// Seconds between redraws.
    public let interval: Double

    private let lock = Lock()
    private let write: @Sendable (String) -> Void
    private let clock: @Sendable () -> Double
    private var phase = ""
    private var done = 0
    private var total: Int?
    private var phaseStart = 0.0
    private var firstStart: Double?
    private var shown = false
    private var finished = false
    private var ticker: Ticker?

    /// A progress line on standard error, enabled when it is a terminal.
    public convenience init(delay: Double = 0.5, interval: Double = 0.25) {
        self.init(
            isEnabled: Platform.isTerminal(2), delay: delay, interval: interval, write: { Platform.writeStandardError($0) },
            clock: { Platform.monotonicSeconds() })
    }

    /// A progress line writing with `write` and timing with `clock` (seconds), when enabled.
    public init(
        isEnabled: Bool, delay: Double = 0.5, interval: Double = 0.25, write: @escaping @Sendable (String) -> Void,
        clock: @escaping @Sendable () -> Double
    ) {
        self.isEnabled = isEnabled
        self.delay = max(delay, 0)
        self.interval = min(max(interval, 0.01), 1)
        self.write = write
        self.clock = clock
    }

    deinit {
        ticker?.stop()
    }

    /// Begins a phase ("drawing") of `total` frames (nil when not known ahead:
    /// the line then says how many so far and for how long).
    public func start(_ phase: String, total: Int?) {
        guard isEnabled else { return }
        let now = clock()
        var begin = false
        lock.withLock {
            guard !finished else { return }
            self.phase = phase
            self.total = total
            done = 0
            phaseStart = now
            if firstStart == nil {
                firstStart = now
                begin = true
            }
        }
        if begin {
            let started = Ticker(interval: interval) { [weak self] in self?.redraw() }
            lock.withLock { ticker = started }
        }
    }

    /// Records that `done` frames of the phase are done.
    public func update(_ done: Int) {
        guard isEnabled else { return }
        lock.withLock { self.done = done }
    }

    /// Records progress in a phase called "frames" (the first call starts it).
    public func update(_ done: Int, of total: Int) {
        guard isEnabled else { return }
        if lock.withLock({ firstStart == nil || self.total != total }) { start("frames", total: total) }
        update(done)
    }

    /// Stops redrawing and clears the line, if it showed. Safe to call more than once.
    public func finish() {
        guard isEnabled else { return }
        let running = lock.withLock { () -> Ticker? in
            finished = true
            defer { ticker = nil }
            return ticker
        }
        running?.stop()
        lock.withLock {
            if shown { write("\r\u{1B}[K") }
            shown = false
        }
    }

    /// Draws the line now, if the work has gone on long enough.
    private func redraw() {
        let now = clock()
        lock.withLock {
            guard !finished, let firstStart, now - firstStart >= delay else { return }
            let text = Self.text(phase: phase, done: done, total: total, elapsed: now - phaseStart)
            write("\r\u{1B}[K" + text)
            shown = true
        }
    }

    /// The line's text: "drawing 120/600 frames, 20 %, about 8 s left";
    /// "measuring 120 frames, 2 s" without a total; "writing .json, 2 s" without a count.
    public static func text(phase: String, done: Int, total: Int?, elapsed: Double) -> String {
        let head = phase.isEmpty ? "" : phase + " "
        guard let total, total > 0 else {
            // A phase that counts nothing says how long it has taken.
            guard done > 0 else { return head.isEmpty ? duration(elapsed) : phase + ", " + duration(elapsed) }
            return head + "\(done) frame\(done == 1 ? "" : "s"), \(duration(elapsed))"
        }
        let shown = min(max(done, 0), total)
        let percent = Int((Double(shown) / Double(total) * 100).rounded(.down))
        var line = head + "\(shown)/\(total) frames, \(percent) %"
        if shown > 0, shown < total, elapsed >= 0.5 {
            let left = elapsed / Double(shown) * Double(total - shown)
            line += ", about \(duration(left)) left"
        } else if shown < total {
            line += ", estimating the time left"
        }
        return line
    }

    /// "8 s", "2 min 5 s", "1 h 3 min".
    static func duration(_ seconds: Double) -> String {
        let whole = Int(seconds.isFinite ? max(seconds, 0).rounded(.up) : 0)
        if whole < 60 { return "\(whole) s" }
        if whole < 3600 { return "\(whole / 60) min \(whole % 60) s" }
        return "\(whole / 3600) h \(whole % 3600 / 60) min"
    }
}
