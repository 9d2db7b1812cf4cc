import Testing
import Animator
import Director
import Effects
import Render

/// A clock that moves only when asked to sleep, recording every wait.
private struct StepClock: FrameClock {
    var time = 100.0
    var waits: [Double] = []

    mutating func now() -> Double { time }

    mutating func sleep(until t: Double) {
        waits.append(t)
        time = max(time, t)
    }
}

private func gridTimeline(_ texts: [String], effect: any EffectBlueprint = ScaleEffect(), fps: Double = 30) throws -> Timeline {
    try Timeline(texts: texts, layout: MonospaceLayout(), effect: effect, preference: .alwaysAnimate, fps: fps)
}

@Suite struct TerminalTests {
    @Test func settledFrameShowsTheTextInItsCells() throws {
        let timeline = try gridTimeline(["Send Action", "Action Sent"])
        let renderer = TerminalRenderer(shading: .none)
        let lines = renderer.lines(timeline.frames.last!, in: timeline)
        let grid = renderer.grid(for: timeline)
        #expect(lines.count == grid.rows)
        #expect(lines.contains("Action Sent") || lines.contains { $0.hasSuffix("Action Sent") })
        // The text starts at its layout column.
        let row = try #require(lines.first { $0.contains("Action") })
        #expect(row.dropFirst(-grid.column).hasPrefix("Action Sent"))
    }

    @Test func multiLineAndWideTextKeepsItsColumns() throws {
        let timeline = try gridTimeline(["ab\nこんにちは"])
        let lines = TerminalRenderer(shading: .none).lines(timeline.frames[0], in: timeline)
        #expect(lines == ["ab", "こんにちは"])
    }

    @Test func controlCharactersNeverReachTheTerminal() throws {
        let hostile = "A\u{1B}[2J\u{1B}]0;pwned\u{07}B\u{9B}31m\u{202E}C\r\nD\u{7F}"
        let timeline = try gridTimeline(["x", hostile])
        for shading in TerminalRenderer.Shading.allCases {
            let renderer = TerminalRenderer(shading: shading)
            for frame in timeline.frames {
                let text = renderer.render(frame, in: timeline)
                // The only escapes are SGR codes the renderer writes itself.
                var scalars = Array(text.unicodeScalars)[...]
                while let i = scalars.firstIndex(where: { $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) || $0 == "\u{202E}" }) {
                    let c = scalars[i]
                    if c == "\n" { scalars = scalars[(i + 1)...]; continue }
                    #expect(c == "\u{1B}", "raw control U+\(String(c.value, radix: 16)) in output")
                    let rest = String(String.UnicodeScalarView(scalars[(i + 1)...]))
                    let sgr = rest.prefix { $0 != "m" }
                    #expect(rest.hasPrefix("[") && sgr.dropFirst().allSatisfy { $0.isNumber || $0 == ";" }, "escape \(sgr)")
                    scalars = scalars[(i + 1)...]
                }
            }
            let settled = TerminalRenderer(shading: .none).render(timeline.frames.last!, in: timeline)
            #expect(settled.contains("A[2J]0;pwnedB31mC"))
            #expect(settled.contains("D"))
        }
    }

    @Test func opacityBecomesAShade() throws {
        let timeline = try gridTimeline(["ab", "abcd"], effect: CrossFadeEffect(), fps: 60)
        let renderer = TerminalRenderer(shading: .attributes)
        let dims = timeline.frames.map { renderer.render($0, in: timeline) }.filter { $0.contains("\u{1B}[2m") }
        #expect(!dims.isEmpty, "an entering glyph is dim while it fades in")
        #expect(!renderer.render(timeline.frames.last!, in: timeline).contains("\u{1B}[2m"))
        let greys = TerminalRenderer(shading: .greys).render(timeline.frames.last!, in: timeline)
        #expect(greys.contains("\u{1B}[38;5;255m"))
    }

    @Test func playerDrawsEveryFrameOnTheClockAndRestoresTheCursor() throws {
        let timeline = try gridTimeline(["99", "100"], effect: RollingEffect(), fps: 20)
        var output: [String] = []
        let player = TerminalPlayer(renderer: TerminalRenderer()) { output.append($0) }
        var clock = StepClock()
        player.play(timeline, clock: &clock)
        #expect(output.first == "\u{1B}[?25l")
        #expect(output.last == "\n\u{1B}[?25h")
        #expect(output.count == timeline.frames.count + 2)
        #expect(clock.waits.count == timeline.frames.count - 1)
        for (i, wait) in clock.waits.enumerated() { #expect(abs(wait - (100 + Double(i + 1) / 20)) < 1e-9) }
        // Every frame after the first returns to the top of the drawing.
        let rows = TerminalRenderer().grid(for: timeline).rows
        let up = rows > 1 ? "\r\u{1B}[\(rows - 1)A" : "\r"
        #expect(output[2...].dropLast().allSatisfy { $0.hasPrefix(up) })
    }

    @Test func slowTerminalsSkipFrames() throws {
        struct SlowClock: FrameClock {
            var time = 0.0
            mutating func now() -> Double { time += 0.2; return time }
            mutating func sleep(until t: Double) { time = max(time, t) }
        }
        let timeline = try gridTimeline(["99", "100"], effect: RollingEffect(), fps: 30)
        var frames = 0
        let player = TerminalPlayer(renderer: TerminalRenderer()) { if !$0.hasPrefix("\u{1B}[?25") && $0 != "\n\u{1B}[?25h" { frames += 1 } }
        var clock = SlowClock()
        player.play(timeline, clock: &clock)
        #expect(frames < timeline.frames.count / 2)
    }

    @Test func stillsShowTheStartMiddleAndEnd() throws {
        let timeline = try gridTimeline(["99", "100"], effect: RollingEffect())
        let stills = TerminalPlayer(renderer: TerminalRenderer(shading: .none)).stills(timeline)
        #expect(stills.hasPrefix("t = 0 s\n"))
        #expect(stills.contains("99"))
        #expect(stills.components(separatedBy: "t = ").count == 4)
        let end = (timeline.duration * 100).rounded() / 100
        #expect(stills.contains("t = \(end) s\n") || stills.contains("t = \(Int(end)) s\n"))
        #expect(stills.hasSuffix("100\n\n"))
        #expect(!stills.contains("\u{1B}"))
    }
}

@Suite struct HTMLTests {
    @Test func pageEmbedsTheSVGWithAReplayButtonAndTheEscapedCommand() throws {
        let timeline = try fontTimeline(["a", "b"])
        let svg = try SVGRenderer().animated(timeline)
        let page = HTMLPage(title: "a → <b>", svg: svg, command: "kinetype render 'a' '<b>&' -o x.html").html
        #expect(page.hasPrefix("<!DOCTYPE html>"))
        #expect(page.contains(svg))
        #expect(page.contains("<title>a → &lt;b&gt;</title>"))
        #expect(page.contains("$ kinetype render &#39;a&#39; &#39;&lt;b&gt;&amp;&#39; -o x.html"))
        #expect(page.contains("<button type=\"button\" id=\"replay\">Replay</button>"))
        #expect(page.contains("cloneNode(true)"))
    }

    @Test func galleryLinksEveryEntry() {
        let gallery = HTMLGallery(title: "Showcase", entries: [
            .init(title: "One & two", image: "one.svg", page: "one.html", command: "kinetype render a b -o one.svg"),
            .init(title: "Three", image: "three.svg"),
        ]).html
        #expect(gallery.contains("<a href=\"one.html\"><img src=\"one.svg\" alt=\"One &amp; two\"></a>"))
        #expect(gallery.contains("<img src=\"three.svg\" alt=\"Three\">"))
        #expect(gallery.contains("<h3>One &amp; two</h3>"))
    }

    @Test func galleryShowsItsLinksUnderTheIntroduction() {
        let gallery = HTMLGallery(
            title: "Showcase", introduction: "Intro",
            links: [.init(title: "Try it <live>", href: "../web/playground.html", note: "(serve & open)")],
            entries: [.init(title: "A", image: "a.svg")]
        ).html
        #expect(gallery.contains("<p class=\"link\"><a href=\"../web/playground.html\">Try it &lt;live&gt;</a> (serve &amp; open)</p>"))
        #expect(gallery.firstRange(of: "<p>Intro</p>")!.lowerBound < gallery.firstRange(of: "class=\"link\"")!.lowerBound)
    }

    @Test func galleryGroupsEntriesAndPlaysVideos() {
        let gallery = HTMLGallery(title: "Showcase", entries: [
            .init(title: "A", image: "a.svg", group: "Text"),
            .init(title: "Clip", image: "clip.mp4", group: "Formats"),
            .init(title: "B", image: "b.svg", group: "Text"),
        ]).html
        // Groups in the order they first appear, each entry under its own.
        let text = gallery.firstRange(of: "<h2>Text</h2>")!.lowerBound, formats = gallery.firstRange(of: "<h2>Formats</h2>")!.lowerBound
        #expect(text < formats)
        #expect(gallery.firstRange(of: "alt=\"B\"")!.lowerBound < formats)
        #expect(gallery.contains("<video src=\"clip.mp4\" autoplay loop muted playsinline"))
        #expect(gallery.contains("grid-template-columns"))
    }
}
