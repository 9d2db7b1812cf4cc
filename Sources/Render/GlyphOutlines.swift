import Animator
import Typesetter

/// The outline of every glyph a timeline shows, for the renderers that draw
/// shapes (SVG and PNG); the terminal renderer needs none.
///
/// Sprites name their glyph by `Character`, so each Character is drawn with one
/// outline: the one it has at its first occurrence in the texts, shaped in
/// context by the font layout. Ligatures are off in Typesetter, so a
/// Character's outline only depends on its neighbours in scripts whose letters
/// change shape (Arabic joining forms); there a sprite keeps the form of its
/// first occurrence.
///
/// ```swift
/// let font = try FontLayout(size: 48)
/// let outlines = GlyphOutlines(texts: ["Send Action", "Action Sent"], layout: font)
/// outlines["A"]?.shapeKey   // "/usr/share/fonts/…/DejaVuSans.ttf#0@48:36,0,0"
/// ```
public struct GlyphOutlines: Sendable {
    private var table: [Character: ShapedGlyph]
    /// The font size the outlines were shaped at (nil when unknown): what a
    /// ``StrokeStyle`` width in ems is relative to.
    public private(set) var fontSize: Double?

    /// No outlines: renderers that draw shapes draw nothing for any glyph.
    public init() {
        table = [:]
    }

    /// Outlines given Character by Character (a drawing that is not a font's:
    /// a traced path shown as a glyph, see ``PathWriter``).
    public init(drawings: [Character: ShapedGlyph], fontSize: Double? = nil) {
        table = drawings
        self.fontSize = fontSize
    }

    /// Shapes every text with the font layout and keeps each Character's first drawing.
    ///
    /// - Complexity: O(n) in the total number of Characters, plus shaping.
    public init(texts: [String], layout: FontLayout) {
        table = [:]
        fontSize = layout.size
        for text in texts {
            let glyphs = Array(text)
            let missing = glyphs.contains { table[$0] == nil }
            guard missing else { continue }
            let shaped = layout.shape(glyphs)
            for (character, drawing) in zip(glyphs, shaped.glyphs) where table[character] == nil {
                table[character] = drawing
            }
        }
    }

    /// The drawing of a Character, if one of the texts had it.
    public subscript(character: Character) -> ShapedGlyph? {
        table[character]
    }

    /// Whether no Character has a drawing.
    public var isEmpty: Bool { table.isEmpty }

    /// The tight bounds of a Character's outline, nil when it draws nothing.
    func inkBounds(of character: Character) -> Rect? {
        table[character]?.outline.bounds
    }
}
