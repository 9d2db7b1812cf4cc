import Animator

/// A `GlyphLayout` backed by a real font through fontconfig, HarfBuzz and FreeType.
///
/// ```swift
/// let layout = try FontLayout(font: .family("DejaVu Sans"), size: 32, alignment: .center)
/// let result = layout.layout(Array("Send Action"))   // frames, lines, size
/// let shaped = layout.shape(Array("Send Action"))    // … plus each Character's outline
/// ```
///
/// - Each Character gets one frame: x at its pen position, y at its line's
///   top, width its advance (kerning included), height the line height; the
///   baseline lies ``FontMetrics/ascent`` below the line's top (plus half of
///   any extra space a ``lineHeight`` override adds).
/// - Characters the font lacks are drawn by the first installed font that has
///   them (fontconfig's order), cluster by cluster; an emoji goes to a colour
///   font of fontconfig's "emoji" family first. What no font has gets the
///   font's missing-glyph box, and ``diagnostics(for:)`` names it.
/// - In scripts whose shaping ties letters together (Arabic and the other
///   joining scripts, Indic conjuncts, Thai, Khmer, Myanmar), the Characters of
///   a joined run or shaping cluster form one unit: its first Character's frame
///   spans the whole unit and draws it, the others get empty frames at its
///   edge. Each frame names its drawing (`TextLayoutResult.drawings`, see
///   ``drawing(_:)``).
/// - Newline Characters end lines and get a zero-width frame at the end of
///   their line. With a ``wrapWidth``, lines also break after spaces, and a
///   word wider than the width breaks between Characters.
/// - ``tracking`` spaces the letters: each Character after the first on a
///   line (in visual order) moves that many points further along than the one
///   before, so the k-th Character of a line (from 0) shifts by k × tracking.
///   Line widths, wrapping and alignment count it; a newline's frame sits one
///   tracking past the line's last Character.
/// - Lines are aligned inside a box whose width is ``wrapWidth`` when given,
///   else the widest line's; leading is the start edge of a line's paragraph
///   (the left edge, the right one in right-to-left text) and trailing the
///   other, as `TextAlignment.anchorFraction(rightToLeft:)` says. Trailing spaces of a line do not count towards its width: they hang
///   past its end.
/// - Right-to-left text (Hebrew, Arabic) is placed in visual order: each
///   Character's box where its glyphs are drawn, the first Character of a
///   right-to-left word at the word's right end. A paragraph's direction is
///   that of its first strong letter; numbers keep left-to-right order.
/// - Empty text has no frames, one empty line and the height of one line —
///   the same rule as everywhere else: n newlines make n + 1 lines.
///
/// The value is cheap to copy; copies share the font machinery, which is
/// guarded by a lock, so a layout can be used from any thread.
///
/// Cost and limits (laying out never fails, so these are rules, not errors):
/// - Time and memory are linear in the number of Characters: about 150 bytes
///   each while a layout runs, and ``frames`` of 48 bytes each after. Callers
///   that take text from outside check it first with ``checkLength(_:limit:)``
///   (at most ``maximumGlyphs`` by default).
/// - A Character of more than ``maximumShapedScalars`` Unicode scalars (a
///   pathological run of combining marks: shaping such a cluster costs time
///   quadratic in its length) is shaped from its first 32 scalars. It keeps its
///   one frame and draws as its base with those marks; the rest are not drawn.
///   Real text never comes near: the Unicode Stream-Safe Text Format allows 30
///   marks in a row, and the longest emoji sequences have about 10 scalars.
/// - Coordinates are finite: sizes and line heights are at most
///   ``maximumSize``, wrapping widths at most ``maximumWrapWidth``.
/// - Shaped paragraphs are cached for reuse up to about
///   ``cachedCharacterBudget`` Characters in all (a text far longer is shaped
///   afresh each time rather than kept).
public struct FontLayout: Sendable {
    /// The largest accepted font size and line height, in points. It keeps
    /// every coordinate a layout can produce finite and precise.
    public static let maximumSize: Double = 100_000
    /// The largest accepted wrapping width, in points (about 3.5 km at 72 points
    /// per inch): a box any wider would be no canvas a renderer could allocate.
    public static let maximumWrapWidth: Double = 10_000_000
    /// The most Unicode scalars of one Character that are shaped and drawn (see the notes above).
    public static let maximumShapedScalars = 32
    /// The most Characters ``checkLength(_:limit:)`` accepts by default: about
    /// 300 MB while they are laid out. Two million covers a megabyte of any text.
    public static let maximumGlyphs = 2_000_000
    /// About how many Characters of shaped paragraphs one font's cache keeps.
    public static let cachedCharacterBudget = 65_536

    /// The font as it was asked for.
    public let font: FontSource
    /// The weight asked for: the initializer's, or the one a style word ending
    /// the family's name says ("DejaVu Sans Bold"); nil when none was.
    public let weight: FontWeight?
    /// Whether an italic was asked for (likewise).
    public let italic: Bool
    /// The font size (em height) in points.
    public let size: Double
    /// The width lines wrap at, or `nil` for lines that only break at newlines.
    public let wrapWidth: Double?
    /// Where lines sit in the box.
    public let alignment: TextAlignment
    /// The distance from one line's top to the next: the override given to the
    /// initializer, or the font's natural ``FontMetrics/lineHeight``.
    public let lineHeight: Double
    /// The primary font's metrics at ``size``.
    public let metrics: FontMetrics
    /// Points added after each Character but the last of its line (negative:
    /// taken away), in ``trackingRange(size:)``.
    public let tracking: Double
    /// The pen font that writes the text (see ``PenFont``), or nil for outlines
    /// only. With a pen, Characters it has are drawn as its strokes and spaced
    /// by its advances, the lines take its height, and ``font`` draws the rest.
    public let pen: PenFont?

    /// The tracking accepted at a font size, in points: from half an em back
    /// (letters overlap by at most half their size) to ten ems forward.
    public static func trackingRange(size: Double) -> ClosedRange<Double> {
        (-size / 2)...(size * 10)
    }

    let engine: FontEngine

    /// Opens a font for laying out text.
    ///
    /// - Parameters:
    ///   - font: a family fontconfig resolves, or a font file. A family name
    ///     that fontconfig can only answer with its catch-all default font is
    ///     an error rather than a silent substitution.
    ///   - size: the font size in points, in (0, ``maximumSize``].
    ///   - wrapWidth: the width to wrap lines at, in (0, ``maximumWrapWidth``]; `nil` for none.
    ///   - alignment: leading (left), center or trailing (right) within the box.
    ///   - lineHeight: the distance between baselines in points, in (0,
    ///     ``maximumSize``]; `nil` for the font's own. The difference from the
    ///     font's own is split evenly above and below the glyphs.
    ///   - pen: a single-stroke font to write the text with (see ``pen``).
    ///   - weight: the weight of the family's face to use (nil: the family's
    ///     regular face, or what its pattern or name says, as in
    ///     "DejaVu Sans:bold" or "DejaVu Sans Bold").
    ///   - italic: whether to use the family's italic (or oblique) face.
    ///   Fontconfig picks the face nearest to the weight and slant asked;
    ///   ``faceNote`` says when the family has no such face.
    /// - Throws: ``TypesetterError`` naming the file, family or number at fault;
    ///   `.faceOfFile` for a weight or italic asked of a font file.
    public init(
        font: FontSource = .family("DejaVu Sans"),
        size: Double = 32,
        wrapWidth: Double? = nil,
        alignment: TextAlignment = .leading,
        lineHeight: Double? = nil,
        tracking: Double = 0,
        pen: PenFont? = nil,
        weight: FontWeight? = nil,
        italic: Bool = false
    ) throws(TypesetterError) {
        guard size.isFinite, size > 0, size <= Self.maximumSize else { throw .invalidSize(size) }
        if let wrapWidth, !(wrapWidth > 0 && wrapWidth <= Self.maximumWrapWidth) { throw .invalidWrapWidth(wrapWidth) }
        if let lineHeight, !(lineHeight.isFinite && lineHeight > 0 && lineHeight <= Self.maximumSize) {
            throw .invalidLineHeight(lineHeight)
        }
        guard tracking.isFinite, Self.trackingRange(size: size).contains(tracking) else {
            throw .invalidTracking(tracking, size: size)
        }
        let engine = try FontEngine(source: font, weight: weight, italic: italic)
        let primary = engine.primary
        let scale = size / Double(primary.unitsPerEm)
        let metrics =
            pen?.metrics(size: size)
            ?? FontMetrics(
                size: size, unitsPerEm: primary.unitsPerEm,
                ascent: Double(primary.ascent) * scale, descent: Double(primary.descent) * scale,
                lineGap: Double(primary.lineGap) * scale)
        self.font = font
        self.weight = engine.requested.weight
        self.italic = engine.requested.italic
        self.size = size
        self.wrapWidth = wrapWidth
        self.alignment = alignment
        self.lineHeight = lineHeight ?? metrics.lineHeight
        self.metrics = metrics
        self.tracking = tracking
        self.pen = pen
        self.engine = engine
    }

    /// Throws when a text is longer than a caller is prepared to lay out: for
    /// text from outside (a file, a network), before laying it out.
    ///
    /// ```swift
    /// let glyphs = Array(untrustedText)
    /// try FontLayout.checkLength(glyphs)                  // at most 2,000,000 Characters
    /// try FontLayout.checkLength(glyphs, limit: 10_000)   // a caller's own, lower limit
    /// ```
    ///
    /// - Parameter limit: the most Characters accepted; ``maximumGlyphs`` by default,
    ///   and a caller may raise it (memory grows by about 150 bytes a Character).
    /// - Throws: ``TypesetterError`` with code `textTooLong`, naming the count and the limit.
    /// - Complexity: O(1).
    public static func checkLength(_ glyphs: [Character], limit: Int = maximumGlyphs) throws(TypesetterError) {
        guard glyphs.count <= limit else { throw .textTooLong(glyphs.count, limit: limit) }
    }

    /// The file of the primary font (what fontconfig chose for a family).
    public var fontFile: String { engine.primary.location.file }

    /// The family name stored in the primary font.
    public var fontFamily: String { engine.primary.family }

    /// The style name of the primary font's face ("Bold Oblique", "Book").
    public var fontStyle: String { engine.primary.style.name }

    /// The weight of the primary font's face, as the font states it.
    public var fontWeight: FontWeight { engine.primary.style.weight }

    /// Whether the primary font's face is italic or oblique.
    public var fontIsItalic: Bool { engine.primary.style.isItalic }

    /// What was drawn instead, when the family has no face of the ``weight``
    /// or slant asked for (fontconfig chose the nearest): "DejaVu Sans has no
    /// thin (100) face; its ExtraLight face (weight 200) is used". nil when the face is the
    /// one asked for (a weight within 50 of it), or nothing was asked.
    public var faceNote: String? {
        var missing: [String] = []
        if let weight, abs(fontWeight.value - weight.value) >= 50 { missing.append(weight.description) }
        if italic && !fontIsItalic { missing.append("italic") }
        guard !missing.isEmpty else { return nil }
        let number = fontWeight.value == fontWeight.value.rounded() ? String(Int(fontWeight.value)) : String(fontWeight.value)
        let face = (fontStyle.isEmpty ? "" : fontStyle + " ") + "face (weight \(number)\(fontIsItalic ? ", italic" : ""))"
        return "\(fontFamily) has no \(missing.joined(separator: " ")) face; its \(face) is used"
    }

    /// Lays out the glyphs and draws each one: frames plus outlines and shape keys.
    ///
    /// ```swift
    /// let shaped = try FontLayout(size: 48).shape(Array("日本 AV"))
    /// for (frame, glyph) in zip(shaped.layout.frames, shaped.glyphs) where !glyph.outline.isEmpty {
    ///     let placed = glyph.outline.applying(.translation(frame.rect.minX, frame.baseline))
    ///     print(glyph.shapeKey, placed.svgPathData)
    /// }
    /// ```
    ///
    /// - Complexity: O(n) in the number of glyphs (see `layout(_:)`), plus
    ///   FreeType outline decomposition the first time each glyph id is drawn.
    public func shape(_ glyphs: [Character]) -> ShapedText {
        if let pen { return penShape(glyphs, pen: pen) }
        let paragraphs = ParagraphSpan.split(glyphs)
        let shaped = engine.shape(paragraphs.map { glyphs[$0.characters] })
        let layout = composer.compose(glyphs, paragraphs: paragraphs, shaped: shaped)
        var drawn = [ShapedGlyph](
            repeating: ShapedGlyph(outline: .empty, shapeKey: "", fontFile: fontFile), count: glyphs.count)
        for (span, outlines) in zip(paragraphs, engine.outlines(of: shaped, size: size)) {
            for (offset, glyph) in outlines.enumerated() {
                drawn[span.characters.lowerBound + offset] = glyph
            }
        }
        return ShapedText(layout: layout, glyphs: drawn)
    }

    /// The drawing a layout named (`TextLayoutResult.drawings`), at this
    /// layout's size: the outline and colour pictures of a unit of shaped text,
    /// as it looks in the text it was laid out in. nil for 0 (nothing to draw)
    /// and for ids no layout gave.
    ///
    /// ```swift
    /// let font = try FontLayout(size: 48)
    /// let laidOut = font.layout(Array("كتاب"))
    /// let word = laidOut.drawings.flatMap { font.drawing($0[0]) }   // the joined run كتا
    /// ```
    ///
    /// - Complexity: O(glyphs of the unit) the first time, O(1) after.
    public func drawing(_ id: Int32) -> ShapedGlyph? {
        guard id > 0 else { return nil }
        if case .pen(let file, let character)? = DrawingRegistry.key(of: id) {
            // A pen's strokes: drawn by this layout's pen when it is the one that named them.
            guard let pen, pen.file == file else { return nil }
            return penStrokes(of: character, pen: pen)
        }
        return engine.drawing(id, size: size)
    }

    var composer: LineComposer {
        LineComposer(
            size: size, lineHeight: lineHeight,
            baselineOffset: metrics.ascent + (lineHeight - metrics.lineHeight) / 2,
            wrapWidth: wrapWidth, alignment: alignment, tracking: tracking)
    }
}
