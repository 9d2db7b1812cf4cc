import Director

/// A recording's glyph sprites, what the animated SVG and the Lottie writer
/// read one at a time: one entry per sprite and drawing it shows (a glyph
/// whose shape changes shows its old and new drawings, each at its share of
/// the sprite's opacity), by sprite id, each sprite's drawings in the order
/// they first appear (the old one first, drawn under the new).
///
/// A sample is found by its frame and its place in that frame's sprites (two
/// 32-bit numbers, kept for each entry from its first sample to its last),
/// so the table costs 8 bytes a sample, not a copy of the recording; the share
/// and place of a changing shape's part are worked out when it is read.
struct SpriteSamples {
    /// Each entry's sprite id, ascending (an id repeats for each drawing of a sprite).
    let ids: [Int32]
    /// Each entry's place among its sprite's drawings (0 for the first).
    let parts: [Int]
    /// Each entry's glyph, from its first finite sample (nil when it has none).
    let symbols: [Character?]
    /// Each entry's drawing (`SpriteFrame.drawing`; −1: drawn by its symbol).
    let drawings: [Int32]
    /// Each entry's first frame with a sample, and from there on its sprite's
    /// place in each frame's sprites (-1 where it has no sample).
    private let spans: [(first: Int, places: [Int32])]
    private let frameCount: Int

    private struct Key: Hashable {
        var id: Int32
        var drawing: Int32
    }

    /// Finds the sprites of `frames` and their drawings (samples with a
    /// non-finite state are left out).
    ///
    /// - Complexity: O(frames × sprites).
    init(_ frames: [Frame]) {
        var slot: [Key: Int] = [:]
        var keys: [Key] = []
        var range: [(first: Int, last: Int)] = []
        var unsortedSymbols: [Character?] = []
        Self.forEachPart(of: frames) { f, _, sprite, part in
            let key = Key(id: sprite.id, drawing: part.id)
            if let i = slot[key] {
                range[i].last = f
            } else {
                slot[key] = keys.count
                keys.append(key)
                range.append((f, f))
                unsortedSymbols.append(frames[f].symbol(of: sprite))
            }
        }
        // By sprite id; a sprite's drawings in order of appearance (the sort is stable).
        let order = keys.indices.sorted { keys[$0].id < keys[$1].id }
        var position = [Int](repeating: 0, count: order.count)
        for (k, i) in order.enumerated() { position[i] = k }
        var spans = order.map { i in
            (first: range[i].first, places: [Int32](repeating: -1, count: range[i].last - range[i].first + 1))
        }
        Self.forEachPart(of: frames) { f, n, sprite, part in
            let k = position[slot[Key(id: sprite.id, drawing: part.id)]!]
            spans[k].places[f - spans[k].first] = Int32(n)
        }
        var parts: [Int] = []
        for (k, i) in order.enumerated() {
            parts.append(k > 0 && keys[order[k - 1]].id == keys[i].id ? parts[k - 1] + 1 : 0)
        }
        ids = order.map { keys[$0].id }
        drawings = order.map { keys[$0].drawing }
        self.parts = parts
        symbols = order.map { unsortedSymbols[$0] }
        self.spans = spans
        frameCount = frames.count
    }

    /// Calls `body` with each frame index, sprite place, sprite and drawn part
    /// (one, or two while the sprite's shape changes) of every finite sprite.
    private static func forEachPart(of frames: [Frame], _ body: (Int, Int, SpriteFrame, DrawnPart) -> Void) {
        for (f, frame) in frames.enumerated() {
            var cursor = 0
            for (n, sprite) in frame.sprites.enumerated() where sprite.state.isFinite {
                let (old, new) = DrawnPart.parts(of: n, in: frame, cursor: &cursor)
                if let old { body(f, n, sprite, old) }
                body(f, n, sprite, new)
            }
        }
    }

    /// Whether entry `i` is its sprite's only drawing (its samples are then the
    /// sprite's own, as its curves give them; a changing shape's two parts are not).
    func isWhole(_ i: Int) -> Bool {
        (i == 0 || ids[i - 1] != ids[i]) && (i + 1 == ids.count || ids[i + 1] != ids[i])
    }

    /// The name suffix of entry `i`: its sprite id, and its part after the first.
    func name(_ i: Int) -> String {
        parts[i] == 0 ? "\(ids[i])" : "\(ids[i])d\(parts[i])"
    }

    /// Entry `i`'s sample at every frame of `frames` (the frames it was made
    /// from), nil where it has none: the sprite as its drawing is placed, at its
    /// share of the sprite's opacity.
    ///
    /// - Complexity: O(frames), plus the frames' reshapes where the entry's sprite has any.
    func samples(_ i: Int, in frames: [Frame]) -> [SpriteFrame?] {
        let span = spans[i]
        var all = [SpriteFrame?](repeating: nil, count: frameCount)
        for (k, place) in span.places.enumerated() where place >= 0 {
            let frame = frames[span.first + k]
            guard !frame.reshapes.isEmpty else {
                all[span.first + k] = frame.sprites[Int(place)]
                continue
            }
            var cursor = 0
            let (old, new) = DrawnPart.parts(of: Int(place), in: frame, cursor: &cursor)
            guard let part = old?.id == drawings[i] ? old : new.id == drawings[i] ? new : nil else { continue }
            var sample = part.sprite
            sample.state.opacity *= part.share
            sample.drawing = part.id
            all[span.first + k] = sample
        }
        return all
    }
}
