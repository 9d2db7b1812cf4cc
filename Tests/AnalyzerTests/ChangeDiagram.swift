import Analyzer

/// A change drawn as two masks, one character per glyph: in the old text "="
/// persists and "-" leaves; in the new text "=" persists and "+" enters.
struct ChangeDiagram: Equatable, CustomStringConvertible {
    var old: String
    var new: String

    init(old: String, new: String) {
        self.old = old
        self.new = new
    }

    init(_ change: TextChange) {
        var oldMarks = Array(repeating: Character("-"), count: change.oldGlyphs.count)
        var newMarks = Array(repeating: Character("+"), count: change.newGlyphs.count)
        for mutation in change.mutations where mutation.action == .transform {
            if let from = mutation.indexFrom { oldMarks[from] = "=" }
            if let to = mutation.indexTo { newMarks[to] = "=" }
        }
        old = String(oldMarks)
        new = String(newMarks)
    }

    var description: String { "old \(old) new \(new)" }
}

/// The (old, new) pairs of persisting glyphs, in new-text order, as "i>j" words.
func persistingPairs(_ change: TextChange) -> String {
    change.mutations.compactMap { mutation -> String? in
        guard mutation.action == .transform, let from = mutation.indexFrom, let to = mutation.indexTo else { return nil }
        return "\(from)>\(to)"
    }.joined(separator: " ")
}
