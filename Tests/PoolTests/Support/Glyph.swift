/// A small payload holding a reference-counted value, like the Director's sprites.
struct Glyph: Equatable {
    var symbol: String
    var id: Int

    init(_ symbol: String, id: Int) {
        self.symbol = symbol
        self.id = id
    }

    /// A payload whose string lives on the heap (longer than the small-string limit).
    static func numbered(_ id: Int) -> Glyph {
        Glyph("glyph number \(id) on the heap", id: id)
    }
}
