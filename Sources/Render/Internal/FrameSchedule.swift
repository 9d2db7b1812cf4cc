import Director

/// Which source frames an animated image shows, and for how long, when the
/// image's frame rate may be lower than the timeline's (GIF's whole hundredths).
///
/// Output frame j shows time j / rate, drawn from the nearest source frame;
/// its delay is the difference of the rounded times of j + 1 and j, so the
/// total length stays exact however the rate divides 100.
struct FrameSchedule {
    /// The source frame of every output frame, in order.
    let sourceIndices: [Int]
    /// Output frames per second.
    let rate: Double

    /// The longest animation written: a day (its times in milliseconds and
    /// hundredths stay far inside every format's and integer's range).
    static let maximumDuration = 86_400.0

    /// The schedule of `frameCount` frames at `fps` shown at most `maximumRate` a second.
    ///
    /// - Throws: ``RenderError`` `.invalidFrameRate` for a rate that is not a
    ///   positive finite number, or one so low the animation would last past ``maximumDuration``.
    init(frameCount: Int, fps: Double, maximumRate: Double) throws(RenderError) {
        guard fps.isFinite, fps > 0, maximumRate.isFinite, maximumRate > 0 else { throw .invalidFrameRate(fps) }
        let rate = min(fps, maximumRate)
        self.rate = rate
        // Each frame lasts until the next; the last one frame.
        let length = Double(max(frameCount, 1)) / fps
        guard length <= Self.maximumDuration else {
            throw .animationTooLong(seconds: length, fps: fps, limit: Self.maximumDuration)
        }
        let duration = Double(frameCount - 1) / fps
        let outputCount = Int((duration * rate + 1e-9).rounded(.down)) + 1
        sourceIndices = (0..<outputCount).map { j in
            min(Int((Double(j) / rate * fps).rounded()), max(frameCount - 1, 0))
        }
    }

    /// The delay of output frame j in hundredths of a second (at least 2).
    func delay(ofOutputFrame j: Int) -> Int {
        let start = (Double(j) * 100 / rate).rounded(), end = (Double(j + 1) * 100 / rate).rounded()
        return max(Int(end - start), 2)
    }

    /// The time output frame j starts, in milliseconds.
    func milliseconds(ofOutputFrame j: Int) -> Int {
        Int((Double(j) * 1000 / rate).rounded())
    }

    /// Plays `source` and calls `body` with every source frame some output
    /// frame shows, with the output frames it stands for (none are skipped,
    /// source frames between output times are).
    func play(_ source: FrameSource, _ body: (Frame, Range<Int>) throws(RenderError) -> Void) throws(RenderError) {
        var index = 0
        var next = 0
        try source.forEach { (frame: Frame) throws(RenderError) in
            defer { index += 1 }
            guard next < sourceIndices.count, sourceIndices[next] == index else { return }
            let first = next
            while next < sourceIndices.count, sourceIndices[next] == index { next += 1 }
            try body(frame, first..<next)
        }
    }
}
