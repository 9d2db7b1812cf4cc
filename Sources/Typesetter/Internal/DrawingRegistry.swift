import Synchronization

/// The process's names for drawings: a unit of shaped text (a Character, a
/// shaping cluster or a joined run) drawn by given glyphs of a given face, or
/// a Character a pen writes, gets one integer, whatever layout, text or size
/// it came from. Layouts report
/// these integers per frame (`TextLayoutResult.drawings`), the planner carries
/// them into the sprites, and renderers turn them back into outlines and
/// pictures with ``FontLayout/drawing(_:)``. One table for every engine, so a
/// drawing named by one `FontLayout` is found by another of the same font.
///
/// 0 names "draws nothing" (a Character whose glyphs another one of its unit
/// draws); ids of drawings start at 1.
enum DrawingRegistry {
    enum Key: Hashable, Sendable {
        /// Glyphs of a face, placed relative to the unit's pen origin.
        case glyphs(FontLocation, [PlacedGlyph])
        /// A Character a pen font (its file) draws with its strokes.
        case pen(String, Character)
    }

    private struct State: ~Copyable {
        var ids: [Key: Int32] = [:]
        var keys: [Key] = []
    }

    private static let state = Mutex(State())

    /// The most drawings named; past it new drawings get no name (−1) and
    /// renderers draw those Characters from their first drawing, as before.
    /// About 100 bytes each: a process naming this many holds some 100 MB.
    static let limit = 1 << 20

    /// The id of each key (0 for nil: nothing to draw), naming new ones.
    ///
    /// - Complexity: O(k) hash look-ups.
    static func ids(for keys: [Key?]) -> [Int32] {
        state.withLock { state in
            keys.map { key -> Int32 in
                guard let key else { return 0 }
                if let id = state.ids[key] { return id }
                guard state.keys.count < limit else { return -1 }
                state.keys.append(key)
                let id = Int32(state.keys.count)
                state.ids[key] = id
                return id
            }
        }
    }

    /// The key an id names, nil for 0 and for ids never given.
    static func key(of id: Int32) -> Key? {
        state.withLock { state in id > 0 && Int(id) <= state.keys.count ? state.keys[Int(id) - 1] : nil }
    }
}
