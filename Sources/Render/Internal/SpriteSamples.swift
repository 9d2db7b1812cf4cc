import Director

/// A recording's glyph sprites by id (in id order) with their samples, what
/// the animated SVG and the Lottie writer read one sprite at a time.
///
/// Each sprite keeps only the frames from its first sample to its last, so
/// the whole costs about as much as the recording's own samples, not
/// sprites × frames.
struct SpriteSamples {
    /// The sprite ids, ascending.
    let ids: [Int32]
    /// Each sprite's glyph, from its first finite sample (nil when it has none).
    let symbols: [Character?]
    /// Each sprite's first frame with a sample, and its samples from there on.
    private let spans: [(first: Int, samples: [SpriteFrame?])]
    private let frameCount: Int

    /// Collects the sprites of `frames` (samples with a non-finite state are left out).
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
        var spans = order.map { i in (first: range[i].first, samples: [SpriteFrame?](repeating: nil, count: range[i].last - range[i].first + 1)) }
        var symbols = [Character?](repeating: nil, count: order.count)
        for (f, frame) in frames.enumerated() {
            for sprite in frame.sprites where sprite.state.isFinite {
                let k = position[slot[sprite.id]!]
                spans[k].samples[f - spans[k].first] = sprite
                if symbols[k] == nil { symbols[k] = frame.symbol(of: sprite) }
            }
        }
        ids = order.map { unsorted[$0] }
        self.symbols = symbols
        self.spans = spans
        frameCount = frames.count
    }

    /// Sprite `i`'s sample at every frame of the recording, nil where it has none.
    ///
    /// - Complexity: O(frames).
    func samples(_ i: Int) -> [SpriteFrame?] {
        let span = spans[i]
        var all = [SpriteFrame?](repeating: nil, count: frameCount)
        all.replaceSubrange(span.first..<(span.first + span.samples.count), with: span.samples)
        return all
    }
}
