#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
import Animator
import Director
import Effects
import Render
import TestSupport

/// A headless Chromium, if one is installed (`scripts/setup --browser`), or the
/// one `KINETYPE_CHROMIUM` names.
let chromium: String? = {
    var candidates = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome", "/snap/bin/chromium"]
    if let named = getenv("KINETYPE_CHROMIUM") { candidates.insert(String(cString: named), at: 0) }
    return candidates.first { access($0, X_OK) == 0 }
}()

/// Headless Chromium on `page` (written to a temporary folder) at a window
/// size, with `options` before the page's address; `body` reads what it left
/// in the folder (its path given) and what it printed.
private func runChromium<T>(
    _ page: String, width: Int, height: Int, options: (String) -> [String], _ body: (String, ProcessResult) throws -> T
) throws -> T {
    let dir = try TemporaryDirectory()
    defer { dir.remove() }
    try writeFile(page, to: dir.path + "/page.html")
    var arguments = [
        "--headless", "--disable-gpu", "--no-sandbox", "--hide-scrollbars", "--force-device-scale-factor=1",
        "--user-data-dir=\(dir.path)/profile", "--window-size=\(width),\(height)",
    ] + options(dir.path) + ["file://\(dir.path)/page.html"]
    var executable = chromium!
    if access("/usr/bin/timeout", X_OK) == 0 {
        arguments = ["120", executable] + arguments
        executable = "/usr/bin/timeout"
    }
    let result = try ProcessRunner.run(executable, arguments)
    guard result.status == 0 else { throw TestFailure("chromium failed: \(result)") }
    return try body(dir.path, result)
}

/// A page rendered by headless Chromium at a window size, decoded; with
/// `virtualTime` (milliseconds), once the page's timers and loads have had that long.
func screenshot(_ page: String, width: Int, height: Int, virtualTime: Int? = nil) throws -> RasterImage {
    let options = { (folder: String) in
        ["--screenshot=\(folder)/shot.png"] + (virtualTime.map { ["--virtual-time-budget=\($0)"] } ?? [])
    }
    return try runChromium(page, width: width, height: height, options: options) { folder, _ in
        let image = try decodePNG(folder + "/shot.png")
        guard image.width == width && image.height == height else {
            throw TestFailure("screenshot is \(image.width)×\(image.height), not \(width)×\(height)")
        }
        return image
    }
}

/// A page's document after Chromium has loaded it and run its scripts.
func renderedDOM(_ page: String, width: Int = 1000, height: Int = 800) throws -> String {
    try runChromium(page, width: width, height: height, options: { _ in ["--virtual-time-budget=2000", "--dump-dom"] }) { _, result in
        result.standardOutput
    }
}

/// A page showing SVGs stacked, each seeked (paused) at its own time with a
/// negative animation delay: a test-only wrapper, the SVGs are untouched.
func seekPage(_ items: [(svg: String, time: Double?)]) -> String {
    var style = "html,body{margin:0;background:#fff} svg{display:block}\n"
    var body = ""
    for (i, item) in items.enumerated() {
        if let time = item.time {
            style += "#s\(i) *{animation-play-state:paused!important;animation-delay:-\(time)s!important}\n"
        }
        body += "<div id=\"s\(i)\">\(item.svg)</div>"
    }
    return "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><style>\(style)</style></head><body>\(body)</body></html>"
}

/// The animated SVG played by a real browser with no help: CSS alone must move it.
@Suite(.enabled(if: chromium != nil, "chromium is not installed; run `scripts/setup --browser` to enable the real-browser check"))
struct BrowserTests {
    /// The gallery fits every picture inside its card's frame, tall or wide,
    /// keeping its proportions (a tall one once overflowed and scrolled).
    @Test func galleryFitsTallAndWidePicturesInTheirFrames() throws {
        func picture(_ width: Int, _ height: Int, _ colour: String) -> String {
            "data:image/svg+xml;utf8,<svg xmlns='http://www.w3.org/2000/svg' width='\(width)' height='\(height)'>"
                + "<rect width='\(width)' height='\(height)' fill='\(colour)'/></svg>"
        }
        let page = HTMLGallery(title: "Fit", entries: [
            .init(title: "Tall", image: picture(100, 400, "red"), page: "tall.html"),
            .init(title: "Wide", image: picture(1000, 50, "blue"), page: "wide.html"),
        ]).html
        let image = try screenshot(page, width: 1000, height: 700)
        /// The bounding box of the pixels of one pure colour.
        func box(_ matches: ((red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)) -> Bool) -> (width: Int, height: Int) {
            var x0 = Int.max, y0 = Int.max, x1 = -1, y1 = -1
            for y in 0..<image.height {
                for x in 0..<image.width where matches(image[x, y]) {
                    x0 = min(x0, x); x1 = max(x1, x); y0 = min(y0, y); y1 = max(y1, y)
                }
            }
            return x1 < 0 ? (0, 0) : (x1 - x0 + 1, y1 - y0 + 1)
        }
        let tall = box { $0.red > 240 && $0.green < 16 && $0.blue < 16 }
        let wide = box { $0.blue > 240 && $0.red < 16 && $0.green < 16 }
        // The frame is 180 pixels high: the tall picture fills its height at a quarter of its width.
        #expect(tall.height >= 176 && tall.height <= 180, "tall picture drawn \(tall.width)×\(tall.height)")
        #expect(abs(Double(tall.height) / Double(max(tall.width, 1)) - 4) < 0.25)
        // The wide one fills the frame's width at a twentieth of its height.
        #expect(wide.width > 200 && abs(Double(wide.width) / Double(max(wide.height, 1)) - 20) < 2)
    }

    /// A card's picture sits on the card's own white (no grey band where a
    /// wide picture leaves room), and a long command wraps inside the card
    /// instead of scrolling sideways.
    @Test func galleryCardsHaveNoGreyBandsAndCommandsWrap() throws {
        let picture = "data:image/svg+xml;utf8,<svg xmlns='http://www.w3.org/2000/svg' width='600' height='60'><rect width='600' height='60' fill='white'/></svg>"
        let command = "kinetype render hello --effect write --stroke-width 10 --size 120 --gradient "
            + "black,green,yellow,orange,red,pink,purple,blue,black,green,yellow,orange,red,pink,purple,blue,black --background black -o hello.svg"
        var page = HTMLGallery(title: "Cards", entries: [
            .init(title: "Wide", image: picture, page: "wide.html", command: command),
            .init(title: "Plain", image: picture, command: "kinetype render a -o a.svg"),
        ]).html
        let probe = """
            <script>
            const out = [];
            for (const f of document.querySelectorAll('.card figure')) out.push('figure ' + getComputedStyle(f).backgroundColor);
            for (const p of document.querySelectorAll('.card pre')) out.push('pre ' + p.scrollWidth + ' ' + p.clientWidth + ' ' + p.getBoundingClientRect().height);
            const r = document.createElement('div'); r.id = 'probe'; r.textContent = out.join(';'); document.body.appendChild(r);
            </script>
            """
        page = page.replacingLast("</body>", with: probe + "</body>")
        let dom = try renderedDOM(page)
        let start = try #require(dom.split(separator: "<div id=\"probe\">", maxSplits: 1).last)
        let report = String(start.prefix { $0 != "<" })
        let items = report.split(separator: ";").map { $0.split(separator: " ").map(String.init) }
        let figures = items.filter { $0.first == "figure" }, pres = items.filter { $0.first == "pre" }
        #expect(figures.count == 2 && pres.count == 2, "\(report)")
        for figure in figures {
            // Transparent: the card's white shows through.
            #expect(figure.dropFirst().joined(separator: " ") == "rgba(0, 0, 0, 0)", "\(report)")
        }
        for pre in pres {
            let scroll = Double(pre[1]) ?? 0, client = Double(pre[2]) ?? 0
            #expect(scroll <= client, "a command scrolls sideways: \(report)")
        }
        // The long command takes several lines.
        let heights = pres.compactMap { Double($0[3]) }
        #expect(heights.count == 2 && heights[0] > 2 * heights[1], "\(report)")
    }

    @Test func animatedSVGMovesInChromiumAndEndsOnTheFinalFrame() throws {
        // Words trade places: most of the picture changes on the way.
        let timeline = try fontTimeline(["Send Action", "Action Sent"], effect: ScaleEffect(), size: 24, fps: 30)
        let width = 220, height = 60
        let viewport = Viewport(width: width, height: height, padding: 8)
        func svg(_ prefix: String) throws -> String {
            try SVGRenderer(style: RenderStyle(viewport: viewport, background: .white, color: .black), idPrefix: prefix).animated(timeline)
        }
        let reference = try SVGRenderer(style: RenderStyle(viewport: viewport, background: .white, color: .black), idPrefix: "r")
            .frame(timeline, at: timeline.duration)

        // One page, three copies: seeked to a quarter of the way, seeked past the end,
        // and the still of the last frame.
        let page = seekPage([
            (try svg("m"), timeline.duration / 4), (try svg("e"), timeline.duration + 5), (reference, nil),
        ])
        let image = try screenshot(page, width: width, height: 3 * height)

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

    /// Blur (stepped SVG filters) and fades in Chromium against Cairo's frames
    /// at the same times: the two renderers agree to within a few levels.
    @Test(arguments: [("mist", ["Backing up", "Backed up"]), ("rolling", ["99", "100"])])
    func chromiumAndCairoAgreeOnBlurredFrames(effect: String, texts: [String]) throws {
        let timeline = try fontTimeline(texts, effect: EffectRegistry.standard.effect(named: effect), size: 32, fps: 30)
        // Times on the frame grid, where both show a sampled frame (between samples
        // CSS interpolates, while a still shows the nearest frame).
        try compareWithCairo(timeline, at: [3.0 / 30, 6.0 / 30, 15.0 / 30, timeline.duration + 1])
    }

    /// Motion written as CSS `cubic-bezier` keyframes (every change of the
    /// effect is a Bézier) in Chromium against Cairo's frames, in the middle of
    /// the curves, far from any keyframe.
    @Test func chromiumAndCairoAgreeOnBezierCurves() throws {
        let timeline = try fontTimeline(["Kinetic", "Kinetype"], effect: EasedEffect(), size: 32, fps: 30)
        try compareWithCairo(timeline, at: [4.0 / 30, 8.0 / 30, 11.0 / 30, 16.0 / 30, timeline.duration + 1])
    }

    /// The animated SVG in Chromium, seeked to `times`, against Cairo's PNG of
    /// the same frames: close on average, few pixels far apart.
    private func compareWithCairo(_ timeline: Timeline, at times: [Double]) throws {
        let viewport = Viewport(width: 200, height: 130, padding: 8)
        let items = try times.enumerated().map { i, t in
            (svg: try SVGRenderer(style: RenderStyle(viewport: viewport, background: .white, color: .black), idPrefix: "p\(i)").animated(timeline), time: Optional(t))
        }
        let image = try screenshot(seekPage(items), width: 200, height: 130 * times.count)
        for (i, t) in times.enumerated() {
            let cairo = try PNGRenderer(viewport: viewport, background: .white, color: .black).image(timeline, at: t)
            var total = 0, far = 0
            for y in 0..<130 {
                for x in 0..<200 {
                    let d = abs(Int(image[x, i * 130 + y].red) - Int(cairo[x, y].red))
                    total += d
                    if d > 80 { far += 1 }
                }
            }
            let mean = Double(total) / Double(200 * 130)
            #expect(mean < 3, "t = \(t): mean difference \(mean)")
            #expect(far < 60, "t = \(t): \(far) pixels far apart (a box where nothing should be?)")
        }
    }

    /// Shapes in Chromium (CSS keyframes of each shape's group, paints and
    /// dash offsets; SMIL for play's morphing paths, seeked by script) against
    /// Cairo at the same times: the menu's bars crossing, play splitting into
    /// pause, the check mark drawing itself over its disc.
    @Test(arguments: ["menu", "play", "check"])
    func chromiumAndCairoAgreeOnShapes(scene name: String) throws {
        let timeline = try Timeline(
            texts: [""], layout: dejaVu(), scene: try Scene.named(name), toggles: [0])
        let viewport = Viewport(width: 120, height: 120, padding: 8)
        let times = [4.0 / 60, 18.0 / 60, 27.0 / 60, 36.0 / 60, timeline.duration + 1]
        let items = try times.enumerated().map { i, t in
            (svg: try SVGRenderer(style: RenderStyle(viewport: viewport, background: .white, color: .black), idPrefix: "h\(i)").animated(timeline),
             time: Optional(t))
        }
        // SMIL keeps its own clock: pause each SVG's at the same time as its CSS.
        var script = "<script>const times=[\(times.map { "\($0)" }.joined(separator: ","))];"
        script += "document.querySelectorAll('svg').forEach((s,i)=>{s.pauseAnimations();s.setCurrentTime(times[i]);});</script>"
        var page = seekPage(items)
        let end = "</body></html>"
        try #require(page.hasSuffix(end))
        page.removeLast(end.count)
        page += script + end
        let image = try screenshot(page, width: 120, height: 120 * times.count)
        let png = PNGRenderer(viewport: viewport, background: .white, color: .black)
        for (i, t) in times.enumerated() {
            let cairo = try png.image(timeline, at: t)
            let (mean, far, ink) = compareBand(i, of: image, with: cairo, width: 120, height: 120) {
                min($0.red, $0.green, $0.blue) < 200
            }
            #expect(ink > 100, "\(name), t = \(t): Cairo drew \(ink) pixels")
            #expect(mean < 4, "\(name), t = \(t): mean difference \(mean)")
            #expect(far * 20 < ink, "\(name), t = \(t): \(far) of \(ink) pixels far apart")
        }
    }

    /// The write-on in Chromium (per-contour dash offsets, a gradient through a
    /// mask) against Cairo (outlines cut by arc length) at the same times.
    @Test func chromiumAndCairoAgreeOnWrittenGlyphs() throws {
        let timeline = try helloTimeline(size: 48)
        let stroke = StrokeStyle(width: .points(4), paint: .linearGradient(rainbow))
        let viewport = Viewport(width: 200, height: 80, padding: 8)
        let times = [0.5, 1.5, 2.5, 3.2, timeline.duration + 1]
        let items = try times.enumerated().map { i, t in
            (svg: try SVGRenderer(style: RenderStyle(viewport: viewport, background: .black, stroke: stroke), idPrefix: "w\(i)").animated(timeline),
             time: Optional(t))
        }
        let image = try screenshot(seekPage(items), width: 200, height: 80 * times.count)
        let png = PNGRenderer(viewport: viewport, background: .black, stroke: stroke)
        for (i, t) in times.enumerated() {
            let cairo = try png.image(timeline, at: t)
            let (mean, far, ink) = compareBand(i, of: image, with: cairo, width: 200, height: 80) {
                max($0.red, $0.green, $0.blue) > 40
            }
            #expect(ink > 100, "t = \(t): Cairo drew \(ink) pixels")
            #expect(mean < 4, "t = \(t): mean difference \(mean)")
            #expect(far * 20 < ink, "t = \(t): \(far) of \(ink) pixels far apart")
        }
    }
}

/// Band `band` of a browser screenshot (bands `height` high, stacked) against
/// Cairo's image of the same frame: the mean colour difference per pixel, the
/// pixels more than 96 apart, and the pixels Cairo inked (as `isInk` says).
func compareBand(
    _ band: Int, of screenshot: RasterImage, with cairo: RasterImage, width: Int, height: Int,
    isInk: ((red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)) -> Bool
) -> (mean: Double, far: Int, ink: Int) {
    var total = 0, far = 0, ink = 0
    for y in 0..<height {
        for x in 0..<width {
            let a = screenshot[x, band * height + y], b = cairo[x, y]
            let d = max(abs(Int(a.red) - Int(b.red)), abs(Int(a.green) - Int(b.green)), abs(Int(a.blue) - Int(b.blue)))
            total += d
            if d > 96 { far += 1 }
            if isInk(b) { ink += 1 }
        }
    }
    return (Double(total) / Double(width * height), far, ink)
}

extension String {
    /// The string with its last `target` replaced by `replacement` (unchanged without one).
    fileprivate func replacingLast(_ target: String, with replacement: String) -> String {
        let parts = split(separator: target, omittingEmptySubsequences: false)
        guard parts.count > 1 else { return self }
        return parts.dropLast().joined(separator: target) + replacement + parts.last!
    }
}
