import Animator
import Effects
import Testing
import TestSupport
import Typesetter
@testable import Render

@Suite("SVG pen-downs: one path per stroke, joined across letters")
struct SVGPenDownsTests {
    private static let size = 64.0
    private static let fps = 20.0

    private func layout(_ pen: String) throws -> FontLayout {
        try FontLayout(size: Self.size, pen: PenFont(pen))
    }

    private func written(_ text: String, pen: String = "cursive") throws -> Timeline {
        try Timeline(texts: ["", text], layout: try layout(pen), effect: WriteEffect(fills: false), fps: Self.fps)
    }

    /// How many times the pen touches the paper for `text`, as Typesetter lays it out.
    private func penDowns(_ text: String, pen: String = "cursive") throws -> Int {
        try layout(pen).shape(Array(text)).penStrokes.count
    }

    /// The ink the PNG draws at `t`: each pen sprite's outline trimmed at its
    /// `strokeEnd` (what `PathMeasure.trimmed(toFraction:)` keeps), summed.
    private func trimmedInk(_ timeline: Timeline, at t: Double) -> Double {
        var sum = 0.0
        let frame = timeline.frame(at: t)
        for sprite in frame.sprites where sprite.state.opacity > 0 {
            guard let outline = timeline.outlines[frame.symbol(of: sprite)]?.outline else { continue }
            sum += min(max(sprite.state.strokeEnd, 0), 1) * PathMeasure(outline).length
        }
        return sum
    }

    /// The `stroke-dashoffset` keyframes of element `name` (percent, offset, visible).
    private func dashKeyframes(_ svg: String, name: String) -> [(percent: Double, offset: Double, visible: Bool)]? {
        guard let start = svg.range(of: "@keyframes \(name){"), let end = svg[start.upperBound...].range(of: "}}") else {
            return nil
        }
        var frames: [(Double, Double, Bool)] = []
        for chunk in svg[start.upperBound..<end.upperBound].split(separator: "}") {
            let parts = chunk.split(separator: "{", maxSplits: 1)
            guard parts.count == 2, let percent = Double(parts[0].dropLast()) else { continue }
            var offset = Double.nan, visible = true
            for declaration in parts[1].split(separator: ";") {
                let pair = declaration.split(separator: ":", maxSplits: 1).map(String.init)
                if pair.first == "stroke-dashoffset" { offset = Double(pair[1]) ?? .nan }
                if pair.first == "visibility" { visible = pair[1] == "visible" }
            }
            frames.append((percent, offset, visible))
        }
        return frames
    }

    /// Frame `f` of `count` as a keyframe percentage, rounded as the SVG prints them.
    private func percent(_ f: Int, of count: Int) -> Double {
        (100_000 * Double(f) / Double(count - 1)).rounded() / 1000
    }

    /// The ink an animated pen-down path shows at `percent`: its length less
    /// its offset (interpolated between keyframes as CSS does), 0 while hidden.
    private func shownInk(_ path: XMLNode, svg: String, at percent: Double) throws -> Double {
        let length = try #require(path.attributes["pathLength"].flatMap(Double.init))
        guard let id = path.attributes["id"], let frames = dashKeyframes(svg, name: id), !frames.isEmpty else {
            let offset = try #require(path.attributes["stroke-dashoffset"].flatMap(Double.init))
            return path.attributes["visibility"] == "hidden" ? 0 : length - offset
        }
        guard let after = frames.firstIndex(where: { $0.percent >= percent }) else {
            return frames.last!.visible ? length - frames.last!.offset : 0
        }
        let b = frames[after]
        let a = after > 0 ? frames[after - 1] : b
        let x = b.percent == a.percent ? 1 : (percent - a.percent) / (b.percent - a.percent)
        guard (x < 1 ? a.visible : b.visible) else { return 0 }
        return length - (a.offset + (b.offset - a.offset) * x)
    }

    @Test func helloInTheCursivePenIsOnePathPerPenDown() throws {
        let timeline = try written("hello")
        let expected = try penDowns("hello")
        #expect(expected < 5, "the cursive pen joins some of the letters")
        let svg = try SVGRenderer().animated(timeline)
        #expect(occurrences(of: "<path", in: svg) == expected)
        #expect(!svg.contains("<use"))
        let still = try SVGRenderer().frame(timeline, at: timeline.duration)
        #expect(occurrences(of: "<path", in: still) == expected)
    }

    @Test(arguments: [("hello", "roman-simplex"), ("l l", "cursive"), ("hi", "cursive")])
    func lettersThatDoNotJoinAreAPathPerPenDownEach(text: String, pen: String) throws {
        let timeline = try written(text, pen: pen)
        let expected = try penDowns(text, pen: pen)
        #expect(expected >= 2)
        let svg = try SVGRenderer().animated(timeline)
        #expect(occurrences(of: "<path", in: svg) == expected)
        let still = try SVGRenderer().frame(timeline, at: timeline.duration)
        #expect(occurrences(of: "<path", in: still) == expected)
    }

    /// At frames through the writing, the ink the animated paths show (length
    /// less dash offset) and the ink the still frame shows are the ink the PNG
    /// trims its letters to.
    @Test(arguments: ["hello", "minimum"])
    func dashOffsetsFollowThePNGsReveal(text: String) throws {
        let timeline = try written(text)
        let svg = try SVGRenderer().animated(timeline)
        let paths = try XMLNode.parse(svg).elements(named: "path")
        #expect(paths.count == (try penDowns(text)))
        let last = Double(timeline.frames.count - 1)
        var between = 0
        for f in stride(from: 0, through: Int(last), by: 7) {
            let t = Double(f) / Self.fps
            let trimmed = trimmedInk(timeline, at: t)
            let full = trimmedInk(timeline, at: timeline.duration)
            if trimmed > 1, trimmed < full - 1 { between += 1 }
            let shown = try paths.reduce(0.0) { $0 + (try shownInk($1, svg: svg, at: percent(f, of: timeline.frames.count))) }
            // Offsets are printed to 2 decimals and thinned within 0.01 pt; the joined path's length to 2 decimals.
            #expect(abs(shown - trimmed) < 0.05 * Double(paths.count), "frame \(f): the SVG shows \(shown), the PNG \(trimmed)")
            let still = try XMLNode.parse(try SVGRenderer().frame(timeline, at: t)).elements(named: "path")
            let stillInk = try still.reduce(0.0) { sum, path in
                let length = try #require(path.attributes["pathLength"].flatMap(Double.init))
                return sum + length - (try #require(path.attributes["stroke-dashoffset"].flatMap(Double.init)))
            }
            #expect(abs(stillInk - trimmed) < 0.05 * Double(paths.count), "frame \(f): the still shows \(stillInk), the PNG \(trimmed)")
        }
        #expect(between >= 3, "several frames are mid-write")
    }

    /// A joined path is written in one go: its ink never goes back while the text is written.
    @Test func theJoinedPathsInkOnlyGrowsWhileWriting() throws {
        let timeline = try written("hello")
        let svg = try SVGRenderer().animated(timeline)
        let path = try #require(try XMLNode.parse(svg).elements(named: "path").first)
        var previous = 0.0
        for f in 0..<timeline.frames.count {
            let ink = try shownInk(path, svg: svg, at: percent(f, of: timeline.frames.count))
            #expect(ink >= previous - 0.02)
            previous = ink
        }
        #expect(previous > 100)
    }

    /// Moving or scaled letters keep the per-letter drawing (the pen-down has no transform to carry).
    @Test func scaledLettersAreDrawnPerLetter() throws {
        let timeline = try Timeline(texts: ["", "hello"], layout: try layout("cursive"), effect: ScaleEffect(), fps: Self.fps)
        let still = try SVGRenderer().frame(timeline, at: 0.1)
        #expect(still.contains("<use"))
    }
}
