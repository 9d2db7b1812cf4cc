import Director

/// A recording's glyph sprites by id (in id order), and where each one's
/// samples are: what the animated SVG and the Lottie writer read one sprite at
/// a time.
///
/// A sample is found by its frame and its place in that frame's sprites (two
/// 32-bit numbers, kept for each sprite from its first sample to its last),
/// so the table costs 8 bytes a sample, not a copy of the recording.
struct SpriteSamples {
    /// The sprite ids, ascending.
    let ids: [Int32]
    /// Each sprite's glyph, from its first finite sample (nil when it has none).
    let symbols: [Character?]
    /// Each sprite's first frame with a sample, and from there on its place in
    /// each frame's sprites (-1 where it has no finite sample).
    private let spans: [(first: Int, places: [Int32])]
    private let frameCount: Int

    /// Finds the sprites of `frames` (samples with a non-finite state are left out).
    ///
    /// - Complexity: O(frames × sprites).
    init(_ frames: [Frame]) {
        var slot: [Int32: Int] = [:]
        var range: [(first: Int, last: Int)] = []
        var unsorted: [Int32] = []
        for (f, frame) in frames.enumerated() {
            for sprite in frame.sprites where sprite.state.isFinite {
                if let i = slot[sprite.id] {
                    range[i].last = f
                } else {
                    slot[sprite.id] = unsorted.count
                    unsorted.append(sprite.id)
                    range.append((f, f))
                }
            }
        }
        let order = unsorted.indices.sorted { unsorted[$0] < unsorted[$1] }
        var position = [Int](repeating: 0, count: order.count)
        for (k, i) in order.enumerated() { position[i] = k }
        var spans = order.map { i in (first: range[i].first, places: [Int32](repeating: -1, count: range[i].last - range[i].first + 1)) }
        var symbols = [Character?](repeating: nil, count: order.count)
        for (f, frame) in frames.enumerated() {
            for (n, sprite) in frame.sprites.enumerated() where sprite.state.isFinite {
                let k = position[slot[sprite.id]!]
                spans[k].places[f - spans[k].first] = Int32(n)
                if symbols[k] == nil { symbols[k] = frame.symbol(of: sprite) }
            }
        }
        ids = order.map { unsorted[$0] }
        self.symbols = symbols
        self.spans = spans
        frameCount = frames.count
    }

    /// Sprite `i`'s sample at every frame of `frames` (the frames it was made
    /// from), nil where it has none.
    ///
    /// - Complexity: O(frames).
    func samples(_ i: Int, in frames: [Frame]) -> [SpriteFrame?] {
        let span = spans[i]
        var all = [SpriteFrame?](repeating: nil, count: frameCount)
        for (k, place) in span.places.enumerated() where place >= 0 {
            all[span.first + k] = frames[span.first + k].sprites[Int(place)]
        }
        return all
    }
}
