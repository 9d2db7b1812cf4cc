/// A Hershey font as its `.jhf` file stores it: per glyph, the left and right
/// bounds and the strokes as polylines on the integer grid, y down.
///
/// A record is a 5-column glyph number, a 3-column count of coordinate pairs
/// (the bounds pair included), then the pairs, each coordinate a character
/// whose code minus `"R"` is the value; the pair `" R"` lifts the pen. A record
/// longer than a line goes on on the next. Glyphs are numbered by their
/// record's place, as libhersheyfont does: the first is U+0020 (space), then
/// the printable ASCII characters in order.
struct HersheyFile: Sendable {
    /// One glyph: its bounds and strokes in grid units, x from the origin, y down.
    struct Glyph: Sendable {
        var left: Int
        var right: Int
        /// The pen-down polylines in drawing order, each of at least one point.
        var strokes: [[(x: Int, y: Int)]]
    }

    /// The glyphs of records 0, 1, … (U+0020 onwards).
    var glyphs: [Glyph]

    /// Why a file is not a Hershey font: the 1-based line of the record and what is wrong.
    struct Malformed: Error {
        var line: Int
        var detail: String
    }

    /// Parses the bytes of a `.jhf` file.
    ///
    /// - Complexity: O(n) in the bytes.
    init(bytes: [UInt8]) throws(Malformed) {
        var lines: [ArraySlice<UInt8>] = []
        var start = 0
        for i in bytes.indices where bytes[i] == UInt8(ascii: "\n") {
            lines.append(Self.trimmed(bytes[start..<i]))
            start = i + 1
        }
        if start < bytes.count { lines.append(Self.trimmed(bytes[start...])) }
        glyphs = []
        var index = 0
        while index < lines.count {
            let first = index
            var record = Array(lines[index])
            index += 1
            if record.allSatisfy({ $0 == UInt8(ascii: " ") }) { continue }
            guard record.count >= 10, let count = Self.number(record[5..<8]), count >= 1 else {
                throw Malformed(line: first + 1, detail: "a record starts with a glyph number, a pair count and the bounds")
            }
            // The pairs start at column 8; a record that runs on continues on the next lines.
            while record.count < 8 + 2 * count, index < lines.count {
                record += lines[index]
                index += 1
            }
            guard record.count >= 8 + 2 * count else {
                throw Malformed(line: first + 1, detail: "the record announces \(count) pairs but holds \((record.count - 8) / 2)")
            }
            let left = Int(record[8]) - 82, right = Int(record[9]) - 82
            var strokes: [[(x: Int, y: Int)]] = [[]]
            var k = 10
            while k < 8 + 2 * count {
                if record[k] == UInt8(ascii: " "), record[k + 1] == UInt8(ascii: "R") {
                    if !strokes[strokes.count - 1].isEmpty { strokes.append([]) }
                } else {
                    let x = Int(record[k]) - 82, y = Int(record[k + 1]) - 82
                    guard abs(x) <= 64, abs(y) <= 64 else {
                        throw Malformed(line: first + 1, detail: "a coordinate pair is not two characters from \"\" to \"r\"")
                    }
                    strokes[strokes.count - 1].append((x, y))
                }
                k += 2
            }
            if strokes[strokes.count - 1].isEmpty { strokes.removeLast() }
            glyphs.append(Glyph(left: left, right: right, strokes: strokes))
        }
    }

    /// A line without its carriage return.
    private static func trimmed(_ line: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        line.last == UInt8(ascii: "\r") ? line.dropLast() : line
    }

    /// A right-aligned decimal number in a fixed column, spaces before it.
    private static func number(_ digits: ArraySlice<UInt8>) -> Int? {
        var value = 0, seen = false
        for byte in digits {
            if byte == UInt8(ascii: " ") && !seen { continue }
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
            seen = true
        }
        return seen ? value : nil
    }
}
