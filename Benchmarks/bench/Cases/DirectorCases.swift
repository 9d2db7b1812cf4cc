import Animator
import CAllocationCounter
import Director
import Effects

/// The Director's targets (the README's performance table): `frame(at:)` per sprite,
/// allocations per frame, and the frame's cost against writing its bytes.
enum DirectorCases {
    static let all: [BenchmarkCase] =
        [setText(interrupting: false), setText(interrupting: true), movingLetters, streamedWord, midEdit]
        + [100, 1_000, 10_000, 100_000].map(frame(glyphs:)) + [allocations]

    /// A label's text changing back and forth: everything `setText` does (diff,
    /// layout, plan, pool, records, settling or interrupting the last transition).
    static func setText(interrupting: Bool) -> BenchmarkCase {
        let name = interrupting ? "interrupting a running transition" : "after the last one settled"
        return BenchmarkCase("director: setText of a 40-glyph label, \(name)") { context in
            let timing = context.measure(labelChanges(interrupting: interrupting))
            context.report(timing, target: .atMost(8, .microseconds))
            context.note("\(Array(labelTexts[0]).count) ↔ \(Array(labelTexts[1]).count) glyphs, scale effect, snappy, \(interrupting ? 50 : 2000) ms apart")
        }
    }

    /// A label whose letters move past others as it changes (14 of its glyphs stay and move,
    /// 11 leave, 10 arrive): the holds look up, for each arrival, when each mover has gone past
    /// its place, and for each run that moves, when it reaches each exit on its way.
    static let movingLetters = BenchmarkCase("director: setText of a label whose letters move past others") { context in
        context.report(context.measure(labelChanges(interrupting: false, texts: movingTexts)))
        context.note("\"\(movingTexts[0])\" ↔ \"\(movingTexts[1])\", scale effect, snappy, 2000 ms apart")
    }

    /// A word streamed onto a long text: what a chat answer, live captions or a
    /// log pay per word, which should be the word's cost, not the text's.
    static let streamedWord = BenchmarkCase("director: setText appending a word to a 4,000-glyph text") { context in
        let timing = context.measure(streamedWords())
        context.report(timing, target: .atMost(100, .microseconds))
        context.note("wrapped at 800 pt (80 cells), one word 0.05 s after the last, scale effect")
    }

    /// A one-character edit in the middle of a long text.
    static let midEdit = BenchmarkCase("director: setText with a letter typed into a 4,000-glyph text") { context in
        let timing = context.measure(midEdits())
        context.report(timing, target: .atMost(150, .microseconds))
        context.note("wrapped at 800 pt (80 cells), back and forth 2 s apart, scale effect")
    }

    /// The layout of the long texts: 10 × 20 cells, wrapped at 800 points.
    static let longLayout = MonospaceLayout(cellWidth: 10, cellHeight: 20, wrapWidth: 800)

    /// One `setText` per call that appends the next word to a text of 4,000
    /// glyphs (it grows by a word a call), 0.05 s after the last: the last
    /// word's transition is still running.
    static func streamedWords() -> () -> Int {
        let base = String(WordText.text(glyphs: 4_000, seed: 21))
        let words = String(WordText.text(glyphs: 20_000, seed: 22)).split(separator: " ").map(String.init)
        let director = TransitionDirector(
            text: base, layout: longLayout, preference: .alwaysAnimate, poolCapacity: 8_192)
        var text = base
        var t = 0.0
        var k = 0
        return {
            text += " "
            text += words[k % words.count]
            k &+= 1
            t += 0.05
            return director.setText(text, at: t).sprites
        }
    }

    /// One `setText` per call that switches a 4,000-glyph text back and forth
    /// between two versions one letter apart in its middle (a letter typed
    /// into a word, then taken out again), 2 s apart (settled).
    static func midEdits() -> () -> Int {
        let texts = midEditTexts
        let director = TransitionDirector(
            text: texts[0], layout: longLayout, preference: .alwaysAnimate, poolCapacity: 8_192)
        var t = 0.0
        var k = 0
        return {
            k &+= 1
            t += 2
            return director.setText(texts[k & 1], at: t).sprites
        }
    }

    /// A 4,000-glyph text and the same with a letter typed into a word in its middle.
    static var midEditTexts: [String] {
        let a = WordText.text(glyphs: 4_000, seed: 23)
        var b = a
        var middle = a.count / 2
        while b[middle] == " " { middle += 1 }
        b.insert("x", at: middle)
        return [String(a), String(b)]
    }

    /// The two texts a label switches between.
    static let labelTexts = ["Checkout complete: 3 items, total $42.50", "Payment failed: card declined, try again"]
    /// A label whose shared letters move rather than leave and arrive again.
    static let movingTexts = ["Sync paused: 2 items left", "Syncing 14 items: 2 left"]

    /// One `setText` of a label switching between `texts` (`labelTexts` unless given), per
    /// call: two seconds apart (every transition over: one takes about 1.05 s) or,
    /// interrupting, 50 ms apart.
    static func labelChanges(
        interrupting: Bool, effect: any EffectBlueprint = ScaleEffect(), texts: [String] = labelTexts
    ) -> () -> Int {
        let director = TransitionDirector(
            text: texts[0], layout: MonospaceLayout(cellWidth: 10, cellHeight: 20), effect: effect,
            preference: .alwaysAnimate)
        let step = interrupting ? 0.05 : 2.0
        var t = 0.0
        var k = 0
        return {
            k &+= 1
            t += step
            return director.setText(texts[k & 1], at: t).sprites
        }
    }

    /// A Director in the middle of a transition over a text of `glyphs` glyphs with
    /// about 10 % of its words changed, and the times to sample (all mid-flight).
    static func midTransition(
        glyphs: Int, effect: any EffectBlueprint = ScaleEffect()
    ) -> (director: TransitionDirector, times: [Double]) {
        let old = String(WordText.text(glyphs: glyphs, seed: 11))
        let new = String(WordText.edited(Array(old), rate: 0.02, seed: 12))
        let layout = MonospaceLayout(cellWidth: 10, cellHeight: 20, wrapWidth: 1200)
        let director = TransitionDirector(
            text: old, layout: layout, effect: effect, preference: .alwaysAnimate, poolCapacity: glyphs * 2)
        let estimate = director.setText(new, at: 0)
        let times = (0..<256).map { estimate.duration * 0.9 * Double($0) / 256 }
        return (director, times)
    }

    static func frame(glyphs: Int) -> BenchmarkCase {
        BenchmarkCase("director: frame(at:) with \(glyphs.formatted) glyphs in transition") { context in
            let (director, times) = midTransition(glyphs: glyphs)
            let sprites = director.poolStats.inUse
            var i = 0
            let timing = context.measure { () -> Int in
                i &+= 1
                return director.frame(at: times[i & 255]).sprites.count
            }
            let perSprite = timing.per(Double(sprites), "sprite")
            context.report(perSprite, target: glyphs == 10_000 ? .atMost(8, .nanoseconds) : nil)
            context.metric("p99 / median", perSprite.p99 / perSprite.median, .times, target: glyphs == 10_000 ? .atMost(2, .times) : nil)
            // The memory-bandwidth floor: writing the frame's output bytes and nothing else.
            var buffer = [SpriteFrame](repeating: director.frame(at: times[0]).sprites[0], count: sprites)
            let template = buffer[0]
            let floor = context.measure { () -> Int in
                buffer.withUnsafeMutableBufferPointer { $0.update(repeating: template) }
                return buffer.count
            }
            let bytes = Double(sprites * MemoryLayout<SpriteFrame>.stride)
            context.metric("output written per frame", bytes, .bytes)
            context.metric("frame / writing its output (bandwidth floor)", timing.median / floor.median, .times)
            // The traffic a frame cannot avoid: each sprite's row read (its place and box) and its
            // output written, into one of two buffers in turn as the Director does. Nothing is
            // worked out, so no frame of this design can be faster.
            let rowStride = MemoryLayout<RunStage.Sprite>.stride
            let rows = UnsafeMutableRawBufferPointer.allocate(byteCount: sprites * rowStride, alignment: 64)
            rows.initializeMemory(as: UInt8.self, repeating: 1)
            defer { rows.deallocate() }
            var outputs = [buffer, buffer], turn = 0
            let traffic = context.measure { () -> Int in
                turn ^= 1
                outputs[turn].withUnsafeMutableBufferPointer { out in
                    var row = template
                    for k in 0..<out.count {
                        let base = k * rowStride
                        row.state.position.x = rows.load(fromByteOffset: base, as: Double.self)
                        row.boxSize.width = rows.load(fromByteOffset: base + rowStride - 8, as: Double.self)
                        out[k] = row
                    }
                }
                return outputs[turn].count
            }
            context.metric(
                "frame / reading its rows and writing its output (\(rowStride) B + \(MemoryLayout<SpriteFrame>.stride) B a sprite)",
                timing.median / traffic.median, .times)
            context.note("\(sprites.formatted) live sprites, \(director.inspect().curveGroups) curve groups per frame")
        }
    }

    static let allocations = BenchmarkCase("director: heap allocations per frame (steady state)") { context in
        guard kinetype_allocation_counting_available() != 0 else {
            context.note("allocation counting is not available on this platform")
            return
        }
        let (director, times) = midTransition(glyphs: 10_000)
        _ = director.frame(at: times[0])
        let frames = 1_000
        let before = kinetype_allocation_count()
        for i in 0..<frames { blackHole(director.frame(at: times[i & 255]).sprites.count) }
        let after = kinetype_allocation_count()
        context.metric("allocations per frame (10,000 glyphs, 1,000 frames)", Double(after - before) / Double(frames), .count, target: .atMost(0, .count))
        // A caller that keeps the previous frame (to compare, or to draw the one
        // before while this one is made): the Director alternates two buffers.
        var previous = director.frame(at: times[0])
        let keeping = kinetype_allocation_count()
        for i in 0..<frames {
            let frame = director.frame(at: times[i & 255])
            blackHole(frame.sprites.count + previous.sprites.count)
            previous = frame
        }
        context.metric("… keeping the previous frame", Double(kinetype_allocation_count() - keeping) / Double(frames), .count, target: .atMost(0, .count))
        // Particles take the same path: sparkle's overlay allocates nothing per frame either.
        let (sparkle, sparkleTimes) = midTransition(glyphs: 1_000, effect: SparkleEffect())
        _ = sparkle.frame(at: sparkleTimes[0])
        let start = kinetype_allocation_count()
        for i in 0..<frames { blackHole(sparkle.frame(at: sparkleTimes[i & 255]).particles.count) }
        context.metric("allocations per frame with particles (sparkle)", Double(kinetype_allocation_count() - start) / Double(frames), .count, target: .atMost(0, .count))
        // A shape that morphs (play's triangle splitting into the bars of pause)
        // over the 10,000 glyphs in flight: its frames allocate nothing either.
        let (morphing, _) = midTransition(glyphs: 10_000)
        morphing.setScene(Scene.play.state(afterToggles: 0), at: 0)
        morphing.setScene(Scene.play.state(afterToggles: 1), at: 0, timing: Scene.play.timing)
        let morphTimes = (0..<256).map { 0.3 * Double($0 + 1) / 257 }
        // What is on screen halfway (the frame is let go before counting: a kept
        // frame makes its buffer copy once); both buffers take their room once.
        let (blends, glyphSprites): ([Double], Int) = {
            let halfway = morphing.frame(at: 0.15)
            return (halfway.shapes.map(\.blend), halfway.sprites.count)
        }()
        blackHole(morphing.frame(at: morphTimes[0]).shapes.count)
        let morphStart = kinetype_allocation_count()
        for i in 0..<frames { blackHole(morphing.frame(at: morphTimes[i & 255]).shapes.count) }
        context.metric("allocations per frame while a shape morphs", Double(kinetype_allocation_count() - morphStart) / Double(frames), .count, target: .atMost(0, .count))
        context.note("morphing: \(blends.count) shapes at blend \(blends.map { ($0 * 100).rounded() / 100 }) halfway, over \(glyphSprites.formatted) glyph sprites")
    }
}

extension Int {
    /// 10000 → "10,000".
    var formatted: String {
        let digits = Array(String(self))
        var out = ""
        for (i, d) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(d)
        }
        return out
    }
}
