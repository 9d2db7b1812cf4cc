import Animator
import Director
import Effects
@testable import Render
import Testing
import TestSupport

/// Videos are read back with FFmpeg's own demuxers and decoders: codec, pixel
/// format, size, picture count, duration, alpha, and pictures compared with
/// the PNG renderer's frames.
@Suite struct VideoRendererTests {
    let background = try! RenderColor(parsing: "#203a6b")
    let ink = try! RenderColor(parsing: "#fff4d6")

    /// Format, decoder, decoded pixels (FFmpeg's ProRes decoder gives 12 bits) and the stream's tag.
    @Test(arguments: [
        (VideoFormat.mp4, "h264", "yuv420p", "avc1"), (.webm, "libvpx-vp9", "yuv420p", "\0\0\0\0"),
        (.mov, "prores", "yuva444p12le", "ap4h"),
    ])
    func videoHoldsEveryFrameAtTheTimelinesRate(format: VideoFormat, codec: String, pixels: String, tag: String) throws {
        let timeline = try fontTimeline(["Send Action", "Action Sent"], size: 28, fps: 30)
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let path = dir.path + "/send." + format.rawValue
        let video = VideoRenderer(format: format, style: RenderStyle(background: background, color: ink))
        let written = try video.write(timeline, to: path)
        let middle = timeline.frames.count / 3
        let decoded = try decodeVideo(path, keep: [middle, -1])
        let placement = try video.placement(timeline.bounds, fontSize: timeline.outlines.fontSize)
        #expect(decoded.codec == codec)
        #expect(decoded.pixelFormat == pixels)
        #expect(decoded.codecTag == tag)
        #expect(written == timeline.frames.count)
        #expect(decoded.frameCount == timeline.frames.count)
        #expect(decoded.width == placement.pixelWidth && decoded.height == placement.pixelHeight)
        #expect(decoded.width % 2 == 0 && decoded.height % 2 == 0)
        #expect(abs(decoded.frameRate - 30) < 1e-9)
        // n pictures of 1/fps each.
        let expected = Double(timeline.frames.count) / timeline.fps
        #expect(abs(decoded.duration - expected) <= 1 / timeline.fps + 1e-3, "\(decoded.duration) s against \(expected) s")
        // The pictures are the PNG renderer's frames, within the loss of the codec.
        var even = Viewport()
        even.evenSize = true
        let png = PNGRenderer(viewport: even, background: background, color: ink)
        for (index, time) in [(middle, timeline.time(ofFrame: middle)), (timeline.frames.count - 1, timeline.duration)] {
            let picture = try #require(decoded.frames[index])
            let d = difference(picture, try png.image(timeline, at: time), threshold: 48)
            #expect(d.mean < 3 && d.share < 0.01, "\(format) picture \(index): \(d)")
        }
    }

    @Test func webmOverATransparentBackgroundKeepsAlpha() throws {
        let timeline = try fontTimeline(["Hi", "Hello"], size: 40, fps: 25)
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let video = VideoRenderer(format: .webm, style: RenderStyle(background: .transparent, color: ink))
        #expect(video.keepsAlpha)
        try video.write(timeline, to: dir.path + "/a.webm")
        let decoded = try decodeVideo(dir.path + "/a.webm", keep: [-1])
        #expect(decoded.pixelFormat == "yuva420p")
        #expect(decoded.alphaMode == "1")
        #expect(decoded.frameCount == timeline.frames.count)
        try expectAlpha(try #require(decoded.frames[decoded.frameCount - 1]), of: timeline)
    }

    @Test(arguments: [RenderColor.transparent, try! RenderColor(parsing: "#203a6b")])
    func proResKeepsAlphaAlways(background: RenderColor) throws {
        let timeline = try fontTimeline(["Hi", "Hello"], size: 40, fps: 25)
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try VideoRenderer(format: .mov, style: RenderStyle(background: background, color: ink)).write(timeline, to: dir.path + "/a.mov")
        let decoded = try decodeVideo(dir.path + "/a.mov", keep: [-1])
        #expect(decoded.pixelFormat == "yuva444p12le" && decoded.codecTag == "ap4h")
        let last = try #require(decoded.frames[decoded.frameCount - 1])
        if background.alpha == 0 {
            try expectAlpha(last, of: timeline)
        } else {
            let opaque = (0..<(last.width * last.height)).allSatisfy { last.pixels[$0 * 4 + 3] == 255 }
            #expect(opaque, "an opaque background stays opaque")
        }
    }

    /// The corners are clear, the text's pixels opaque in its colour, and the edges in between.
    func expectAlpha(_ picture: RasterImage, of timeline: Timeline) throws {
        #expect(picture[0, 0].alpha == 0 && picture[picture.width - 1, picture.height - 1].alpha == 0)
        let solid = PNGRenderer(viewport: Viewport(evenSize: true), background: .transparent, color: ink)
        let expected = try solid.image(timeline, at: timeline.duration)
        var opaque = 0, partial = 0, wrong = 0
        for p in 0..<(picture.width * picture.height) {
            let a = Int(picture.pixels[p * 4 + 3]), e = Int(expected.pixels[p * 4 + 3])
            if abs(a - e) > 40 { wrong += 1 }
            if a == 255 {
                opaque += 1
                if abs(Int(picture.pixels[p * 4]) - ink.bytes.red) > 12 { wrong += 1 }
            } else if a > 0 {
                partial += 1
            }
        }
        #expect(opaque > 200, "the text is opaque")
        #expect(partial > 50, "antialiased edges keep partial alpha")
        #expect(wrong * 100 < picture.width * picture.height, "\(wrong) pixels differ from the PNG renderer's alpha")
    }

    @Test func webmOverAnOpaqueBackgroundHasNoAlphaPlane() throws {
        let timeline = try fontTimeline(["A", "B"], size: 24, fps: 20)
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let video = VideoRenderer(format: .webm, style: RenderStyle(background: .white))
        #expect(!video.keepsAlpha)
        try video.write(timeline, to: dir.path + "/o.webm")
        let decoded = try decodeVideo(dir.path + "/o.webm")
        #expect(decoded.pixelFormat == "yuv420p")
        #expect(decoded.alphaMode == nil)
    }

    @Test func mp4RefusesATransparentBackgroundAndLeavesNoFile() throws {
        let timeline = try fontTimeline(["A", "B"], size: 24, fps: 20)
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let path = dir.path + "/t.mp4"
        let error = #expect(throws: RenderError.self) {
            try VideoRenderer(format: .mp4, style: RenderStyle(background: .transparent)).write(timeline, to: path)
        }
        #expect(error?.code == .unsupportedByFormat)
        #expect(error?.message.contains(".webm") == true)
        #expect(dir.list().isEmpty)
    }

    @Test func oddCanvasSidesGrowToEven() throws {
        let timeline = try fontTimeline(["Odd"], size: 24, fps: 10)
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try VideoRenderer(format: .mp4, style: RenderStyle(viewport: Viewport(width: 301, height: 99))).write(timeline, to: dir.path + "/o.mp4")
        let decoded = try decodeVideo(dir.path + "/o.mp4")
        #expect(decoded.width == 302 && decoded.height == 100)
        #expect(decoded.frameCount == 1)
    }

    @Test func aStreamWritesTheSameFramesAsItsTimeline() throws {
        let texts = ["99", "100"]
        let font = try dejaVu(size: 30)
        let playback = try Playback(texts: texts, fps: 24)
        let outlines = GlyphOutlines(texts: texts, layout: font)
        let stream = FrameStream(playback: playback, outlines: outlines) {
            TransitionDirector(text: "99", layout: font, effect: RollingEffect(), mode: .numeric(), preference: .alwaysAnimate)
        }
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let measure = try stream.measure()
        let written = try VideoRenderer(format: .mp4).write(stream, measured: measure, to: dir.path + "/s.mp4")
        let decoded = try decodeVideo(dir.path + "/s.mp4", keep: [-1])
        #expect(written == measure.frameCount)
        #expect(decoded.frameCount == measure.frameCount)
        let last = try #require(decoded.frames[decoded.frameCount - 1])
        let dark = (0..<(last.width * last.height)).filter { last.pixels[$0 * 4] < 100 }.count
        #expect(dark > 100, "the final number is drawn")
    }

    @Test(arguments: [("send.mp4", VideoFormat.mp4), ("a/b.WEBM", .webm), ("x.mov", .mov)])
    func formatFollowsTheExtension(path: String, format: VideoFormat) {
        #expect(VideoFormat(path: path) == format)
    }

    @Test(arguments: ["send.gif", "mp4", ".mp4", "a.mp4/b", "video.mkv"])
    func otherNamesAreNotVideo(path: String) {
        #expect(VideoFormat(path: path) == nil)
    }
}
