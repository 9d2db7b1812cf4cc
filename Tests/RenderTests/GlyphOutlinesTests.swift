import Animator
import Director
import Effects
@testable import Render
import Testing
import TestSupport
import Typesetter

/// Outlines come from the layout, so a recording cannot silently draw nothing.
@Suite struct GlyphOutlinesTests {
    @Test func aRecordingTakesItsOutlinesFromTheDirectorsLayout() throws {
        let font = try dejaVu(size: 40)
        let director = TransitionDirector(text: "Hi", layout: font, preference: .alwaysAnimate)
        let timeline = try Timeline(recording: director, texts: ["Hi", "Ho"], fps: 30)
        #expect(timeline.outlines.drawsGlyphs)
        #expect(timeline.outlines["o"]?.outline == font.shape(["o"]).glyphs[0].outline)
        // Drawn, the final frame has ink.
        let image = try PNGRenderer().image(timeline, at: timeline.duration)
        let dark = (0..<(image.width * image.height)).filter { image.pixels[$0 * 4] < 128 }.count
        #expect(dark > 100)
    }

    @Test func aLayoutWithoutDrawingsIsATypedErrorForEveryRendererThatDrawsShapes() throws {
        let director = TransitionDirector(text: "Hi", layout: MonospaceLayout(), preference: .alwaysAnimate)
        let timeline = try Timeline(recording: director, texts: ["Hi", "Ho"], fps: 30)
        #expect(!timeline.outlines.drawsGlyphs)
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let attempts: [(String, () throws -> Void)] = [
            ("png", { _ = try PNGRenderer().image(timeline, at: 0) }),
            ("svg", { _ = try SVGRenderer().animated(timeline) }),
            ("svg still", { _ = try SVGRenderer().frame(timeline, at: 0) }),
            ("gif", { try GIFRenderer().write(timeline, to: dir.path + "/a.gif") }),
            ("webp", { try WebPRenderer().write(timeline, to: dir.path + "/a.webp") }),
            ("lottie", { try LottieRenderer().write(timeline, to: dir.path + "/a.json") }),
            ("mp4", { try VideoRenderer(format: .mp4).write(timeline, to: dir.path + "/a.mp4") }),
        ]
        for (name, attempt) in attempts {
            do {
                try attempt()
                Issue.record("\(name) drew glyphs without outlines")
            } catch let error as RenderError {
                #expect(error.code == .noOutlines, "\(name): \(error)")
                #expect(error.message.contains("MonospaceLayout"), "\(name): \(error)")
            }
        }
        #expect(dir.list().isEmpty, "no file is left behind")
        // The terminal draws glyphs as characters: it needs no outlines.
        #expect(TerminalRenderer().render(timeline.frame(at: timeline.duration), in: timeline).contains("Ho"))
    }

    @Test func outlinesFromOtherTextsStillDrawWhatTheLayoutNamed() throws {
        let font = try dejaVu()
        let director = TransitionDirector(text: "Hi", layout: font, preference: .alwaysAnimate)
        let timeline = try Timeline(
            recording: director, texts: ["Hi", "Ho"], fps: 30, outlines: GlyphOutlines(texts: ["Hi"], layout: font))
        // The sprites name their drawings; the outlines find the "o" through the layout that named it.
        let svg = try SVGRenderer().frame(timeline, at: timeline.duration)
        let full = try Timeline(recording: TransitionDirector(text: "Ho", layout: font), texts: ["Ho"], fps: 30)
        #expect(svg.components(separatedBy: "<path id=").count == (try SVGRenderer().frame(full, at: 0)).components(separatedBy: "<path id=").count)
        // Outlines given by hand for other glyphs name the one missing.
        let given = GlyphOutlines(drawings: ["H": try #require(font.layout(["H"]).drawings.flatMap { font.drawing(named: $0[0]) })])
        let mono = try Timeline(
            recording: TransitionDirector(text: "Hi", layout: MonospaceLayout(), preference: .alwaysAnimate), texts: ["Hi", "Ho"],
            fps: 30, outlines: given)
        let error = #expect(throws: RenderError.self) { try SVGRenderer().animated(mono) }
        #expect(error?.code == .noOutlines && error?.message.contains("\"i\"") == true)
    }

    @Test func blankGlyphsNeedNoOutline() throws {
        let director = TransitionDirector(text: "a b", layout: try dejaVu(), preference: .alwaysAnimate)
        let timeline = try Timeline(
            recording: director, texts: ["a b"], fps: 30, outlines: GlyphOutlines(drawings: [
                "a": GlyphDrawing(outline: try ShapePath(svgPathData: "M0 0 L10 0 L10 -10 Z"), shapeKey: "a"),
                "b": GlyphDrawing(outline: try ShapePath(svgPathData: "M0 0 L10 0 L10 -10 Z"), shapeKey: "b"),
            ], fontSize: 32))
        _ = try SVGRenderer().animated(timeline)
    }
}
