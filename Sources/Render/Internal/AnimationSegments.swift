/// The once-through part and the looping part of an animation, in frames.
struct AnimationSegments {
    var intro: ClosedRange<Int>?
    var loop: ClosedRange<Int>?
    var fps: Double
    /// Whether the single animation repeats (replay without a timeline loop).
    var replay: Bool

    init(timeline: Timeline, replay: Bool) {
        let last = timeline.frames.count - 1
        fps = timeline.fps
        if let l = timeline.loop, l.period > 0 {
            intro = l.startFrame > 0 ? 0...l.startFrame : nil
            loop = l.startFrame...(l.startFrame + l.period)
            self.replay = false
        } else {
            intro = last > 0 ? 0...last : nil
            loop = nil
            self.replay = replay
        }
    }
}
