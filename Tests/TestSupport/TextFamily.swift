import Animator

/// Kinds of real text the diff must be fast and right on, each generated from
/// a seed, with realistic edits: glyphs removed, inserted and substituted,
/// the inserted ones drawn from the text's own glyphs.
///
/// The benchmark measures every family at 1 % and 30 % edits; property tests
/// check the diff's invariants on each.
public enum TextFamily: String, CaseIterable, Sendable {
    /// English-like prose: sentences of common words, punctuation, paragraphs.
    case prose
    /// A log from a small vocabulary: the same few words over and over.
    case repetitive
    /// Swift-like source code: indentation, identifiers, numbers, braces.
    case code
    /// Japanese and Chinese without any whitespace.
    case cjk
    /// A table of numbers: columns of prices, counts and signed values.
    case numbers
    /// Short words between emoji, including ZWJ sequences, skin tones and flags.
    case emoji

    /// About `count` glyphs of the family (exactly `count` when the text is long enough).
    public func text(glyphs count: Int, seed: UInt64) -> [Character] {
        var random = SeededRandom(seed: seed ^ 0x7E47_F00D)
        var result: [Character] = []
        result.reserveCapacity(count + 64)
        while result.count < count { appendChunk(to: &result, using: &random) }
        return Array(result.prefix(count))
    }

    /// `text` with about `rate` of its glyphs edited: at each glyph, with
    /// probability `rate`, one of a removal, an insertion before it, or a
    /// substitution (a third each); inserted and substituted glyphs are
    /// glyphs of the text itself, picked at random. One pass: O(n).
    public func edited(_ text: [Character], rate: Double, seed: UInt64) -> [Character] {
        guard !text.isEmpty else { return text }
        var random = SeededRandom(seed: seed ^ 0xED17_5EED)
        var result: [Character] = []
        result.reserveCapacity(text.count + text.count / 8 + 8)
        let threshold = UInt64(max(0, min(rate, 1)) * Double(UInt64.max >> 11)) << 11
        for glyph in text {
            guard random.next() < threshold else {
                result.append(glyph)
                continue
            }
            let borrowed = text[random.index(below: text.count)]
            switch random.index(below: 3) {
            case 0: break
            case 1: result.append(contentsOf: [borrowed, glyph])
            default: result.append(borrowed)
            }
        }
        return result
    }

    private func appendChunk(to result: inout [Character], using random: inout SeededRandom) {
        switch self {
        case .prose: Self.sentence(into: &result, using: &random)
        case .repetitive: Self.logLine(into: &result, using: &random)
        case .code: Self.codeLine(into: &result, using: &random)
        case .cjk: Self.cjkPhrase(into: &result, using: &random)
        case .numbers: Self.tableRow(into: &result, using: &random)
        case .emoji: Self.emojiRun(into: &result, using: &random)
        }
    }

    // MARK: - Generators

    private static let englishWords: [String] = """
        the of and to a in is it you that he was for on are with as I his they be at one have this from or had \
        by hot word but what some we can out other were all there when up use your how said an each she which do \
        their time if will way about many then them write would like so these her long make thing see him two has \
        look more day could go come did number sound no most people my over know water than call first who may \
        down side been now find any new work part take get place made live where after back little only round man \
        year came show every good me give our under name very through just form sentence great think say help low \
        line differ turn cause much mean before move right boy old too same tell does set three want air well also \
        play small end put home read hand port large spell add even land here must big high such follow act why \
        ask men change went light kind off need house picture try us again animal point mother world near build \
        self earth father head stand own page should country found answer school grow study still learn plant \
        cover food sun four between state keep eye never last let thought city tree cross farm hard start might \
        story saw far sea draw left late run while press close night real life few north open seem together next
        """.split(separator: " ").map(String.init)

    /// A word of a Zipf-like ranking: early words far more often than late ones.
    private static func zipfIndex(_ count: Int, using random: inout SeededRandom) -> Int {
        let u = Double(random.next() >> 11) / Double(1 << 53)
        return min(count - 1, Int(Double(count) * u * u * u))
    }

    private static func sentence(into result: inout [Character], using random: inout SeededRandom) {
        let words = 4 + random.index(below: 14)
        for w in 0..<words {
            var word = englishWords[zipfIndex(englishWords.count, using: &random)]
            if w == 0, let first = word.first { word = first.uppercased() + word.dropFirst() }
            result.append(contentsOf: word)
            if w == words - 1 {
                result.append(random.index(below: 6) == 0 ? "?" : ".")
            } else if random.index(below: 9) == 0 {
                result.append(",")
            }
            result.append(w == words - 1 && random.index(below: 5) == 0 ? "\n" : " ")
        }
    }

    private static let logWords = ["GET", "POST", "/api/items", "/api/user", "200", "404", "ok", "retry", "INFO", "WARN"]

    private static func logLine(into result: inout [Character], using random: inout SeededRandom) {
        let words = 4 + random.index(below: 4)
        for w in 0..<words {
            result.append(contentsOf: logWords[random.index(below: logWords.count)])
            result.append(w == words - 1 ? "\n" : " ")
        }
    }

    private static let identifiers = [
        "value", "items", "index", "count", "result", "offset", "layout", "frame", "glyph", "state", "next", "width",
    ]
    private static let keywords = ["let", "var", "if", "for", "return", "guard", "func"]

    private static func codeLine(into result: inout [Character], using random: inout SeededRandom) {
        let depth = 1 + random.index(below: 3)
        result.append(contentsOf: String(repeating: " ", count: 4 * depth))
        let name = identifiers[random.index(below: identifiers.count)]
        switch random.index(below: 4) {
        case 0:
            result.append(contentsOf: "\(keywords[random.index(below: 2)]) \(name)\(random.index(below: 10)) = ")
            result.append(contentsOf: "\(identifiers[random.index(below: identifiers.count)])[\(random.index(below: 100))]")
        case 1:
            result.append(contentsOf: "if \(name) > \(random.index(below: 1000)) { return \(name) }")
        case 2:
            result.append(contentsOf: "for \(name) in 0..<\(random.index(below: 64)) {")
        default:
            result.append(contentsOf: "\(name).append(\(identifiers[random.index(below: identifiers.count)]), offset: \(random.index(below: 16)))")
        }
        result.append("\n")
    }

    /// 2,500 ideographs from U+4E00, kana, and CJK punctuation.
    private static let cjkGlyphs: [Character] = {
        var glyphs: [Character] = []
        for scalar in 0x4E00..<(0x4E00 + 2_500) { glyphs.append(Character(Unicode.Scalar(UInt32(scalar))!)) }
        return glyphs
    }()
    private static let kana: [Character] = (0x3041...0x3093).map { Character(Unicode.Scalar(UInt32($0))!) }

    private static func cjkPhrase(into result: inout [Character], using random: inout SeededRandom) {
        let length = 3 + random.index(below: 12)
        for _ in 0..<length {
            if random.index(below: 3) == 0 {
                result.append(kana[random.index(below: kana.count)])
            } else {
                result.append(cjkGlyphs[zipfIndex(cjkGlyphs.count, using: &random)])
            }
        }
        result.append(random.index(below: 4) == 0 ? "。" : "、")
    }

    private static func tableRow(into result: inout [Character], using random: inout SeededRandom) {
        for column in 0..<4 {
            switch column {
            case 0: result.append(contentsOf: "\(random.index(below: 1000))")
            case 1: result.append(contentsOf: "$\(random.index(below: 100)).\(10 + random.index(below: 90))")
            case 2: result.append(contentsOf: "\(random.index(below: 2) == 0 ? "-" : "+")\(random.index(below: 50)).\(random.index(below: 10))%")
            default: result.append(contentsOf: "\(1 + random.index(below: 9)),\(100 + random.index(below: 900))")
            }
            result.append(column == 3 ? "\n" : "\t")
        }
    }

    private static let emojiGlyphs: [Character] = [
        "😀", "🎉", "👍🏽", "❤️", "🔥", "✨", "👨‍👩‍👧", "🇯🇵", "🇫🇷", "🚀", "🙈", "1️⃣", "🧑🏿‍💻", "🌍", "☕️", "🐱",
    ]

    private static func emojiRun(into result: inout [Character], using random: inout SeededRandom) {
        let words = 1 + random.index(below: 3)
        for _ in 0..<words {
            result.append(contentsOf: englishWords[zipfIndex(englishWords.count, using: &random)])
            result.append(" ")
        }
        for _ in 0..<(1 + random.index(below: 3)) { result.append(emojiGlyphs[random.index(below: emojiGlyphs.count)]) }
        result.append(" ")
    }
}
