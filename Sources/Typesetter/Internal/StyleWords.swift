/// Style words at the end of a family name: "DejaVu Sans Bold" is the family
/// "DejaVu Sans" in bold, "Noto Serif Extra Light Italic" "Noto Serif" in
/// extra-light italic. Fontconfig knows families by their family names only.
enum StyleWords {
    /// The family before the style words ending `name`, and what they ask;
    /// nil when `name` does not end in one, or is nothing but style words.
    /// Only the name before a fontconfig pattern's first ":" is read; the
    /// rest of the pattern is kept.
    static func split(_ name: String) -> (family: String, weight: FontWeight?, italic: Bool)? {
        let colon = name.firstIndex(of: ":") ?? name.endIndex
        var words = name[..<colon].split(separator: " ").map(String.init)
        let rest = name[colon...]
        var weight: FontWeight?
        var italic = false
        var found = false
        while words.count > 1 {
            let last = words[words.count - 1].lowercased()
            if last == "italic" || last == "oblique" {
                italic = true
            } else if let named = FontWeight(named: words[words.count - 2] + words[words.count - 1]), words.count > 2, weight == nil {
                // Two words: "Extra Light", "Semi Bold".
                weight = named
                words.removeLast()
            } else if let named = FontWeight(named: last), weight == nil {
                weight = named
            } else {
                break
            }
            words.removeLast()
            found = true
        }
        guard found else { return nil }
        return (words.joined(separator: " ") + rest, weight, italic)
    }
}
