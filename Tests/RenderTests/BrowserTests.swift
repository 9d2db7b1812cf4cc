#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
import Animator
import Effects
import Render
import TestSupport

/// A headless Chromium, if one is installed (`scripts/setup --browser`), or the
/// one `KINETYPE_CHROMIUM` names.
private let chromium: String? = {
    var candidates = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome", "/snap/bin/chromium"]
    if let named = getenv("KINETYPE_CHROMIUM") { candidates.insert(String(cString: named), at: 0) }
    return candidates.first { access($0, X_OK) == 0 }
}()

/// The animated SVG played by a real browser with no help: CSS alone must move it.
@Suite(.enabled(if: chromium != nil, "chromium is not installed; run `scripts/setup --browser` to enable the real-browser check"))
struct BrowserTests {
    @Test func animatedSVGMovesInChromiumAndEndsOnTheFinalFrame() throws {
        // Words trade places: most of the picture changes on the way.
        let timeline = try fontTimeline(["Send Action", "Action Sent"], effect: ScaleEffect(), size: 24, fps: 30)
        let width = 220, height = 60
        let viewport = Viewport(width: width, height: height, padding: 8)
        func svg(_ prefix: String) throws -> String {
            try SVGRenderer(viewport: viewport, background: .white, color: .black, idPrefix: prefix).animated(timeline)
        }
        let reference = try SVGRenderer(viewport: viewport, background: .white, color: .black, idPrefix: "r")
            .frame(timeline, at: timeline.duration)

        // One page, three copies: seeked to a quarter of the way, seeked past the end,
        // and the still of the last frame. Seeking pauses every animation at a
        // negative delay (test-only; the SVG itself is untouched).
        let middle = timeline.duration / 4
        let page = """
            <!DOCTYPE html><html><head><meta charset="utf-8"><style>
            html,body{margin:0;background:#fff} svg{display:block}
            #mid *{animation-play-state:paused!important;animation-delay:-\(middle)s!important}
            #end *{animation-play-state:paused!important;animation-delay:-\(timeline.duration + 5)s!important}
            </style></head><body>
            <div id="mid">\(try svg("m"))</div><div id="end">\(try svg("e"))</div><div id="ref">\(reference)</div>
            </body></html>
            """
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try writeFile(page, to: dir.path + "/page.html")
        let shot = dir.path + "/shot.png"
        var arguments = [
            "--headless", "--disable-gpu", "--no-sandbox", "--hide-scrollbars", "--force-device-scale-factor=1",
            "--user-data-dir=\(dir.path)/profile", "--screenshot=\(shot)", "--window-size=\(width),\(3 * height)",
            "file://\(dir.path)/page.html",
        ]
        var executable = chromium!
        if access("/usr/bin/timeout", X_OK) == 0 {
            arguments.insert(executable, at: 0)
            arguments.insert("120", at: 0)
            executable = "/usr/bin/timeout"
        }
        let result = try ProcessRunner.run(executable, arguments)
        #expect(result.status == 0, "\(result)")
        let image = try decodePNG(shot)
        #expect(image.width == width && image.height == 3 * height)

        /// Pixels of band `band` (0 mid, 1 end, 2 reference) that differ from the reference band by more than a shade.
        func differences(_ band: Int) -> Int {
            var count = 0
            for y in 0..<height {
                for x in 0..<width {
                    let a = image[x, band * height + y], b = image[x, 2 * height + y]
                    if abs(Int(a.red) - Int(b.red)) > 64 || abs(Int(a.green) - Int(b.green)) > 64 || abs(Int(a.blue) - Int(b.blue)) > 64 {
                        count += 1
                    }
                }
            }
            return count
        }
        var ink = 0
        for y in 0..<height { for x in 0..<width where image[x, 2 * height + y].red < 128 { ink += 1 } }
        #expect(ink > 300, "the reference shows the final text")
        #expect(differences(1) * 50 < ink, "the end of the animation matches the final frame (\(differences(1)) of \(ink))")
        #expect(differences(0) * 5 > ink, "mid-animation differs from the final frame (\(differences(0)) of \(ink))")
    }
}
