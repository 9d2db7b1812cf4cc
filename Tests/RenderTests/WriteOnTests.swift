import Animator
import Effects
import Testing
import TestSupport
import Typesetter
@testable import Render

/// The rainbow of the write-on showcase.
let rainbow = ["black", "green", "yellow", "orange", "red", "pink", "purple", "blue", "black"].map { try! RenderColor(parsing: $0) }

/// "hello" written from nothing.
func helloTimeline(size: Double = 48, fills: Bool = true, fps: Double = 30) throws -> Timeline {
    try fontTimeline(["", "hello"], effect: WriteEffect(fills: fills), size: size, fps: fps)
}

/// A straight stroke 200 points long, from (20, 50) to (220, 50), written over 2 s.
func lineTimeline(fps: Double = 10) throws -> Timeline {
    try PathWriter(path: try ShapePath(svgPathData: "M20 50 H220"), duration: 2, fps: fps).timeline()
}

/// Whether a pixel shows anything but a black background.
private func inked(_ image: RasterImage, _ x: Int, _ y: Int) -> Bool {
    let p = image[x, y]
    return p.red > 8 || p.green > 8 || p.blue > 8
}

@Suite struct WriteOnTests {
    @Test func thePenFollowsAnEaseInOutOverItsDuration() throws {
        let writer = PathWriter(path: try ShapePath(svgPathData: "M0 0 H10"), duration: 2, fps: 10)
        #expect(writer.strokeEnd(at: -1) == 0 && writer.strokeEnd(at: 0) == 0)
        #expect(abs(writer.strokeEnd(at: 1) - 0.5) < 1e-6)
        #expect(writer.strokeEnd(at: 0.5) < 0.25)  // slow at first
        #expect(writer.strokeEnd(at: 2) == 1 && writer.strokeEnd(at: 9) == 1)
        let timeline = try writer.timeline()
        #expect(timeline.frames.count == 21)
        #expect(timeline.frames.allSatisfy { $0.sprites.count == 1 && $0.sprites[0].state.fill == 0 })
        #expect(timeline.frames.last?.sprites[0].state.strokeEnd == 1)
        // The drawing lands on the path's own coordinates.
        #expect(timeline.inkBounds == Rect(x: 0, y: 0, width: 10, height: 0))
        for bad in [PathWriter(path: .empty, fps: 0), PathWriter(path: .empty, duration: -1), PathWriter(path: .empty, hold: .nan)] {
            #expect(throws: RenderError.self) { try bad.timeline() }
        }
    }

    @Test func pngStrokesTheWrittenPartAndNothingBeyondIt() throws {
        let timeline = try lineTimeline()
        for (cap, reach) in [(StrokeStyle.Cap.butt, 0.0), (.round, 5.0)] {
            let stroke = StrokeStyle(width: .points(10), cap: cap)
            let png = PNGRenderer(viewport: Viewport(padding: 16), background: .black, color: .white, stroke: stroke)
            let placement = try Viewport(padding: 16).place(timeline.bounds)
            // Halfway through the time, halfway along the line: the pen is at x = 120.
            let image = try png.image(timeline, at: 1)
            func pixel(_ x: Double, _ y: Double) -> Bool {
                let p = placement.pixel(Point(x: x, y: y))
                return inked(image, Int(p.x), Int(p.y))
            }
            for x in stride(from: 22.0, through: 117, by: 5) {
                #expect(pixel(x, 50) && pixel(x, 46) && pixel(x, 53), "\(cap): no stroke at x = \(x)")
                #expect(!pixel(x, 43) && !pixel(x, 57), "\(cap): the stroke is wider than 10 at x = \(x)")
            }
            // Past the pen (and its round cap), nothing.
            for x in stride(from: 122 + reach, through: 230, by: 4) {
                #expect(!pixel(x, 50), "\(cap): ink at x = \(x), beyond the written part")
            }
            if cap == .round { #expect(pixel(122, 50), "the round cap reaches past the pen") }
            // Not written at all at the start; whole at the end.
            let start = try png.image(timeline, at: 0), end = try png.image(timeline, at: 2)
            for x in stride(from: 22.0, through: 218, by: 8) {
                let p = placement.pixel(Point(x: x, y: 50))
                #expect(!inked(start, Int(p.x), Int(p.y)) && inked(end, Int(p.x), Int(p.y)), "\(cap) at x = \(x)")
            }
        }
    }

    @Test func pngGradientRunsAcrossTheContentLeftToRight() throws {
        let timeline = try lineTimeline()
        let stroke = StrokeStyle(width: .points(10), paint: .linearGradient([.init(red: 1, green: 0, blue: 0), .init(red: 0, green: 0, blue: 1)]))
        let png = PNGRenderer(viewport: Viewport(padding: 16), background: .black, color: .white, stroke: stroke)
        let placement = try Viewport(padding: 16).place(timeline.bounds)
        let image = try png.image(timeline, at: 2)
        func color(_ x: Double) -> (red: UInt8, blue: UInt8) {
            let p = placement.pixel(Point(x: x, y: 50))
            let c = image[Int(p.x), Int(p.y)]
            return (c.red, c.blue)
        }
        // Red at the left end of the content, blue at the right, half and half in the middle.
        #expect(color(25).red > 240 && color(25).blue < 15)
        #expect(color(215).blue > 240 && color(215).red < 15)
        #expect(abs(Int(color(120).red) - Int(color(120).blue)) < 8)
    }

    @Test func helloIsWrittenGlyphAfterGlyphInThePNG() throws {
        let timeline = try helloTimeline()
        let png = PNGRenderer(background: .black, color: .white, stroke: StrokeStyle(width: .points(3)))
        let placement = try png.stroke.widened(png.viewport, fontSize: 48).place(timeline.bounds)
        /// Inked pixels in each glyph's layout box, in reading order.
        func inkPerGlyph(at t: Double) throws -> [Int] {
            let image = try png.image(timeline, at: t)
            let frame = timeline.frame(at: t)
            return frame.sprites.sorted { $0.state.position.x < $1.state.position.x }.map { sprite in
                let c = sprite.state.position, size = sprite.boxSize
                let a = placement.pixel(Point(x: c.x - size.width / 2, y: c.y - size.height / 2))
                let b = placement.pixel(Point(x: c.x + size.width / 2, y: c.y + size.height / 2))
                var count = 0
                for y in max(Int(a.y), 0)..<min(Int(b.y), image.height) {
                    for x in max(Int(a.x) + 1, 0)..<min(Int(b.x) - 1, image.width) where inked(image, x, y) { count += 1 }
                }
                return count
            }
        }
        #expect(try inkPerGlyph(at: 0) == [0, 0, 0, 0, 0])
        let early = try inkPerGlyph(at: 0.3)
        #expect(early[0] > 20 && early[1...].allSatisfy { $0 == 0 }, "\(early)")
        let third = try inkPerGlyph(at: 1.5)
        #expect(third[0] > early[0] && third[1] > 20 && third[2] > 20 && third[3] == 0 && third[4] == 0, "\(third)")
        // Written whole at 3 s (outlines only), filled by the end.
        let written = try inkPerGlyph(at: 3)
        let filled = try inkPerGlyph(at: timeline.duration)
        for k in 0..<5 { #expect(written[k] > 20 && filled[k] > written[k] / 2, "glyph \(k): \(written[k]) then \(filled[k])") }
    }

    @Test func svgStillRevealsEachContourByItsShareOfTheOutline() throws {
        let timeline = try helloTimeline()
        let renderer = SVGRenderer(background: .black, color: .white, stroke: StrokeStyle(width: .points(3)))
        // At 0.9 s the pen is halfway through "e" (0.6 s a glyph, ease-in-out).
        let svg = try renderer.frame(timeline, at: 0.9)
        let root = try XMLNode.parse(svg)
        let contours = root.elements(named: "path").filter { $0.attributes["pathLength"] == "1" }
        #expect(contours.map { $0.attributes["id"] ?? "" } == ["kg0c0", "kg1c0", "kg1c1"])
        let strokes = root.elements(named: "g").filter { $0.attributes["stroke-dasharray"] != nil }
        #expect(strokes.count == 2)
        for g in strokes {
            #expect(g.attributes["stroke-dasharray"] == "1 2" && g.attributes["stroke"] == "currentColor")
            #expect(g.attributes["stroke-width"] == "3" && g.attributes["fill"] == "none")
            #expect(g.attributes["stroke-linecap"] == "round" && g.attributes["stroke-linejoin"] == "round")
        }
        var offsets: [String: Double] = [:]
        for use in root.elements(named: "use") where use.attributes["stroke-dashoffset"] != nil {
            offsets[use.attributes["href"] ?? ""] = Double(use.attributes["stroke-dashoffset"]!)
        }
        // "h" whole; "e" half of its outline: the outer contour first, then the counter.
        let e = try #require(timeline.outlines["e"]?.outline)
        let measure = PathMeasure(e)
        let drawn = 0.5 * measure.length
        let first = measure.subpathLengths[0]
        #expect(offsets["#kg0c0"] == 0)
        let expected0 = 1 - min(drawn / first, 1)
        #expect(abs(try #require(offsets["#kg1c0"]) - expected0) < 2e-4, "\(offsets)")
        if drawn > first {
            #expect(abs(try #require(offsets["#kg1c1"]) - (1 - (drawn - first) / measure.subpathLengths[1])) < 2e-4)
        } else {
            #expect(offsets["#kg1c1"] == nil)
        }
        #expect(offsets.count == (drawn > first ? 3 : 2))
        // Unwritten glyphs show nothing, and no fill shows before the text is written.
        #expect(!root.elements(named: "use").contains { $0.attributes["href"] == "#kg2" || $0.attributes["href"] == "#kg0" })
    }

    @Test func svgGradientPaintsTheWholeTextThroughAMask() throws {
        let timeline = try helloTimeline()
        let svg = try SVGRenderer(background: .black, stroke: StrokeStyle(width: .points(4), paint: .linearGradient(rainbow)))
            .animated(timeline)
        let root = try XMLNode.parse(svg)
        let gradient = try #require(root.elements(named: "linearGradient").first)
        #expect(gradient.attributes["gradientUnits"] == "userSpaceOnUse")
        #expect(gradient.attributes["x1"] == NumberFormat.fixed(timeline.bounds.minX, 2))
        #expect(gradient.attributes["x2"] == NumberFormat.fixed(timeline.bounds.maxX, 2))
        let stops = gradient.children.filter { $0.name == "stop" }
        #expect(stops.map { $0.attributes["stop-color"] ?? "" } == rainbow.map(\.hex))
        #expect(stops.first?.attributes["offset"] == "0" && stops.last?.attributes["offset"] == "1")
        let mask = try #require(root.elements(named: "mask").first)
        #expect(mask.attributes["id"] == "kmask")
        #expect(mask.elements(named: "use").count > 5)
        let painted = root.elements(named: "rect").filter { $0.attributes["mask"] == "url(#kmask)" }
        #expect(painted.count == 1 && painted[0].attributes["fill"] == "url(#kink)")
        // Every contour's dash offset runs from 1 (nothing) to 0 (whole), then steps to 1 when the glyph is filled.
        #expect(svg.contains("stroke-dashoffset:1}"))
        #expect(svg.contains("{stroke-dashoffset:0}"))
        let uses = mask.elements(named: "use").filter { $0.attributes["stroke-dashoffset"] != nil }
        #expect(uses.count == 7)  // h, e (2), l, l, o (2)
        #expect(uses.allSatisfy { $0.attributes["stroke-dashoffset"] == "1" })
    }

    @Test func outlinesStayWrittenWithoutFilling() throws {
        let timeline = try helloTimeline(fills: false)
        let svg = try SVGRenderer(stroke: StrokeStyle(width: .points(2))).animated(timeline)
        let root = try XMLNode.parse(svg)
        let uses = root.elements(named: "use").filter { $0.attributes["stroke-dashoffset"] != nil }
        #expect(uses.count == 7 && uses.allSatisfy { $0.attributes["stroke-dashoffset"] == "0" })
        // No fill is ever shown.
        #expect(!root.elements(named: "use").contains { ["#kg0", "#kg1", "#kg2", "#kg3"].contains($0.attributes["href"] ?? "") })
        // The terminal shows the outlines dim.
        let grid = MonospaceLayout()
        let cells = try Timeline(texts: ["", "hello"], layout: grid, effect: WriteEffect(fills: false), preference: .alwaysAnimate, fps: 30)
        let last = TerminalRenderer(layout: grid, shading: .attributes).render(cells.frames.last!, in: cells)
        #expect(last.contains("\u{1B}[2mhello"))
    }

    @Test func theTerminalRevealsAGlyphOnceHalfWrittenDimUntilFilled() throws {
        let grid = MonospaceLayout()
        let timeline = try Timeline(texts: ["", "hello"], layout: grid, effect: WriteEffect(), preference: .alwaysAnimate, fps: 30)
        let renderer = TerminalRenderer(layout: grid, shading: .attributes)
        func shown(_ t: Double) -> String { renderer.render(timeline.frame(at: t), in: timeline) }
        // "h" is a quarter written at 0.2 s, more than half at 0.4 s.
        #expect(shown(0.2).trimmingSpaces.isEmpty)
        #expect(shown(0.4) == "\u{1B}[2mh\u{1B}[0m")
        #expect(shown(3.0) == "\u{1B}[2mhello\u{1B}[0m")
        #expect(shown(timeline.duration) == "hello")
        let plain = TerminalRenderer(layout: grid, shading: .none)
        #expect(plain.render(timeline.frame(at: 1.6), in: timeline) == "hel")
    }

    @Test func gifCopesWithTheGradient() throws {
        let timeline = try helloTimeline(size: 40, fps: 10)
        let stroke = StrokeStyle(width: .points(4), paint: .linearGradient(rainbow))
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let written = try GIFRenderer(background: .black, stroke: stroke).write(timeline, to: dir.path + "/w.gif")
        let decoded = try decodeGIF(dir.path + "/w.gif")
        #expect(decoded.frames.count == written)
        let png = PNGRenderer(background: .black, stroke: stroke)
        // The last frame (filled, every colour of the rainbow) within the median cut's error.
        let expected = try png.image(timeline, at: timeline.duration)
        let d = difference(decoded.frames.last!, expected, threshold: 48)
        #expect(d.mean < 2 && d.share < 0.01, "mean \(d.mean), share \(d.share)")
    }

    @Test func strokeWidthsResolveAgainstTheFontSize() {
        #expect(abs(StrokeStyle().lineWidth(fontSize: 48) - 2.4) < 1e-12)
        #expect(StrokeStyle().lineWidth(fontSize: nil) == 0.8)
        #expect(StrokeStyle(width: .points(10)).lineWidth(fontSize: 48) == 10)
        #expect(StrokeStyle(width: .points(.nan)).lineWidth(fontSize: 48) == 0)
        #expect(StrokeStyle(width: .points(1e9)).lineWidth(fontSize: 48) == StrokeStyle.maximumWidth)
        // A wide pen widens the padding; a narrow one keeps it.
        #expect(StrokeStyle(width: .points(100)).widened(Viewport(padding: 16), fontSize: nil).padding == 51)
        #expect(StrokeStyle(width: .points(4)).widened(Viewport(padding: 16), fontSize: nil).padding == 16)
        #expect(StrokeStyle(width: .points(4)).widened(Viewport(padding: -1), fontSize: nil).padding == -1)
    }
}

extension String {
    /// The string without spaces.
    var trimmingSpaces: String { String(filter { $0 != " " }) }
}
