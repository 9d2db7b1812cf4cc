import Testing
import Animator
import Director
import Effects
@testable import Render

@Suite struct TimelineTests {
    @Test func textsFollowEachOtherAsTheyApproachSettle() throws {
        let director = TransitionDirector(text: "A", effect: ScaleEffect(), preference: .alwaysAnimate)
        let timeline = try Timeline(recording: director, texts: ["A", "AB", "ABC"], fps: 60)
        #expect(timeline.textTimes[0] == 0)
        // The second text starts at once (the first is at rest); each later one
        // when the previous transition settles.
        let settles = timeline.events.filter { $0.kind == .settle }.map(\.time)
        #expect(settles.count == 2)
        #expect(timeline.textTimes[1] == 0)
        #expect(timeline.textTimes[2] == settles[0])
        #expect(timeline.events.allSatisfy { $0.kind == .settle })
        // The last frame is the first grid time at or after the last settle.
        let last = try #require(settles.last)
        #expect(timeline.duration >= last - 1e-9 && timeline.duration < last + 1 / 60.0)
        #expect(timeline.finalText == "ABC")
    }

    @Test func anIntervalSetsTextsOnTheClockAndInterrupts() throws {
        let director = TransitionDirector(text: "one", effect: WaveEffect(), preference: .alwaysAnimate)
        let timeline = try Timeline(recording: director, texts: ["one", "two", "three"], interval: 0.1, fps: 50)
        #expect(timeline.textTimes == [0, 0.1, 0.2])
        #expect(timeline.events.contains { $0.kind == .cancel && $0.time == 0.2 })
    }

    @Test func framesSitOnTheGridAndHoldExtendsTheEnd() throws {
        let a = try fontTimeline(["99", "100"], effect: RollingEffect(), fps: 24)
        let b = try fontTimeline(["99", "100"], effect: RollingEffect(), fps: 24, hold: 0.5)
        #expect(b.frames.count == a.frames.count + 12)
        for (i, frame) in b.frames.enumerated() { #expect(abs(frame.time - Double(i) / 24) < 1e-12) }
        #expect(b.frame(at: 1e9).time == b.frames.last!.time)
        #expect(b.frame(at: -3).time == 0)
        #expect(b.frameIndex(at: 0.52) == 12)
    }

    @Test func loopingTailIsFoundAndWrapsTime() throws {
        let timeline = try fontTimeline(["Hi", "Dance"], effect: DanceEffect(), fps: 20)
        let loop = try #require(timeline.loop)
        #expect(loop.period == 40)  // beat 1 s, a 2 s cycle
        #expect(timeline.frames.count == loop.startFrame + loop.period + 1)
        #expect(LoopFinder.same(timeline.frames[loop.startFrame], timeline.frames[loop.startFrame + loop.period]))
        let beyond = timeline.time(ofFrame: loop.startFrame + 3) + 10 * 2.0
        #expect(timeline.frameIndex(at: beyond) == loop.startFrame + 3)
    }

    /// The dance's period comes from its loops (a cycle is two beats), not from
    /// comparing frames: the Director draws no frame past the first period,
    /// which the search, sampling two periods of up to 4 s ahead, would.
    /// A cycle of 16.8 frames (0.35 s beats at 24 fps) loops after five: 84 frames.
    @Test(arguments: [(0.7, 30.0, 42), (1.25, 24.0, 60), (0.35, 24.0, 84)])
    func aDancesPeriodComesFromThePlan(beat: Double, fps: Double, frames: Int) throws {
        let director = TransitionDirector(text: "Hi", effect: DanceEffect(beat: beat), preference: .alwaysAnimate)
        director.enableHeatMap(clock: { 0 })
        let timeline = try Timeline(recording: director, texts: ["Hi", "Dance"], fps: fps)
        let loop = try #require(timeline.loop)
        #expect(loop.period == frames)
        #expect(timeline.frames.count == loop.startFrame + loop.period + 1)
        #expect(director.heatMap?.frames == timeline.frames.count, "frames drawn beyond the timeline")
        #expect(LoopFinder.same(timeline.frames[loop.startFrame], timeline.frames[loop.startFrame + loop.period]))
    }

    @Test func periodsInWholeFramesAreTheirLeastCommonMultiple() {
        #expect(LoopPeriod.frames([2], fps: 30, upTo: 120) == 60)
        #expect(LoopPeriod.frames([2, 0.5, 1], fps: 30, upTo: 120) == 60)
        #expect(LoopPeriod.frames([0.4, 0.6], fps: 30, upTo: 120) == 36)
        // 16.8 frames: five of them are 84.
        #expect(LoopPeriod.frames([0.7], fps: 24, upTo: 120) == 84)
        #expect(LoopPeriod.frames([0.7], fps: 24, upTo: 80) == nil)
        // No whole number of frames within the bound: an irrational ratio.
        #expect(LoopPeriod.frames([Double(2).squareRoot()], fps: 30, upTo: 120) == nil)
        #expect(LoopPeriod.frames([], fps: 30, upTo: 120) == nil)
    }

    @Test func noPeriodSearchWhenDisabled() throws {
        let director = TransitionDirector(text: "Hi", effect: DanceEffect(), preference: .alwaysAnimate)
        let timeline = try Timeline(recording: director, texts: ["Hi", "Dance"], fps: 20, maximumLoopPeriod: 0)
        #expect(timeline.loop == nil)
    }

    @Test func badFrameRatesAndEndlessTimelinesAreTypedErrors() throws {
        // A subnormal rate once recorded a second frame at an infinite time (found by FuzzRender).
        for fps in [0, -1, .nan, .infinity, 5000, .leastNonzeroMagnitude] as [Double] {
            #expect {
                try Timeline(recording: TransitionDirector(text: "a"), texts: ["a", "b"], fps: fps)
            } throws: { ($0 as? RenderError)?.code == .invalidFrameRate }
        }
        #expect {
            try Timeline(recording: TransitionDirector(text: "a"), texts: ["a", "b", "c"], interval: 1e7, fps: 60)
        } throws: { ($0 as? RenderError)?.code == .timelineTooLong }
    }

    @Test func boundsCoverInkAndRestingBoxes() throws {
        let timeline = try fontTimeline(["Send Action", "Action Sent"], effect: WaveEffect())
        let ink = timeline.inkBounds, canvas = timeline.bounds
        #expect(canvas.minX <= ink.minX && canvas.minY <= ink.minY && canvas.maxX >= ink.maxX && canvas.maxY >= ink.maxY)
        for sprite in timeline.frames.last!.sprites {
            #expect(canvas.contains(sprite.state.position))
        }
        // An empty text still records a frame, with empty bounds.
        let empty = try fontTimeline([""])
        #expect(empty.frames.count == 1 && empty.bounds == .zero)
    }

    @Test func recordingIsDeterministic() throws {
        let a = try fontTimeline(["Creative", "Create"], effect: SparkleEffect(), seed: 3)
        let b = try fontTimeline(["Creative", "Create"], effect: SparkleEffect(), seed: 3)
        #expect(a.frames.map(\.sprites) == b.frames.map(\.sprites))
        #expect(a.frames.map(\.particles) == b.frames.map(\.particles))
    }
}

@Suite struct RenderColorTests {
    @Test(arguments: [
        ("#fff", 255, 255, 255, 255), ("#000000", 0, 0, 0, 255), ("#1D1D1F", 29, 29, 31, 255),
        ("#ff000080", 255, 0, 0, 128), ("#0f08", 0, 255, 0, 136), ("white", 255, 255, 255, 255),
        (" Black ", 0, 0, 0, 255), ("transparent", 0, 0, 0, 0), ("none", 0, 0, 0, 0),
    ])
    func parses(_ text: String, _ r: Int, _ g: Int, _ b: Int, _ a: Int) throws {
        let bytes = try RenderColor(parsing: text).bytes
        #expect(bytes.red == r && bytes.green == g && bytes.blue == b && bytes.alpha == a)
    }

    @Test(arguments: ["", "#", "#12", "#12345", "#1234567", "#ggg", "fff", "chartreuse", "#ff00ff00ff", "#１２３"])
    func rejects(_ text: String) {
        #expect {
            try RenderColor(parsing: text)
        } throws: { error in
            guard let error = error as? RenderError else { return false }
            return error.code == .invalidColor && error.message.contains("#rrggbb") && error.subject == text
        }
    }

    @Test func hexRoundTripsAndTintsMix() throws {
        #expect(try RenderColor(parsing: "#1d1d1f").hex == "#1d1d1f")
        #expect(try RenderColor(parsing: "#ff000080").hex == "#ff000080")
        let mixed = RenderColor.black.tinted(Tint(red: 1, green: 1, blue: 1, alpha: 0.5))
        #expect(mixed.bytes.red == 128 && mixed.bytes.alpha == 255)
        #expect(RenderColor.black.tinted(.none) == .black)
    }
}

@Suite struct ViewportTests {
    let bounds = Rect(x: -50, y: 0, width: 100, height: 40)

    @Test func naturalSizeScalesContentAndPadding() throws {
        let p = try Viewport(scale: 2, padding: 10).place(bounds)
        #expect(p.pixelWidth == 240 && p.pixelHeight == 120)
        #expect(p.pixel(Point(x: -50, y: 0)) == Point(x: 20, y: 20))
    }

    @Test func fittingCentresTheContent() throws {
        let p = try Viewport(width: 480, height: 480, padding: 10).place(bounds)
        #expect(p.pixelWidth == 480 && p.pixelHeight == 480)
        #expect(abs(p.scale - 4) < 1e-12)  // 120 points wide into 480 pixels
        let centre = p.pixel(Point(x: 0, y: 20))
        #expect(abs(centre.x - 240) < 1e-9 && abs(centre.y - 240) < 1e-9)
    }

    @Test func oneSideFollowsTheAspect() throws {
        let p = try Viewport(width: 600, padding: 10).place(bounds)
        #expect(p.pixelWidth == 600 && p.pixelHeight == 300)
        let q = try Viewport(height: 30, padding: 0).place(bounds)
        #expect(q.pixelWidth == 75 && q.pixelHeight == 30)
    }
}
