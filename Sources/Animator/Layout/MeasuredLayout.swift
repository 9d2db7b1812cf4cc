import Analyzer

/// A layout over advances that the host measured: the width of each glyph
/// cluster comes from the platform's text engine (a browser canvas's
/// `measureText`, CoreText on Apple platforms), and the engine does the rest:
/// lines, wrapping and alignment, the same way on every platform.
///
/// The host measures each cluster on its own, so the layout knows no kerning
/// or shaping across clusters; a cluster it was never given takes
/// ``fallbackAdvance``. Ask ``unmeasured(_:)`` which clusters of a text still
/// need a width before laying it out.
///
/// ```swift
/// var layout = MeasuredLayout(fontSize: 32, lineHeight: 40, ascent: 30, wrapWidth: 600, alignment: .center)
/// for glyph in layout.unmeasured("Hello") { layout.setAdvance(measure(glyph), for: glyph) }
/// let result = layout.layout(Array("Hello"))
/// ```
///
/// `\n` (and `\r\n`) ends a line; with ``wrapWidth`` set, lines also wrap at
/// whitespace, and a word wider than the width breaks between glyphs.
/// Whitespace at the end of a line hangs: it does not count towards the line's
/// width for alignment. A tab advances to the next multiple of ``tabWidth``
/// spaces. Lines run left to right (no bidirectional reordering).
///
/// Every number is kept usable, as `MonospaceLayout` keeps its own: a font size
/// or line height that is not a positive number becomes the default (16, and
/// 1.25 font sizes), the ascent is clamped into the line, an advance that is
/// not a finite number ≥ 0 counts as 0, and a wrapping width that is not a
/// positive number means no wrapping. So every frame is finite.
public struct MeasuredLayout: GlyphLayout, Hashable {
    /// The font size (em height) in points; effects scale their motion by it.
    public var fontSize: Double {
        didSet { fontSize = Self.positive(fontSize, default: 16) }
    }
    /// The distance between baselines, in points.
    public var lineHeight: Double {
        didSet { lineHeight = Self.positive(lineHeight, default: fontSize * 1.25) }
    }
    /// How far the baseline lies below the top of its line, in points (0…``lineHeight``).
    public var ascent: Double {
        didSet { ascent = Self.within(ascent, lineHeight) }
    }
    /// The width at which lines wrap, in points (finite and greater than 0); `nil` for no wrapping.
    public var wrapWidth: Double? {
        didSet { wrapWidth = wrapWidth.flatMap { $0.isFinite && $0 > 0 ? $0 : nil } }
    }
    /// Where lines sit in the box.
    public var alignment: TextAlignment
    /// Spaces between tab stops, in 1…`MonospaceLayout.maximumTabWidth`.
    public var tabWidth: Int {
        didSet { tabWidth = min(max(tabWidth, 1), MonospaceLayout.maximumTabWidth) }
    }
    /// The advance of a cluster the host never measured, in points.
    public var fallbackAdvance: Double {
        didSet { fallbackAdvance = Self.advance(fallbackAdvance) }
    }
    /// The advances of clusters that are not a single ASCII character.
    private var clusterAdvances: [Character: Double] = [:]
    /// The advances of the 128 ASCII characters, −1 where unmeasured: most
    /// text is ASCII, and an array read is cheaper than hashing a `Character`.
    private var asciiAdvances: [Double] = Array(repeating: -1, count: 128)

    /// Creates a layout with no advances yet.
    ///
    /// - Parameters:
    ///   - fontSize: the em height, in points.
    ///   - lineHeight: the distance between baselines (1.25 font sizes when nil).
    ///   - ascent: the baseline's depth below the top of its line (0.8 of the line height when nil).
    ///   - wrapWidth: the width at which lines wrap (nil: only at `\n`).
    ///   - alignment: where lines sit in the box.
    ///   - tabWidth: spaces between tab stops.
    ///   - fallbackAdvance: the advance of an unmeasured cluster (0.6 font sizes when nil).
    public init(
        fontSize: Double = 16, lineHeight: Double? = nil, ascent: Double? = nil, wrapWidth: Double? = nil,
        alignment: TextAlignment = .leading, tabWidth: Int = 4, fallbackAdvance: Double? = nil
    ) {
        let size = Self.positive(fontSize, default: 16)
        let height = Self.positive(lineHeight ?? size * 1.25, default: size * 1.25)
        self.fontSize = size
        self.lineHeight = height
        self.ascent = Self.within(ascent ?? height * 0.8, height)
        self.wrapWidth = wrapWidth.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
        self.alignment = alignment
        self.tabWidth = min(max(tabWidth, 1), MonospaceLayout.maximumTabWidth)
        self.fallbackAdvance = Self.advance(fallbackAdvance ?? size * 0.6)
    }

    private static func positive(_ value: Double, default fallback: Double) -> Double {
        value.isFinite && value > 0 ? min(value, MonospaceLayout.cellSizeRange.upperBound) : fallback
    }

    private static func within(_ value: Double, _ height: Double) -> Double {
        value.isFinite ? min(max(value, 0), height) : height * 0.8
    }

    private static func advance(_ value: Double) -> Double {
        value.isFinite && value > 0 ? min(value, MonospaceLayout.cellSizeRange.upperBound) : 0
    }

    /// Records the advance of a cluster, in points.
    ///
    /// - Complexity: O(1), amortized.
    public mutating func setAdvance(_ advance: Double, for glyph: Character) {
        let value = Self.advance(advance)
        if let ascii = glyph.singleASCII {
            asciiAdvances[Int(ascii)] = value
        } else {
            clusterAdvances[glyph] = value
        }
    }

    /// The advance of a cluster: as measured, or ``fallbackAdvance``.
    public func advance(of glyph: Character) -> Double {
        if let ascii = glyph.singleASCII {
            let value = asciiAdvances[Int(ascii)]
            return value >= 0 ? value : fallbackAdvance
        }
        return clusterAdvances[glyph] ?? fallbackAdvance
    }

    /// Whether the host gave the advance of a cluster.
    public func hasAdvance(for glyph: Character) -> Bool {
        if let ascii = glyph.singleASCII { return asciiAdvances[Int(ascii)] >= 0 }
        return clusterAdvances[glyph] != nil
    }

    /// The clusters of `text` that have no advance yet, each once, in the order
    /// they first appear: what the host measures before laying the text out.
    /// Line breaks are left out (they take no width).
    ///
    /// - Complexity: O(n) in the text's glyphs.
    public func unmeasured(_ text: String) -> [Character] {
        var missing: [Character] = []
        var seen: Set<Character> = []
        for glyph in text where !glyph.isNewline && !hasAdvance(for: glyph) && seen.insert(glyph).inserted {
            missing.append(glyph)
        }
        return missing
    }

    /// Lays the glyphs out in lines of measured advances (broken as a
    /// `MonospaceLayout` breaks its lines, by `breakLines`).
    ///
    /// - Complexity: O(n) in the number of glyphs.
    public func layout(_ glyphs: [Character]) -> TextLayoutResult {
        var pen = Pen(layout: self)
        pen.frames.reserveCapacity(glyphs.count)
        _ = breakLines(Glyphs(glyphs: glyphs, layout: self), from: 0, pen: &pen)
        // There is always a last line to close: the glyphs after the last break, or
        // the empty line after a final newline (or of an empty text).
        pen.finishLine()
        let width = pen.align(width: wrapWidth, fraction: alignment.anchorFraction)
        return TextLayoutResult(
            frames: pen.frames, lines: pen.lines, size: Size(width: width, height: Double(pen.lines.count) * lineHeight),
            alignment: alignment, fontSize: fontSize)
    }

    /// The glyphs with their measured advances, for the line breaker.
    private struct Glyphs: LineBreakGlyphs {
        let glyphs: [Character]
        let layout: MeasuredLayout

        var count: Int { glyphs.count }

        func breakGlyph(at index: Int) -> BreakGlyph<Double> {
            let glyph = glyphs[index]
            if glyph.isNewline { return BreakGlyph(width: 0, isSpace: true, isNewline: true, isTab: false) }
            return BreakGlyph(
                width: layout.advance(of: glyph), isSpace: ScalarProperties.isWhitespace(glyph), isNewline: false, isTab: glyph == "\t")
        }
    }

    /// Writes the frames line by line from the left edge; `align` shifts them
    /// once the box's width is known.
    private struct Pen: LineBreakPen {
        let lineHeight: Double
        let ascent: Double
        /// The wrapping width, nil for none.
        let wrapWidth: Double?
        /// The distance between tab stops: `tabWidth` spaces.
        let tabStop: Double
        var frames: [GlyphFrame] = []
        var lines: [LayoutLine] = []
        /// The pen's distance from the line's left edge.
        var x = 0.0
        /// Glyphs placed on the current line.
        var lineGlyphs = 0
        /// Where the current line's last glyph that is not a space ends.
        var inkEnd = 0.0
        var lineStart = 0

        init(layout: MeasuredLayout) {
            lineHeight = layout.lineHeight
            ascent = layout.ascent
            wrapWidth = layout.wrapWidth
            tabStop = Double(layout.tabWidth) * layout.advance(of: " ")
        }

        var lineTop: Double { Double(lines.count) * lineHeight }

        var wraps: Bool { wrapWidth != nil }

        var lineHasContent: Bool { lineGlyphs > 0 }

        func overflows(adding width: Double, glyphs: Int) -> Bool {
            x + width > wrapWidth ?? .infinity
        }

        func tabAdvance() -> Double {
            tabStop > 0 ? tabStop - x.truncatingRemainder(dividingBy: tabStop) : 0
        }

        mutating func place(_ width: Double, isSpace: Bool) {
            let top = lineTop
            frames.append(
                GlyphFrame(
                    rect: Rect(x: x, y: top, width: width, height: lineHeight), baseline: top + ascent, line: lines.count))
            x += width
            lineGlyphs += 1
            if !isSpace { inkEnd = x }
        }

        mutating func finishLine() {
            let top = lineTop
            lines.append(
                LayoutLine(
                    glyphs: lineStart..<frames.count, rect: Rect(x: 0, y: top, width: inkEnd, height: lineHeight),
                    baseline: top + ascent))
            lineStart = frames.count
            x = 0
            lineGlyphs = 0
            inkEnd = 0
        }

        /// Places every line in a box of `width` points (the widest line's when
        /// nil), its anchor at `fraction` of the width, and returns the width.
        mutating func align(width: Double?, fraction: Double) -> Double {
            var widest = 0.0
            for line in lines { widest = max(widest, line.rect.width) }
            let boxWidth = width ?? widest
            for li in lines.indices {
                let dx = (boxWidth - lines[li].rect.width) * fraction
                lines[li].rect.origin.x = dx
                if dx != 0 {
                    for gi in lines[li].glyphs { frames[gi].rect.origin.x += dx }
                }
            }
            return boxWidth
        }
    }
}
