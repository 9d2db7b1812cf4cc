import Render
import Animator

/// `--path FILE|DATA`: a traced path for `render`, read as SVG path data.
///
/// A value that starts (after spaces) with `M` or `m` and then a space, a
/// digit, a sign, a dot or a comma is the data itself; anything else names a
/// file, read as UTF-8, holding the data, or an SVG document whose first
/// `<path>` element's `d` attribute is used.
enum PathInput {
    /// The most bytes read from a path file (an SVG document around the data may be larger than the data).
    static let maximumFileBytes = 4 * ShapePath.maximumPathDataLength

    /// A path read from the option's value, checked to draw something.
    static func read(_ value: String) throws(CommandLineError) -> ShapePath {
        let data: String
        let source: String
        if looksLikeData(value) {
            data = value
            source = "--path"
        } else {
            let quoted = "'\(TerminalEscape.escaped(value))'"
            let shown = "--path " + quoted
            let text: String
            switch Platform.readFile(value, limit: maximumFileBytes) {
            case .failed(let reason):
                throw .failure("cannot read \(quoted): \(reason) (--path takes a file, or path data starting with M)")
            case .tooLarge:
                throw .failure("\(shown) holds more than \(maximumFileBytes) bytes, the most a path file may have")
            case .bytes(let bytes):
                guard let decoded = String(validating: bytes, as: UTF8.self) else { throw .failure("\(shown) is not UTF-8 text") }
                text = decoded
            }
            if let attribute = firstPathData(in: text) {
                data = attribute
                source = shown + " (its first <path>'s d attribute)"
            } else if text.contains("<path") {
                throw .usage("\(shown) has a <path> element without a d attribute")
            } else {
                data = text
                source = shown
            }
        }
        let path: ShapePath
        do {
            path = try ShapePath(svgPathData: data)
        } catch {
            // The message quotes the data already escaped for a terminal.
            throw .usage("\(source): \(error.message)")
        }
        guard PathMeasure(path).length > 0 else {
            throw .usage("\(source): the path has no length, so there is nothing to write")
        }
        return path
    }

    /// Whether the value is path data rather than a file name: `M` or `m`
    /// (after spaces), then a space, digit, sign, dot or comma.
    static func looksLikeData(_ value: String) -> Bool {
        var scalars = value.unicodeScalars.drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }.makeIterator()
        guard let first = scalars.next(), first == "M" || first == "m" else { return false }
        guard let second = scalars.next() else { return false }
        return " \t\n\r+-.,0123456789".unicodeScalars.contains(second)
    }

    /// The `d` attribute of the first `<path` element in an SVG document, as
    /// written (entities are not decoded: path data has no use for them).
    ///
    /// - Complexity: O(n) in the document's length.
    static func firstPathData(in document: String) -> String? {
        let bytes = Array(document.utf8)
        guard let tag = find(Array("<path".utf8), in: bytes, from: 0) else { return nil }
        var i = tag + 5
        // Attributes up to the end of the tag: a `d` preceded by whitespace, then `=`, then a quoted value.
        while i < bytes.count, bytes[i] != UInt8(ascii: ">") {
            let isSpace = bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0A || bytes[i] == 0x0D
            if isSpace, i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "d") {
                var j = i + 2
                while j < bytes.count, bytes[j] == 0x20 || bytes[j] == 0x09 || bytes[j] == 0x0A || bytes[j] == 0x0D { j += 1 }
                if j < bytes.count, bytes[j] == UInt8(ascii: "=") {
                    j += 1
                    while j < bytes.count, bytes[j] == 0x20 || bytes[j] == 0x09 || bytes[j] == 0x0A || bytes[j] == 0x0D { j += 1 }
                    guard j < bytes.count, bytes[j] == UInt8(ascii: "\"") || bytes[j] == UInt8(ascii: "'") else { return nil }
                    let quote = bytes[j]
                    var end = j + 1
                    while end < bytes.count, bytes[end] != quote { end += 1 }
                    guard end < bytes.count else { return nil }
                    return String(decoding: bytes[(j + 1)..<end], as: UTF8.self)
                }
            }
            // Skip quoted values whole, so a `d` inside another attribute's value is not taken.
            if bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "'") {
                let quote = bytes[i]
                i += 1
                while i < bytes.count, bytes[i] != quote { i += 1 }
            }
            i += 1
        }
        return nil
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard needle.count <= haystack.count else { return nil }
        var i = start
        while i + needle.count <= haystack.count {
            if haystack[i] == needle[0], Array(haystack[i..<(i + needle.count)]) == needle { return i }
            i += 1
        }
        return nil
    }
}
