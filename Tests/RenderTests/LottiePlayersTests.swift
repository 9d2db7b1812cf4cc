#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Animator
import Director
import Effects
@testable import Render
import Testing
import TestSupport
import Typesetter

/// Lottie files played by players nobody here wrote, against Kinetype's own
/// PNG of the same frames: every built-in effect, the cursive pen, a traced
/// path, a scene, colour emoji and Arabic, each at 0.1, 0.25 and 0.5 s and at
/// its end, in rlottie (rlottie-python) and in lottie-web 5.7.5 (pylottie's
/// copy) under headless Chromium.
///
/// Targets, per frame: a mean difference of at most 2 levels (of 255) per
/// colour channel, and at most 5 % of the ink pixels (those where either
/// picture is not the background) differing by more than 48 levels in a channel.
///
/// rlottie implements no layer effects, so it draws Lottie's Gaussian blur
/// sharp: where the PNG blurs (mist, rolling), rlottie is held to the PNG
/// drawn without blur, and its difference from the blurred PNG is printed too.
/// It also samples pictures unfiltered: colour emoji on the move are held to
/// 10 % of the ink (see below); at rest, to the targets.
@Suite("Lottie in real players", .serialized)
struct LottiePlayersTests {
    static let background = try! RenderColor(parsing: "#f6f1e7")
    static let ink = try! RenderColor(parsing: "#1d2a44")
    static let instants = [0.1, 0.25, 0.5]

    /// The cases, by name: a recording and the pen it is drawn with.
    static let cases: [String] = [
        "dance", "minimal", "mist", "rolling", "scale", "slide", "sparkle", "wave", "write",
        "pen", "path", "scene", "emoji", "arabic",
    ]

    static func timeline(_ name: String) throws -> Timeline {
        func font(_ size: Double = 40) throws -> FontLayout { try FontLayout(font: .family("DejaVu Sans"), size: size) }
        switch name {
        case "pen":
            let hand = try FontLayout(size: 72, pen: PenFont("cursive"))
            return try Timeline(texts: ["", "hello"], layout: hand, effect: WriteEffect(fills: false), preference: .alwaysAnimate, fps: 30)
        case "path":
            let path = try ShapePath(svgPathData: "M10 80 C30 60 45 20 35 10 C25 0 15 30 20 80 C25 110 60 100 70 70")
            return try PathWriter(path: path, duration: 1.5, fps: 30).timeline()
        case "scene":
            return try Timeline(texts: ["Menu"], layout: font(), fps: 30, scene: Scene.menu.scaled(by: 40.0 / 32), toggles: [0])
        case "emoji":
            return try Timeline(texts: ["Hi 👋", "Hi 👍🏽 🇫🇷"], layout: font(), preference: .alwaysAnimate, fps: 30)
        case "arabic":
            return try Timeline(texts: ["مرحبا", "مرحبا بالعالم"], layout: font(), preference: .alwaysAnimate, fps: 30)
        case "write":
            return try Timeline(texts: ["", "hello"], layout: font(), effect: WriteEffect(), preference: .alwaysAnimate, fps: 30)
        case "rolling":
            return try Timeline(
                texts: ["99", "100"], layout: font(), effect: EffectRegistry.standard.effect(named: name), mode: .numeric(),
                preference: .alwaysAnimate, fps: 30)
        default:
            let texts = name == "dance" ? ["LETTER"] : ["Send Action", "Action Sent"]
            return try Timeline(
                texts: texts, layout: font(), effect: EffectRegistry.standard.effect(named: name), preference: .alwaysAnimate,
                fps: 30, hold: name == "dance" ? 0.5 : 0)
        }
    }

    static var style: RenderStyle {
        RenderStyle(viewport: Viewport(padding: 16), background: background, color: ink, stroke: StrokeStyle(width: .points(3)))
    }

    /// The frames compared: those nearest 0.1, 0.25 and 0.5 s, and the last.
    static func frames(_ timeline: Timeline) -> [Int] {
        var frames = instants.map { timeline.frameIndex(at: $0) }
        frames.append(timeline.frames.count - 1)
        var seen = Set<Int>()
        return frames.filter { seen.insert($0).inserted }
    }

    /// How two pictures of the same size differ: the mean difference per colour
    /// channel in levels, and the share of ink pixels (either picture more than
    /// 16 levels from the background in a channel) that differ by more than 48.
    static func compare(_ a: RasterImage, _ b: RasterImage) -> (mean: Double, inkShare: Double) {
        precondition(a.width == b.width && a.height == b.height, "sizes differ")
        let ground = [background.red, background.green, background.blue].map { Int(($0 * 255).rounded()) }
        var total = 0, ink = 0, differing = 0
        for p in 0..<(a.width * a.height) {
            var worst = 0, inked = false
            for c in 0..<3 {
                let x = Int(a.pixels[p * 4 + c]), y = Int(b.pixels[p * 4 + c])
                total += abs(x - y)
                worst = max(worst, abs(x - y))
                if abs(x - ground[c]) > 16 || abs(y - ground[c]) > 16 { inked = true }
            }
            if inked {
                ink += 1
                if worst > 48 { differing += 1 }
            }
        }
        return (Double(total) / Double(a.width * a.height * 3), ink == 0 ? 0 : Double(differing) / Double(ink))
    }

    static func figures(_ d: (mean: Double, inkShare: Double)) -> String {
        "mean \(NumberFormat.fixed(d.mean, 2)), ink differing \(NumberFormat.fixed(d.inkShare * 100, 2)) %"
    }

    /// Whether the timeline blurs anything the PNG renderer draws blurred.
    static func blurs(_ timeline: Timeline) -> Bool {
        timeline.frames.contains { frame in frame.sprites.contains { $0.state.blur > 0.3 } || frame.shapes.contains { $0.state.blur > 0.3 } }
    }

    @Test(.enabled(if: LottieTools.unavailable == nil, LottieTools.skipNote), arguments: cases)
    func rlottiePlaysItAsThePNGRendererDrawsIt(name: String) throws {
        let timeline = try Self.timeline(name)
        let dir = try TemporaryDirectory(prefix: "kinetype-rlottie")
        defer { dir.remove() }
        let path = dir.path + "/\(name).json"
        try LottieRenderer(style: Self.style).write(timeline, to: path)
        #expect(try LottieTools.validate(path).status == 0, "\(name): the file is not valid Lottie")
        let blurs = Self.blurs(timeline)
        let png = PNGRenderer(style: Self.style)
        var sharp = png
        sharp.ignoresBlur = true
        for frame in Self.frames(timeline) {
            let t = timeline.time(ofFrame: frame)
            let drawn = try LottieTools.render(path, frame: frame, scratch: dir.path + "/frame.raw")
            let expected = try sharp.image(timeline, at: t)
            #expect(drawn.width == expected.width && drawn.height == expected.height)
            let d = Self.compare(drawn, expected)
            var line = "rlottie vs PNG, \(name), t = \(NumberFormat.fixed(t, 3)) s (frame \(frame)): \(Self.figures(d))"
            if blurs { line += " (against the PNG without blur; against the blurred PNG: \(Self.figures(Self.compare(drawn, try png.image(timeline, at: t)))))" }
            print(line)
            // rlottie takes a picture's nearest pixel, unfiltered (its vdrawhelper.cpp
            // fetch_transformed), so a colour glyph on the move lands up to half a
            // pixel off the filtered drawing and its sharp inner edges (a flag's
            // stripes) differ along a column: up to 10 % of the ink then. At rest
            // the picture is drawn on whole pixels and matches.
            let moving = name == "emoji" && frame != timeline.frames.count - 1
            #expect(d.mean <= 2 && d.inkShare <= (moving ? 0.10 : 0.05), "\(line)")
        }
    }

    @Test(.enabled(if: chromium != nil && LottieTools.lottieWeb != nil, LottieTools.lottieWebSkipNote), arguments: cases)
    func lottieWebPlaysItAsThePNGRendererDrawsIt(name: String) throws {
        let timeline = try Self.timeline(name)
        let json = try LottieRenderer(style: Self.style).json(timeline)
        let frames = Self.frames(timeline)
        let png = PNGRenderer(style: Self.style)
        let first = try png.image(timeline, at: 0)
        let width = first.width, height = first.height
        let shot = try LottieTools.playInChromium(json, frames: frames, width: width, height: height)
        for (k, frame) in frames.enumerated() {
            let t = timeline.time(ofFrame: frame)
            let expected = try png.image(timeline, at: t)
            let drawn = shot.rows(k * height, height)
            let d = Self.compare(drawn, expected)
            let line = "lottie-web vs PNG, \(name), t = \(NumberFormat.fixed(t, 3)) s (frame \(frame)): \(Self.figures(d))"
            print(line)
            #expect(d.mean <= 2 && d.inkShare <= 0.05, "\(line)")
        }
    }
}

extension RasterImage {
    /// `count` rows from `start`, as a picture of their own.
    func rows(_ start: Int, _ count: Int) -> RasterImage {
        RasterImage(width: width, height: count, pixels: Array(pixels[(start * width * 4)..<((start + count) * width * 4)]))
    }
}
