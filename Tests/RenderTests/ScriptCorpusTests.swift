import Animator
import Director
import Effects
@testable import Render
import Testing
import Typesetter

/// A change of text in one of the world's scripts.
struct ScriptChange: CustomTestStringConvertible, Sendable {
    var script: String
    var old: String
    var new: String
    var rightToLeft = false

    var testDescription: String { "\(script): \(old) → \(new)" }
}

/// The script corpus: changes people make in Arabic, Persian, Urdu, Hebrew,
/// Devanagari, Bengali, Tamil, Thai, Khmer, Myanmar, Chinese, Japanese, Korean
/// and emoji. Joining forms change, ligatures form and break, marks stack and
/// reorder, numbers sit inside right-to-left text.
let scriptCorpus: [ScriptChange] = [
    ScriptChange(script: "Arabic", old: "كتاب", new: "كتب", rightToLeft: true),
    ScriptChange(script: "Arabic", old: "سلام", new: "سلم", rightToLeft: true),
    ScriptChange(script: "Arabic", old: "مرحبا", new: "مرحبا بالعالم", rightToLeft: true),
    ScriptChange(script: "Arabic", old: "السعر 120 دولار", new: "السعر 99 دولار", rightToLeft: true),
    ScriptChange(script: "Arabic", old: "كاتب", new: "مكتب", rightToLeft: true),
    ScriptChange(script: "Persian", old: "سلام دنیا", new: "سلام دوست", rightToLeft: true),
    ScriptChange(script: "Persian", old: "کتابخانه", new: "کتاب", rightToLeft: true),
    ScriptChange(script: "Persian", old: "می‌روم", new: "نمی‌روم", rightToLeft: true),
    ScriptChange(script: "Urdu", old: "پاکستان", new: "پاکستانی", rightToLeft: true),
    ScriptChange(script: "Urdu", old: "شکریہ", new: "بہت شکریہ", rightToLeft: true),
    ScriptChange(script: "Urdu", old: "کتاب", new: "کتابیں", rightToLeft: true),
    ScriptChange(script: "Hebrew", old: "שלום", new: "שלום עולם", rightToLeft: true),
    ScriptChange(script: "Hebrew", old: "מחיר 120 ₪", new: "מחיר 99 ₪", rightToLeft: true),
    ScriptChange(script: "Hebrew", old: "ספר", new: "ספרים", rightToLeft: true),
    ScriptChange(script: "Devanagari", old: "नमस्ते", new: "नमस्कार"),
    ScriptChange(script: "Devanagari", old: "किताब", new: "किताबें"),
    ScriptChange(script: "Devanagari", old: "क्षमा", new: "क्षमता"),
    ScriptChange(script: "Bengali", old: "বাংলা", new: "বাংলাদেশ"),
    ScriptChange(script: "Bengali", old: "ধন্যবাদ", new: "অনেক ধন্যবাদ"),
    ScriptChange(script: "Bengali", old: "কিন্তু", new: "কিছু"),
    ScriptChange(script: "Tamil", old: "வணக்கம்", new: "வணக்கம் நண்பா"),
    ScriptChange(script: "Tamil", old: "தமிழ்", new: "தமிழ்நாடு"),
    ScriptChange(script: "Tamil", old: "கொடு", new: "கோடு"),
    ScriptChange(script: "Thai", old: "สวัสดี", new: "สวัสดีครับ"),
    ScriptChange(script: "Thai", old: "ค", new: "ค่"),
    ScriptChange(script: "Thai", old: "ภาษาไทย", new: "ภาษาลาว"),
    ScriptChange(script: "Khmer", old: "ស្តី", new: "ស្រី"),
    ScriptChange(script: "Khmer", old: "ខ្មែរ", new: "ភាសាខ្មែរ"),
    ScriptChange(script: "Khmer", old: "សួស្តី", new: "សួស្តីបង"),
    ScriptChange(script: "Myanmar", old: "မင်္ဂလာပါ", new: "မင်္ဂလာ"),
    ScriptChange(script: "Myanmar", old: "မြန်မာ", new: "မြန်မာစာ"),
    ScriptChange(script: "Myanmar", old: "ကျေးဇူး", new: "ကျေးဇူးပါ"),
    ScriptChange(script: "Chinese", old: "你好", new: "你好世界"),
    ScriptChange(script: "Chinese", old: "我们的朋友", new: "你们的朋友"),
    ScriptChange(script: "Chinese", old: "价格 120 元", new: "价格 99 元"),
    ScriptChange(script: "Japanese", old: "こんにちは", new: "こんばんは"),
    ScriptChange(script: "Japanese", old: "日本語", new: "日本人"),
    ScriptChange(script: "Japanese", old: "カタカナ", new: "ひらがな"),
    ScriptChange(script: "Korean", old: "안녕하세요", new: "안녕히 가세요"),
    ScriptChange(script: "Korean", old: "한국어", new: "한국 사람"),
    ScriptChange(script: "Korean", old: "감사합니다", new: "고맙습니다"),
    ScriptChange(script: "emoji", old: "Hi 👋", new: "Hi 👨‍👩‍👧"),
    ScriptChange(script: "emoji", old: "👍", new: "👍🏽"),
    ScriptChange(script: "emoji", old: "🇫🇷 Paris", new: "🇯🇵 Tokyo"),
    ScriptChange(script: "emoji", old: "Press 1️⃣", new: "Press 2️⃣ 🎉"),
    ScriptChange(script: "mixed", old: "Hello مرحبا", new: "Hello مرحبا بكم"),
]

@Suite struct ScriptCorpusTests {
    @Test func theCorpusCoversTheScripts() {
        #expect(scriptCorpus.count >= 40)
        let scripts = Set(scriptCorpus.map(\.script))
        for script in ["Arabic", "Persian", "Urdu", "Hebrew", "Devanagari", "Bengali", "Tamil", "Thai", "Khmer",
                       "Myanmar", "Chinese", "Japanese", "Korean", "emoji"] {
            #expect(scripts.contains(script), "\(script)")
        }
    }

    /// What a frame draws, glyph for glyph: each visible sprite's drawing and place.
    static func drawn(_ frame: Frame, outlines: GlyphOutlines) -> [String] {
        frame.sprites.compactMap { sprite in
            guard sprite.state.opacity > 0, let drawing = try? outlines.drawing(sprite.drawing, symbol: frame.symbol(of: sprite)),
                !drawing.drawsNothing
            else { return nil }
            let s = sprite.state
            return "\(drawing.shapeKey) at \(Int((s.position.x * 100).rounded())),\(Int((s.position.y * 100).rounded()))"
                + " scale \(s.scaleX),\(s.scaleY) opacity \(s.opacity)"
        }.sorted()
    }

    @Test(arguments: scriptCorpus)
    func settlesOnTheTargetAsDrawnAlone(_ change: ScriptChange) throws {
        let font = try dejaVu()
        #expect(font.diagnostics(for: Array(change.old + change.new)).isEmpty, "every character has a font")
        let timeline = try Timeline(texts: [change.old, change.new], layout: font, preference: .alwaysAnimate, fps: 30)
        let still = try Timeline(texts: [change.new], layout: font, preference: .alwaysAnimate, fps: 30)
        let settled = try #require(timeline.frames.last), alone = try #require(still.frames.first)
        #expect(settled.reshapes.isEmpty)
        #expect(Self.drawn(settled, outlines: timeline.outlines) == Self.drawn(alone, outlines: still.outlines))
        // The same pixels, on the still's canvas.
        let style = RenderStyle()
        let setup = try style.resolved(still.bounds, outlines: still.outlines)
        let renderer = PNGRenderer(style: style)
        let a = try renderer.draw(settled, outlines: timeline.outlines, setup: setup, measures: OutlineMeasures()).rgba()
        let b = try renderer.draw(alone, outlines: still.outlines, setup: setup, measures: OutlineMeasures()).rgba()
        #expect(a == b)
    }

    /// The legibility measure over every frame of a change, at 60 frames a second.
    static func legibility(of change: ScriptChange) throws -> LegibilityReport {
        let timeline = try Timeline(
            texts: [change.old, change.new], layout: try dejaVu(), preference: .alwaysAnimate, fps: 60)
        var report = LegibilityReport()
        for frame in timeline.frames { report.record(Legibility.check(frame, texts: [change.old, change.new])) }
        return report
    }

    @Test(arguments: scriptCorpus)
    func readsInEveryFrame(_ change: ScriptChange) throws {
        let report = try Self.legibility(of: change)
        #expect(report.garbledShare <= 0.10, "\(report) \(report.worstPairs)")
        #expect(report.doubledFrames == 0, "\(report)")
    }

    /// The limit the Latin corpus holds on average: garbled frames ≤ 3 % over
    /// the corpus, each change counted once.
    @Test func readsOnAverageAsLatinDoes() throws {
        var shares: [(change: ScriptChange, share: Double)] = []
        for change in scriptCorpus { shares.append((change, try Self.legibility(of: change).garbledShare)) }
        let mean = shares.map(\.share).reduce(0, +) / Double(shares.count)
        let worst = shares.sorted { $0.share > $1.share }.prefix(5).map { "\($0.change.testDescription) \($0.share)" }
        #expect(mean <= 0.03, "mean \(mean); worst: \(worst)")
    }

    @Test(arguments: scriptCorpus.filter(\.rightToLeft))
    func rightToLeftStartsStayPut(_ change: ScriptChange) throws {
        let font = try dejaVu()
        // Where the text starts: the right edge of its rightmost box.
        func start(_ frame: Frame) -> Double? {
            frame.sprites.filter { $0.boxSize.width > 0 }.map { $0.state.position.x + $0.boxSize.width / 2 }.max()
        }
        let before = try #require(try Timeline(texts: [change.old], layout: font, fps: 30).frames.first)
        let timeline = try Timeline(texts: [change.old, change.new], layout: font, preference: .alwaysAnimate, fps: 30)
        let settled = try #require(timeline.frames.last)
        let first = try #require(start(before)), last = try #require(start(settled))
        #expect(abs(first - last) < 0.01, "the start edge moved from \(first) to \(last)")
    }

    /// A letter that gains or loses a mark ("ค" → "ค่", a tone mark; "क" → "कि",
    /// a vowel sign) keeps its sprite: nothing enters or leaves.
    @Test(arguments: [("ค", "ค่"), ("คา", "ค่า"), ("ค่", "ค"), ("क", "कि"), ("cafe\u{301}", "cafe")])
    func aLetterThatGainsAMarkKeepsItsSprite(old: String, new: String) throws {
        let director = TransitionDirector(text: old, layout: try dejaVu(), preference: .alwaysAnimate)
        let estimate = director.setText(new, at: 0)
        #expect(estimate.entering == 0 && estimate.exiting == 0, "\(estimate)")
        #expect(estimate.persisting == Array(new).count)
    }

    /// ... and its ink never dims: wherever the letter is solid both before and
    /// after, every frame of the change is solid too (a cross-fade of two copies
    /// would dip to three quarters halfway).
    @Test(arguments: [("ค", "ค่"), ("คา", "ค่า"), ("ค่", "ค")])
    func aLetterThatGainsAMarkNeverDims(old: String, new: String) throws {
        let font = try dejaVu()
        let timeline = try Timeline(texts: [old, new], layout: font, preference: .alwaysAnimate, fps: 60)
        let style = RenderStyle(background: .white)
        let setup = try style.resolved(timeline.bounds, outlines: timeline.outlines)
        let renderer = PNGRenderer(style: style)
        func pixels(_ frame: Frame, _ outlines: GlyphOutlines) throws -> [UInt8] {
            try renderer.draw(frame, outlines: outlines, setup: setup, measures: OutlineMeasures()).rgba()
        }
        func alone(_ text: String) throws -> [UInt8] {
            let still = try Timeline(texts: [text], layout: font, fps: 60)
            return try pixels(try #require(still.frames.first), still.outlines)
        }
        let before = try alone(old), after = try alone(new)
        // Solid in both: the red channel near the ink's (28 of 255, on white).
        let shared = stride(from: 0, to: before.count, by: 4).filter { before[$0] < 40 && after[$0] < 40 }
        #expect(shared.count > 50, "the letter has a body")
        var faintest = 0
        for frame in timeline.frames {
            let drawn = try pixels(frame, timeline.outlines)
            faintest = max(faintest, shared.map { Int(drawn[$0]) }.max() ?? 0)
        }
        #expect(faintest < 60, "the letter's ink faded to \(255 - faintest) of 255")
    }

    /// Mixed-direction and right-to-left lines animate in visual order: two
    /// glyphs that stay never pass each other on the way.
    @Test(arguments: scriptCorpus.filter(\.rightToLeft))
    func stayingGlyphsNeverCross(_ change: ScriptChange) throws {
        let timeline = try Timeline(
            texts: [change.old, change.new], layout: try dejaVu(), preference: .alwaysAnimate, fps: 60)
        let frames = timeline.frames
        func xs(_ frame: Frame) -> [Int32: Double] {
            var out: [Int32: Double] = [:]
            for sprite in frame.sprites where sprite.boxSize.width > 0 { out[sprite.id] = sprite.state.position.x }
            return out
        }
        let first = xs(try #require(frames.first)), last = xs(try #require(frames.last))
        let staying = first.keys.filter { last[$0] != nil }.sorted()
        for frame in frames {
            let x = xs(frame)
            for (k, a) in staying.enumerated() {
                for b in staying[(k + 1)...] {
                    guard let xa = x[a], let xb = x[b], abs(first[a]! - first[b]!) > 1 else { continue }
                    #expect((xa - xb).sign == (first[a]! - first[b]!).sign, "sprites \(a) and \(b) cross at \(frame.time)")
                }
            }
        }
    }

    /// A joined run is drawn whole by one sprite in every frame: each drawing
    /// shown is a unit of the old or the new text as it is drawn there, never a
    /// letter cut out of its run.
    @Test(arguments: scriptCorpus.filter { ["Arabic", "Persian", "Urdu", "Devanagari", "Khmer"].contains($0.script) })
    func joinedRunsNeverOpen(_ change: ScriptChange) throws {
        let font = try dejaVu()
        let timeline = try Timeline(texts: [change.old, change.new], layout: font, preference: .alwaysAnimate, fps: 60)
        let named = Set((font.layout(Array(change.old)).drawings ?? []) + (font.layout(Array(change.new)).drawings ?? []))
        for frame in timeline.frames {
            var cursor = 0
            for index in frame.sprites.indices where frame.sprites[index].state.opacity > 0 {
                let d = frame.drawings(of: index, cursor: &cursor)
                #expect(named.contains(d.to), "frame at \(frame.time) draws \(d.to)")
                if d.fromShare > 0 { #expect(named.contains(d.from), "frame at \(frame.time) draws \(d.from)") }
            }
        }
    }
}
