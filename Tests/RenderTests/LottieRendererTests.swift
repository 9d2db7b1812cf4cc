import Animator
import Effects
import Testing
import TestSupport
import Typesetter
@testable import Render

/// The Lottie export, checked three ways: its structure as JSON, the Lottie
/// JSON schema (lottie-specs), and rlottie's pixels against the PNG renderer's.
@Suite struct LottieRendererTests {
    let background = try! RenderColor(parsing: "#f6f1e7")
    let ink = try! RenderColor(parsing: "#1d2a44")

    @Test func documentHasOneLayerPerDrawnSpriteAndTheCanvas() throws {
        let timeline = try fontTimeline(["Send Action", "Action Sent"], size: 28, fps: 30)
        let json = try JSONValue(parsing: LottieRenderer(background: background, color: ink).json(timeline))
        let placement = try Viewport().place(timeline.bounds)
        #expect(json["v"]?.stringValue == "5.7.0")
        #expect(json["fr"]?.doubleValue == 30)
        #expect(json["ip"]?.doubleValue == 0)
        #expect(json["op"]?.doubleValue == Double(timeline.frames.count))
        #expect(json["w"]?.doubleValue == Double(placement.pixelWidth) && json["h"]?.doubleValue == Double(placement.pixelHeight))
        let layers = try #require(json["layers"]?.arrayValue)
        // Every sprite that shows a non-blank glyph, plus the background at the bottom.
        var drawn = Set<Int32>()
        for frame in timeline.frames {
            for sprite in frame.sprites where !(timeline.outlines[frame.symbol(of: sprite)]?.outline.isEmpty ?? true) {
                drawn.insert(sprite.id)
            }
        }
        #expect(layers.count == drawn.count + 1)
        #expect(layers.last?["nm"]?.stringValue == "background")
        // Layer indices are 1…n and every layer lives within the composition.
        #expect(layers.compactMap { $0["ind"]?.doubleValue } == (1...layers.count).map(Double.init))
        for layer in layers {
            let ip = try #require(layer["ip"]?.doubleValue), op = try #require(layer["op"]?.doubleValue)
            #expect(0 <= ip && ip < op && op <= Double(timeline.frames.count))
        }
    }

    @Test func outputIsTheSameBytesEveryTime() throws {
        let timeline = try fontTimeline(["Creative", "Create"], effect: WaveEffect(), size: 24, fps: 30)
        let a = try LottieRenderer().json(timeline)
        let b = try LottieRenderer().json(try fontTimeline(["Creative", "Create"], effect: WaveEffect(), size: 24, fps: 30))
        #expect(a == b)
    }

    @Test func namesAreEscapedJSON() throws {
        let timeline = try fontTimeline(["\"a\\b\"", "<\n>"], size: 20)
        let text = try LottieRenderer().json(timeline)
        let json = try JSONValue(parsing: text)
        #expect(json["nm"]?.stringValue?.contains("\"a\\b\"") == true)
    }

    /// C1 controls, DEL, the Arabic letter mark and the other bidirectional
    /// characters are escaped in names (the writer once let C1 through), and read back as they were.
    @Test func namesEscapeC1AndBidiCharacters() throws {
        let texts = ["a\u{85}b\u{9B}c\u{7F}", "\u{61C}d\u{202E}e\u{2066}\u{2028}"]
        let timeline = try fontTimeline(texts, size: 20)
        let text = try LottieRenderer().json(timeline)
        let raw = text.unicodeScalars.filter { $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value) || [0x61C, 0x202E, 0x2066, 0x2028].contains($0.value) }
        #expect(raw.isEmpty, "\(raw.map { String($0.value, radix: 16) })")
        #expect(text.contains("\\u0085") && text.contains("\\u009b") && text.contains("\\u061c") && text.contains("\\u202e"))
        let json = try JSONValue(parsing: text)
        #expect(json["nm"]?.stringValue?.contains(texts[1]) == true)
    }

    @Test(.enabled(if: LottieTools.unavailable == nil, LottieTools.skipNote))
    func validatesAgainstTheLottieSchema() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        for (texts, effect) in [(["Send Action", "Action Sent"], "wave"), (["99", "100"], "rolling"), (["Kinetic", "Kinetype"], "slide")] {
            let timeline = try fontTimeline(texts, effect: try EffectRegistry.standard.effect(named: effect), size: 24, fps: 30)
            let path = dir.path + "/\(effect).json"
            try LottieRenderer(background: .transparent).write(timeline, to: path)
            let result = try LottieTools.validate(path)
            #expect(result.status == 0, "\(effect): \(result.standardError)")
        }
    }

    /// rlottie draws the file; the PNG renderer draws the same frame. Both
    /// antialias differently, so the comparison allows edge pixels to differ:
    /// the mean difference at most 1 level of 255 per channel, and at most
    /// 0.2 % of pixels differing by more than 48 levels in any channel.
    /// (Measured: means 0.05–0.75, at most 0.05 % of pixels over 48.)
    @Test(.enabled(if: LottieTools.unavailable == nil, LottieTools.skipNote), arguments: ["wave", "slide", "rolling", "scale"])
    func rlottieDrawsWhatThePNGRendererDraws(effect: String) throws {
        let texts = effect == "rolling" ? ["99", "100"] : ["Send Action", "Action Sent"]
        let timeline = try fontTimeline(texts, effect: try EffectRegistry.standard.effect(named: effect), size: 30, fps: 30)
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let path = dir.path + "/a.json"
        try LottieRenderer(background: background, color: ink).write(timeline, to: path)
        let png = PNGRenderer(background: background, color: ink)
        let last = timeline.frames.count - 1
        for frame in Set([0, last / 4, last / 3, last / 2, 2 * last / 3, last]).sorted() {
            let drawn = try LottieTools.render(path, frame: frame, scratch: dir.path + "/frame.raw")
            let expected = try png.image(timeline, at: timeline.time(ofFrame: frame))
            #expect(drawn.width == expected.width && drawn.height == expected.height)
            let d = difference(drawn, expected, threshold: 48)
            #expect(d.mean <= 1 && d.share <= 0.002, "\(effect), frame \(frame) of \(last): mean \(d.mean), share \(d.share)")
            print("rlottie vs PNG, \(effect), frame \(frame) of \(last): mean \(NumberFormat.fixed(d.mean, 3)), over 48: \(NumberFormat.fixed(d.share * 100, 3)) %, largest \(d.largest)")
        }
    }

    /// The control points of a keyframe's easing: its out tangent (x1, y1), then its in tangent (x2, y2).
    private func tangents(_ keyframe: JSONValue) -> [Double]? {
        let numbers = [keyframe["o"]?["x"]?[0], keyframe["o"]?["y"]?[0], keyframe["i"]?["x"]?[0], keyframe["i"]?["y"]?[0]]
            .compactMap { $0?.doubleValue }
        return numbers.count == 4 ? numbers : nil
    }

    /// A change timed on Béziers keeps its curves: the keyframes where a curve
    /// starts have its control points as their out and in tangents, and there
    /// are far fewer keyframes than the samples need.
    @Test func bezierTimedMotionHasTheCurvesTangents() throws {
        let timeline = try fontTimeline(["Kinetic", "Kinetype"], effect: EasedEffect(), size: 30, fps: 30)
        let text = try LottieRenderer(background: background, color: ink).json(timeline)
        let layers = try #require(try JSONValue(parsing: text)["layers"]?.arrayValue).filter {
            $0["nm"]?.stringValue?.hasPrefix("sprite") == true
        }
        let ease = [0.42, 0, 0.58, 1]
        let fade = [EasedEffect.fade.x1, EasedEffect.fade.y1, EasedEffect.fade.x2, EasedEffect.fade.y2]
        var moving = 0, fading = 0
        for layer in layers {
            let positions = layer["ks"]?["p"]?["k"]?.arrayValue ?? []
            if positions.contains(where: { tangents($0) == ease }) { moving += 1 }
            let glyph = try #require(layer["shapes"]?.arrayValue?.first { $0["nm"]?.stringValue == "glyph" })
            let fill = try #require(glyph["it"]?.arrayValue?.first { $0["ty"]?.stringValue == "fl" })
            if (fill["o"]?["k"]?.arrayValue ?? []).contains(where: { tangents($0) == fade }) { fading += 1 }
        }
        // "Kinet" stays where it is; every glyph that arrives or leaves rises or sinks, and fades.
        let changing = Set(timeline.frames.flatMap { $0.sprites.filter { $0.role != .persisting }.map(\.id) })
        #expect(changing.count >= 4)
        #expect(moving == changing.count && fading == changing.count, "\(moving) moving and \(fading) fading layers")
        let sampled = try LottieRenderer(background: background, color: ink).json(sampledOnly(timeline))
        let exact = occurrences(of: "\"t\":", in: text), thinned = occurrences(of: "\"t\":", in: sampled)
        #expect(exact * 3 < thinned, "\(exact) keyframes from the curves, \(thinned) from the samples")
    }

    /// rlottie plays the eased keyframes: frames in the middle of the curves, far
    /// from any keyframe, as the PNG renderer draws them.
    @Test(.enabled(if: LottieTools.unavailable == nil, LottieTools.skipNote))
    func rlottieDrawsBezierCurvesAsThePNGRendererDraws() throws {
        let timeline = try fontTimeline(["Kinetic", "Kinetype"], effect: EasedEffect(), size: 30, fps: 30)
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let path = dir.path + "/eased.json"
        try LottieRenderer(background: background, color: ink).write(timeline, to: path)
        let png = PNGRenderer(background: background, color: ink)
        for frame in [3, 7, 10, 14, 19] {
            let drawn = try LottieTools.render(path, frame: frame, scratch: dir.path + "/frame.raw")
            let expected = try png.image(timeline, at: timeline.time(ofFrame: frame))
            let d = difference(drawn, expected, threshold: 48)
            #expect(d.mean <= 1 && d.share <= 0.002, "frame \(frame): mean \(d.mean), share \(d.share)")
            print("rlottie vs PNG, eased, frame \(frame): mean \(NumberFormat.fixed(d.mean, 3)), over 48: \(NumberFormat.fixed(d.share * 100, 3)) %, largest \(d.largest)")
        }
    }

    @Test func writtenGlyphsGetATrimmedStrokeOverTheirFill() throws {
        let timeline = try helloTimeline(size: 32)
        let json = try JSONValue(parsing: LottieRenderer(stroke: StrokeStyle(width: .points(3))).json(timeline))
        let layers = try #require(json["layers"]?.arrayValue).filter { $0["nm"]?.stringValue != "background" }
        #expect(layers.count == 5)
        for layer in layers {
            let groups = try #require(layer["shapes"]?.arrayValue)
            #expect(groups.map { $0["nm"]?.stringValue } == ["pen", "glyph"])
            let pen = try #require(groups[0]["it"]?.arrayValue)
            let trim = try #require(pen.first { $0["ty"]?.stringValue == "tm" })
            #expect(trim["m"]?.doubleValue == 2)
            // The trim's end runs from 0 to 100 %.
            let ends = try #require(trim["e"]?["k"]?.arrayValue).compactMap { $0["s"]?.arrayValue?.first?.doubleValue }
            #expect(ends.first == 0 && ends.contains(100))
            let stroke = try #require(pen.first { $0["ty"]?.stringValue == "st" })
            #expect(stroke["w"]?["k"]?.doubleValue == 3 && stroke["lc"]?.doubleValue == 2 && stroke["lj"]?.doubleValue == 2)
        }
    }

    @Test(.enabled(if: LottieTools.unavailable == nil, LottieTools.skipNote), arguments: [false, true])
    func rlottieWritesWhatThePNGRendererWrites(gradient: Bool) throws {
        let timeline = try helloTimeline(size: 30)
        let stroke = StrokeStyle(width: .points(3), paint: gradient ? .linearGradient(rainbow) : .text)
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let path = dir.path + "/w.json"
        try LottieRenderer(background: background, color: ink, stroke: stroke).write(timeline, to: path)
        #expect(try LottieTools.validate(path).status == 0)
        let png = PNGRenderer(background: background, color: ink, stroke: stroke)
        for t in [0.3, 1.5, 2.7, 3.2, timeline.duration] {
            let frame = timeline.frameIndex(at: t)
            let drawn = try LottieTools.render(path, frame: frame, scratch: dir.path + "/frame.raw")
            let expected = try png.image(timeline, at: t)
            let d = difference(drawn, expected, threshold: 48)
            #expect(d.mean <= 1.5 && d.share <= 0.005, "gradient \(gradient), t = \(t): mean \(d.mean), share \(d.share)")
            print("rlottie vs PNG, write\(gradient ? " (gradient)" : ""), t = \(t): mean \(NumberFormat.fixed(d.mean, 3)), over 48: \(NumberFormat.fixed(d.share * 100, 3)) %")
        }
    }
}

/// What the Lottie file says, checked as JSON: open strokes stay open, blur
/// is Lottie's Gaussian blur effect, particles are layers, colour pictures
/// come at the canvas's resolution.
@Suite struct LottieDocumentTests {
    /// Every path shape's `c` (closed) in a layer's groups.
    func closedFlags(_ layers: [JSONValue]) -> [Bool] {
        var flags: [Bool] = []
        func walk(_ item: JSONValue) {
            if let items = item.arrayValue { items.forEach(walk); return }
            if item["ty"]?.stringValue == "sh", case .bool(let closed)? = item["ks"]?["k"]?["c"] { flags.append(closed) }
            for key in ["shapes", "it"] { if let inner = item[key] { walk(inner) } }
        }
        layers.forEach(walk)
        return flags
    }

    func layers(_ timeline: Timeline, _ renderer: LottieRenderer = LottieRenderer(style: RenderStyle(stroke: StrokeStyle(width: .points(3))))) throws -> [JSONValue] {
        try #require(try JSONValue(parsing: renderer.json(timeline))["layers"]?.arrayValue)
    }

    @Test func aPensStrokesStayOpenAndGlyphContoursClosed() throws {
        let hand = try FontLayout(size: 72, pen: PenFont("cursive"))
        let pen = try Timeline(texts: ["", "hello"], layout: hand, effect: WriteEffect(fills: false), fps: 30)
        let strokes = closedFlags(try layers(pen))
        #expect(!strokes.isEmpty && strokes.allSatisfy { !$0 }, "\(strokes)")
        let glyphs = closedFlags(try layers(try fontTimeline(["", "hello"], effect: WriteEffect(), size: 40)))
        #expect(!glyphs.isEmpty && glyphs.allSatisfy { $0 }, "\(glyphs)")
    }

    @Test func aTracedPathIsOpenUnlessItsDataCloses() throws {
        let open = try PathWriter(path: try ShapePath(svgPathData: "M10 80 C30 60 45 20 35 10 L60 40"), fps: 10).timeline()
        // The pen's group and the fill's hold the same paths.
        #expect(closedFlags(try layers(open)) == [false, false])
        let closed = try PathWriter(path: try ShapePath(svgPathData: "M10 10 H50 V50 Z M60 60 L80 80"), fps: 10).timeline()
        #expect(closedFlags(try layers(closed)) == [true, false, true, false])
    }

    /// Mist's blur is a Gaussian blur effect (ty 29) on each blurred glyph's
    /// layer, its blurriness the PNG renderer's standard deviation in the
    /// layer's own units over 0.3 (lottie-web's factor); nothing blurs at rest.
    @Test func blurIsLottiesGaussianBlurEffect() throws {
        let timeline = try fontTimeline(["Backing up", "Backed up"], effect: MistEffect(), size: 40)
        let all = try layers(timeline, LottieRenderer(style: RenderStyle()))
        let blurred = all.filter { $0["ef"] != nil }
        #expect(blurred.count >= 4, "\(blurred.count) blurred layers")
        for layer in blurred {
            let effect = try #require(layer["ef"]?[0])
            #expect(effect["ty"]?.doubleValue == 29 && effect["nm"]?.stringValue == "Gaussian Blur")
            let values = try #require(effect["ef"]?.arrayValue)
            #expect(values.map { $0["nm"]?.stringValue } == ["Blurriness", "Blur Dimensions", "Repeat Edge Pixels"])
            #expect(values[1]["v"]?["k"]?.doubleValue == 1)
            let keys = try #require(values[0]["v"]?["k"]?.arrayValue)
            let amounts = keys.compactMap { $0["s"]?[0]?.doubleValue }
            #expect(amounts.max()! > 10, "\(amounts)")
        }
        // A glyph at 40 points fogged by 0.4 em at scale 1: σ = 16 px, blurriness 16 / 0.3.
        var state = GlyphState.resting(at: .zero)
        state.blur = 16
        #expect(abs(LottieRenderer.blurriness(state, scale: 1) - 16 / 0.3) < 1e-9)
        // At two pixels a point the blur is 32 pixels; the sprite at half its size
        // makes a layer unit one pixel: 32 units.
        state.scaleX = 0.5
        state.scaleY = 0.5
        #expect(abs(LottieRenderer.blurriness(state, scale: 2) - 32 / 0.3) < 1e-9)
        // At full size a unit is two pixels: 16 units.
        state.scaleX = 1
        state.scaleY = 1
        #expect(abs(LottieRenderer.blurriness(state, scale: 2) - 16 / 0.3) < 1e-9)
        state.blur = 0.1
        #expect(LottieRenderer.blurriness(state, scale: 1) == 0, "below 0.3 pixels the PNG draws it sharp")
        // Without blur there is no effect.
        #expect(try layers(try fontTimeline(["Send", "Sent"], size: 40)).allSatisfy { $0["ef"] == nil })
    }

    @Test func particlesAreSoftDiscLayersOnTop() throws {
        let timeline = try fontTimeline(["Send", "Sent"], effect: SparkleEffect(), size: 40)
        let all = try layers(timeline, LottieRenderer(style: RenderStyle()))
        let particles = all.filter { $0["nm"]?.stringValue?.hasPrefix("particle ") == true }
        #expect(particles.count >= 3)
        // Over everything: they come first.
        let firstGlyph = try #require(all.firstIndex { $0["nm"]?.stringValue?.hasPrefix("sprite") == true })
        #expect(all.prefix(particles.count).allSatisfy { $0["nm"]?.stringValue?.hasPrefix("particle ") == true } && firstGlyph >= particles.count)
        let glow = try #require(particles[0]["shapes"]?[0]?["it"]?.arrayValue?.first { $0["ty"]?.stringValue == "gf" })
        #expect(glow["t"]?.doubleValue == 2, "a radial gradient")
        #expect(glow["g"]?["p"]?.doubleValue == 3)
        let limited = try layers(timeline, LottieRenderer(style: RenderStyle(), maximumParticles: 2))
        #expect(limited.filter { $0["nm"]?.stringValue?.hasPrefix("particle ") == true }.count == 2)
    }

    /// A colour picture is embedded at the canvas's resolution (Noto Color
    /// Emoji's strike is 136 pixels; 40-point text at scale 1 needs about 40).
    @Test func colourPicturesComeAtTheCanvasResolution() throws {
        let timeline = try fontTimeline(["Hi 👋"], size: 40)
        let document = try JSONValue(parsing: LottieRenderer(style: RenderStyle()).json(timeline))
        let assets = try #require(document["assets"]?.arrayValue)
        #expect(assets.count == 1)
        let width = try #require(assets[0]["w"]?.doubleValue)
        #expect(width >= 40 && width <= 60, "\(width)")
    }
}
