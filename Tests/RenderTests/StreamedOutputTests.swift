import Animator
import Effects
import Testing
import TestSupport
@testable import Render

/// Files written piece by piece (so a large document is never held whole)
/// hold exactly the bytes of the documents built in memory.
@Suite struct StreamedOutputTests {
    @Test func writtenFilesAreTheDocumentsByteForByte() throws {
        let timeline = try fontTimeline(["Send \"Action\" <&>", "Action Sent"], effect: WaveEffect(), size: 24, fps: 30)
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let style = RenderStyle(background: .black, color: .white, stroke: StrokeStyle(width: .points(2)))
        let svg = SVGRenderer(style: style, loop: true)
        try svg.write(timeline, to: dir.path + "/a.svg")
        #expect(dir.text("a.svg") == (try svg.animated(timeline)))
        let lottie = LottieRenderer(style: style)
        try lottie.write(timeline, to: dir.path + "/a.json")
        #expect(dir.text("a.json") == (try lottie.json(timeline)))
        try svg.writePage(timeline, title: "Send → Sent", command: "kinetype render …", background: .black, to: dir.path + "/a.html")
        let page = HTMLPage(title: "Send → Sent", svg: try svg.animated(timeline), command: "kinetype render …", background: .black)
        #expect(dir.text("a.html") == page.html)
        try page.write(to: dir.path + "/b.html")
        #expect(dir.text("b.html") == page.html)
        #expect(dir.list().sorted() == ["a.html", "a.json", "a.svg", "b.html"])
    }
}
