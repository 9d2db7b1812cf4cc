import Animator

/// Paragraphs of a thousand glyphs and more, changed as people change them:
/// words edited all over, a sentence inserted at the start or taken out of the
/// middle, two sentences traded, a text streamed in word by word at several
/// rates; Latin, CJK and Arabic. The long-text half of the legibility corpus
/// (`LabelCorpus` holds the labels), played with the same measure
/// (`LabelCorpus.legibility(of:layout:changes:fps:)`).
///
/// Every paragraph is made from a seed, so the corpus is the same on every run.
public enum LongTextCorpus {
    /// Every change of the corpus.
    public static let all: [LabelChange] = paragraphs + streams + scripts

    /// The Latin paragraphs: edits all over a 2,000-glyph paragraph, sentences
    /// inserted, removed and traded in a 1,200-glyph one, a 3,000-glyph one
    /// losing a sentence in its middle.
    public static let paragraphs: [LabelChange] = {
        let long = latin(glyphs: 2_000, seed: 1)
        let medium = latin(glyphs: 1_200, seed: 2)
        let longest = latin(glyphs: 3_000, seed: 3)
        let inserted = latinSentence(seed: 40)
        return [
            LabelChange("every ninth word", [long.text, everyNth(long.words, 9, from: latinWords, seed: 4)], wrapWidth: 900),
            LabelChange("every ninth word, centred", [medium.text, everyNth(medium.words, 9, from: latinWords, seed: 5)],
                        wrapWidth: 700, alignment: .center),
            LabelChange("sentence inserted at the start", [medium.text, inserted + " " + medium.text], wrapWidth: 900),
            LabelChange("sentence removed from the middle", [medium.text, removingMiddleSentence(medium.sentences)],
                        wrapWidth: 900),
            LabelChange("sentences traded", [medium.text, trading(medium.sentences)], wrapWidth: 900),
            LabelChange("3,000 glyphs, sentence removed", [longest.text, removingMiddleSentence(longest.sentences)],
                        wrapWidth: 1_200),
        ]
    }()

    /// A 1,000-glyph paragraph revealed as a chat answer streams in: two words
    /// every 0.12 s, a word every 0.05 s, a sentence every 0.5 s.
    public static let streams: [LabelChange] = {
        let text = latin(glyphs: 1_000, seed: 6)
        return [
            LabelChange("streamed two words / 0.12 s", stream(text.words, by: 2), interval: 0.12, wrapWidth: 900),
            LabelChange("streamed a word / 0.05 s", stream(text.words, by: 1), interval: 0.05, wrapWidth: 900),
            LabelChange("streamed a sentence / 0.5 s", streamSentences(text.sentences), interval: 0.5, wrapWidth: 900),
        ]
    }()

    /// A CJK paragraph (1,200 glyphs) with phrases edited all over and a
    /// sentence inserted, and an Arabic one (1,000 glyphs) with words edited all over.
    public static let scripts: [LabelChange] = {
        let cjk = phrases(glyphs: 1_200, from: cjkPhrases, separator: "", end: "。", seed: 7)
        let arabic = phrases(glyphs: 1_000, from: arabicWords, separator: " ", end: ".", seed: 8)
        return [
            LabelChange("CJK every seventh phrase", [cjk.text, everyNth(cjk.words, 7, from: cjkPhrases, separator: "", seed: 9)],
                        wrapWidth: 800),
            LabelChange("CJK sentence inserted", [cjk.text, "今日は新しい駅の前で友達に会いました。" + cjk.text], wrapWidth: 800),
            LabelChange("Arabic every ninth word",
                        [arabic.text, everyNth(arabic.words, 9, from: arabicWords, seed: 10)], wrapWidth: 800,
                        alignment: .trailing),
        ]
    }()

    // MARK: Making paragraphs

    /// A paragraph: its text, its words (punctuation attached) and its sentences.
    struct Paragraph {
        var text: String
        var words: [String]
        var sentences: [String]
    }

    static let latinWords = """
        the quick brown fox jumps over lazy dog and keeps running far away under bright stars rivers mountains \
        align quietly beside old town walls where people gather every evening to talk about weather markets \
        music light morning window garden letter river bridge small green house paper story people found \
        because after never always often slowly across between little great simple warm cold open
        """.split(separator: " ").map(String.init)

    static let cjkPhrases = [
        "東京", "大阪へ", "新しい", "電車で", "友達と", "春の", "桜が", "きれいに", "咲いています", "私たちは", "毎朝", "駅まで",
        "歩きます", "天気が", "良い日は", "公園で", "本を", "読みます", "会議は", "午後に", "始まります", "資料を", "送りました",
        "中文", "学习", "每天", "我们", "一起", "工作",
    ]

    static let arabicWords = """
        في صباح يوم جميل ذهب الطالب إلى المدرسة مع أصدقائه وكان الجو مشمسا والناس يمشون في الشوارع القديمة \
        بين البيوت والحدائق الخضراء ثم جلسوا في المكتبة يقرؤون الكتب ويكتبون الرسائل
        """.split(separator: " ").map(String.init)

    /// A Latin paragraph of about `glyphs` glyphs: sentences of 6 to 14 words.
    static func latin(glyphs: Int, seed: UInt64) -> Paragraph {
        phrases(glyphs: glyphs, from: latinWords, separator: " ", end: ".", seed: seed, capitalised: true)
    }

    /// One Latin sentence of 8 words.
    static func latinSentence(seed: UInt64) -> String {
        var random = SeededRandom(seed: seed)
        let words = (0..<8).map { _ in latinWords[random.index(below: latinWords.count)] }
        return capitalised(words.joined(separator: " ")) + "."
    }

    /// Sentences of 6 to 14 units from `vocabulary`, joined by `separator`,
    /// each ending with `end`, until the text holds about `glyphs` glyphs.
    static func phrases(
        glyphs: Int, from vocabulary: [String], separator: String, end: String, seed: UInt64, capitalised: Bool = false
    ) -> Paragraph {
        var random = SeededRandom(seed: seed)
        var words: [String] = [], sentences: [String] = []
        var count = 0
        while count < glyphs {
            let length = 6 + random.index(below: 9)
            var sentence: [String] = []
            for k in 0..<length {
                var word = vocabulary[random.index(below: vocabulary.count)]
                if k == 0 && capitalised { word = Self.capitalised(word) }
                if k == length - 1 { word += end }
                sentence.append(word)
            }
            words += sentence
            let joined = sentence.joined(separator: separator)
            sentences.append(joined)
            count += joined.count + separator.count
        }
        return Paragraph(text: sentences.joined(separator: separator), words: words, sentences: sentences)
    }

    static func capitalised(_ word: String) -> String {
        word.prefix(1).uppercased() + word.dropFirst()
    }

    /// The words with every `n`-th (from the `n / 2`-th) replaced by another
    /// word of `vocabulary` (its punctuation kept), joined again.
    static func everyNth(_ words: [String], _ n: Int, from vocabulary: [String], separator: String = " ", seed: UInt64) -> String {
        var random = SeededRandom(seed: seed)
        var edited = words
        for i in stride(from: n / 2, to: words.count, by: n) {
            let word = words[i]
            let ending = word.hasSuffix(".") ? "." : word.hasSuffix("。") ? "。" : ""
            let bare = String(word.dropLast(ending.count))
            var other = bare
            while other == bare || other.lowercased() == bare.lowercased() {
                other = vocabulary[random.index(below: vocabulary.count)]
            }
            if bare.first?.isUppercase == true { other = capitalised(other) }
            edited[i] = other + ending
        }
        return edited.joined(separator: separator)
    }

    static func removingMiddleSentence(_ sentences: [String]) -> String {
        var kept = sentences
        kept.remove(at: sentences.count / 2)
        return kept.joined(separator: " ")
    }

    /// The second and third sentences traded.
    static func trading(_ sentences: [String]) -> String {
        var traded = sentences
        traded.swapAt(1, 2)
        return traded.joined(separator: " ")
    }

    /// The texts a stream shows: `step` more words each time, to the whole text.
    static func stream(_ words: [String], by step: Int) -> [String] {
        stride(from: step, through: words.count + step - 1, by: step).map {
            words.prefix(min($0, words.count)).joined(separator: " ")
        }
    }

    static func streamSentences(_ sentences: [String]) -> [String] {
        (1...sentences.count).map { sentences.prefix($0).joined(separator: " ") }
    }
}
