/// What a shaped paragraph depends on, exactly: the UTF-8 bytes of each
/// Character's shaped scalars, each Character closed by 0xFF (a byte UTF-8
/// never uses).
///
/// A `String` key would not do. String equality is canonical equivalence, so
/// "é" (one scalar) met the shape of "e" + U+0301 (two, drawn with other
/// glyphs); and a String forgets where Characters start, so an array holding
/// "e" and U+0301 as two Characters met the cached shape of the one Character
/// "e\u{301}" or the reverse, and the layout indexed past its frames (a crash).
struct ParagraphKey: Hashable {
    private var bytes: [UInt8] = []

    init(_ text: ArraySlice<Character>) {
        bytes.reserveCapacity(text.count * 2)
        for character in text {
            for scalar in character.shapedScalars { bytes.append(contentsOf: scalar.utf8) }
            bytes.append(0xFF)
        }
    }
}
