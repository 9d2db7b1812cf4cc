import Animator
import Director
import Effects
@testable import Render
import Testing
import TestSupport
import Typesetter

/// Colour emoji in every format, and glyphs whose shape changes drawn as a blend.
@Suite struct ColourGlyphTests {
    static let texts = ["Hi 👋", "Hi 👨‍👩‍👧 🇫🇷"]

    static func timeline() throws -> Timeline {
        try Timeline(texts: texts, layout: try dejaVu(size: 32), preference: .alwaysAnimate, fps: 30)
    }

    /// The share of a picture's visible pixels that are coloured (not grey).
    static func colourful(_ image: RasterImage) -> Double {
        var visible = 0, coloured = 0
        for i in stride(from: 0, to: image.pixels.count, by: 4) where image.pixels[i + 3] > 128 {
            visible += 1
            let r = Int(image.pixels[i]), g = Int(image.pixels[i + 1]), b = Int(image.pixels[i + 2])
            if max(r, g, b) - min(r, g, b) > 60 { coloured += 1 }
        }
        return visible == 0 ? 0 : Double(coloured) / Double(visible)
    }

    @Test func pngDrawsEmojiInColour() throws {
        let timeline = try Self.timeline()
        let settled = try PNGRenderer(background: .transparent).image(timeline, at: timeline.duration)
        // Black text alone would have no colour at all; the family and the flag are a good part of the ink.
        #expect(Self.colourful(settled) > 0.1)
        let latin = try Timeline(texts: ["Hi", "Ho"], layout: try dejaVu(size: 32), fps: 30)
        #expect(Self.colourful(try PNGRenderer(background: .transparent).image(latin, at: latin.duration)) == 0)
    }

    @Test func svgEmbedsOnePicturePerColourGlyph() throws {
        let timeline = try Self.timeline()
        for svg in [try SVGRenderer().frame(timeline, at: timeline.duration), try SVGRenderer().animated(timeline)] {
            #expect(svg.contains("href=\"data:image/png;base64,iVBORw0KGgo"))
            _ = try XMLNode.parse(svg)
        }
        // The still shows 👨‍👩‍👧 and 🇫🇷, the animation 👋 too: each defined once, however often drawn.
        let still = try SVGRenderer().frame(timeline, at: timeline.duration)
        #expect(still.components(separatedBy: "<image ").count - 1 == 2)
        #expect(try SVGRenderer().animated(timeline).components(separatedBy: "<image ").count - 1 == 3)
    }

    @Test func lottieHasAnImageAssetAndLayerPerPicture() throws {
        let timeline = try Self.timeline()
        let json = try JSONValue(parsing: try LottieRenderer().json(timeline))
        let assets = try #require(json["assets"]?.arrayValue)
        #expect(assets.count == 3)
        for asset in assets {
            #expect(asset["e"]?.doubleValue == 1)
            #expect(asset["p"]?.stringValue?.hasPrefix("data:image/png;base64,") == true)
            #expect((asset["w"]?.doubleValue ?? 0) > 32)
        }
        let layers = try #require(json["layers"]?.arrayValue)
        let images = layers.filter { $0["ty"]?.doubleValue == 2 }
        #expect(images.count == 3)
        #expect(Set(images.compactMap { $0["refId"]?.stringValue }) == Set(assets.compactMap { $0["id"]?.stringValue }))
    }

    @Test(.enabled(if: LottieTools.unavailable == nil, LottieTools.skipNote))
    func lottieWithPicturesValidatesAndRlottieDrawsThemInColour() throws {
        let timeline = try Self.timeline()
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let path = dir.path + "/emoji.json"
        try LottieRenderer(background: .white).write(timeline, to: path)
        #expect(try LottieTools.validate(path).status == 0)
        let drawn = try LottieTools.render(path, frame: timeline.frames.count - 1, scratch: dir.path + "/frame.raw")
        #expect(Self.colourful(drawn) > 0.02)
        // The pictures sit where the PNG renderer puts them (resampled differently: a looser bound than for outlines).
        let expected = try PNGRenderer(background: .white).image(timeline, at: timeline.duration)
        let d = difference(drawn, expected, threshold: 96)
        #expect(d.mean <= 6 && d.share <= 0.02, "mean \(d.mean), share \(d.share)")
    }

    @Test func theTerminalShowsTheEmojiThemselves() throws {
        let timeline = try Timeline(texts: Self.texts, layout: MonospaceLayout(), preference: .alwaysAnimate, fps: 30)
        let lines = TerminalRenderer(shading: .none).lines(timeline.frames.last!, in: timeline)
        #expect(lines.contains { $0.contains("👨‍👩‍👧") && $0.contains("🇫🇷") })
    }

    @Test func aGlyphWhoseShapeChangesBlendsAndSettlesOnItsNewDrawing() throws {
        let font = try dejaVu(size: 32)
        // The teh of كتاب keeps its place while the beh joins it: one unit's drawing changes.
        let timeline = try Timeline(texts: ["كتاب", "كتب"], layout: font, preference: .alwaysAnimate, fps: 60)
        let blending = timeline.frames.filter { !$0.reshapes.isEmpty }
        #expect(!blending.isEmpty)
        let middle = try #require(blending.first { frame in frame.reshapes.contains { $0.progress > 0.3 && $0.progress < 0.7 } })
        var cursor = 0
        let reshape = try #require(middle.reshapes.first)
        let shares = middle.drawings(of: Int(reshape.sprite), cursor: &cursor)
        // Mid-blend both drawings show; the old one stays whole until the new one is half in.
        #expect(shares.fromShare > 0 && shares.toShare > 0 && shares.fromShare + shares.toShare > 1)
        #expect(shares.from != shares.to)
        #expect(timeline.frames.last!.reshapes.isEmpty)
    }
}
