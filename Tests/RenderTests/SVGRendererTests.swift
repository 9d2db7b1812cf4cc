import Testing
import Animator
import Director
import Effects
@testable import Render
import Typesetter

/// The ids of the sprites that draw ink somewhere in the timeline.
private func inkedSpriteIDs(_ timeline: Timeline) -> Set<Int32> {
    var ids = Set<Int32>()
    for frame in timeline.frames {
        for sprite in frame.sprites where !(timeline.outlines[frame.symbol(of: sprite)]?.outline.isEmpty ?? true) {
            ids.insert(sprite.id)
        }
    }
    return ids
}

@Suite struct SVGRendererTests {
    @Test func animatedSVGIsWellFormedWithOneUsePerSpriteAndOnePathPerShape() throws {
        let timeline = try fontTimeline(["Send Action", "Action Sent"], effect: WaveEffect())
        let svg = try SVGRenderer().animated(timeline)
        let root = try XMLNode.parse(svg)
        #expect(root.name == "svg")
        #expect(root.attributes["role"] == "img")
        #expect(root.attributes["aria-label"] == "Action Sent")
        #expect(root.elements(named: "title").first?.text == "Action Sent")

        let uses = root.elements(named: "use")
        let ids = inkedSpriteIDs(timeline)
        #expect(uses.count == ids.count)
        #expect(Set(uses.compactMap { $0.attributes["id"] }) == Set(ids.map { "ks\($0)" }))

        // One <path> per distinct shape key, and every <use> points at one of them.
        let paths = root.elements(named: "path")
        let keys = Set("SendActionSent".map { timeline.outlines[$0]!.shapeKey })
        #expect(paths.count == keys.count)
        let pathIDs = Set(paths.compactMap { $0.attributes["id"] })
        #expect(pathIDs.count == paths.count)
        for use in uses { #expect(pathIDs.contains(String(use.attributes["href"]!.dropFirst()))) }
    }

    @Test func userTextIsEscapedEverywhere() throws {
        let texts = ["<b>\"Tom & Jerry\"</b>", "Tom & 'Jerry' \u{1B}[31mred\u{07}</svg>"]
        let timeline = try fontTimeline(texts)
        for svg in [try SVGRenderer().animated(timeline), try SVGRenderer().frame(timeline, at: 0.1)] {
            let root = try XMLNode.parse(svg)
            let shown = "Tom & 'Jerry' \u{241B}[31mred\u{2407}</svg>"
            #expect(root.elements(named: "title").first?.text == shown)
            #expect(root.attributes["aria-label"] == shown)
            #expect(root.elements(named: "desc").first?.text.contains("<b>\"Tom & Jerry\"</b>") == true)
            #expect(!svg.contains("<b>"))
            #expect(!svg.contains("Tom & "))
            #expect(svg.utf8.allSatisfy { $0 >= 0x20 || $0 == 0x0A })
            // Only the document's own closing tag.
            #expect(svg.components(separatedBy: "</svg>").count == 2)
        }
    }

    @Test func idPrefixIsSanitised() throws {
        let timeline = try fontTimeline(["ab", "ba"])
        let svg = try SVGRenderer(idPrefix: "9 x<y>\"z").animated(timeline)
        let root = try XMLNode.parse(svg)
        for id in root.all.compactMap({ $0.attributes["id"] }) {
            #expect(id.hasPrefix("k9xyz"))
            #expect(id.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) })
        }
    }

    @Test(arguments: ["scale", "wave", "slide", "rolling", "mist", "sparkle", "slide+mist"])
    func keyframesFollowTheEngineFrames(effectName: String) throws {
        let effect = try EffectRegistry.standard.effect(named: effectName)
        let font = try dejaVu(size: 40)
        let texts = ["Creative", "Create", "Creation"]
        func director() -> TransitionDirector {
            TransitionDirector(text: texts[0], layout: font, effect: effect, style: .bouncy, preference: .alwaysAnimate, seed: 7)
        }
        let timeline = try Timeline(
            recording: director(), texts: texts, fps: 30, outlines: GlyphOutlines(texts: texts, layout: font))
        let svg = try SVGRenderer().animated(timeline)
        _ = try XMLNode.parse(svg)

        // A second Director replays the same schedule; its frames are the reference.
        let reference = director()
        var nextText = 1
        let last = timeline.frames.count - 1
        // The <use> x and y: the inner offset when it does not change; its opacity when not animated.
        var offsets: [Int32: (x: Double, y: Double)] = [:]
        var stills: [Int32: ParsedKeyframe] = [:]
        for use in try XMLNode.parse(svg).elements(named: "use") {
            guard let id = use.attributes["id"].flatMap({ Int32($0.dropFirst(2)) }) else { continue }
            offsets[id] = (Double(use.attributes["x"] ?? "0")!, Double(use.attributes["y"] ?? "0")!)
            stills[id] = CSSKeyframes.still(
                transform: use.attributes["transform"] ?? "", opacity: Double(use.attributes["opacity"] ?? "1")!)
        }
        var parsed: [Int32: (Double) -> ParsedKeyframe] = [:]
        for id in inkedSpriteIDs(timeline) {
            guard let still = stills[id] else { continue }
            parsed[id] = CSSKeyframes.sprite(svg, name: "ks\(id)", still: still)
        }
        #expect(parsed.values.count > 3)
        var checked = 0
        for k in 0...last {
            let t = Double(k) / timeline.fps
            while nextText < texts.count, timeline.textTimes[nextText] <= t {
                reference.setText(texts[nextText], at: timeline.textTimes[nextText])
                nextText += 1
            }
            let frame = reference.frame(at: t)
            let percent = NumberFormat.rounded(Double(k) / Double(last) * 100, 3)
            for (id, animation) in parsed.sorted(by: { $0.key < $1.key }) {
                let shown = animation(percent)
                guard let sprite = frame.sprites.first(where: { $0.id == id }) else {
                    #expect(shown.opacity == 0, "sprite \(id) absent at t=\(t) but shown")
                    continue
                }
                let s = sprite.state
                #expect(abs(shown.translate.x - s.position.x) <= 0.03, "x of \(id) at \(t)")
                #expect(abs(shown.translate.y - s.position.y) <= 0.03, "y of \(id) at \(t)")
                #expect(abs(shown.rotation - s.rotation * 180 / .pi) <= 0.1, "rotation of \(id) at \(t)")
                #expect(abs(shown.scale.x - s.scaleX) <= 0.005, "scale x of \(id) at \(t)")
                #expect(abs(shown.scale.y - s.scaleY) <= 0.005, "scale y of \(id) at \(t)")
                #expect(abs(shown.opacity - min(max(s.opacity, 0), 1)) <= 0.006, "opacity of \(id) at \(t)")
                // The CSS transform list composes to the engine's own transform of the glyph.
                let inner = shown.inner ?? offsets[id] ?? (0, 0)
                let css = Transform.translation(inner.x, inner.y)
                    .concatenating(.skewX(shown.skew * .pi / 180))
                    .concatenating(.scale(shown.scale.x, shown.scale.y))
                    .concatenating(.rotation(shown.rotation * .pi / 180))
                    .concatenating(.translation(shown.translate.x, shown.translate.y))
                let engine = Transform.translation(0, sprite.boxSize.height / 2 + sprite.baselineOffset)
                    .concatenating(s.transform(boxSize: sprite.boxSize))
                for (u, v) in [(css.a, engine.a), (css.b, engine.b), (css.c, engine.c), (css.d, engine.d)] {
                    #expect(abs(u - v) <= 0.006, "matrix of \(id) at \(t): \(css) vs \(engine)")
                }
                #expect(abs(css.tx - engine.tx) <= 0.05 && abs(css.ty - engine.ty) <= 0.05, "matrix of \(id) at \(t)")
                checked += 1
            }
        }
        #expect(checked > 60)
    }

    /// A change timed on Béziers is written with the curves themselves: each
    /// sprite's transform and opacity are two animations whose keyframes carry
    /// `cubic-bezier(…)` with the effect's numbers, far fewer than the sampled
    /// frames need, and CSS shows the engine's state between frames too.
    @Test func bezierTimedMotionIsWrittenAsCubicBezierKeyframes() throws {
        // Nothing rides an anchor that moves here: every change is a plain curve.
        let texts = ["Kinetic", "Kinetype"]
        let font = try dejaVu(size: 40)
        func director() -> TransitionDirector {
            TransitionDirector(text: texts[0], layout: font, effect: EasedEffect(), preference: .alwaysAnimate)
        }
        // At 60 fps: samples need keyframes in proportion to the frames, curves do not.
        let timeline = try Timeline(
            recording: director(), texts: texts, fps: 60, outlines: GlyphOutlines(texts: texts, layout: font))
        let svg = try SVGRenderer().animated(timeline)
        _ = try XMLNode.parse(svg)
        #expect(svg.contains("animation-timing-function:cubic-bezier(0.42,0,0.58,1)}"))
        #expect(svg.contains("animation-timing-function:cubic-bezier(0.3,0.1,0.2,0.9)}"))
        let sampled = try SVGRenderer().animated(sampledOnly(timeline))
        #expect(!sampled.contains("cubic-bezier"))
        let exact = occurrences(of: "%{", in: svg), thinned = occurrences(of: "%{", in: sampled)
        #expect(exact * 3 < thinned, "\(exact) keyframes from the curves, \(thinned) from the samples")

        // Halfway between frames, where sampled keyframes would interpolate in straight lines.
        let reference = director()
        reference.setText(texts[1], at: timeline.textTimes[1])
        let last = timeline.frames.count - 1
        var checked = 0
        for k in 0..<last {
            let t = (Double(k) + 0.5) / timeline.fps
            let frame = reference.frame(at: t)
            let percent = (Double(k) + 0.5) / Double(last) * 100
            for sprite in frame.sprites {
                guard let still = CSSKeyframes.still(svg, id: "ks\(sprite.id)"),
                      let animation = CSSKeyframes.sprite(svg, name: "ks\(sprite.id)", still: still)
                else { continue }
                let shown = animation(percent), s = sprite.state
                #expect(abs(shown.translate.x - s.position.x) <= 0.02, "x of \(sprite.id) at \(t)")
                #expect(abs(shown.translate.y - s.position.y) <= 0.02, "y of \(sprite.id) at \(t)")
                #expect(abs(shown.scale.x - s.scaleX) <= 0.002, "scale of \(sprite.id) at \(t)")
                #expect(abs(shown.opacity - min(max(s.opacity, 0), 1)) <= 0.003, "opacity of \(sprite.id) at \(t)")
                checked += 1
            }
        }
        #expect(checked > 60)
    }

    @Test func outputIsDeterministic() throws {
        let a = try SVGRenderer().animated(try fontTimeline(["Send Action", "Action Sent"], effect: SparkleEffect()))
        let b = try SVGRenderer().animated(try fontTimeline(["Send Action", "Action Sent"], effect: SparkleEffect()))
        #expect(a == b)
    }

    @Test func stillFrameHasOneUsePerVisibleInkedSprite() throws {
        let timeline = try fontTimeline(["Backing up", "Backed up"], effect: MistEffect())
        for t in [0, 0.3, timeline.duration] {
            let frame = timeline.frame(at: t)
            let visible = frame.sprites.filter {
                $0.state.opacity > 0 && !(timeline.outlines[frame.symbol(of: $0)]?.outline.isEmpty ?? true)
            }
            let root = try XMLNode.parse(try SVGRenderer().frame(timeline, at: t))
            #expect(root.elements(named: "use").count == visible.count)
            #expect(root.elements(named: "style").isEmpty)
        }
    }

    @Test func viewBoxHoldsTheInkAndAPadding() throws {
        let timeline = try fontTimeline(["Send Action", "Action Sent"], effect: WaveEffect())
        let root = try XMLNode.parse(try SVGRenderer(viewport: Viewport(padding: 10)).animated(timeline))
        let box = root.attributes["viewBox"]!.split(separator: " ").map { Double($0)! }
        let ink = timeline.inkBounds
        #expect(box[0] <= ink.minX - 9.99 && box[1] <= ink.minY - 9.99)
        #expect(box[0] + box[2] >= ink.maxX + 9.99 && box[1] + box[3] >= ink.maxY + 9.99)
        #expect(Int(root.attributes["width"]!)! == Int((box[2] - 1e-6).rounded(.up)))
    }

    @Test func blurUsesSharedFiltersOutsideTheTransform() throws {
        let timeline = try fontTimeline(["Backing up", "Backed up"], effect: MistEffect())
        let svg = try SVGRenderer().animated(timeline)
        let root = try XMLNode.parse(svg)
        let filters = root.elements(named: "filter")
        #expect(!filters.isEmpty)
        #expect(filters.allSatisfy { $0.children.first?.name == "feGaussianBlur" })
        // Every blurred glyph is a <g> around its <use>, and its keyframes step between the filters.
        let groups = root.elements(named: "g").filter { $0.attributes["id"]?.hasPrefix("kf") == true }
        #expect(!groups.isEmpty)
        #expect(groups.allSatisfy { $0.children.count == 1 && $0.children[0].name == "use" })
        #expect(svg.contains("filter:url(#kb"))
    }

    @Test func particlesAreBoundedSoftCircles() throws {
        let timeline = try fontTimeline(["Send", "Sending"], effect: SparkleEffect())
        #expect(timeline.frames.contains { !$0.particles.isEmpty })
        let root = try XMLNode.parse(try SVGRenderer(maximumParticles: 12).animated(timeline))
        let circles = root.elements(named: "circle")
        #expect(!circles.isEmpty && circles.count <= 12)
        #expect(circles.allSatisfy { $0.attributes["fill"]?.hasPrefix("url(#kp") == true })
        #expect(!root.elements(named: "radialGradient").isEmpty)
    }

    @Test func loopingTimelinePlaysItsTailForever() throws {
        let timeline = try fontTimeline(["Kinetype", "Dance"], effect: DanceEffect())
        let loop = try #require(timeline.loop)
        #expect(loop.period == 60)  // a 2 s cycle at 30 fps
        let svg = try SVGRenderer().animated(timeline)
        _ = try XMLNode.parse(svg)
        #expect(svg.contains("animation-iteration-count:1,infinite"))
        #expect(svg.contains("@keyframes ks0l{") || svg.contains("l{0%"))
    }

    @Test func replayRepeatsAWholeTimeline() throws {
        let timeline = try fontTimeline(["99", "100"], effect: RollingEffect(), hold: 1)
        #expect(try SVGRenderer(loop: true).animated(timeline).contains("animation-iteration-count:infinite"))
        #expect(try SVGRenderer().animated(timeline).contains("animation-iteration-count:1;"))
    }

    @Test func textAtRestIsAStillPicture() throws {
        let timeline = try fontTimeline(["Still"])
        #expect(timeline.frames.count == 1)
        let svg = try SVGRenderer().animated(timeline)
        let root = try XMLNode.parse(svg)
        #expect(root.elements(named: "use").count == 5)
        #expect(!svg.contains("@keyframes"))
    }

    @Test func tintMixesIntoTheFill() throws {
        let timeline = try fontTimeline(["Send", "Sending"], effect: SparkleEffect())
        // The most tinted glyph of the whole timeline.
        var best: (frame: Int, sprite: SpriteFrame)?
        for (f, frame) in timeline.frames.enumerated() {
            for sprite in frame.sprites where sprite.state.tint.alpha > (best?.sprite.state.tint.alpha ?? 0.05) {
                best = (f, sprite)
            }
        }
        let (f, sprite) = try #require(best, "sparkle tints landing glyphs")
        let renderer = SVGRenderer(color: .black)
        let expected = RenderColor.black.tinted(sprite.state.tint).hex
        #expect(expected != "#000000")
        #expect(try renderer.frame(timeline, at: timeline.time(ofFrame: f)).contains("fill=\"\(expected)\""))
        #expect(try renderer.animated(timeline).contains(";fill:#"))
    }
}
