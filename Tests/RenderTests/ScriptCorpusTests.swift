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

    @Test(arguments: scriptCorpus)
    func readsInEveryFrame(_ change: ScriptChange) throws {
        let timeline = try Timeline(
            texts: [change.old, change.new], layout: try dejaVu(), preference: .alwaysAnimate, fps: 60)
        var report = LegibilityReport()
        for frame in timeline.frames { report.record(Legibility.check(frame, texts: [change.old, change.new])) }
        #expect(report.garbledShare <= 0.10, "\(report) \(report.worstPairs)")
        #expect(report.doubledFrames == 0, "\(report)")
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
}
