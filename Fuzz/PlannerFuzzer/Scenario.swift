import FuzzSupport

/// One case for the differential planner fuzzer, in plain data: both engines
/// (the frozen copy of the old planner and the current one) read the same
/// case and must draw the same frames.
struct Scenario: CustomStringConvertible {
    struct Layout {
        var cellWidth: Double
        var cellHeight: Double
        var wrapWidth: Double?
        var alignment: Int
        var tracking: Double
        /// Pen ink per glyph (as a single-stroke font reports it): 0 for whitespace, else 8 + the scalar's value mod 13.
        var ink: Bool
        /// Drawings named per glyph, each depending on the glyph and the one after it (as shaping does).
        var drawings: Bool
        var rightToLeft: Bool
    }

    enum Effect {
        case named(String)
        case json(String)
    }

    enum Style {
        case preset(String)
        case spring(mass: Double, stiffness: Double, damping: Double, stagger: Double, fade: Double)
    }

    enum Step {
        /// Sets a text at a time.
        case text(String, at: Double)
        /// Sets a scene's state (after some toggles) at a time.
        case scene(name: String, toggles: Int, at: Double)
    }

    var layout: Layout
    var effect: Effect
    var style: Style
    /// 0 morph, 1 replace, 2 numeric.
    var mode: Int
    /// 0 always animate, 1 never animate, 2 reduced (cross-fade).
    var preference: Int
    var seed: UInt64
    var tiles: Bool
    var first: String
    var steps: [Step]
    /// Times at which frames are compared.
    var samples: [Double]

    var description: String {
        var text = "layout \(layout), effect \(effect), style \(style), mode \(mode), preference \(preference), seed \(seed), tiles \(tiles)\n"
        text += "  first \(first.debugDescription)\n"
        for step in steps {
            switch step {
            case .text(let s, let t): text += "  at \(t): \(s.debugDescription)\n"
            case .scene(let name, let toggles, let t): text += "  at \(t): scene \(name) toggles \(toggles)\n"
            }
        }
        return text
    }

    static let words: [[String]] = [
        ["Send", "Action", "Sent", "Checkout", "complete:", "3", "items,", "total", "$42.50", "Payment", "failed:",
         "card", "declined,", "try", "again", "The", "quick", "brown", "fox", "jumps", "over", "the", "lazy", "dog"],
        ["日本", "語", "東京", "大阪へ", "行く", "本", "を", "読む", "今日", "は"],
        ["مرحبا", "بالعالم", "كتاب", "في", "البيت"],
        ["Hi", "👋", "👨‍👩‍👧", "🇫🇷", "👍🏽", "café", "cafe", "naïve", "ค่", "कि"],
        ["99", "100", "1,000", "$9.99", "$10.49", "12:59", "13:00", "-4", "+12%", "0.5"],
    ]

    static let effects = [
        "scale", "minimal", "wave", "mist", "sparkle", "rolling", "slide", "dance", "write", "slide+mist",
        "rolling+scale",
    ]

    static let jsonEffects = [
        #"{"name": "drop", "entering": {"channels": {"y": {"from": -0.6, "spring": {"stiffness": 260, "damping": 11}}, "opacity": {"from": 0, "curve": "easeOut", "duration": 0.2}}}}"#,
        #"{"name": "lift", "base": "slide", "order": "fromCenter", "entering": {"range": {"over": "words", "shape": "triangle"}, "channels": {"y": {"from": 0.4}, "rotation": {"from": 12, "curve": "easeOut", "duration": 0.3}}}, "persisting": {"channels": {"scale": {"by": 0.1}}}}"#,
        #"{"name": "fadeout", "exiting": {"channels": {"opacity": {"to": 0, "keyframes": [[0, 0], [0.1, 0.7], [0.3, 1, "easeIn"]]}, "blur": {"to": 0.2}}}}"#,
    ]

    /// Reads a case off a fuzzer's input.
    init(_ bytes: [UInt8]) {
        var input = FuzzInput(bytes)
        layout = Layout(
            cellWidth: 6 + Double(input.byte() % 9), cellHeight: 14 + Double(input.byte() % 11),
            wrapWidth: input.byte() % 3 == 0 ? 60 + Double(input.byte()) * 2 : nil, alignment: Int(input.byte() % 3),
            tracking: input.byte() % 5 == 0 ? Double(Int(input.byte() % 5) - 2) : 0, ink: false, drawings: false,
            rightToLeft: false)
        let extras = input.byte()
        layout.ink = extras % 7 == 1
        layout.drawings = extras % 5 == 2
        layout.rightToLeft = extras % 9 == 3
        let which = input.byte()
        if which % 7 == 6 {
            effect = .json(input.pick(Self.jsonEffects))
        } else {
            effect = .named(input.pick(Self.effects))
        }
        let styleByte = input.byte()
        if styleByte % 5 == 4 {
            style = .spring(
                mass: 0.5 + Double(input.byte() % 4) * 0.5, stiffness: 100 + Double(input.byte()) * 2,
                damping: 8 + Double(input.byte() % 40), stagger: Double(input.byte() % 6) * 0.02,
                fade: 0.05 + Double(input.byte() % 6) * 0.05)
        } else {
            style = .preset(["snappy", "smooth", "bouncy", "snappy"][Int(styleByte % 4)])
        }
        let modeByte = input.byte()
        mode = modeByte % 6 == 5 ? 1 : modeByte % 6 == 4 ? 2 : 0
        let preferenceByte = input.byte()
        preference = preferenceByte % 8 == 7 ? 1 : preferenceByte % 8 == 6 ? 2 : 0
        seed = UInt64(input.byte() % 4)
        tiles = input.byte() % 6 == 5
        let family = input.pick(Self.words)
        func text(_ input: inout FuzzInput) -> String {
            let count = 1 + Int(input.byte() % 7)
            var parts: [String] = []
            for _ in 0..<count {
                parts.append(input.byte() % 9 == 8 ? input.pick(Self.words.flatMap { $0 }) : input.pick(family))
            }
            let joiner = family.count == 10 && input.byte() % 2 == 0 ? "" : (input.byte() % 11 == 10 ? "\n" : " ")
            return parts.joined(separator: joiner)
        }
        /// A longer text: several texts of the family, joined.
        func paragraph(_ input: inout FuzzInput) -> String {
            (0..<(3 + Int(input.byte() % 6))).map { _ in text(&input) }.joined(separator: " ")
        }
        /// The text edited as people edit: a word appended or inserted, a letter
        /// typed or taken out, a word replaced or removed (the plan then keeps the
        /// glyphs at the ends that stay).
        func edited(_ current: String, _ input: inout FuzzInput) -> String {
            var glyphs = Array(current)
            let word = Array(input.pick(family))
            let at = glyphs.isEmpty ? 0 : Int(input.byte()) * 7 % (glyphs.count + 1)
            switch input.byte() % 6 {
            case 0: glyphs += (glyphs.isEmpty ? [] : [" "]) + word
            case 1: glyphs.insert(contentsOf: word + [" "], at: at)
            case 2: glyphs.insert(input.pick(["x", "é", "\u{301}", "本", " "]), at: at)
            case 3: if !glyphs.isEmpty { glyphs.remove(at: min(at, glyphs.count - 1)) }
            case 4:
                // The word at `at` replaced.
                var start = min(at, glyphs.count), end = start
                while start > 0, glyphs[start - 1] != " " { start -= 1 }
                while end < glyphs.count, glyphs[end] != " " { end += 1 }
                glyphs.replaceSubrange(start..<end, with: word)
            default:
                var start = min(at, glyphs.count), end = start
                while start > 0, glyphs[start - 1] != " " { start -= 1 }
                while end < glyphs.count, glyphs[end] != " " { end += 1 }
                if end < glyphs.count { end += 1 }
                glyphs.removeSubrange(start..<end)
            }
            return String(glyphs)
        }
        let edits = input.byte() % 3 == 2
        first = edits ? paragraph(&input) : input.byte() % 9 == 8 ? "" : text(&input)
        var current = first
        var time = 0.0
        var steps: [Step] = []
        var samples: [Double] = []
        let count = 1 + Int(input.byte() % (edits ? 6 : 4))
        for _ in 0..<count {
            let gap = [0.0, 0.03, 0.06, 0.12, 0.25, 0.5, 2.0, 0.04][Int(input.byte() % 8)]
            time += gap
            if edits {
                current = edited(current, &input)
                steps.append(.text(current, at: time))
            } else if input.byte() % 10 == 9 {
                steps.append(.scene(name: input.pick(["menu", "play", "check"]), toggles: Int(input.byte() % 3), at: time))
            } else {
                current = text(&input)
                steps.append(.text(current, at: time))
            }
            samples.append(time)
            for k in 1...4 { samples.append(time + gap * Double(k) / 5) }
        }
        for k in 1...12 { samples.append(time + Double(k) * 0.1) }
        samples.append(time + 5)
        self.steps = steps
        self.samples = samples.sorted()
    }
}

/// What one frame shows, in plain numbers.
struct FrameRecord {
    struct Sprite {
        var id: Int32
        var symbol: String
        var role: String
        var channels: [Double]
        var box: [Double]
        var drawing: Int32
    }

    struct ShapeRecord {
        var id: Int32
        var key: String
        var role: String
        var channels: [Double]
        var blend: Double
        var glyphSprite: Int32
    }

    var time: Double
    var sprites: [Sprite] = []
    var shapes: [ShapeRecord] = []
    var particles: [[Double]] = []
}

/// What one engine made of a case: its frames, its events and, for the
/// planner on its own, the plan's glyphs and states.
struct RunRecord {
    var frames: [FrameRecord] = []
    var events: [String] = []
    var plan: [String] = []
    var planStates: [[Double]] = []
}
