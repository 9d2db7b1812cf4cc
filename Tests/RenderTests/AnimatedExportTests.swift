import Animator
import Director
import Effects
@testable import Render
import Testing
import TestSupport

/// GIF and WebP files are read back with giflib and libwebp and compared with
/// the PNG renderer's frames.
@Suite struct AnimatedExportTests {
    let background = try! RenderColor(parsing: "#203a6b")
    let ink = try! RenderColor(parsing: "#fff4d6")

    /// The largest channel difference the GIF palette may add on text in one
    /// colour: half a step of its 64-level ramp between the two colours.
    func rampTolerance(_ a: RenderColor, _ b: RenderColor) -> Int {
        let (x, y) = (a.bytes, b.bytes)
        let span = max(abs(x.red - y.red), abs(x.green - y.green), abs(x.blue - y.blue))
        return span / 63 / 2 + 2
    }

    @Test func gifHoldsTheFramesOfThePNGRendererWithinTheRamp() throws {
        let timeline = try fontTimeline(["Send Action", "Action Sent"], size: 28, fps: 30)
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let gif = GIFRenderer(style: RenderStyle(background: background, color: ink), loopCount: 3)
        let written = try gif.write(timeline, to: dir.path + "/a.gif")
        let decoded = try decodeGIF(dir.path + "/a.gif")
        let png = PNGRenderer(background: background, color: ink)
        let last = try png.image(timeline, at: timeline.duration)
        #expect(decoded.width == last.width && decoded.height == last.height)
        #expect(decoded.frames.count == written)
        #expect(written >= 10 && written <= timeline.frames.count)
        #expect(decoded.loopCount == 3)
        // Delays add up to the timeline's length plus the last frame's own.
        let total = decoded.durations.reduce(0, +)
        #expect(abs(Double(total) / 100 - (timeline.duration + 1 / timeline.fps)) <= 0.02)
        // Every decoded frame is the PNG renderer's frame at its time, within the ramp's rounding.
        var time = 0.0
        let tolerance = rampTolerance(background, ink)
        for (frame, duration) in zip(decoded.frames, decoded.durations) {
            let expected = try png.image(timeline, at: time)
            let d = difference(frame, expected, threshold: tolerance)
            #expect(d.largest <= tolerance, "at \(time) s: \(d)")
            time += Double(duration) / 100
        }
        // Text is there: the middle row of the last frame has ink-coloured pixels.
        let final = try #require(decoded.frames.last)
        let inked = (0..<final.width).filter { x in
            let p = final[x, final.height / 2]
            return abs(Int(p.red) - ink.bytes.red) <= tolerance && abs(Int(p.blue) - ink.bytes.blue) <= tolerance
        }
        #expect(inked.count >= 20)
    }

    @Test func gifEdgesStayOnTheLineBetweenBackgroundAndText() throws {
        // Every colour in every frame is a mix of the two colours: no dithering, no foreign fringe.
        let timeline = try fontTimeline(["Creative", "Create"], effect: WaveEffect(), size: 30, fps: 30)
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try GIFRenderer(background: background, color: ink).write(timeline, to: dir.path + "/e.gif")
        let decoded = try decodeGIF(dir.path + "/e.gif")
        let b = background.bytes, c = ink.bytes
        var mixes = Set<Int>()
        for frame in decoded.frames {
            for p in 0..<(frame.width * frame.height) {
                let r = Int(frame.pixels[p * 4]), g = Int(frame.pixels[p * 4 + 1]), bl = Int(frame.pixels[p * 4 + 2])
                let k: Double = Double(r - b.red) / Double(c.red - b.red)
                let greenSpan = Double(c.green - b.green), blueSpan = Double(c.blue - b.blue)
                let green: Int = b.green + Int((greenSpan * k).rounded())
                let blue: Int = b.blue + Int((blueSpan * k).rounded())
                let onRamp = abs(g - green) <= 3 && abs(bl - blue) <= 3
                #expect(onRamp, "pixel \(r),\(g),\(bl) is off the ramp")
                if !onRamp { return }
                mixes.insert(r)
            }
        }
        // Antialiasing shows as many intermediate mixes, not two colours.
        #expect(mixes.count >= 20)
    }

    @Test func gifOnATransparentBackgroundHasATransparentIndex() throws {
        let timeline = try fontTimeline(["Hi"], size: 40)
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try GIFRenderer(background: .transparent, color: .black).write(timeline, to: dir.path + "/t.gif")
        let frame = try #require(try decodeGIF(dir.path + "/t.gif").frames.last)
        let alphas = Set(frame.pixels.enumerated().filter { $0.offset % 4 == 3 }.map(\.element))
        #expect(alphas == [0, 255])
        #expect(frame[0, 0].alpha == 0)
    }

    @Test func evenSizeRoundsOddSidesUp() throws {
        let timeline = try fontTimeline(["Odd"], size: 31)
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let plain = try Viewport().place(timeline.bounds)
        let even = try Viewport(evenSize: true).place(timeline.bounds)
        #expect(even.pixelWidth % 2 == 0 && even.pixelHeight % 2 == 0)
        #expect(even.pixelWidth - plain.pixelWidth == plain.pixelWidth % 2)
        #expect(even.pixelHeight - plain.pixelHeight == plain.pixelHeight % 2)
        try GIFRenderer(viewport: Viewport(evenSize: true)).write(timeline, to: dir.path + "/o.gif")
        let decoded = try decodeGIF(dir.path + "/o.gif")
        #expect(decoded.width == even.pixelWidth && decoded.height == even.pixelHeight)
    }

    @Test func webpHoldsEveryFrameLosslessly() throws {
        let timeline = try fontTimeline(["99", "100"], effect: RollingEffect(), size: 36, fps: 30)
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let webp = WebPRenderer(style: RenderStyle(background: background, color: ink), loopCount: 2)
        try webp.write(timeline, to: dir.path + "/c.webp")
        let decoded = try decodeWebP(dir.path + "/c.webp")
        let png = PNGRenderer(background: background, color: ink)
        let first = try png.image(timeline, at: 0)
        #expect(decoded.width == first.width && decoded.height == first.height)
        #expect(decoded.loopCount == 2)
        #expect(decoded.frames.count >= 5 && decoded.frames.count <= timeline.frames.count)
        // Timestamps add up to the timeline plus one frame, in milliseconds.
        #expect(abs(Double(decoded.durations.reduce(0, +)) - (timeline.duration + 1 / timeline.fps) * 1000) <= 2)
        var time = 0.0
        for (frame, duration) in zip(decoded.frames, decoded.durations) {
            let expected = try png.image(timeline, at: time)
            let d = difference(frame, expected, threshold: 0)
            #expect(d.largest == 0, "at \(time) s: \(d)")
            time += Double(duration) / 1000
        }
    }

    @Test func webpKeepsFullAlphaOnATransparentBackground() throws {
        let timeline = try fontTimeline(["Hi"], size: 40)
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try WebPRenderer(background: .transparent, color: .black).write(timeline, to: dir.path + "/t.webp")
        let frame = try #require(try decodeWebP(dir.path + "/t.webp").frames.last)
        let alphas = Set(frame.pixels.enumerated().filter { $0.offset % 4 == 3 }.map(\.element))
        // Antialiased edges keep partial alpha.
        #expect(alphas.count > 10 && alphas.contains(0) && alphas.contains(255))
    }

    @Test(arguments: ["gif", "webp", "json", "svg"])
    func aFailedWriteLeavesNoFileBehind(format: String) throws {
        let timeline = try fontTimeline(["Hi", "Ho"], size: 20)
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        // A full device: the error names it and the reason.
        do {
            switch format {
            case "gif": try GIFRenderer().write(timeline, to: "/dev/full")
            case "webp": try WebPRenderer().write(timeline, to: "/dev/full")
            case "json": try LottieRenderer().write(timeline, to: "/dev/full")
            default: try TextFile.write(try SVGRenderer().animated(timeline), to: "/dev/full")
            }
            Issue.record("writing to /dev/full succeeded")
        } catch {
            #expect(error.code == .cannotWrite)
            #expect(error.message.contains("/dev/full") && error.message.contains("No space left on device"))
        }
        // A directory that is not there: nothing is created.
        let missing = dir.path + "/missing/out." + format
        #expect(throws: RenderError.self) {
            switch format {
            case "gif": try GIFRenderer().write(timeline, to: missing)
            case "webp": try WebPRenderer().write(timeline, to: missing)
            case "json": try LottieRenderer().write(timeline, to: missing)
            default: try TextFile.write("x", to: missing)
            }
        }
        #expect(dir.list().isEmpty)
        // A good write leaves exactly the file, no temporary beside it.
        let path = dir.path + "/ok." + format
        switch format {
        case "gif": try GIFRenderer().write(timeline, to: path)
        case "webp": try WebPRenderer().write(timeline, to: path)
        case "json": try LottieRenderer().write(timeline, to: path)
        default: try TextFile.write(try SVGRenderer().animated(timeline), to: path)
        }
        #expect(dir.list() == ["ok." + format])
    }

    /// Two frames far apart: `fps` per second, each lasting 1 / fps.
    func slowTimeline(fps: Double) throws -> Timeline {
        let recorded = try fontTimeline(["Hi", "Ho"], size: 20)
        return Timeline(
            fps: fps, frames: [recorded.frames[0], recorded.frames[recorded.frames.count - 1]], texts: ["Hi", "Ho"],
            textTimes: [0, 1 / fps], outlines: recorded.outlines)
    }

    /// A frame longer than a GIF delay holds (655.35 s) or a WebP duration
    /// (16,777.215 s) is written again for the rest: the GIF was once cut to
    /// 655.35 s a frame, silently.
    @Test func framesLongerThanTheFormatHoldsAreWrittenAgain() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try GIFRenderer().write(try slowTimeline(fps: 0.001), to: dir.path + "/slow.gif")
        let gif = try decodeGIF(dir.path + "/slow.gif")
        #expect(gif.durations == [65_535, 34_465, 65_535, 34_465])
        try WebPRenderer().write(try slowTimeline(fps: 0.00005), to: dir.path + "/slow.webp")
        let webp = try decodeWebP(dir.path + "/slow.webp")
        #expect(webp.durations == [16_777_215, 3_222_785, 16_777_215, 3_222_785])
        #expect(webp.frames[1] == webp.frames[0] && webp.frames[2] != webp.frames[1])
    }

    /// A frame rate too low for any timestamp once trapped converting a delay
    /// to an integer, leaving a `.part` file: now a typed error, nothing written.
    @Test(arguments: [1e-300, 1e-7])
    func frameRatesTooLowToTimeAreErrors(fps: Double) throws {
        let timeline = try slowTimeline(fps: fps)
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        #expect(throws: RenderError.self) { try GIFRenderer().write(timeline, to: dir.path + "/a.gif") }
        #expect(throws: RenderError.self) { try WebPRenderer().write(timeline, to: dir.path + "/a.webp") }
        do {
            try GIFRenderer().write(timeline, to: dir.path + "/a.gif")
        } catch {
            #expect(error.code == .invalidFrameRate && error.message.contains("86400 s"), "\(error)")
        }
        #expect(dir.list().isEmpty)
    }

    /// WebP's sides hold 14 bits; a wider canvas is refused before anything is drawn or written.
    @Test func webPsSizeLimitIsCheckedBeforeDrawing() throws {
        let timeline = try fontTimeline(["Hi"], size: 20)
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let wide = WebPRenderer(viewport: Viewport(width: 16_384, height: 10))
        #expect(throws: RenderError.self) { try wide.write(timeline, to: dir.path + "/w.webp") }
        #expect(dir.list().isEmpty)
        try WebPRenderer(viewport: Viewport(width: 16_383, height: 10)).write(timeline, to: dir.path + "/ok.webp")
        #expect(try decodeWebP(dir.path + "/ok.webp").width == 16_383)
    }

    @Test func badLoopCountsAreErrors() throws {
        let timeline = try fontTimeline(["Hi"], size: 20)
        #expect(throws: RenderError.self) { try GIFRenderer(loopCount: -1).write(timeline, to: "/dev/null") }
        #expect(throws: RenderError.self) { try WebPRenderer(loopCount: 70_000).write(timeline, to: "/dev/null") }
    }
}

/// A ``FrameStream`` draws the same files as a recorded ``Timeline`` of the same playback.
@Suite struct FrameStreamTests {
    @Test func streamedFilesAreTheTimelinesFilesByteForByte() throws {
        let font = try dejaVu(size: 24)
        let texts = ["Send Action", "Action Sent", "Sent"]
        let playback = try Playback(texts: texts, interval: 0.3, fps: 30, tail: 0.2)
        let outlines = GlyphOutlines(texts: texts, layout: font)
        func director() -> TransitionDirector {
            TransitionDirector(text: texts[0], layout: font, effect: WaveEffect(), preference: .alwaysAnimate)
        }
        let timeline = try Timeline(recording: director(), playback: playback, outlines: outlines, maximumLoopPeriod: 0)
        let stream = FrameStream(playback: playback, outlines: outlines, director: director)
        let measure = try stream.measure()
        #expect(measure.frameCount == timeline.frames.count)
        #expect(measure.bounds == timeline.bounds)
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let gif = GIFRenderer(loopCount: 0)
        #expect(try gif.write(timeline, to: dir.path + "/t.gif") == (try gif.write(stream, to: dir.path + "/s.gif")))
        #expect(dir.read("t.gif") == dir.read("s.gif"))
        try WebPRenderer().write(timeline, to: dir.path + "/t.webp")
        try WebPRenderer().write(stream, to: dir.path + "/s.webp")
        #expect(dir.read("t.webp") == dir.read("s.webp"))
        let png = PNGRenderer()
        let a = try png.writeFrames(timeline, to: dir.path + "/t")
        let b = try png.writeFrames(stream, to: dir.path + "/s")
        #expect(a.count == b.count && a.count == timeline.frames.count)
        for (x, y) in zip(a, b) { #expect(try readFile(x) == readFile(y)) }
    }

    @Test func aStreamRefusesMoreFramesThanItsLimit() throws {
        let playback = try Playback(texts: ["a", "b"], interval: 1, fps: 60)
        let stream = FrameStream(playback: playback, maximumFrames: 10) { TransitionDirector(text: "a") }
        #expect(throws: RenderError.self) { try stream.measure() }
    }
}
