import Animator

extension FontLayout: GlyphLayout {
    /// Lays out glyphs (extended grapheme clusters) in lines with the font.
    ///
    /// Paragraphs already seen are taken from a cache, so laying out the same
    /// text again (as a transition does for its old and new text) only
    /// recomputes positions.
    ///
    /// - Returns: one frame per glyph, the lines (at least one) and the box size.
    /// - Complexity: O(n) in the number of glyphs for unwrapped text, O(n·w)
    ///   with wrapping (w the longest word); shaping is linear in n too.
    public func layout(_ glyphs: [Character]) -> TextLayoutResult {
        if let pen { return penLayout(glyphs, pen: pen).layout }
        let paragraphs = ParagraphSpan.split(glyphs)
        let shaped = engine.shape(paragraphs.map { glyphs[$0.characters] })
        return composer.compose(glyphs, paragraphs: paragraphs, shaped: shaped)
    }

    /// The drawing a layout of this font named (see ``drawing(_:)``).
    public func drawing(named id: Int32) -> GlyphDrawing? {
        drawing(id)?.drawing
    }
}
