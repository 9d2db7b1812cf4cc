import Animator
import Director
import Effects
import Testing

@Suite("Scenes: keyed shapes that move between states")
struct SceneTests {
    let centre = Scene.controlCentre

    func shapes(_ frame: Frame) -> [String: ShapeSprite] {
        var map: [String: ShapeSprite] = [:]
        for s in frame.shapes { map[s.key] = s }
        return map
    }

    func tap(_ director: TransitionDirector, _ scene: Scene, _ toggles: Int, at t: Double) {
        director.setScene(scene.state(afterToggles: toggles), at: t, timing: scene.timing, delay: scene.delay)
    }

    @Test func theMenuCrossesIntoAnXAndBack() throws {
        let scene = Scene.menu
        let director = TransitionDirector(scene: scene)
        let start = shapes(director.frame(at: 0))
        #expect(start.count == 4)
        let ys = ["bar1", "bar2", "bar3", "bar4"].map { start[$0]!.state.position.y }
        #expect(ys == ys.sorted() && Set(ys).count == 4)
        #expect(start.values.allSatisfy { $0.kind == .rect && $0.state.rotation == 0 && $0.state.opacity == 1 })

        tap(director, scene, 1, at: 0.1)
        // Nothing moves during the delay.
        #expect(shapes(director.frame(at: 0.1 + scene.delay / 2))["bar2"]!.state.rotation == 0)
        let closed = shapes(director.frame(at: 2))
        #expect(abs(closed["bar2"]!.state.rotation - .pi / 4) < 1e-9)
        #expect(abs(closed["bar3"]!.state.rotation + .pi / 4) < 1e-9)
        for key in ["bar2", "bar3"] {
            #expect(abs(closed[key]!.state.position.x - centre.x) < 1e-9 && abs(closed[key]!.state.position.y - centre.y) < 1e-9)
        }
        #expect(abs(closed["bar1"]!.state.position.x - (start["bar1"]!.state.position.x - 20)) < 1e-9)
        #expect(abs(closed["bar4"]!.state.position.x - (start["bar4"]!.state.position.x + 20)) < 1e-9)
        #expect(closed["bar1"]!.state.opacity == 0 && closed["bar4"]!.state.opacity == 0)

        tap(director, scene, 2, at: 3)
        let back = shapes(director.frame(at: 5))
        for key in start.keys {
            #expect(abs(back[key]!.state.position.x - start[key]!.state.position.x) < 1e-9)
            #expect(abs(back[key]!.state.position.y - start[key]!.state.position.y) < 1e-9)
            #expect(abs(back[key]!.state.rotation) < 1e-9 && abs(back[key]!.state.opacity - 1) < 1e-9)
            #expect(back[key]!.id == start[key]!.id)
        }
    }

    @Test func aTapMidFlightReversesFromWhereTheBarsAre() {
        let scene = Scene.menu
        let director = TransitionDirector(scene: scene)
        tap(director, scene, 1, at: 0)
        let mid = scene.delay + 0.2
        let before = shapes(director.frame(at: mid))
        #expect(before["bar2"]!.state.rotation > 0.1 && before["bar2"]!.state.rotation < .pi / 4 - 0.1)
        tap(director, scene, 2, at: mid)
        let after = shapes(director.frame(at: mid))
        // No jump: the same pose at the tap…
        for key in before.keys {
            #expect(abs(after[key]!.state.rotation - before[key]!.state.rotation) < 1e-9)
            #expect(abs(after[key]!.state.position.x - before[key]!.state.position.x) < 1e-9)
        }
        // …and no stop: the bars carry on the way they were turning for a moment
        // (velocity kept, the scene's delay skipped), then turn back.
        let soon = shapes(director.frame(at: mid + 1.0 / 120))["bar2"]!.state.rotation
        #expect(soon > before["bar2"]!.state.rotation + 1e-4)
        #expect(abs(shapes(director.frame(at: mid + 3))["bar2"]!.state.rotation) < 1e-9)
        let events = director.drainEvents()
        #expect(events.map(\.kind) == [.cancel, .settle])
        #expect(events.map(\.text) == ["close", "menu"] && events.allSatisfy(\.isScene))
    }

    @Test func reducedMotionBlendsAControlAndNoMotionSwapsIt() {
        for (preference, settle) in [(MotionPreference.reduceMotion, 0.1), (.neverAnimate, 0.0)] {
            let scene = Scene.menu
            let director = TransitionDirector(scene: scene, preference: preference)
            let took = director.setScene(scene.state(afterToggles: 1), at: 0, timing: scene.timing, delay: scene.delay)
            #expect(abs(took - settle) < 1e-9, "\(preference)")
            if settle > 0 {
                // Half way through the blend, half way round: no delay, no easing.
                let half = shapes(director.frame(at: settle / 2))["bar2"]!.state.rotation
                #expect(abs(half - .pi / 8) < 1e-6)
            }
            let end = shapes(director.frame(at: settle))
            #expect(abs(end["bar2"]!.state.rotation - .pi / 4) < 1e-9, "\(preference)")
        }
    }

    @Test func playBlendsItsCornersIntoPause() throws {
        let scene = Scene.play
        let director = TransitionDirector(scene: scene)
        tap(director, scene, 1, at: 0)
        let half = try #require(
            stride(from: 0.0, to: 0.3, by: 0.001).first { scene.timing.progress(at: $0) >= 0.5 })
        let left = shapes(director.frame(at: half))["left"]!
        #expect(left.kind == .path)
        guard case .move(let corner) = left.shape.path.elements[0] else { Issue.record("no move"); return }
        // Between the triangle's corner (6, 3) and the bar's (5, 4).
        #expect(corner.x > 5 && corner.x < 6 && corner.y > 3 && corner.y < 4)
        let paused = shapes(director.frame(at: 1))["right"]!
        #expect(paused.shape == scene.states[1].elements[1].shape)
    }

    @Test func theCheckMarkDrawsItself() {
        let scene = Scene.check
        let director = TransitionDirector(scene: scene)
        #expect(shapes(director.frame(at: 0))["mark"]!.state.strokeEnd == 0)
        tap(director, scene, 1, at: 0)
        let mid = shapes(director.frame(at: 0.15 + 0.225))["mark"]!.state.strokeEnd
        #expect(mid > 0.2 && mid < 0.8)
        var last = -1.0
        for t in stride(from: 0.0, through: 0.8, by: 0.05) {
            let drawn = shapes(director.frame(at: t))["mark"]!.state.strokeEnd
            #expect(drawn >= last - 1e-12)
            last = drawn
        }
        #expect(abs(last - 1) < 1e-9)
        #expect(shapes(director.frame(at: 1))["disc"]!.state.opacity == 1)
    }

    @Test func shapesAndGlyphsShareAFrame() {
        let director = TransitionDirector(scene: .menu, text: "Menu")
        director.setScene(Scene.menu.state(afterToggles: 1), at: 0, timing: Scene.menu.timing)
        director.setText("Close", at: 0)
        let frame = director.frame(at: 0.2)
        #expect(frame.shapes.count == 4)
        #expect(frame.sprites.count >= 5)
        // Ids are unique across glyphs and shapes.
        let ids = frame.sprites.map(\.id) + frame.shapes.map(\.id)
        #expect(Set(ids).count == ids.count)
        #expect(director.isAnimating)
    }

    @Test func aStateWithATextSetsIt() throws {
        let on = SceneState(
            name: "on", elements: [SceneElement(key: "dot", shape: try .ellipse(width: 8, height: 8), at: Point(x: 30, y: 10))],
            text: "On")
        let director = TransitionDirector(text: "Off")
        director.setScene(on, at: 0, timing: .linear(duration: 0.5))
        #expect(director.text == "On")
        // A new key fades in where it belongs.
        let dot = try #require(director.frame(at: 0.25).shapes.first)
        #expect(dot.role == .entering && abs(dot.state.opacity - 0.5) < 1e-9 && dot.state.position.x == 30)
    }

    @Test func badScenesAndShapesAreTypedErrors() throws {
        #expect(throws: ShapeError.self) { try Shape.rect(width: -1, height: 3) }
        #expect(throws: ShapeError.self) { try Shape.ellipse(width: .nan, height: 3) }
        #expect(throws: ShapeError.self) { try Shape.line(length: 10, lineWidth: .infinity) }
        #expect(throws: ShapeError.self) { try Shape(kind: .glyph, size: Size(width: 1, height: 1)) }
        do {
            _ = try Shape.path(svgPathData: "M 0 0 L 4 x")
            Issue.record("bad path data accepted")
        } catch {
            #expect(error.message.contains("offset 10"))
        }
        do {
            _ = try Scene.named("menuu")
            Issue.record("unknown scene accepted")
        } catch {
            #expect(error.message.contains("menuu") && error.message.contains("menu, play, check"))
        }
        #expect(throws: SceneError.self) { try Scene.named("\u{1B}[2J") }
        #expect((try? Scene.named("\u{1B}[2J")) == nil)
        let dot = try Shape.ellipse(width: 2, height: 2)
        let twice = SceneState(name: "x", elements: [SceneElement(key: "a", shape: dot, at: .zero), SceneElement(key: "a", shape: dot, at: .zero)])
        #expect(throws: SceneError.self) { try Scene(name: "x", states: [twice], timing: .instant) }
        #expect(throws: SceneError.self) { try Scene(name: "x", states: [], timing: .instant) }
        #expect(throws: PlaybackError.self) { try Playback(texts: [""], scene: .menu, toggles: [0.5, 0.2]) }
        #expect(throws: PlaybackError.self) { try Playback(texts: [""], scene: .menu, toggles: [-1]) }
        #expect(throws: PlaybackError.self) { try Playback(texts: [""], toggles: [1]) }
    }

    @Test func aPlaybackTapsTheSceneAtItsToggles() throws {
        let playback = try Playback(texts: [""], fps: 60, scene: .menu, toggles: [0, 0.6, 0.9])
        let director = TransitionDirector(scene: .menu)
        var frames: [Frame] = []
        let summary = director.play(playback) { frames.append($0) }
        // Three taps: menu → close → menu (interrupted at 0.9) → close.
        let last = shapes(frames.last!)
        #expect(abs(last["bar2"]!.state.rotation - .pi / 4) < 1e-9)
        #expect(summary.frames == frames.count)
        let cancels = director.events.filter { $0.kind == .cancel }.count
        #expect(cancels == 1)
    }

    @Test func outlinesFitTheirBoxes() throws {
        let rect = try Shape.rect(width: 10, height: 4)
        #expect(abs(rect.outline.length - 28) < 1e-9)
        let round = try Shape.rect(width: 28, height: 3, cornerRadius: 1.5)
        let bounds = try #require(round.outline.bounds)
        #expect(abs(bounds.width - 28) < 1e-9 && abs(bounds.height - 3) < 1e-9)
        let circle = try Shape.ellipse(width: 20, height: 20)
        #expect(abs(circle.outline.length - 20 * .pi) < 0.05)
        let line = try Shape.line(length: 12, lineWidth: 2)
        #expect(line.outline.length == 12)
    }
}

@Suite("Tiles under glyphs, and a dance at rest")
struct TileTests {
    @Test func everyVisibleLetterSitsOnATileThatMovesWithIt() throws {
        let director = TransitionDirector(
            text: "LET TER", layout: MonospaceLayout(cellWidth: 20, cellHeight: 30), effect: DanceEffect(borderPulse: true),
            preference: .alwaysAnimate)
        director.tiles = TileStyle()
        director.restage(at: 0)
        let frame = director.frame(at: 0.8)
        #expect(frame.shapes.count == 6)  // the space has none
        for tile in frame.shapes {
            let glyph = try #require(frame.sprites.first { $0.id == tile.glyphSprite })
            #expect(tile.kind == .rect && tile.key == "tile" && tile.layer == .belowText)
            #expect(tile.state.position == glyph.state.position && tile.state.rotation == glyph.state.rotation)
            #expect(tile.shape.size.width == tile.shape.size.height)
            #expect(abs(tile.shape.size.width - (max(20, 30 * 0.85) + 2 * 0.04 * 30)) < 1e-9)
            // The pulse is on the border, not the letter.
            #expect(glyph.state.tint.alpha == 0)
        }
        // The letters rock by parity, so the tiles do too.
        #expect(frame.shapes[0].state.rotation * frame.shapes[1].state.rotation < 0)
        // The border brightens towards a turn of the rock: its colour changes over the beat.
        let mid = director.frame(at: 1.0).shapes[0].shape.stroke
        let turn = director.frame(at: 0.5).shapes[0].shape.stroke
        #expect(mid != turn)
    }

    @Test func aGlyphCaughtGrowingInOnItsTileGoesOnAsItWasUnderAStillTemplateThatMovesNothing() throws {
        // "0" rolls in on its tile; 0.3 s on, with its spring past its rest, the text is played
        // onto itself under the cross-fade, whose staying glyphs move nothing: the glyph goes
        // on arriving from what it shows (it used to be put at rest at once, its size and
        // place snapping).
        let layout = MonospaceLayout(cellWidth: 10, cellHeight: 20)
        for tiles in [nil, TileStyle(pulse: true), TileStyle(pulse: false)] as [TileStyle?] {
            let director = TransitionDirector(
                text: "", layout: layout, effect: RollingEffect(), preference: .alwaysAnimate, tiles: tiles)
            director.setText("0", at: 0)
            let before = try #require(director.frame(at: 0.3).sprites.first)
            // (Under way: not yet at its rest, so a snap would show.)
            #expect(before.state.scaleX != 1 || before.state.position.y != 10)
            director.effect = .minimal
            director.restage(at: 0.3)
            let after = try #require(director.frame(at: 0.3).sprites.first)
            #expect(after.id == before.id)
            #expect(after.state == before.state, "tiles \(String(describing: tiles))")
            // It comes to rest where the text alone rests, its tile with it.
            let rest = try #require(director.frame(at: 5).sprites.first)
            #expect(rest.state.scaleX == 1 && rest.state.position == Point(x: 5, y: 10))
            #expect(director.frame(at: 5).shapes.count == (tiles == nil ? 0 : 1))
        }
    }

    @Test func aTileMovesWithAGlyphThatChangesForm() throws {
        // "ab" → "abc": the b goes from its last form (wider) to a middle one; it keeps its
        // start edge where it was, and its tile moves with it.
        let director = TransitionDirector(
            text: "ab", layout: FormedLayout(), effect: ScaleEffect(), preference: .alwaysAnimate, tiles: TileStyle())
        director.setText("abc", at: 0)
        var compared = 0
        for step in 0...30 {
            let frame = director.frame(at: Double(step) / 60)
            for tile in frame.shapes {
                let glyph = try #require(frame.sprites.first { $0.id == tile.glyphSprite })
                #expect(abs(tile.state.position.x - glyph.state.position.x) < 1e-9, "at \(Double(step) / 60) s")
                #expect(abs(tile.state.position.y - glyph.state.position.y) < 1e-9)
                compared += 1
            }
        }
        #expect(compared > 60)
        // The b did change form: it starts with its start edge where its last form's was (20),
        // not at that form's centre (35).
        let b = try #require(director.frame(at: 0).sprites.first { director.symbols[Int($0.glyph)] == "b" })
        #expect(abs(b.state.position.x - 30) < 1e-9)
    }

    @Test func particlesOnTilesAreTheirGlyphsAlone() throws {
        func particles(tiles: TileStyle?) -> [[Particle]] {
            let director = TransitionDirector(
                text: "Ready", effect: AnyEffect.sparkle, preference: .alwaysAnimate, seed: 7, tiles: tiles)
            director.setText("Go now", at: 0)
            return (0..<12).map { director.frame(at: Double($0) / 20).particles }
        }
        let plain = particles(tiles: nil), tiled = particles(tiles: TileStyle())
        #expect(plain.reduce(0) { $0 + $1.count } > 20)
        #expect(tiled.map(\.count) == plain.map(\.count))  // (not each twice, the tile's copy on top)
        #expect(tiled == plain)
    }

    @Test func aDancingTitleMovesFromTheFirstFrames() throws {
        let director = TransitionDirector(text: "LETTER", effect: DanceEffect(), preference: .alwaysAnimate)
        var rotations: [Double] = []
        try director.play(Playback(texts: ["LETTER"], fps: 30, tail: 1)) { frame in
            rotations.append(frame.sprites[0].state.rotation)
        }
        #expect(rotations.count >= 30)
        #expect(rotations[0] == 0)
        #expect(abs(rotations[8]) > 0.05)
    }
}

/// A cell grid (20 points a cell) whose last glyph takes its last form: drawing 2 and a
/// cell 30 points wide; the others drawing 1 (as a script's contextual forms do).
private struct FormedLayout: GlyphLayout {
    func layout(_ glyphs: [Character]) -> TextLayoutResult {
        var result = MonospaceLayout(cellWidth: 20, cellHeight: 30).layout(glyphs)
        guard let last = result.frames.indices.last else { return result }
        result.frames[last].rect.size.width = 30
        result.drawings = result.frames.indices.map { $0 == last ? 2 : 1 }
        return result
    }
}
