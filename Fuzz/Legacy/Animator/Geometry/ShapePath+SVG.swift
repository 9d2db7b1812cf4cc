extension ShapePath {
    /// The longest path data read, in UTF-8 bytes (1 MiB).
    public static let maximumPathDataLength = 1 << 20
    /// The most elements a path read from data may have (an arc counts as up to four cubics).
    public static let maximumElements = 100_000
    /// The largest coordinate or radius accepted from path data, in absolute value.
    public static let maximumCoordinate = 1e9

    /// Reads SVG path data (the `d` attribute of `<path>`).
    ///
    /// Every command of SVG 1.1 and 2 is read, absolute and relative:
    /// `M L H V C S Q T A Z` (arcs become up to four cubics per sweep, each
    /// within a quarter turn, with the spec's out-of-range radius correction). A
    /// command's arguments may repeat without the letter (after `M`, they are
    /// lines); numbers take every SVG form (`1e-3`, `.5`, `-.5.5` is −0.5 then
    /// 0.5, `10-5` two numbers); separators are whitespace and at most one comma
    /// between numbers. After `Z` a command other than `M` starts from the
    /// closed subpath's start. Empty data (or only whitespace) is the empty path.
    ///
    /// ```swift
    /// let check = try ShapePath(svgPathData: "M4 12l5 5L20 6")
    /// let ring = try ShapePath(svgPathData: "M0 10a10 10 0 1 0 20 0a10 10 0 1 0-20 0z")
    /// ```
    ///
    /// - Throws: ``PathDataError``, naming the offset and what was expected
    ///   there: data longer than ``maximumPathDataLength`` bytes, a path of more than
    ///   ``maximumElements`` elements, a coordinate (after relative moves are
    ///   added up) or radius beyond ±``maximumCoordinate``.
    /// - Complexity: O(n) in the data's length.
    public init(svgPathData text: String) throws(PathDataError) {
        var text = text
        let parsed = text.withUTF8 { bytes -> Result<[Element], PathDataError> in
            var parser = PathDataParser(bytes)
            do throws(PathDataError) {
                return .success(try parser.parse())
            } catch {
                return .failure(error)
            }
        }
        switch parsed {
        case .success(let elements): self.init(elements: elements)
        case .failure(let error): throw error
        }
    }

    /// The path as SVG path data: `M x y L x y Q cx cy x y C c1x c1y c2x c2y x y Z`,
    /// numbers rounded to 2 decimals without trailing zeros ("12.5", "-3", "0.07").
    ///
    /// The text depends only on the elements (no locale, no Foundation), so
    /// the same path always gives the same string. Empty for an empty path.
    ///
    /// ```swift
    /// ShapePath(elements: [.move(to: .zero), .line(to: Point(x: 10, y: 0.125)), .close]).svgPathData
    /// // "M 0 0 L 10 0.13 Z"
    /// ```
    ///
    /// - Complexity: O(e) in the number of elements.
    public var svgPathData: String {
        var out = ""
        out.reserveCapacity(elements.count * 16)
        func emit(_ command: String, _ points: Point...) {
            if !out.isEmpty { out += " " }
            out += command
            for p in points {
                out += " "
                out += NumberFormat.fixed(p.x, 2)
                out += " "
                out += NumberFormat.fixed(p.y, 2)
            }
        }
        for element in elements {
            switch element {
            case .move(let p): emit("M", p)
            case .line(let p): emit("L", p)
            case .quad(let c, let p): emit("Q", c, p)
            case .cubic(let c1, let c2, let p): emit("C", c1, c2, p)
            case .close: emit("Z")
            }
        }
        return out
    }
}

/// Reads SVG path data from UTF-8 bytes in one pass.
struct PathDataParser: ~Copyable {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var i = 0
    private var elements: [ShapePath.Element] = []
    private var current = Point.zero
    private var start = Point.zero
    /// Whether the last element closed its subpath (the next segment needs a move first).
    private var closed = false
    /// The control point a following `S` (cubic) or `T` (quadratic) reflects.
    private var lastCubicControl: Point?
    private var lastQuadControl: Point?
    /// Where the command being read starts.
    private var commandOffset = 0
    /// Where the arguments being read start.
    private var argumentOffset = 0

    /// The longest number read, in characters (a longer one is an error, not a slow parse).
    static let maximumNumberLength = 64

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    mutating func parse() throws(PathDataError) -> [ShapePath.Element] {
        guard bytes.count <= ShapePath.maximumPathDataLength else {
            throw failure(
                .tooLong, at: ShapePath.maximumPathDataLength,
                "path data of \(bytes.count) bytes is longer than the \(ShapePath.maximumPathDataLength) allowed")
        }
        skipWhitespace()
        guard i < bytes.count else { return [] }
        var first = true
        while i < bytes.count {
            commandOffset = i
            let letter = bytes[i]
            guard let command = Command(letter) else {
                throw first
                    ? failure(.expectedMove, at: i, "expected M or m to start the path")
                    : failure(.expectedCommand, at: i, "expected a command (M L H V C S Q T A Z, or lower case)")
            }
            if first, command.kind != .move {
                throw failure(.expectedMove, at: i, "expected M or m to start the path")
            }
            first = false
            i += 1
            skipWhitespace()
            if command.kind == .close {
                close()
                continue
            }
            var kind = command.kind
            while true {
                argumentOffset = i
                try arguments(kind, relative: command.relative)
                guard elements.count <= ShapePath.maximumElements else {
                    throw failure(
                        .tooManyElements, at: commandOffset,
                        "the path has more than \(ShapePath.maximumElements) elements, the most allowed")
                }
                // More numbers repeat the command; after a moveto they are lines.
                let comma = skipSeparator()
                if kind == .move { kind = .line }
                if comma || startsNumber() { continue }
                break
            }
        }
        return elements
    }

    // MARK: - Commands

    private struct Command {
        enum Kind { case move, line, horizontal, vertical, cubic, smoothCubic, quad, smoothQuad, arc, close }
        var kind: Kind
        var relative: Bool

        init?(_ byte: UInt8) {
            let lower = byte | 0x20
            relative = byte == lower
            switch lower {
            case UInt8(ascii: "m"): kind = .move
            case UInt8(ascii: "l"): kind = .line
            case UInt8(ascii: "h"): kind = .horizontal
            case UInt8(ascii: "v"): kind = .vertical
            case UInt8(ascii: "c"): kind = .cubic
            case UInt8(ascii: "s"): kind = .smoothCubic
            case UInt8(ascii: "q"): kind = .quad
            case UInt8(ascii: "t"): kind = .smoothQuad
            case UInt8(ascii: "a"): kind = .arc
            case UInt8(ascii: "z"): kind = .close
            default: return nil
            }
            // `| 0x20` also maps some non-letters onto letters ("M" ^ 0x20 is "m", but "\r" | 0x20 is "-").
            guard (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            else { return nil }
        }
    }

    /// Reads one set of a command's arguments and appends its elements.
    private mutating func arguments(_ kind: Command.Kind, relative: Bool) throws(PathDataError) {
        let origin = relative ? current : .zero
        switch kind {
        case .move:
            let p = try point(origin)
            elements.append(.move(to: p))
            current = p
            start = p
            closed = false
            lastCubicControl = nil
            lastQuadControl = nil
        case .line:
            let p = try point(origin)
            segment(.line(to: p), to: p)
        case .horizontal:
            let at = i
            let x = try coordinate(try number() + origin.x, at: at)
            let p = Point(x: x, y: current.y)
            segment(.line(to: p), to: p)
        case .vertical:
            let at = i
            let y = try coordinate(try number() + origin.y, at: at)
            let p = Point(x: current.x, y: y)
            segment(.line(to: p), to: p)
        case .cubic, .smoothCubic:
            // S takes its first control point from the previous segment's second.
            let c1: Point
            if kind == .cubic {
                c1 = try point(origin)
                try separator()
            } else {
                c1 = try reflected(lastCubicControl)
            }
            let c2 = try point(origin)
            try separator()
            let p = try point(origin)
            segment(.cubic(control1: c1, control2: c2, to: p), to: p)
            lastCubicControl = c2
        case .quad, .smoothQuad:
            // T takes its control point from the previous segment's.
            let c: Point
            if kind == .quad {
                c = try point(origin)
                try separator()
            } else {
                c = try reflected(lastQuadControl)
            }
            let p = try point(origin)
            segment(.quad(control: c, to: p), to: p)
            lastQuadControl = c
        case .arc:
            try arc(origin)
        case .close:
            close()
        }
    }

    /// Appends a segment, first moving to the closed subpath's start if the last element closed it.
    private mutating func segment(_ element: ShapePath.Element, to end: Point) {
        if closed {
            elements.append(.move(to: start))
            closed = false
        }
        elements.append(element)
        current = end
        lastCubicControl = nil
        lastQuadControl = nil
    }

    private mutating func close() {
        elements.append(.close)
        current = start
        closed = true
        lastCubicControl = nil
        lastQuadControl = nil
    }

    /// The reflection of the previous segment's control point about the current
    /// point; the current point when the previous segment was of another kind.
    private func reflected(_ control: Point?) throws(PathDataError) -> Point {
        guard let control else { return current }
        let p = current + (current - control)
        try within(p)
        return p
    }

    /// A point the data did not give (a reflected or an arc's control point) checked against the limit.
    private func within(_ p: Point) throws(PathDataError) {
        let limit = ShapePath.maximumCoordinate
        guard abs(p.x) <= limit, abs(p.y) <= limit else {
            throw failure(
                .numberOutOfRange, at: argumentOffset,
                "a control point made from these numbers lies beyond ±\(NumberFormat.short(limit))")
        }
    }

    /// `rx ry x-axis-rotation large-arc-flag sweep-flag x y`, as cubics.
    private mutating func arc(_ origin: Point) throws(PathDataError) {
        var at = i
        let rx = try coordinate(abs(try number()), at: at)
        try separator()
        at = i
        let ry = try coordinate(abs(try number()), at: at)
        try separator()
        at = i
        let rotation = try number()
        guard abs(rotation) <= ShapePath.maximumCoordinate else {
            throw failure(.numberOutOfRange, at: at, "the arc's rotation is out of range")
        }
        try separator()
        let large = try flag()
        try separator()
        let sweep = try flag()
        try separator()
        let p = try point(origin)
        let from = current
        if from == p { return }  // An arc to where it starts draws nothing (SVG 2, F.6.2).
        let pieces = ArcConversion.cubics(
            from: from, to: p, rx: rx, ry: ry, rotationDegrees: rotation, largeArc: large, sweep: sweep)
        if pieces.isEmpty {
            segment(.line(to: p), to: p)
        } else {
            for piece in pieces {
                try within(piece.0)
                try within(piece.1)
            }
            for piece in pieces {
                segment(.cubic(control1: piece.0, control2: piece.1, to: piece.2), to: piece.2)
            }
            // The last cubic ends on the endpoint exactly, not a rounding of it.
            elements[elements.count - 1] = .cubic(control1: pieces.last!.0, control2: pieces.last!.1, to: p)
            current = p
        }
    }

    // MARK: - Tokens

    /// `x,y` added to `origin`, each coordinate checked against the limit.
    private mutating func point(_ origin: Point) throws(PathDataError) -> Point {
        var at = i
        let x = try coordinate(try number() + origin.x, at: at)
        try separator()
        at = i
        let y = try coordinate(try number() + origin.y, at: at)
        return Point(x: x, y: y)
    }

    private func coordinate(_ value: Double, at offset: Int) throws(PathDataError) -> Double {
        guard abs(value) <= ShapePath.maximumCoordinate else {
            throw failure(
                .numberOutOfRange, at: offset,
                "number out of range (coordinates and radii must stay within ±\(NumberFormat.short(ShapePath.maximumCoordinate)))")
        }
        return value
    }

    /// A number: sign? (digits (. digits?)? | . digits) ([eE] sign? digits)?.
    private mutating func number() throws(PathDataError) -> Double {
        let begin = i
        var j = i
        if j < bytes.count, bytes[j] == UInt8(ascii: "+") || bytes[j] == UInt8(ascii: "-") { j += 1 }
        var digits = 0
        while j < bytes.count, isDigit(bytes[j]) { j += 1; digits += 1 }
        if j < bytes.count, bytes[j] == UInt8(ascii: ".") {
            j += 1
            while j < bytes.count, isDigit(bytes[j]) { j += 1; digits += 1 }
        }
        guard digits > 0 else { throw failure(.expectedNumber, at: begin, "expected a number") }
        // An exponent only when digits follow: "1e" is the number 1 and a stray "e".
        if j < bytes.count, bytes[j] | 0x20 == UInt8(ascii: "e") {
            var k = j + 1
            if k < bytes.count, bytes[k] == UInt8(ascii: "+") || bytes[k] == UInt8(ascii: "-") { k += 1 }
            if k < bytes.count, isDigit(bytes[k]) {
                while k < bytes.count, isDigit(bytes[k]) { k += 1 }
                j = k
            }
        }
        guard j - begin <= Self.maximumNumberLength else {
            throw failure(.numberOutOfRange, at: begin, "number longer than \(Self.maximumNumberLength) characters")
        }
        i = j
        let token = String(decoding: UnsafeBufferPointer(rebasing: bytes[begin..<j]), as: UTF8.self)
        guard let value = Double(token), value.isFinite else {
            throw failure(.numberOutOfRange, at: begin, "number out of range")
        }
        return value
    }

    /// An arc flag: a single `0` or `1` (it needs no separator after it).
    private mutating func flag() throws(PathDataError) -> Bool {
        guard i < bytes.count, bytes[i] == UInt8(ascii: "0") || bytes[i] == UInt8(ascii: "1") else {
            throw failure(.expectedFlag, at: i, "expected an arc flag, 0 or 1")
        }
        defer { i += 1 }
        return bytes[i] == UInt8(ascii: "1")
    }

    /// Whitespace with at most one comma in it between two arguments.
    private mutating func separator() throws(PathDataError) {
        _ = skipSeparator()
    }

    /// Skips whitespace, at most one comma and whitespace; whether there was a comma.
    private mutating func skipSeparator() -> Bool {
        skipWhitespace()
        guard i < bytes.count, bytes[i] == UInt8(ascii: ",") else { return false }
        i += 1
        skipWhitespace()
        return true
    }

    private mutating func skipWhitespace() {
        while i < bytes.count, isWhitespace(bytes[i]) { i += 1 }
    }

    private func startsNumber() -> Bool {
        guard i < bytes.count else { return false }
        let b = bytes[i]
        return isDigit(b) || b == UInt8(ascii: ".") || b == UInt8(ascii: "-") || b == UInt8(ascii: "+")
    }

    private func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }

    /// SVG's whitespace: space, tab, line feed, form feed, carriage return.
    private func isWhitespace(_ b: UInt8) -> Bool {
        b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0C || b == 0x0D
    }

    // MARK: - Errors

    /// An error at byte `offset`: the message names the offset in Unicode
    /// scalars and quotes the data up to and including the character there.
    private func failure(_ code: PathDataError.Code, at offset: Int, _ what: String) -> PathDataError {
        let offset = min(max(offset, 0), bytes.count)
        // Scalars start at every byte that is not a UTF-8 continuation byte.
        var scalarOffset = 0
        for b in UnsafeBufferPointer(rebasing: bytes[..<offset]) where b & 0xC0 != 0x80 { scalarOffset += 1 }
        var end = offset
        if end < bytes.count {
            end += 1
            while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        }
        // At most 32 scalars, ending with the offending one.
        var begin = end
        var kept = 0
        while begin > 0, kept < 32 {
            begin -= 1
            if bytes[begin] & 0xC0 != 0x80 { kept += 1 }
        }
        let excerpt = String(decoding: UnsafeBufferPointer(rebasing: bytes[begin..<end]), as: UTF8.self)
        var quoted = begin > 0 ? "…" : ""
        quoted += TerminalEscape.escaped(excerpt, maximumBytes: 200)
        if end < bytes.count { quoted += "…" }
        let place = offset >= bytes.count ? "at offset \(scalarOffset), the end" : "at offset \(scalarOffset)"
        return PathDataError(code, offset: scalarOffset, message: "path data: \(what) \(place) (\"\(quoted)\")")
    }
}
