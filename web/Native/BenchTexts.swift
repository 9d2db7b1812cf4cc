import Animator

/// The texts the web benchmark times, the same on both sides: the browser
/// reads them from what this program prints (`kinetype-web-native texts`).
enum BenchTexts {
    /// The 40-glyph label of the Swift benchmark's `setText` cases.
    static let label = ["Checkout complete: 3 items, total $42.50", "Payment failed: card declined, try again"]

    /// Prose-like words of `glyphs` glyphs, and the same with about 2 % of its words replaced.
    static func paragraph(glyphs: Int) -> (old: String, new: String) {
        var random = SeededRandom(seed: 11)
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        func word() -> String {
            String((0..<Int.random(in: 1...9, using: &random)).map { _ in letters.randomElement(using: &random)! })
        }
        var words: [String] = []
        var count = 0
        while count < glyphs {
            let next = word()
            words.append(next)
            count += next.count + 1
        }
        var edited = words
        for i in edited.indices where Int.random(in: 0..<50, using: &random) == 0 { edited[i] = word() }
        return (words.joined(separator: " "), edited.joined(separator: " "))
    }
}
