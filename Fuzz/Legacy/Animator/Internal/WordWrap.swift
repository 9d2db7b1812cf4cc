/// Words laid into lines for a terminal: the command line's help and the
/// bench's table share it.
package enum WordWrap {
    /// `text`'s words in lines of at most `width` characters; a word longer
    /// than the width is cut into pieces of the width.
    ///
    /// - Complexity: O(n) in the text's length.
    package static func lines(_ text: String, width: Int) -> [String] {
        let width = max(width, 1)
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ") {
            var rest = word
            while !rest.isEmpty {
                let piece = rest.prefix(width)
                rest = rest.dropFirst(piece.count)
                if current.isEmpty {
                    current = String(piece)
                } else if current.count + 1 + piece.count <= width {
                    current += " " + piece
                } else {
                    lines.append(current)
                    current = String(piece)
                }
            }
        }
        return lines + [current]
    }
}
