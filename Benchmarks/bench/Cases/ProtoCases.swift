import Analyzer
import Animator
import Director
import Effects
import Typesetter
#if canImport(Glibc)
import Glibc
#endif

/// PROTOTYPE (branch proto/run-plan): the run model's `setText` of the label
/// (`RunStage`), counted as the gate counts the Director's, and its frames
/// compared with the Director's.
enum ProtoCases {
    static let all: [BenchmarkCase] = [setText(interrupting: false), setText(interrupting: true), plan, frame, check, random, debug]

    /// What `gate: frame 10000` counts, the run model's way: a frame of a 10,000-glyph
    /// text in the middle of a change of 2 % of its words (the frame written as the
    /// prototype's rows, the check's, not as the Director's `SpriteFrame`s).
    static let frame = BenchmarkCase("proto: run frame 10000") { context in
        let old = String(WordText.text(glyphs: 10_000, seed: 11))
        let new = String(WordText.edited(Array(old), rate: 0.02, seed: 12))
        let stage = RunStage(text: old, layout: AnyLayout(MonospaceLayout(cellWidth: 10, cellHeight: 20, wrapWidth: 1200)))
        stage.setText(new, at: 0)
        let times = (0..<256).map { stage.end * 0.9 * Double($0) / 256 }
        var shown: [RunStage.Shown] = []
        shown.reserveCapacity(stage.spriteCount)
        var i = 0
        context.report(
            context.measure { () -> Int in
                i &+= 1
                stage.frame(at: times[i & 255], into: &shown)
                return shown.count
            })
        context.note("\(stage.spriteCount) sprites")
    }

    static func setText(interrupting: Bool) -> BenchmarkCase {
        BenchmarkCase("proto: run setText, \(interrupting ? "interrupting" : "settled")") { context in
            let stage = RunStage(
                text: DirectorCases.labelTexts[0], layout: AnyLayout(MonospaceLayout(cellWidth: 10, cellHeight: 20)))
            let step = interrupting ? 0.05 : 2.0
            var t = 0.0
            var k = 0
            context.report(
                context.measure { () -> Int in
                    k &+= 1
                    t += step
                    return stage.setText(DirectorCases.labelTexts[k & 1], at: t)
                })
        }
    }

    /// What `gate: plan 40 glyphs` counts, the run model's way: a stage made for the old
    /// text (its analysis and layout) and the change planned, afresh every time.
    static let plan = BenchmarkCase("proto: run plan 40 glyphs") { context in
        let layout = AnyLayout(MonospaceLayout(cellWidth: 10, cellHeight: 20))
        context.report(
            context.measure { () -> Int in
                RunStage(planning: DirectorCases.labelTexts[0], to: DirectorCases.labelTexts[1], layout: layout).spriteCount
            })
    }

    /// Pairs of texts to compare on, each changed both ways, settled between.
    static let pairs: [(String, String)] = [
        (DirectorCases.labelTexts[0], DirectorCases.labelTexts[1]),
        ("Creative", "Create"), ("99", "100"), ("hello world", "world hello"),
        ("The quick brown fox jumps over the lazy dog", "The quick red fox jumped over the lazy cat"),
        ("Add to cart", "Added to cart ✓"), ("Loading…", "Loaded"),
    ]

    /// A frame's sprites as comparable rows, in one order for both.
    typealias Row = (symbol: String, role: SpriteRole, x: Double, y: Double, pose: [Double])

    static func rows(_ sprites: [Row]) -> [Row] {
        // Every channel in the key: two sprites of one glyph on one spot differ somewhere (a tie
        // on a few channels would pair the wrong two).
        sprites.sorted {
            if ($0.role.rawValue, $0.symbol, $0.x, $0.y) != ($1.role.rawValue, $1.symbol, $1.x, $1.y) {
                return ($0.role.rawValue, $0.symbol, $0.x, $0.y) < ($1.role.rawValue, $1.symbol, $1.x, $1.y)
            }
            return $0.pose.lexicographicallyPrecedes($1.pose)
        }
    }

    /// The built-in effects whose templates are plain (no tracks, particles or per-glyph variation).
    static let effects = ["scale", "slide", "mist", "rolling", "minimal"]

    static let check = BenchmarkCase("proto: run frames against the Director's") { context in
        var compared = 0, differing = 0
        var notes: [String] = []
        // Each pair settled between changes, then interrupted every 50 ms (eight changes), then settling.
        for name in effects {
          guard let effect = EffectRegistry.standard[name] else { notes.append("no effect \(name)"); continue }
          for interrupting in [false, true] {
            for (a, b) in pairs {
                let before = differing, comparedBefore = compared
                let layout = AnyLayout(MonospaceLayout(cellWidth: 10, cellHeight: 20))
                let director = TransitionDirector(text: a, layout: layout, effect: effect, preference: .alwaysAnimate)
                let stage = RunStage(text: a, layout: layout, effect: effect)
                var t = 0.0
                var shown: [RunStage.Shown] = []
                let texts = interrupting ? [b, a, b, a, b, a, b, a] : [b, a, b]
                for (k, text) in texts.enumerated() {
                    t += interrupting ? 0.05 : 3
                    let estimate = director.setText(text, at: t)
                    stage.setText(text, at: t)
                    let last = k == texts.count - 1
                    let span = interrupting && !last ? 0.049 : estimate.duration + 0.05
                    let count = interrupting && !last ? 6 : 48
                    for f in 0..<count {
                        let time = t + span * Double(f) / Double(count - 1)
                        compared += 1
                        let bad = difference(director, stage, at: time, shown: &shown)
                        if let bad {
                            differing += 1
                            if notes.count < 400 && differing - before < 2 {
                                notes.append("\(name) \(interrupting ? "interrupted " : "")\(a) → \(b) [\(k)] t+\(time - t): \(bad)")
                            }
                        }
                    }
                }
                let verdict = "\(name) \(interrupting ? "interrupted " : "")\(a) → \(b): \(differing - before) of \(compared - comparedBefore) frames differ"
                notes.append(verdict)
                print("proto-check: \(verdict)")
            }
          }
        }
        context.metric("frames differing", Double(differing), .count)
        context.note("\(compared) frames compared")
        for n in notes { context.note(n) }
    }

    /// One frame of both compared: nil when every sprite matches within 1e-9, else what differs.
    /// (`unchanged`: no text change yet. The Director reports its first text, written as
    /// arrivals that do not move, as entering until the first change; the run model as
    /// persisting. Listed, not counted: the roles are read as one then.)
    static func difference(
        _ director: TransitionDirector, _ stage: RunStage, at time: Double, shown: inout [RunStage.Shown], unchanged: Bool = false
    ) -> String? {
        let frame = director.frame(at: time)
        stage.frame(at: time, into: &shown)
        let theirs = rows(
            frame.sprites.map {
                let g = $0.state
                return (
                    String(frame.symbol(of: $0)), unchanged && $0.role == .entering ? .persisting : $0.role, g.position.x,
                    g.position.y, [g.scaleX, g.scaleY, g.rotation, g.skew, g.opacity, g.blur, g.tint.red, g.tint.green,
                        g.tint.blue, g.tint.alpha, g.strokeEnd, g.fill]
                )
            })
        let mine = rows(
            shown.map {
                let g = $0.pose
                return (
                    String(stage.workspace.symbols[Int($0.glyph)]), $0.role, $0.x, $0.y,
                    [g.scaleX, g.scaleY, g.rotation, g.skew, g.opacity, g.blur, g.tintRed, g.tintGreen, g.tintBlue,
                        g.tintAlpha, g.strokeEnd, g.fill]
                )
            })
        guard theirs.count == mine.count else { return "count \(theirs.count) vs \(mine.count)" }
        for (d, p) in zip(theirs, mine) {
            var diff = max(abs(d.x - p.x), abs(d.y - p.y))
            for c in 0..<d.pose.count { diff = max(diff, abs(d.pose[c] - p.pose[c])) }
            if d.symbol != p.symbol || d.role != p.role || !(diff <= 1e-9) {
                return "'\(d.symbol)' \(d.role) (\(d.x), \(d.y), \(d.pose)) vs '\(p.symbol)' \(p.role) (\(p.x), \(p.y), \(p.pose))"
            }
        }
        return nil
    }

    /// A JSON effect whose channels are plain (docs/effects/drop.json, written out here so
    /// the bench reads no file): letters drop in on a bouncy spring, leaving ones fall away.
    static let jsonEffect: AnyEffect? = try? AnyEffect(
        DataEffect(
            json: """
                {"name": "drop", "order": "reading",
                 "entering": {"motion": {"spring": {"mass": 1, "stiffness": 320, "damping": 11}},
                   "channels": {"y": {"from": -0.9}, "opacity": {"from": 0, "curve": "easeOut", "duration": 0.12}}},
                 "exiting": {"motion": {"curve": "easeIn", "duration": 0.3},
                   "channels": {"y": {"to": 0.6}, "rotation": {"to": 12},
                     "opacity": {"to": 0, "curve": "easeIn", "duration": 0.25}}}}
                """))

    /// A JSON effect on the rare channels (tint, stroke end, fill), on the shared curves:
    /// arrivals written on in red, leaving glyphs unfilled.
    static let inkEffect: AnyEffect? = try? AnyEffect(
        DataEffect(
            json: """
                {"name": "ink", "order": "reading",
                 "entering": {"motion": {"curve": "easeOut", "duration": 0.3},
                   "channels": {"tint": {"from": "#e8322a"}, "strokeEnd": {"from": 0.2}, "opacity": {"from": 0}}},
                 "exiting": {"motion": {"curve": "easeIn", "duration": 0.25},
                   "channels": {"fill": {"to": 0}, "opacity": {"to": 0}}}}
                """))

    /// Words in several scripts, for the random texts.
    static let words: [String] = [
        "the", "quick", "brown", "fox", "jumps", "over", "lazy", "dog", "Create", "Creative", "total", "$42.50",
        "99", "100", "items", "Ελλάδα", "λόγος", "привет", "мир", "日本語", "テキスト", "中文", "naïve", "café",
        "a", "I", "ok", "✓", "—", "…", "reading", "writing", "tile", "3", "12,500", "\n",
        "مرحبا", "عالم", "שלום",
    ]

    static func randomText(_ g: inout SeededRandom) -> String {
        let n = Int(g.next() % 9)
        return (0..<n).map { _ in words[Int(g.next() % UInt64(words.count))] }.joined(separator: " ")
    }

    /// Random changes (texts from `words`, wrapped or not, both styles, the plain
    /// effects, changes 10 ms to 2 s apart) played on both and compared frame by frame.
    static let random = BenchmarkCase("proto: run random changes against the Director's") { context in
        var g = SeededRandom(seed: 2026)
        var compared = 0, differing = 0, cases = 0, ties = 0
        var notes: [String] = []
        var shown: [RunStage.Shown] = []
        let rounds = getenv("PROTO_ROUNDS").flatMap { Int(String(cString: $0)) } ?? 400
        let seed = getenv("PROTO_SEED").flatMap { UInt64(String(cString: $0)) } ?? 2026
        g = SeededRandom(seed: seed)
        for round in 0..<rounds {
            let names = effects + (jsonEffect == nil ? [] : ["drop.json"]) + (inkEffect == nil ? [] : ["ink.json"])
            let effectName = names[Int(g.next() % UInt64(names.count))]
            let effect =
                effectName == "drop.json" ? jsonEffect! : effectName == "ink.json" ? inkEffect! : EffectRegistry.standard[effectName]!
            let styleIndex = Int(g.next() % 3)
            let style: MotionStyle = [.snappy, .bouncy, .smooth][styleIndex]
            let wrap: Double? = [nil, 80, 150, 300][Int(g.next() % 4)]
            let alignment = TextAlignment.allCases[Int(g.next() % 3)]
            // A font's layout when PROTO_FONT asks (DejaVu Sans at 20 points; its wraps twice as wide).
            var layout = AnyLayout(MonospaceLayout(cellWidth: 10, cellHeight: 20, wrapWidth: wrap, alignment: alignment))
            if getenv("PROTO_FONT") != nil, let font = try? FontLayout(size: 20, wrapWidth: wrap.map { 2 * $0 }, alignment: alignment) {
                layout = AnyLayout(font)
            }
            var texts = [randomText(&g)]
            // Morph and replace; numeric when PROTO_NUMERIC asks (a number re-anchored while a change
            // runs is not modelled yet: interrupted numeric changes differ).
            let modes: [DiffMode] = getenv("PROTO_NUMERIC") != nil ? [.morph, .replace, .numeric()] : [.morph, .morph, .replace]
            let mode = modes[Int(g.next() % UInt64(modes.count))]
            let director = TransitionDirector(
                text: texts[0], layout: layout, effect: effect, style: style, mode: mode, preference: .alwaysAnimate)
            let stage = RunStage(text: texts[0], layout: layout, effect: effect, style: style, mode: mode)
            var t = 0.0
            var bad: String?
            var times: [Double] = []
            var unchanged = true
            let changes = 1 + Int(g.next() % 5)
            for k in 0..<changes where bad == nil {
                // Half the time a small edit of the last text, else a new one.
                var text = randomText(&g)
                if g.next() % 2 == 0, var words = Optional(texts.last!.split(separator: " ").map(String.init)), !words.isEmpty {
                    let i = Int(g.next() % UInt64(words.count))
                    if g.next() % 2 == 0 { words.remove(at: i) } else { words.insert(Self.words[Int(g.next() % UInt64(Self.words.count))], at: i) }
                    text = words.joined(separator: " ")
                }
                texts.append(text)
                times.append(t)
                let estimate = director.setText(text, at: t)
                stage.setText(text, at: t)
                if text != texts[texts.count - 2] { unchanged = false }
                let last = k == changes - 1
                let gap = last ? estimate.duration + 0.05 : [0.01, 0.05, 0.12, 0.3, 2][Int(g.next() % 5)]
                let count = last ? 40 : 8
                for f in 0..<count {
                    let time = t + gap * Double(f) / Double(count)
                    compared += 1
                    if let d = difference(director, stage, at: time, shown: &shown, unchanged: unchanged) {
                        bad = "[\(k)] t+\(time - t): \(d)"
                        break
                    }
                }
                t += gap
            }
            cases += 1
            if stage.catchTies > 0 { ties += 1 }
            if let bad {
                differing += 1
                let line = "round \(round) \(effectName) \(["snappy", "bouncy", "smooth"][styleIndex]) \(alignment) \(mode) wrap \(wrap.map { "\($0)" } ?? "none") texts \(texts.map { "\"\(String($0.map { $0 == "\n" ? "⏎" : $0 }))\"" }.joined(separator: " → ")) at \(times): \(bad)\n  PROTO_DEBUG=\"\(effectName)|\(["snappy", "bouncy", "smooth"][styleIndex]) \(alignment) \(mode == .replace ? "replace" : "morph")|\(wrap.map { "\(Int($0))" } ?? "")|\(texts[0])|\(zip(times, texts.dropFirst()).map { "\($0):\($1)" }.joined(separator: "|"))|\""
                if notes.count < 60 { notes.append(line) }
                print("proto-random: " + line)
            }
        }
        context.metric("runs differing", Double(differing), .count)
        context.note("\(cases) runs, \(compared) frames compared; \(ties) runs with an arrival between two equally near leaving copies")
        context.note(
            jsonEffect == nil || inkEffect == nil
                ? "a JSON effect did not load" : "effects: \((effects + ["drop.json", "ink.json"]).joined(separator: ", "))")
        for n in notes { context.note(n) }
    }

    /// PROTO_DEBUG="effect|style|wrap|time:text|time:text|…|frame times": both sides' sprites printed.
    static let debug = BenchmarkCase("proto: debug") { context in
        guard let spec = getenv("PROTO_DEBUG").map({ String(cString: $0) }) else { return }
        let parts = spec.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
        let effect = parts[0] == "drop.json" ? jsonEffect! : parts[0] == "ink.json" ? inkEffect! : EffectRegistry.standard[parts[0]]!
        let styleParts = parts[1].split(separator: " ").map(String.init)
        let style: MotionStyle = styleParts[0] == "bouncy" ? .bouncy : styleParts[0] == "smooth" ? .smooth : .snappy
        let alignment = styleParts.count > 1 ? TextAlignment(rawValue: styleParts[1]) ?? .leading : .leading
        let layout = AnyLayout(
            MonospaceLayout(cellWidth: 10, cellHeight: 20, wrapWidth: Double(parts[2]), alignment: alignment))
        let first = parts[3]
        let mode: DiffMode = styleParts.count > 2 && styleParts[2] == "replace" ? .replace : .morph
        let director = TransitionDirector(
            text: first, layout: layout, effect: effect, style: style, mode: mode, preference: .alwaysAnimate)
        let stage = RunStage(text: first, layout: layout, effect: effect, style: style, mode: mode)
        stage.debugHolds = true
        for change in parts[4..<(parts.count - 1)] {
            let c = change.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            let t = Double(c[0])!
            let e = director.setText(c[1], at: t)
            stage.setText(c[1], at: t)
            print("set \(c[1]) at \(t): entering \(e.entering) exiting \(e.exiting) persisting \(e.persisting) duration \(e.duration) proto end \(stage.end - t)")
            let ends = stage.leaving.map { ($0.hide, $0.start, "leaving") } + stage.current.map { ($0.settle, $0.start, "current") }
            for m in stage.debugMarks { print("  mark '\(stage.workspace.symbols[Int(m.3)])' \(m.0) \(m.1) clear \(m.2)") }
            for c in stage.current where c.kind == 3 { print("  arrival '\(stage.workspace.symbols[Int(c.glyph)])' \(c.x) start \(c.start - t) follow \(c.followIndex >= 0 ? "\(stage.followRecords[Int(c.followIndex)])" : "-")") }
            for c in stage.leaving where c.ownIndex >= 0 { print("  leaving own '\(stage.workspace.symbols[Int(c.glyph)])' start \(c.start) settle \(c.settle) tpl \(c.template) \(stage.ownRecord(c.ownIndex))") }
            for c in stage.current where c.kind == 1 { print("  mover '\(stage.workspace.symbols[Int(c.glyph)])' \(c.x) dx \(c.dx) start \(c.start) template \(c.template) own \(c.ownIndex)") }
            if let m = ends.max(by: { $0.0 < $1.0 }) { print("  latest \(m.2) at \(m.0) (start \(m.1)); director end \(t + e.duration)") }
        }
        for g in director.inspect().glyphs where g.symbol == " " || getenv("PROTO_INSPECT_ALL") != nil {
            print("  inspect '\(g.symbol)' id \(g.id) \(g.role) start \(g.start) settle \(g.settle) \(g.curve)")
        }
        var shown: [RunStage.Shown] = []
        for time in parts.last!.split(separator: ",").map({ Double($0)! }) {
            let frame = director.frame(at: time)
            stage.frame(at: time, into: &shown)
            print("t=\(time)")
            for d in frame.sprites {
                let g = d.state
                print("  D '\(frame.symbol(of: d))' \(d.role) \(g.position.x) \(g.position.y) s\(g.scaleX) o\(g.opacity) b\(g.blur) r\(g.rotation) k\(g.skew) t\(g.tint.alpha) e\(g.strokeEnd) f\(g.fill)")
            }
            for p in shown {
                let g = p.pose
                print("  P '\(stage.workspace.symbols[Int(p.glyph)])' \(p.role) \(p.x) \(p.y) s\(g.scaleX) o\(g.opacity) b\(g.blur) r\(g.rotation) k\(g.skew) t\(g.tintAlpha) e\(g.strokeEnd) f\(g.fill)")
            }
        }
    }
}
