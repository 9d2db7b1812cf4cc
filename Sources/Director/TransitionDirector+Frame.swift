import Analyzer
import Animator

extension TransitionDirector {
    /// Every live sprite's state at time `t`, in z-order, and the particles alive then.
    ///
    /// In steady state this allocates nothing, also when the caller keeps the
    /// previous frame: the frame's arrays are one of two buffers the Director
    /// uses in turn. A caller that keeps frames longer (two back or more) makes
    /// the next frame copy its buffer once. Exiting sprites whose exit is over
    /// are left out. Times that are not finite (or beyond `maximumTime`) count
    /// as the last fence.
    ///
    /// - Complexity: O(sprites + curve groups + particles).
    public func frame(at time: Double) -> Frame {
        defer { runCallbacks() }
        let start = heat.map { $0.clock() }
        let t = planTime(time)
        advance(to: t)
        frameBuffer ^= 1
        var sprites = frameSprites[frameBuffer]
        var shapes = frameShapes[frameBuffer]
        var particles = frameParticles[frameBuffer]
        var reshapes = frameReshapes[frameBuffer]
        frameSprites[frameBuffer] = []
        frameShapes[frameBuffer] = []
        frameParticles[frameBuffer] = []
        frameReshapes[frameBuffer] = []
        let frame = stage.frame(
            atPlanTime: t, sprites: &sprites, shapes: &shapes, particles: &particles, reshapes: &reshapes)
        frameSprites[frameBuffer] = sprites
        frameShapes[frameBuffer] = shapes
        frameParticles[frameBuffer] = particles
        frameReshapes[frameBuffer] = reshapes
        if let start, let recorder = heat {
            recorder.record(recorder.clock() &- start)
        }
        if active != nil, let recorder = legibilityRecorder { recorder.record(frame) }
        return frame
    }
}
