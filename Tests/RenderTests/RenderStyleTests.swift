import Animator
import Testing
import TestSupport
@testable import Render

/// One ``RenderStyle`` set up once for every renderer: the same canvas and
/// colours whichever format draws it.
@Suite struct RenderStyleTests {
    let style = RenderStyle(
        viewport: Viewport(width: 203, evenSize: true), background: try! RenderColor(parsing: "#f6f1e7"),
        color: try! RenderColor(parsing: "#1d2a44"), stroke: StrokeStyle(width: .points(30)))

    @Test func everyFormatDrawsOnTheSameCanvas() throws {
        let timeline = try fontTimeline(["Send", "Sent"], size: 24, fps: 20)
        let placement = try style.placement(timeline.bounds, fontSize: timeline.outlines.fontSize)
        // A 30-point pen needs more than the default 16 points of padding; the width is made even.
        #expect(placement.pixelWidth == 204)
        #expect(try Viewport(width: 203).place(timeline.bounds).region.width < placement.region.width)

        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let svg = try XMLNode.parse(try SVGRenderer(style: style).animated(timeline))
        #expect(svg.attributes["width"] == "\(placement.pixelWidth)" && svg.attributes["height"] == "\(placement.pixelHeight)")
        let png = try PNGRenderer(style: style).image(timeline, at: 0)
        #expect(png.width == placement.pixelWidth && png.height == placement.pixelHeight)
        try GIFRenderer(style: style).write(timeline, to: dir.path + "/a.gif")
        let gif = try decodeGIF(dir.path + "/a.gif")
        #expect(gif.width == placement.pixelWidth && gif.height == placement.pixelHeight)
        try WebPRenderer(style: style).write(timeline, to: dir.path + "/a.webp")
        let webp = try decodeWebP(dir.path + "/a.webp")
        #expect(webp.width == placement.pixelWidth && webp.height == placement.pixelHeight)
        let lottie = try JSONValue(parsing: LottieRenderer(style: style).json(timeline))
        #expect(lottie["w"]?.doubleValue == Double(placement.pixelWidth) && lottie["h"]?.doubleValue == Double(placement.pixelHeight))
        // The background's corner pixel in the raster formats.
        for image in [png, gif.frames[0], webp.frames[0]] {
            #expect(Array(image.pixels[0..<4]) == [0xF6, 0xF1, 0xE7, 0xFF])
        }
    }

    @Test func theStylesPartsReadAndWriteThroughEveryRenderer() {
        var svg = SVGRenderer(viewport: style.viewport, background: style.background, color: style.color, stroke: style.stroke)
        #expect(svg.style == style)
        svg.background = .black
        #expect(svg.style.background == .black && svg.viewport == style.viewport)
        let gif = GIFRenderer(style: style, loopCount: 3)
        #expect(gif.style == style && gif.loopCount == 3)
        #expect(PNGRenderer().style == RenderStyle() && LottieRenderer().color == RenderStyle.defaultTextColor)
        #expect(WebPRenderer(loopCount: 2).lossless && SVGRenderer(loop: true).idPrefix == "k")
    }
}
