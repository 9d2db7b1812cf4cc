import Animator
import Director

/// Where the player's time comes from: the only clock in the Render module.
///
/// The engine never reads a clock; a player asks this one when to show the
/// next frame. Tests pass a clock that only advances when told to sleep.
public protocol FrameClock {
    /// Seconds since some fixed point.
    mutating func now() -> Double
    /// Waits until `now()` would return at least `time`.
    mutating func sleep(until time: Double)
}

/// The system's monotonic clock.
public struct SystemClock: FrameClock {
    /// The clock of this process.
    public init() {}

    /// Seconds on the system's monotonic clock.
    public mutating func now() -> Double { Platform.monotonicSeconds() }

    /// Sleeps (with `nanosleep`) until the monotonic clock reaches `time`.
    public mutating func sleep(until time: Double) {
        Platform.sleep(seconds: time - Platform.monotonicSeconds())
    }
}

/// Plays a timeline in a terminal, or prints a few still frames when the
/// output is not a terminal.
///
/// ```swift
/// let player = TerminalPlayer(renderer: TerminalRenderer(layout: grid))
/// player.run(timeline)      // animates on a terminal, prints stills into a pipe
/// ```
///
/// Playing hides the cursor, draws each frame over the previous one (moving
/// the cursor back up to the frame's first line, so the rest of the screen and
/// the scrollback are left alone), and shows the cursor again at the end or on
/// Ctrl-C. Frames are chosen by the clock: a slow terminal skips frames rather
/// than playing slower.
public struct TerminalPlayer {
    /// Draws the frames.
    public var renderer: TerminalRenderer
    /// Receives the output (standard output by default).
    public var output: (String) -> Void

    /// A player writing to `output`, or to standard output (unbuffered) when nil.
    public init(renderer: TerminalRenderer, output: ((String) -> Void)? = nil) {
        self.renderer = renderer
        self.output = output ?? { Platform.writeStandardOutput($0) }
    }

    /// Whether standard output is a terminal.
    public static var standardOutputIsTerminal: Bool { Platform.isTerminal(1) }

    /// Plays the timeline when standard output is a terminal, else prints ``stills(_:count:)``.
    public func run(_ timeline: Timeline) {
        run(timeline, loop: false)
    }

    /// Plays the timeline on a terminal, once or, with `loop`, over and over in
    /// place (after `pause` seconds on its last frame) until Ctrl-C, which shows
    /// the cursor and resets the text attributes before the process ends.
    /// Into a pipe it prints ``stills(_:count:)`` once.
    public func run(_ timeline: Timeline, loop: Bool, pause: Double = 0) {
        if Self.standardOutputIsTerminal {
            var clock = SystemClock()
            // Ctrl-C, SIGTERM or SIGHUP show the cursor again before the process ends.
            SignalCleanup.install()
            SignalCleanup.setCursorHidden(true)
            defer { SignalCleanup.setCursorHidden(false) }
            var first = true
            repeat {
                play(timeline, clock: &clock, continuing: !first, finish: !loop)
                first = false
                if loop { clock.sleep(until: clock.now() + max(pause, 0)) }
            } while loop
        } else {
            var plain = self
            plain.renderer.shading = .none
            plain.output(plain.stills(timeline))
        }
    }

    /// Plays every frame once at the timeline's frame rate, timed by `clock`.
    ///
    /// - Complexity: O(frames shown × cells).
    public func play(_ timeline: Timeline, clock: inout some FrameClock) {
        play(timeline, clock: &clock, continuing: false, finish: true)
    }

    /// One pass: `continuing` draws over a previous pass instead of below;
    /// `finish` ends the line and shows the cursor again.
    func play(_ timeline: Timeline, clock: inout some FrameClock, continuing: Bool, finish: Bool) {
        let grid = renderer.grid(for: timeline)
        let rows = grid.rows
        let last = timeline.frames.count - 1
        if !continuing { output("\u{1B}[?25l") }
        let start = clock.now()
        var drawn = continuing ? 0 : -1
        var index = 0
        while true {
            let elapsed = clock.now() - start
            index = min(max(Int((elapsed * timeline.fps).rounded(.down)), index, 0), last)
            var text = drawn < 0 ? "" : (rows > 1 ? "\r\u{1B}[\(rows - 1)A" : "\r")
            text += renderer.lines(timeline.frames[index], grid: grid).map { $0 + "\u{1B}[K" }.joined(separator: "\n")
            output(text)
            drawn = index
            if index == last { break }
            index += 1
            clock.sleep(until: start + Double(index) / timeline.fps)
        }
        if finish { output("\n\u{1B}[?25h") }
    }

    /// A few frames spread over the timeline (the first, the last and evenly
    /// between), each under a `t = …` line and without blank rows above and
    /// below: what a pipe or a log gets.
    public func stills(_ timeline: Timeline, count: Int = 3) -> String {
        let n = max(count, 1)
        let last = timeline.frames.count - 1
        var indices: [Int] = []
        for k in 0..<n {
            let i = n == 1 ? last : Int((Double(last) * Double(k) / Double(n - 1)).rounded())
            if indices.last != i { indices.append(i) }
        }
        let grid = renderer.grid(for: timeline)
        var out = ""
        for i in indices {
            out += "t = \(NumberFormat.fixed(timeline.time(ofFrame: i), 2)) s\n"
            // Rows no frame of the still uses are only the grid's margin here.
            var lines = renderer.lines(timeline.frames[i], grid: grid)
            while lines.last?.isEmpty == true { lines.removeLast() }
            while lines.first?.isEmpty == true { lines.removeFirst() }
            out += lines.joined(separator: "\n") + "\n\n"
        }
        return out
    }
}
