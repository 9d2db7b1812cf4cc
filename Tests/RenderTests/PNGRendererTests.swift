import Testing
import TestSupport
import Animator
import CCairo
import Director
import Effects
@testable import Render

/// Big-endian 32-bit number at an offset.
private func uint32(_ bytes: [UInt8], _ offset: Int) -> Int {
    bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
}

@Suite struct PNGRendererTests {
    let background = try! RenderColor(parsing: "#102030")
    let ink = try! RenderColor(parsing: "#f0e0d0")

    @Test func pngHasSignatureAndHeaderOfTheCanvasSize() throws {
        let timeline = try fontTimeline(["Hello"])
        let renderer = PNGRenderer(viewport: Viewport(width: 321, height: 123))
        let bytes = try renderer.pngData(timeline, at: 0)
        #expect(Array(bytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(String(decoding: bytes[12..<16], as: UTF8.self) == "IHDR")
        #expect(uint32(bytes, 16) == 321)
        #expect(uint32(bytes, 20) == 123)
    }

    @Test func inkLiesInsideTheLayoutBoxesAndBackgroundElsewhere() throws {
        let timeline = try fontTimeline(["Hello, Kinetype"], size: 40)
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let renderer = PNGRenderer(viewport: Viewport(scale: 1.5, padding: 12), background: background, color: ink)
        let path = dir.path + "/hello.png"
        try renderer.write(timeline, at: 0, to: path)
        let image = try decodePNG(path)
        let placement = try renderer.viewport.place(timeline.bounds)
        #expect(image.width == placement.pixelWidth && image.height == placement.pixelHeight)

        // The layout boxes of the glyphs, in pixels, with a pixel of anti-aliasing around them.
        let boxes = timeline.frames[0].sprites.map { sprite -> Rect in
            let p = sprite.state.position
            let a = placement.pixel(Point(x: p.x - sprite.boxSize.width / 2, y: p.y - sprite.boxSize.height / 2))
            let b = placement.pixel(Point(x: p.x + sprite.boxSize.width / 2, y: p.y + sprite.boxSize.height / 2))
            return Rect(x: a.x - 1, y: a.y - 1, width: b.x - a.x + 2, height: b.y - a.y + 2)
        }
        var inked = 0, solid = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let px = image[x, y]
                let isBackground = px.red == 0x10 && px.green == 0x20 && px.blue == 0x30 && px.alpha == 255
                let centre = Point(x: Double(x) + 0.5, y: Double(y) + 0.5)
                if !isBackground {
                    inked += 1
                    #expect(boxes.contains { $0.contains(centre) }, "ink at (\(x), \(y)) outside every glyph box")
                }
                if px.red == 0xF0 && px.green == 0xE0 && px.blue == 0xD0 { solid += 1 }
            }
        }
        #expect(inked > 1000)
        #expect(solid > 300, "glyph interiors have the text colour")
        // The corners are background.
        for (x, y) in [(0, 0), (image.width - 1, 0), (0, image.height - 1), (image.width - 1, image.height - 1)] {
            let px = image[x, y]
            #expect(px.red == 0x10 && px.green == 0x20 && px.blue == 0x30 && px.alpha == 255)
        }
    }

    @Test func imageMatchesTheDecodedFile() throws {
        let timeline = try fontTimeline(["Creative", "Create"], effect: WaveEffect())
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let renderer = PNGRenderer(background: .white, color: .black)
        try renderer.write(timeline, at: 0.2, to: dir.path + "/a.png")
        #expect(try decodePNG(dir.path + "/a.png") == renderer.image(timeline, at: 0.2))
    }

    @Test func frameDirectoriesAreCreatedOnlyOneLevelDeep() throws {
        // Only the directory asked for is made: a missing parent is an error, not a surprise tree.
        let timeline = try fontTimeline(["a"], fps: 12)
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        #expect(throws: RenderError.self) { try PNGRenderer().writeFrames(timeline, to: dir.path + "/nested/frames") }
        #expect(dir.list().isEmpty)
    }

    @Test func transparentBackgroundStaysTransparent() throws {
        let timeline = try fontTimeline(["Hi"])
        let image = try PNGRenderer(background: .transparent).image(timeline, at: 0)
        #expect(image[0, 0].alpha == 0)
        #expect(image.pixels.enumerated().contains { $0.offset % 4 == 3 && $0.element == 255 })
    }

    @Test func frameSequenceIsNumberedFromOne() throws {
        let timeline = try fontTimeline(["99", "100"], effect: RollingEffect(), fps: 12)
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        var reported: [(Int, Int)] = []
        let paths = try PNGRenderer(viewport: Viewport(width: 80, height: 40))
            .writeFrames(timeline, to: dir.path + "/frames") { reported.append(($0, $1)) }
        let expected = (1...timeline.frames.count).map { "frame_" + String(repeating: "0", count: 5 - String($0).count) + String($0) + ".png" }
        #expect(TemporaryDirectory.list(dir.path + "/frames") == expected)
        #expect(paths.map { String($0.split(separator: "/").last!) } == expected)
        #expect(reported.last?.0 == timeline.frames.count && reported.last?.1 == timeline.frames.count)
        #expect(try decodePNG(paths[0]).width == 80)
    }

    @Test func unwritablePathsAreTypedErrors() throws {
        let timeline = try fontTimeline(["x"])
        #expect {
            try PNGRenderer().write(timeline, at: 0, to: "/nonexistent-dir/x.png")
        } throws: { error in
            (error as? RenderError)?.code == .cannotWrite && "\(error)".contains("/nonexistent-dir/x.png")
        }
        #expect {
            try PNGRenderer().writeFrames(timeline, to: "/proc/no-frames-here")
        } throws: { error in
            (error as? RenderError)?.code == .cannotWrite
        }
    }

    @Test func blurSpreadsInkBeyondTheSharpGlyph() throws {
        // Mist: the leaving glyphs are blurred mid-transition.
        let timeline = try fontTimeline(["Backing up", "Saved"], effect: MistEffect(), size: 40)
        // The time the most visible blur is drawn: blur weighted by the opacity it is seen at.
        func seenBlur(_ t: Double) -> Double {
            timeline.frame(at: t).sprites.reduce(0) { $0 + $1.state.blur * $1.state.opacity }
        }
        let times = Array(stride(from: 0.0, to: timeline.duration, by: 1 / 60))
        let time = try #require(times.max { seenBlur($0) < seenBlur($1) })
        #expect(seenBlur(time) > 2)
        let image = try PNGRenderer(background: .white, color: .black).image(timeline, at: time)
        // Faint, partly covered pixels (neither paper nor ink) abound where blur
        // spreads; the blurred glyphs are fading, so faint counts from 250.
        let grey = stride(from: 0, to: image.pixels.count, by: 4).filter { (40...250).contains(image.pixels[$0]) }.count
        let sharp = try PNGRenderer(background: .white, color: .black).image(timeline, at: timeline.duration)
        let sharpGrey = stride(from: 0, to: sharp.pixels.count, by: 4).filter { (40...250).contains(sharp.pixels[$0]) }.count
        #expect(grey > 2 * sharpGrey)
    }

    @Test func boxBlurApproximatesAGaussian() {
        // A single bright pixel spreads with the variance asked for, keeping its mass.
        for sigma in [1.0, 2.5, 6.0] {
            let size = 81
            var pixels = [UInt8](repeating: 0, count: size * size)
            pixels[40 * size + 40] = 255
            // Spread a block, not a point, so rounding to bytes keeps the mass measurable.
            for y in 36...44 { for x in 36...44 { pixels[y * size + x] = 255 } }
            let before = pixels.map(Double.init)
            pixels.withUnsafeMutableBufferPointer {
                BoxBlur.gaussian($0.baseAddress!, width: size, height: size, stride: size, sigma: sigma)
            }
            let after = pixels.map(Double.init)
            let massBefore = before.reduce(0, +), massAfter = after.reduce(0, +)
            #expect(abs(massAfter - massBefore) / massBefore < 0.02)
            func variance(_ v: [Double]) -> Double {
                var sum = 0.0, total = 0.0
                for y in 0..<size { for x in 0..<size { sum += v[y * size + x] * Double((x - 40) * (x - 40)); total += v[y * size + x] } }
                return sum / total
            }
            let added = variance(after) - variance(before)
            #expect(abs(added - sigma * sigma) / (sigma * sigma) < 0.15, "σ \(sigma): variance grew by \(added)")
        }
    }

    @Test func badViewportsAreTypedErrors() throws {
        let timeline = try fontTimeline(["x"])
        for viewport in [Viewport(scale: 0), Viewport(scale: .nan), Viewport(width: 0), Viewport(padding: -1),
                         Viewport(width: 100_000), Viewport(scale: 1e9)] {
            #expect(throws: RenderError.self) { try PNGRenderer(viewport: viewport).image(timeline, at: 0) }
        }
    }
}

@Suite struct HostileFrameTests {
    /// Frames no effect should make, built by hand: every renderer must survive them.
    func hostileTimeline() throws -> Timeline {
        let outlines = GlyphOutlines(texts: ["AB"], layout: try dejaVu())
        let box = Size(width: 20, height: 38)
        func sprite(_ id: Int32, _ state: GlyphState) -> SpriteFrame {
            SpriteFrame(id: id, glyph: id % 2, role: .persisting, state: state, boxSize: box, baselineOffset: 10)
        }
        var frames: [Frame] = []
        for i in 0..<3 {
            let k = Double(i)
            frames.append(Frame(
                time: k / 10,
                sprites: [
                    sprite(0, GlyphState(position: Point(x: 10, y: 19), blur: 1e300)),
                    sprite(1, GlyphState(position: Point(x: 1e12 * k, y: -1e12), scaleX: 1e9)),
                    sprite(2, GlyphState(position: Point(x: 30, y: 19), scaleX: 0, scaleY: 0)),
                    sprite(3, GlyphState(position: Point(x: .nan, y: 19), opacity: .infinity)),
                    sprite(4, GlyphState(position: Point(x: 40, y: 19), opacity: 5, blur: 4)),
                ],
                particles: [
                    Particle(position: Point(x: .infinity, y: 0), radius: 3, opacity: 1, color: .none),
                    Particle(position: Point(x: 5, y: 5), radius: 1e200, opacity: 1, color: .none),
                ],
                symbols: ["A", "B"]))
        }
        return Timeline(fps: 10, frames: frames, texts: ["A\u{1B}", "B"], textTimes: [0, 0.1], outlines: outlines)
    }

    @Test func everyRendererSurvives() throws {
        let timeline = try hostileTimeline()
        for viewport in [Viewport(width: 64, height: 64), Viewport(width: 48), Viewport()] {
            for t in [0, 0.1, 0.2] {
                do {
                    let image = try PNGRenderer(viewport: viewport).image(timeline, at: t)
                    #expect(image.width >= 1)
                } catch {
                    #expect(error.code == .invalidSize, "\(error)")
                }
                do {
                    _ = try XMLNode.parse(try SVGRenderer(viewport: viewport).frame(timeline, at: t))
                } catch let error as RenderError {
                    #expect(error.code == .invalidSize)
                }
            }
            do {
                _ = try XMLNode.parse(try SVGRenderer(viewport: viewport).animated(timeline))
            } catch let error as RenderError {
                #expect(error.code == .invalidSize)
            }
        }
        _ = TerminalRenderer().lines(timeline.frames[1], in: timeline)
    }

    @Test func aLoopPastTheFramesIsDropped() throws {
        let base = try hostileTimeline()
        for loop in [Timeline.Loop(startFrame: 1, period: 5), Timeline.Loop(startFrame: -1, period: 1), Timeline.Loop(startFrame: 0, period: 0)] {
            let timeline = Timeline(
                fps: 10, frames: base.frames, texts: base.texts, textTimes: base.textTimes, loop: loop, outlines: base.outlines)
            #expect(timeline.loop == nil)
            _ = timeline.frame(at: 100)
        }
        let fine = Timeline(
            fps: 10, frames: base.frames, texts: base.texts, textTimes: base.textTimes, loop: .init(startFrame: 1, period: 1),
            outlines: base.outlines)
        #expect(fine.loop != nil)
        #expect(fine.frameIndex(at: 100) == 1)
        _ = try SVGRenderer(viewport: Viewport(width: 50, height: 50)).animated(fine)
    }
}
