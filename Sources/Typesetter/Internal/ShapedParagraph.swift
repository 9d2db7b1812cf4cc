/// One glyph of a shaped Character, in the font units of the Character's face.
struct PlacedGlyph: Hashable, Sendable {
    var id: UInt32
    /// Offset from the Character's pen origin on the baseline, y pointing down.
    var x: Int32, y: Int32
}

/// A paragraph (text between newlines) after font choice, bidi resolution and
/// shaping: everything layout and outlines need, independent of the size.
struct ShapedParagraph: Sendable {
    /// The paragraph's base level: 0 left-to-right, 1 right-to-left.
    var paragraphLevel: UInt8 = 0
    /// Per Character: its advance in ems (the sum of its glyphs' advances).
    var advances: [Double] = []
    /// Per Character: its resolved bidi embedding level (odd = right-to-left).
    var levels: [UInt8] = []
    /// Per Character: whether a line may break after it (``Character/isBreakingBlank``).
    var blanks: [Bool] = []
    /// Per Character: the engine's slot of the face that draws it.
    var faceSlots: [Int32] = []
    /// Per Character i: its glyphs are `glyphs[glyphStarts[i]..<glyphStarts[i + 1]]`.
    var glyphStarts: [Int32] = [0]
    /// The glyphs, grouped by Character, in visual order within a Character.
    var glyphs: [PlacedGlyph] = []
    /// Per Character: the id of its drawing (see `DrawingRegistry`), 0 when
    /// another Character of its unit draws it.
    var drawings: [Int32] = []

    var count: Int { advances.count }

    func glyphRange(of character: Int) -> Range<Int> {
        Int(glyphStarts[character])..<Int(glyphStarts[character + 1])
    }
}
