import Animator
import Director

/// Random texts over a small alphabet with spaces, so diffs have persisting,
/// entering and exiting glyphs in every mix.
func randomText(_ random: inout SeededRandom, maxLength: Int = 14) -> String {
    let alphabet = Array("abcdeABC 12")
    let length = Int(random.next() % UInt64(maxLength + 1))
    return String((0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] })
}

/// The settled state every glyph of `text` should have: centred on its anchored
/// layout frame, natural size, upright, fully visible.
func expectedRest(_ text: String, layout: some GlyphLayout) -> [GlyphState] {
    let result = layout.layout(Array(text)).anchored()
    return result.frames.map { GlyphState.resting(at: $0.rect.center) }
}

/// Sprites by id.
func byID(_ frame: Frame) -> [Int32: SpriteFrame] {
    var map: [Int32: SpriteFrame] = [:]
    for s in frame.sprites { map[s.id] = s }
    return map
}

/// The non-exiting sprites of a frame in reading order of their position.
func visibleText(_ frame: Frame) -> String {
    String(frame.sprites.filter { $0.role != .exiting }.sorted { a, b in
        a.state.position.y != b.state.position.y ? a.state.position.y < b.state.position.y : a.state.position.x < b.state.position.x
    }.map { frame.symbol(of: $0) })
}
