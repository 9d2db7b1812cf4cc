import Animator

// Laying out and drawing a text with a pen font (`FontLayout.pen`).

extension PenFont {
    /// The pen's vertical metrics at a size: 25/32 of it above the baseline and
    /// 7/32 below (or as far as the glyphs reach), no line gap.
    func metrics(size: Double) -> FontMetrics {
        let scale = size / Self.unitsPerEm
        return FontMetrics(
            size: size, unitsPerEm: Int(Self.unitsPerEm), ascent: ascent * scale, descent: descent * scale, lineGap: 0)
    }
}

extension FontLayout {
    /// How much ink a Character the pen lacks is given, per point of its
    /// advance: tracing an outline takes about three times its width.
    static let fallbackInkPerAdvance = 3.0

    /// A text laid out with the pen: the layout (with `ink`), which Characters
    /// the pen draws, and the shaped paragraphs of those it does not (nil when
    /// it draws them all).
    struct PenLaidOut {
        var layout: TextLayoutResult
        var spans: [ParagraphSpan]
        var outlined: [ShapedParagraph]?
    }

    /// Lays the text out with the pen's advances (the outline font's for
    /// Characters the pen lacks), in lines as outline text is: wrapped,
    /// aligned and tracked by the same rules, in the reading order of each
    /// script (a right-to-left run the pen lacks right to left).
    ///
    /// - Complexity: O(n) in the glyphs (O(n·w) wrapped), plus shaping the
    ///   paragraphs that hold Characters the pen lacks.
    func penLayout(_ glyphs: [Character], pen: PenFont) -> PenLaidOut {
        let spans = ParagraphSpan.split(glyphs)
        let unit = 1 / PenFont.unitsPerEm
        let lacking = glyphs.contains { !$0.isNewline && pen.glyph($0) == nil }
        let outlined = lacking ? engine.shape(spans.map { glyphs[$0.characters] }) : nil
        var ink = [Double](repeating: 0, count: glyphs.count)
        var paragraphs: [ShapedParagraph] = []
        paragraphs.reserveCapacity(spans.count)
        for (p, span) in spans.enumerated() {
            var paragraph = ShapedParagraph()
            paragraph.advances.reserveCapacity(span.characters.count)
            var strokes: [DrawingRegistry.Key?] = []
            strokes.reserveCapacity(span.characters.count)
            for (offset, i) in span.characters.enumerated() {
                let character = glyphs[i]
                if let glyph = pen.glyph(character) {
                    paragraph.advances.append(glyph.advance * unit)
                    ink[i] = glyph.ink * unit * size
                    strokes.append(glyph.drawing.isEmpty ? nil : .pen(pen.file, character))
                } else {
                    let advance = outlined?[p].advances[offset] ?? 0
                    paragraph.advances.append(advance)
                    ink[i] = character.isBreakingBlank ? 0 : advance * size * Self.fallbackInkPerAdvance
                    strokes.append(nil)
                }
                paragraph.blanks.append(character.isBreakingBlank)
            }
            // The pen names its strokes; a Character it lacks keeps its outline font's name.
            paragraph.drawings = DrawingRegistry.ids(for: strokes)
            if let outlined {
                for (k, i) in span.characters.enumerated() where pen.glyph(glyphs[i]) == nil && k < outlined[p].drawings.count {
                    paragraph.drawings[k] = outlined[p].drawings[k]
                }
            }
            // Its bidi levels as the outline font's shaping resolved them, so that a run of a
            // right-to-left script the pen lacks (drawn from the outline font, its letters
            // joined as they are there) reads right to left; left to right when the pen draws
            // every Character.
            if let outlined, outlined[p].levels.count == span.characters.count {
                paragraph.levels = outlined[p].levels
                paragraph.paragraphLevel = outlined[p].paragraphLevel
            } else {
                paragraph.levels = [UInt8](repeating: 0, count: span.characters.count)
            }
            paragraphs.append(paragraph)
        }
        var layout = composer.compose(glyphs, paragraphs: spans, shaped: paragraphs)
        layout.ink = ink
        return PenLaidOut(layout: layout, spans: spans, outlined: outlined)
    }

    /// The text laid out with the pen, each Character drawn as the pen's
    /// strokes (``ShapedGlyph/isPenStroke``) or, where the pen lacks it, as
    /// its outline in ``font``.
    func penShape(_ glyphs: [Character], pen: PenFont) -> ShapedText {
        let laid = penLayout(glyphs, pen: pen)
        var drawn = [ShapedGlyph](repeating: ShapedGlyph(outline: .empty, shapeKey: "", fontFile: pen.file), count: glyphs.count)
        for (i, character) in glyphs.enumerated() {
            if let strokes = penStrokes(of: character, pen: pen) { drawn[i] = strokes }
        }
        if let outlined = laid.outlined {
            for (span, outlines) in zip(laid.spans, engine.outlines(of: outlined, size: size)) {
                for (offset, glyph) in outlines.enumerated() where pen.glyph(glyphs[span.characters.lowerBound + offset]) == nil {
                    drawn[span.characters.lowerBound + offset] = glyph
                }
            }
        }
        return ShapedText(layout: laid.layout, glyphs: drawn)
    }

    /// A Character the pen draws, as its strokes at this layout's size; nil
    /// when the pen lacks it or draws nothing for it (a space).
    func penStrokes(of character: Character, pen: PenFont) -> ShapedGlyph? {
        guard let glyph = pen.glyph(character), !glyph.drawing.isEmpty else { return nil }
        return ShapedGlyph(
            outline: glyph.drawing.scaled(by: size / PenFont.unitsPerEm, dx: 0, dy: 0),
            shapeKey: "\(pen.file)@\(size):U+\(String(character.unicodeScalars.first!.value, radix: 16, uppercase: true))",
            fontFile: pen.file, isPenStroke: true)
    }
}
