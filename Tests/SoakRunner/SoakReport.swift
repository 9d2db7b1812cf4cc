/// What a soak run saw: counts, memory at two resting points, and every broken rule.
struct SoakReport {
    var changes = 0
    var interruptions = 0
    var frames = 0
    var sprites = 0
    var mostLiveSprites = 0
    var mostSymbols = 0
    /// Frames whose symbol table held more than 2 × its sprites + 256 glyphs.
    var framesOverSymbolBound = 0
    /// How far any sprite's opacity went outside 0…1 (0 when it never did).
    var opacityOutside = 0.0
    var symbolsAtEnd = 0
    var spritesAtEnd = 0
    var heapAtWarmUp = 0
    var heapAtEnd = 0
    var peakResidentKilobytes = 0
    private(set) var violations: [String] = []
    private var violationCount = 0

    /// Records a broken rule; the first 20 are kept word for word.
    mutating func violation(_ message: @autoclosure () -> String) {
        violationCount += 1
        if violations.count < 20 { violations.append(message()) }
    }

    /// `key value` lines, one per number, then one `violation …` line per rule broken.
    var lines: [String] {
        var out = [
            "changes \(changes)", "interruptions \(interruptions)", "frames \(frames)", "sprites \(sprites)",
            "most-live-sprites \(mostLiveSprites)", "most-symbols \(mostSymbols)",
            "frames-over-symbol-bound \(framesOverSymbolBound)", "symbols-at-end \(symbolsAtEnd)",
            "opacity-outside-millionths \(Int((opacityOutside * 1e6).rounded(.up)))",
            "sprites-at-end \(spritesAtEnd)", "heap-at-warm-up \(heapAtWarmUp)", "heap-at-end \(heapAtEnd)",
            "peak-resident-kilobytes \(peakResidentKilobytes)", "violations \(violationCount)",
        ]
        out += violations.map { "violation \($0)" }
        return out
    }
}
