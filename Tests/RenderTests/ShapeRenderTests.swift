import Animator
import Director
import Effects
@testable import Render
import Testing
import TestSupport
import Typesetter

/// Shapes (tiles, scenes) drawn by every renderer: read back from the SVG's
/// markup, the PNG's pixels, the Lottie JSON and the terminal's lines.
@Suite struct ShapeRenderTests {
    let ink = RenderColor(red: 0.11, green: 0.11, blue: 0.12)

    func tiles() throws -> Timeline {
        try Timeline(
            texts: ["LETTER"], layout: dejaVu(), effect: DanceEffect(borderPulse: true), hold: 1, tiles: TileStyle())
    }

    func scene(_ scene: Scene, _ toggles: [Double], text: String = "", layout: (any GlyphLayout)? = nil) throws -> Timeline {
        try Timeline(texts: [text], layout: layout ?? dejaVu(), scene: scene, toggles: toggles)
    }

    /// The shape with a key in a frame.
    func shape(_ key: String, in frame: Frame) throws -> ShapeSprite {
        try #require(frame.shapes.first { $0.key == key })
    }

    /// The pixel at a point of layout space in a PNG renderer's image of the timeline.
    func pixel(_ image: RasterImage, _ p: Point, in timeline: Timeline, renderer: PNGRenderer) throws -> [Int] {
        let placement = try renderer.style.placement(timeline.bounds, fontSize: timeline.outlines.fontSize)
        let q = placement.pixel(p)
        let x = Int(q.x.rounded(.down)), y = Int(q.y.rounded(.down))
        try #require(x >= 0 && y >= 0 && x < image.width && y < image.height)
        let o = (y * image.width + x) * 4
        return image.pixels[o..<(o + 4)].map(Int.init)
    }

    func near(_ pixel: [Int], _ color: RenderColor, within tolerance: Int = 8) -> Bool {
        let c = color.bytes
        return abs(pixel[0] - c.red) <= tolerance && abs(pixel[1] - c.green) <= tolerance && abs(pixel[2] - c.blue) <= tolerance
    }

    func color(_ paint: ShapePaint) throws -> RenderColor {
        guard case .color(let t) = paint else { throw TestFailure("not a colour: \(paint)") }
        return RenderColor(red: t.red, green: t.green, blue: t.blue, alpha: t.alpha)
    }

    // MARK: Tiles

    @Test func everyVisibleLetterHasAStrokedTileInTheSVG() throws {
        let timeline = try tiles()
        let t = 0.5
        let frame = timeline.frame(at: t)
        let svg = try SVGRenderer().frame(timeline, at: t)
        let root = try XMLNode.parse(svg)
        let groups = root.elements(named: "g").filter { $0.attributes["data-key"] == "tile" }
        let letters = frame.sprites.filter { $0.state.opacity > 0 }
        #expect(letters.count == 6)
        #expect(groups.count == letters.count)
        let style = TileStyle()
        for (group, tile) in zip(groups, frame.shapes) {
            let paths = group.elements(named: "path")
            let fill = try #require(paths.first { $0.attributes["fill"] != nil && $0.attributes["fill"] != "none" })
            #expect(fill.attributes["fill"] == (try color(style.fill)).rgbHex)
            let border = try #require(paths.first { $0.attributes["stroke"] != nil })
            #expect(border.attributes["stroke"] == (try color(tile.shape.stroke)).rgbHex)
            #expect(Double(border.attributes["stroke-width"] ?? "") == style.borderWidth)
            // The rounded square's outline: four corners of four cubics and four sides.
            #expect(border.attributes["d"] == tile.shape.outline.svgPathData)
            #expect(border.attributes["d"]?.filter { $0 == "C" }.count == 4)
            // Placed on the letter: the group's matrix is the tile's transform, centred on the glyph.
            let glyph = try #require(frame.sprites.first { $0.id == tile.glyphSprite })
            #expect(group.attributes["transform"] == SVGDocument.matrix(tile.state.transform(boxSize: tile.shape.size)))
            let centre = tile.state.transform(boxSize: tile.shape.size).apply(Point(x: tile.shape.size.width / 2, y: tile.shape.size.height / 2))
            #expect((centre - glyph.state.position).length < 1e-9)
        }
    }

    @Test func theBorderPulsesInTheAnimatedSVG() throws {
        let timeline = try tiles()
        let svg = try SVGRenderer().animated(timeline)
        _ = try XMLNode.parse(svg)
        let id = try #require(timeline.frames.last?.shapes.first?.id)
        // The pen's keyframes carry the border colour, which the pulse changes over a beat.
        let rule = try #require(svg.range(of: "@keyframes kh\(id)p"))
        let body = svg[rule.upperBound...].prefix { $0 != "\n" }
        let colours = Set(body.split(separator: ";").filter { $0.hasPrefix("stroke:") || $0.contains("{stroke:") }.map {
            $0.split(separator: ":").last.map(String.init) ?? ""
        })
        let sampled = Set(timeline.frames.compactMap { $0.shapes.first.flatMap { try? color($0.shape.stroke).rgbHex } })
        #expect(sampled.count > 2)
        #expect(colours.count > 2)
        #expect(colours.isSubset(of: sampled))
    }

    @Test func aTileShowsItsBorderColourAroundItsGlyphInPNG() throws {
        let timeline = try tiles()
        // Four pixels a point, so the 2-point border is 8 pixels wide.
        let renderer = PNGRenderer(viewport: Viewport(scale: 4))
        let t = 0.5
        let frame = timeline.frame(at: t)
        let image = try renderer.image(timeline, at: t)
        // Tiles overlap their neighbours (each is as wide as the line is high): the last one is on top.
        let tile = try #require(frame.shapes.last)
        let size = tile.shape.size
        let m = tile.state.transform(boxSize: size)
        let border = try color(tile.shape.stroke)
        // On the border (its middle line is the outline) at the middle of the right, top and bottom sides.
        for p in [Point(x: size.width, y: size.height / 2), Point(x: size.width / 2, y: 0), Point(x: size.width / 2, y: size.height)] {
            let seen = try pixel(image, m.apply(p), in: timeline, renderer: renderer)
            #expect(near(seen, border, within: 12), "border at \(p): \(seen) vs \(border.rgbHex)")
        }
        // Just inside the border, the tile's fill.
        let inside = try pixel(image, m.apply(Point(x: size.width - 2 * TileStyle().borderWidth, y: size.height / 2)), in: timeline, renderer: renderer)
        #expect(near(inside, try color(TileStyle().fill)))
    }

    @Test func tilesRepeatWithTheDanceSoTheLoopIsFound() throws {
        let timeline = try tiles()
        let loop = try #require(timeline.loop)
        let a = timeline.frames[loop.startFrame], b = timeline.frames[loop.startFrame + loop.period]
        #expect(a.shapes.count == 6 && LoopFinder.same(a, b))
        // A frame whose border colour differs is not the same, though every state matches.
        var changed = a
        changed.shapes[0].shape.stroke = .color(Tint(red: 1, green: 0, blue: 0, alpha: 1))
        #expect(!LoopFinder.same(changed, a))
    }

    // MARK: Scenes

    @Test func theMenuEndsAsACrossInPNG() throws {
        let timeline = try scene(.menu, [0])
        let renderer = PNGRenderer()
        let first = timeline.frames[0], last = try #require(timeline.frames.last)
        let start = try renderer.image(timeline, at: 0)
        let end = try renderer.image(timeline, at: timeline.duration)
        // Where the outer bars were: ink before, background after.
        for key in ["bar1", "bar4"] {
            let bar = try shape(key, in: first).state.position
            #expect(near(try pixel(start, bar, in: timeline, renderer: renderer), ink))
            #expect(try shape(key, in: last).state.opacity == 0)
            #expect(near(try pixel(end, bar, in: timeline, renderer: renderer), .white))
        }
        // Where the middle bars cross: ink, and along each diagonal too.
        let cross = try shape("bar2", in: last).state.position
        #expect((cross - (try shape("bar3", in: last).state.position)).length < 1e-9)
        #expect(near(try pixel(end, cross, in: timeline, renderer: renderer), ink))
        for key in ["bar2", "bar3"] {
            let bar = try shape(key, in: last)
            let along = bar.state.transform(boxSize: bar.shape.size).apply(Point(x: bar.shape.size.width * 0.85, y: bar.shape.size.height / 2))
            #expect(near(try pixel(end, along, in: timeline, renderer: renderer), ink))
        }
        // Between the arms (above the crossing, where bar 2 lay in the menu), background.
        let between = Point(x: cross.x, y: (try shape("bar2", in: first)).state.position.y)
        #expect(near(try pixel(end, between, in: timeline, renderer: renderer), .white))
    }

    @Test func theCheckMarkIsHalfDrawnHalfWay() throws {
        let timeline = try scene(.check, [0])
        let marks = timeline.frames.map { $0.shapes.first { $0.key == "mark" }?.state.strokeEnd ?? -1 }
        let index = try #require(marks.indices.min { abs(marks[$0] - 0.5) < abs(marks[$1] - 0.5) })
        let drawn = marks[index]
        #expect(abs(drawn - 0.5) < 0.1)
        let svg = try SVGRenderer().frame(timeline, at: timeline.time(ofFrame: index))
        let root = try XMLNode.parse(svg)
        let mark = try #require(root.elements(named: "g").first { $0.attributes["data-key"] == "mark" })
        let dashed = try #require(mark.elements(named: "g").first { $0.attributes["stroke-dasharray"] != nil })
        #expect(dashed.attributes["stroke-dasharray"] == "1 2")
        let strokes = dashed.elements(named: "path")
        #expect(strokes.count == 1)
        let offset = try #require(Double(strokes[0].attributes["stroke-dashoffset"] ?? ""))
        #expect(strokes[0].attributes["pathLength"] == "1")
        // The dash shows the share of the mark the pen has drawn.
        #expect(abs((1 - offset) - drawn) < 1e-3)
        // Its own pen: the mark's width and its white.
        let sprite = try shape("mark", in: timeline.frames[index])
        #expect(Double(dashed.attributes["stroke-width"] ?? "") == sprite.shape.lineWidth)
        #expect(dashed.attributes["stroke"] == (try color(sprite.shape.stroke)).rgbHex)
    }

    @Test func theCheckMarksDashOffsetIsAnimated() throws {
        let timeline = try scene(.check, [0])
        let svg = try SVGRenderer().animated(timeline)
        _ = try XMLNode.parse(svg)
        let id = try #require(timeline.frames[0].shapes.first { $0.key == "mark" }?.id)
        let rule = try #require(svg.range(of: "@keyframes kh\(id)c0{"))
        let body = svg[rule.upperBound...].prefix { $0 != "\n" }
        let offsets = body.split(separator: "{").compactMap { part -> Double? in
            guard part.hasPrefix("stroke-dashoffset:") else { return nil }
            return Double(part.dropFirst("stroke-dashoffset:".count).prefix { $0 != "}" })
        }
        #expect(offsets.first == 1 && offsets.last == 0)
        #expect(offsets.contains { $0 > 0.2 && $0 < 0.8 })
    }

    @Test func theMenuTogglesAsValidAnimatedSVG() throws {
        let timeline = try scene(.menu, [0, 1])
        let svg = try SVGRenderer().animated(timeline)
        let root = try XMLNode.parse(svg)
        let bars = root.elements(named: "g").filter { ($0.attributes["data-key"] ?? "").hasPrefix("bar") }
        #expect(bars.count == 4)
        // Each bar's group turns and moves: keyframes with its rotation.
        let bar2 = try #require(bars.first { $0.attributes["data-key"] == "bar2" })
        let name = try #require(bar2.attributes["id"])
        let frames = try #require(CSSKeyframes.parse(svg, name: name))
        #expect(frames.contains { abs($0.rotation - 45) < 0.01 } && abs(frames.last!.rotation) < 0.01)
        #expect(svg == (try SVGRenderer().animated(try scene(.menu, [0, 1]))))
    }

    @Test func playMorphsItsPathsWithSMIL() throws {
        let timeline = try scene(.play, [0])
        let svg = try SVGRenderer().animated(timeline)
        let root = try XMLNode.parse(svg)
        let animations = root.elements(named: "animate").filter { $0.attributes["attributeName"] == "d" }
        #expect(!animations.isEmpty)
        for animate in animations {
            let times = try #require(animate.attributes["keyTimes"]).split(separator: ";").compactMap { Double($0) }
            let values = try #require(animate.attributes["values"]).split(separator: ";")
            #expect(times.count == values.count && times.first == 0 && times.last == 1)
            #expect(zip(times, times.dropFirst()).allSatisfy { $0 <= $1 })
        }
        // The path ends as the pause bar and starts as the half triangle.
        let left = try #require(root.elements(named: "g").first { $0.attributes["data-key"] == "left" })
        let path = try #require(left.elements(named: "path").first)
        let final = try shape("left", in: timeline.frames.last!)
        let centred = final.shape.outline.applying(.translation(-final.shape.size.width / 2, -final.shape.size.height / 2))
        #expect(path.attributes["d"] == centred.svgPathData)
        let values = try #require(path.elements(named: "animate").first?.attributes["values"]).split(separator: ";")
        let start = try shape("left", in: timeline.frames[0])
        #expect(values.first.map(String.init) == start.shape.outline.applying(.translation(-12, -12)).svgPathData)
    }

    @Test func shapesAndGlyphsShareOneFrame() throws {
        // Right-aligned at the anchor (x = 0), the text ends where the control (0…40) starts.
        let timeline = try scene(.menu, [0], text: "Menu", layout: dejaVu(alignment: .trailing))
        let frame = timeline.frames[0]
        #expect(frame.shapes.count == 4 && frame.sprites.count == 4)
        let svg = try SVGRenderer().frame(timeline, at: 0)
        let root = try XMLNode.parse(svg)
        #expect(root.elements(named: "use").count == frame.sprites.count)
        #expect(root.elements(named: "g").filter { $0.attributes["data-key"] != nil }.count == frame.shapes.count)
        // Shapes under the text come before the glyphs' group.
        let firstShape = try #require(svg.range(of: "data-key=\"bar1\""))
        let firstGlyph = try #require(svg.range(of: "<use href"))
        #expect(firstShape.lowerBound < firstGlyph.lowerBound)
        // The PNG has both: the bar's ink at its left end, and the glyphs' ink in their boxes.
        let renderer = PNGRenderer()
        let image = try renderer.image(timeline, at: 0)
        let bar = try shape("bar1", in: frame)
        let end = bar.state.transform(boxSize: bar.shape.size).apply(Point(x: 2, y: bar.shape.size.height / 2))
        #expect(near(try pixel(image, end, in: timeline, renderer: renderer), ink))
        let glyphs = frame.sprites.filter { $0.state.opacity > 0 }
        #expect(glyphs.allSatisfy { $0.state.position.x + $0.boxSize.width / 2 <= 1e-9 })
        var inked = 0
        for sprite in glyphs {
            let box = Rect(
                x: sprite.state.position.x - sprite.boxSize.width / 2, y: sprite.state.position.y - sprite.boxSize.height / 2,
                width: sprite.boxSize.width, height: sprite.boxSize.height)
            for i in 1..<10 {
                for j in 1..<10 where near(
                    try pixel(image, Point(x: box.minX + box.width * Double(i) / 10, y: box.minY + box.height * Double(j) / 10),
                              in: timeline, renderer: renderer), ink, within: 30) {
                    inked += 1
                }
            }
        }
        #expect(inked > glyphs.count * 4)
    }

    @Test func boundsHoldEveryShapeAndItsStroke() throws {
        for timeline in [try scene(.menu, [0]), try scene(.check, [0, 0.6]), try tiles()] {
            let bounds = timeline.inkBounds
            for frame in timeline.frames {
                for shape in frame.shapes where shape.state.opacity >= Frame.seenOpacity {
                    let placed = try #require(shape.placedOutline.bounds)
                    let s = shape.state
                    let reach = shape.shape.stroke.isVisible ? shape.shape.lineWidth / 2 * max(abs(s.scaleX), abs(s.scaleY)) : 0
                    let ink = placed.insetBy(dx: -reach, dy: -reach)
                    #expect(bounds.minX <= ink.minX + 1e-9 && bounds.maxX >= ink.maxX - 1e-9)
                    #expect(bounds.minY <= ink.minY + 1e-9 && bounds.maxY >= ink.maxY - 1e-9)
                }
            }
        }
        // A scene alone still has a canvas: its shapes'.
        let menu = try scene(.menu, [0])
        #expect(menu.bounds.width >= 28 && menu.bounds.height >= 24)
    }

    @Test func keysAreEscapedAndBlurAndLayersApply() throws {
        let key = "a<b&\"c'"
        let dot = try Shape.ellipse(width: 16, height: 16, fill: .color(Tint(red: 0.9, green: 0.1, blue: 0.1, alpha: 1)))
        var blurred = GlyphState.resting(at: Point(x: 20, y: 20))
        blurred.blur = 2
        let states = [
            SceneState(name: "sharp", elements: [SceneElement(key: key, shape: dot, at: Point(x: 20, y: 20), layer: .aboveText)]),
            SceneState(name: "soft", elements: [SceneElement(key: key, shape: dot, state: blurred, layer: .aboveText)]),
        ]
        let custom = try Scene(name: "dot", states: states, timing: .linear(duration: 0.2))
        // The text ends at the anchor, left of the dot.
        let timeline = try scene(custom, [0], text: "Hi", layout: dejaVu(alignment: .trailing))
        let end = try #require(timeline.frames.last)
        #expect(try shape(key, in: end).state.blur == 2)

        let still = try SVGRenderer().frame(timeline, at: timeline.duration)
        let root = try XMLNode.parse(still)
        let filtered = root.elements(named: "g").filter { ($0.attributes["filter"] ?? "").hasPrefix("url(#") }
        #expect(filtered.count == 1 && filtered[0].children.first?.attributes["data-key"] == key)
        #expect(!still.contains(key))
        // Over the text: after the glyphs' group.
        let glyph = try #require(still.range(of: "<use href")), dotGroup = try #require(still.range(of: "data-key="))
        #expect(glyph.lowerBound < dotGroup.lowerBound)

        let animated = try SVGRenderer().animated(timeline)
        let parsed = try XMLNode.parse(animated)
        let id = try shape(key, in: end).id
        let blurGroup = try #require(parsed.elements(named: "g").first { $0.attributes["id"] == "khf\(id)" })
        #expect(blurGroup.children.first?.attributes["data-key"] == key)
        #expect(animated.contains("@keyframes khf\(id)"))

        let json = try JSONValue(parsing: LottieRenderer().json(timeline))
        // Over the text, so Lottie's first (top) layer.
        #expect(json["layers"]?[0]?["nm"]?.stringValue == "shape \(id) " + key)

        // Cairo blurs it: ink a blur radius beyond the edge, and not full at the edge.
        let renderer = PNGRenderer()
        let image = try renderer.image(timeline, at: timeline.duration)
        let centre = try pixel(image, Point(x: 20, y: 20), in: timeline, renderer: renderer)
        let beyond = try pixel(image, Point(x: 20 + 8 + 2, y: 20), in: timeline, renderer: renderer)
        #expect(near(centre, RenderColor(red: 0.9, green: 0.1, blue: 0.1), within: 12))
        #expect(beyond[1] < 245 && beyond[1] > 100)
    }

    // MARK: Raster formats

    @Test func gifAndWebPFramesCarryTheShapes() throws {
        let timeline = try scene(.menu, [0])
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let png = PNGRenderer(color: ink)
        try GIFRenderer(color: ink).write(timeline, to: dir.path + "/m.gif")
        try WebPRenderer(color: ink).write(timeline, to: dir.path + "/m.webp")
        let bar = try shape("bar1", in: timeline.frames[0]).state.position
        for decoded in [try decodeGIF(dir.path + "/m.gif"), try decodeWebP(dir.path + "/m.webp")] {
            let first = try #require(decoded.frames.first), last = try #require(decoded.frames.last)
            #expect(near(try pixel(first, bar, in: timeline, renderer: png), ink, within: 24))
            #expect(near(try pixel(last, bar, in: timeline, renderer: png), .white, within: 24))
        }
    }

    // MARK: Lottie

    @Test func lottieHasALayerPerShape() throws {
        let timeline = try scene(.check, [0], text: "Done")
        let json = try JSONValue(parsing: LottieRenderer().json(timeline))
        let layers = try #require(json["layers"]?.arrayValue)
        let names = layers.compactMap { $0["nm"]?.stringValue }
        let shapeIDs = timeline.frames[0].shapes.map(\.id)
        // Under the glyphs (Lottie lists the top layer first), over the background.
        let shapeLayers = names.indices.filter { names[$0].hasPrefix("shape ") }
        let glyphLayers = names.indices.filter { names[$0].hasPrefix("sprite ") }
        #expect(shapeLayers.count == shapeIDs.count && !glyphLayers.isEmpty)
        #expect(shapeLayers.allSatisfy { $0 > glyphLayers.max()! } && names.last == "background")
        let mark = try #require(layers.first { $0["nm"]?.stringValue?.hasSuffix(" mark") == true })
        let groups = try #require(mark["shapes"]?.arrayValue)
        #expect(groups.map { $0["nm"]?.stringValue } == ["stroke"])
        let items = try #require(groups[0]["it"]?.arrayValue)
        let trim = try #require(items.first { $0["ty"]?.stringValue == "tm" })
        let ends = try #require(trim["e"]?["k"]?.arrayValue).compactMap { $0["s"]?.arrayValue?.first?.doubleValue }
        #expect(ends.first == 0 && ends.last == 100)
        let stroke = try #require(items.first { $0["ty"]?.stringValue == "st" })
        let sprite = try shape("mark", in: timeline.frames[0])
        #expect(stroke["w"]?["k"]?.doubleValue == sprite.shape.lineWidth && stroke["lc"]?.doubleValue == 2)
        // The mark is an open path: its stroke does not return to its start.
        let path = try #require(items.first { $0["ty"]?.stringValue == "sh" })
        #expect(path["ks"]?["k"]?["c"] == .bool(false))
        #expect(path["ks"]?["k"]?["v"]?.arrayValue?.count == 3)
    }

    @Test func lottieMorphsThePlayPaths() throws {
        let timeline = try scene(.play, [0])
        let json = try JSONValue(parsing: LottieRenderer().json(timeline))
        let layers = try #require(json["layers"]?.arrayValue)
        let left = try #require(layers.first { $0["nm"]?.stringValue?.hasSuffix(" left") == true })
        let fill = try #require(left["shapes"]?.arrayValue?.first { $0["nm"]?.stringValue == "fill" })
        let path = try #require(fill["it"]?.arrayValue?.first { $0["ty"]?.stringValue == "sh" })
        let keyframes = try #require(path["ks"]?["k"]?.arrayValue)
        #expect(path["ks"]?["a"]?.doubleValue == 1 && keyframes.count >= 3)
        let firstVertex = keyframes.first?["s"]?[0]?["v"]?[0]?.arrayValue, lastVertex = keyframes.last?["s"]?[0]?["v"]?[0]?.arrayValue
        let first = try #require(firstVertex).compactMap(\.doubleValue), last = try #require(lastVertex).compactMap(\.doubleValue)
        let start = try shape("left", in: timeline.frames[0]), end = try shape("left", in: timeline.frames.last!)
        guard case .move(let a) = start.shape.path.elements[0], case .move(let b) = end.shape.path.elements[0] else {
            Issue.record("no move")
            return
        }
        #expect(first == [a.x, a.y] && last == [b.x, b.y])
    }

    @Test(.enabled(if: LottieTools.unavailable == nil, LottieTools.skipNote))
    func lottieWithShapesValidatesAgainstTheSchema() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let timelines = [("tiles", try tiles()), ("menu", try scene(.menu, [0, 1])), ("play", try scene(.play, [0])),
                         ("check", try scene(.check, [0], text: "Done"))]
        for (name, timeline) in timelines {
            let path = dir.path + "/\(name).json"
            try LottieRenderer(background: .transparent).write(timeline, to: path)
            let result = try LottieTools.validate(path)
            #expect(result.status == 0, "\(name): \(result.standardError)")
        }
    }

    /// rlottie draws the scenes' layers as the PNG renderer draws the frames
    /// (within antialiasing: mean under 1.5 levels, at most 0.5 % of pixels
    /// more than 48 levels apart).
    @Test(.enabled(if: LottieTools.unavailable == nil, LottieTools.skipNote))
    func rlottieDrawsTheShapesThePNGRendererDraws() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let timelines = [("menu", try scene(.menu, [0])), ("play", try scene(.play, [0])), ("check", try scene(.check, [0])),
                         ("tiles", try tiles())]
        for (name, timeline) in timelines {
            let path = dir.path + "/\(name).json"
            let viewport = Viewport(scale: 3)
            try LottieRenderer(viewport: viewport, color: ink).write(timeline, to: path)
            let png = PNGRenderer(viewport: viewport, color: ink)
            for t in [0.25, 0.4, 0.55, timeline.duration] {
                let frame = timeline.frameIndex(at: t)
                let drawn = try LottieTools.render(path, frame: frame, scratch: dir.path + "/frame.raw")
                let d = difference(drawn, try png.image(timeline, at: timeline.time(ofFrame: frame)), threshold: 48)
                #expect(d.mean <= 1.5 && d.share <= 0.005, "\(name), t = \(t): mean \(d.mean), share \(d.share)")
                print("rlottie vs PNG, \(name), t = \(NumberFormat.fixed(t, 2)): mean \(NumberFormat.fixed(d.mean, 3)), over 48: \(NumberFormat.fixed(d.share * 100, 3)) %")
            }
        }
    }

    // MARK: Terminal

    @Test func theTerminalShowsTheMenuBarsAsBlocks() throws {
        let grid = MonospaceLayout()
        let timeline = try scene(.menu, [0], layout: grid)
        let terminal = TerminalRenderer(layout: grid, shading: .none)
        let cells = terminal.grid(for: timeline)
        let first = terminal.lines(timeline.frames[0], grid: cells)
        // Every bar's cells, from its outline: the block is in each of them.
        for bar in timeline.frames[0].shapes {
            let box = try #require(bar.placedOutline.bounds)
            let row = Int((box.midY / grid.cellHeight).rounded(.down)) - cells.row
            let columns = Int((box.minX / grid.cellWidth).rounded(.down))...Int((box.maxX / grid.cellWidth).rounded(.down))
            let line = Array(first[row])
            for column in columns {
                #expect(column - cells.column < line.count && line[column - cells.column] == TerminalRenderer.shapeBlock)
            }
        }
        // Closed, the × shows at the crossing: the cell of the centre is a block.
        let last = terminal.lines(timeline.frames.last!, grid: cells)
        let centre = try shape("bar2", in: timeline.frames.last!).state.position
        let row = Array(last[Int((centre.y / grid.cellHeight).rounded(.down)) - cells.row])
        #expect(row[Int((centre.x / grid.cellWidth).rounded(.down)) - cells.column] == TerminalRenderer.shapeBlock)
        #expect(terminal.lines(timeline.frames[0], grid: cells) == first)
        #expect(!first.joined().contains("\u{1B}"))
    }
}
