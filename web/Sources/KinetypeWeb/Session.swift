import Analyzer
import Animator
import Director
import Effects

/// One `director({…})` of the page: the engine's `TransitionDirector` and what
/// the web interface keeps beside it (the advances measured so far, the last
/// frame for its legibility, the symbols JavaScript has been sent).
final class Session {
    private(set) var options = DirectorOptions()
    private(set) var effect = AnyEffect.scale
    private(set) var director: TransitionDirector?
    /// The measured layout with every advance the host gave (the Director keeps a copy).
    private var measured: MeasuredLayout?
    /// The font the host measured in (its CSS font family): advances stay valid while it does not change.
    private var measuredFont = ""
    /// The clusters last reported as unmeasured, waiting for their advances.
    private var pending: [Character] = []
    /// The last frame, for `legibility()`.
    private var lastFrame: Frame?
    /// The texts whose glyphs may be on screen together (for the doubled-glyph check).
    private var textsInPlay: [String] = []
    /// The most texts `textsInPlay` keeps.
    static let textsKept = 16
    /// The symbols from id 128 on that JavaScript holds (ids below are ASCII).
    private var sent: [Character] = []

    /// Reads the options (see `DirectorOptions`); a running director takes them from its next `setText`.
    func configure(json: String) throws(WebError) {
        let options = try DirectorOptions(json: json)
        self.options = options
        if case .measured(let layout, let font) = options.layout {
            // Advances measured in the same font carry over to a new wrap, alignment or line height.
            if font.equals(measuredFont), measured?.fontSize == layout.fontSize {
                measured?.lineHeight = layout.lineHeight
                measured?.ascent = layout.ascent
                measured?.wrapWidth = layout.wrapWidth
                measured?.alignment = layout.alignment
            } else {
                measured = layout
            }
            measuredFont = font
        } else {
            measured = nil
        }
        guard let director else { return }
        director.style = options.style
        director.mode = options.mode
        director.preference = options.preference
        director.seed = options.seed
        director.layout = currentLayout
    }

    /// Sets the effect: a registered name (`"wave"`, `"slide+mist"`) or the JSON
    /// text of an effect file.
    func setEffect(_ source: String) throws(WebError) {
        effect = try Self.effect(source)
        director?.effect = effect
    }

    /// The effect a name or an effect file gives.
    static func effect(_ source: String) throws(WebError) -> AnyEffect {
        if source.utf8.first == UInt8(ascii: "{") {
            do {
                return AnyEffect(try DataEffect(json: source))
            } catch {
                throw WebError(passing: error)
            }
        }
        do {
            return try EffectRegistry.standard.effect(named: source)
        } catch {
            throw WebError(passing: error)
        }
    }

    private var currentLayout: AnyLayout {
        switch options.layout {
        case .monospace(let layout): AnyLayout(layout)
        case .measured(let layout, _): AnyLayout(measured ?? layout)
        }
    }

    /// The clusters of `text` the measured layout has no advance for (none for
    /// a monospace layout); `addAdvances` takes their widths in this order.
    func unmeasured(_ text: String) -> [Character] {
        pending = measured?.unmeasured(text) ?? []
        return pending
    }

    /// The advances of the clusters `unmeasured` returned, in its order.
    func addAdvances(_ advances: UnsafeBufferPointer<Double>) {
        guard var layout = measured else { return }
        for (glyph, advance) in zip(pending, advances) { layout.setAdvance(advance, for: glyph) }
        pending.removeAll()
        measured = layout
        director?.layout = AnyLayout(layout)
    }

    /// Shows `text` at rest: the Director is made here, with the options and effect set so far.
    func start(_ text: String) {
        director = TransitionDirector(
            text: text, layout: currentLayout, effect: effect, style: options.style, mode: options.mode,
            preference: options.preference, seed: options.seed)
        textsInPlay = [text]
        lastFrame = nil
    }

    /// Animates to `text` from time `t`; the transition's expected duration.
    func setText(_ text: String, at t: Double) -> TransitionEstimate? {
        guard let director else { return nil }
        if !director.isAnimating {
            textsInPlay.removeAll(keepingCapacity: true)
            textsInPlay.append(director.text)
        }
        let estimate = director.setText(text, at: t)
        // Interrupted again and again, a director never rests: keep the texts
        // recent enough to still have glyphs on screen, each once.
        textsInPlay.removeAll { $0.equals(text) }
        textsInPlay.append(text)
        if textsInPlay.count > Self.textsKept { textsInPlay.removeFirst(textsInPlay.count - Self.textsKept) }
        keepValidSymbols(director.symbols)
        return estimate
    }

    /// The events waiting for `writeEvents`.
    var pendingEvents: Int { director?.events.count ?? 0 }

    /// Samples the frame at `t` into `numbers` (the layout in `FrameRecord`).
    func frame(at t: Double, into exchange: inout Exchange) {
        guard let director else { return }
        let frame = director.frame(at: t)
        lastFrame = frame
        FrameRecord.write(
            frame, validSymbols: 128 + sent.count, animating: director.isAnimating, settle: director.settleTime, pendingEvents: director.events.count,
            into: &exchange)
    }

    /// Writes the symbols from id `from` on (each as a counted UTF-8 string) and
    /// remembers that JavaScript holds them; returns how many.
    func writeSymbols(from: Int, into exchange: inout Exchange) -> Int {
        guard let director else { return 0 }
        let symbols = director.symbols
        let start = min(max(from, 128), symbols.count)
        sent.removeSubrange(min(start - 128, sent.count)...)
        for id in start..<symbols.count {
            let glyph = symbols[id]
            sent.append(glyph)
            exchange.writeCounted(String(glyph))
        }
        return symbols.count - start
    }

    /// Keeps only the prefix of the sent symbols the Director still numbers the
    /// same way: it renumbers its glyphs when it forgets unused ones.
    private func keepValidSymbols(_ symbols: GlyphTable) {
        var valid = 0
        while valid < sent.count, 128 + valid < symbols.count, Self.same(symbols[128 + valid], sent[valid]) { valid += 1 }
        if valid < sent.count { sent.removeSubrange(valid...) }
    }

    /// Whether two symbols are the same (`==`, out of line: a comparison of
    /// characters is a comparison of strings, inlined whole).
    @inline(never)
    private static func same(_ a: Character, _ b: Character) -> Bool { a == b }

    /// The events since the last call, oldest first: time, kind (0 settle, 1
    /// cancel) and transition into `numbers`, three per event; the texts
    /// (counted) into `output`.
    func writeEvents(into exchange: inout Exchange) -> Int {
        guard let director else { return 0 }
        let events = director.drainEvents()
        let numbers = exchange.numberBuffer(count: 3 * events.count)
        for (i, event) in events.enumerated() {
            numbers[3 * i] = event.time
            numbers[3 * i + 1] = event.kind == .settle ? 0 : 1
            numbers[3 * i + 2] = Double(event.transition)
            exchange.writeCounted(event.text)
        }
        return events.count
    }

    /// The legibility of the last frame: visible glyphs, garbled pairs, doubled
    /// glyphs and space gaps into `numbers`; the worst pair's two symbols and the
    /// first doubled symbol into `output`.
    func writeLegibility(into exchange: inout Exchange) {
        let numbers = exchange.numberBuffer(count: 5)
        guard let frame = lastFrame else {
            numbers.update(repeating: 0, count: 5)
            return
        }
        let result = Legibility.check(frame, texts: textsInPlay)
        numbers[0] = Double(result.visibleGlyphs)
        numbers[1] = Double(result.garbledPairs.count)
        numbers[2] = Double(result.doubledGlyphs.count)
        numbers[3] = Double(result.spaceGaps.count)
        numbers[4] = result.garbledPairs.first?.overlap ?? 0
        let worst = result.garbledPairs.first
        exchange.writeCounted(worst.map { String($0.firstSymbol) } ?? "")
        exchange.writeCounted(worst.map { String($0.secondSymbol) } ?? "")
        exchange.writeCounted(result.doubledGlyphs.first.map { String($0.symbol) } ?? "")
    }
}

extension Session {
    /// The current text laid out alone: its box's width and height, its line
    /// count and where its alignment anchor stands in the box (frames put the
    /// anchor at x = 0). For a host sizing the element that shows the text.
    func writeTextBox(into exchange: inout Exchange) {
        let numbers = exchange.numberBuffer(count: 4)
        guard let director else {
            numbers.update(repeating: 0, count: 4)
            return
        }
        let laidOut = director.layout.layout(Array(director.text))
        numbers[0] = laidOut.size.width
        numbers[1] = laidOut.size.height
        numbers[2] = Double(laidOut.lines.count)
        numbers[3] = laidOut.alignmentAnchor
    }
}
