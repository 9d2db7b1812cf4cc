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

    init(frameCount: Int, fps: Double, maximumRate: Double) {
        let rate = min(fps, maximumRate)
        self.rate = rate
        let duration = Double(frameCount - 1) / fps
        let outputCount = Int((duration * rate + 1e-9).rounded(.down)) + 1
        sourceIndices = (0..<outputCount).map { j in
            min(Int((Double(j) / rate * fps).rounded()), frameCount - 1)
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
}
