/// Where the parts of a numeric text are: prefix, number body, suffix, and the
/// decimal separator the body is anchored at.
///
/// The body runs from the first digit to the last (taking in a separator just
/// before the first digit, as in ".5"), so grouping separators, colons and
/// spaces inside it are places like any digit. It is anchored at the decimal
/// separator when that occurs exactly once in it, else at its end. A text
/// without digits is all prefix.
struct NumberLayout {
    let count: Int
    let bodyStart: Int
    let bodyEnd: Int
    /// The index of the decimal separator, when the body is anchored at one.
    let anchor: Int?

    init(_ ids: UnsafeBufferPointer<Int32>, interner: borrowing GlyphInterner, separator: Int32) {
        self.init(count: ids.count, isDigit: { interner.isDigit(ids[$0]) }, isSeparator: { ids[$0] == separator })
    }

    /// The parts of a text of `count` glyphs, told which are digits and which the separator.
    init(count: Int, isDigit: (Int) -> Bool, isSeparator: (Int) -> Bool) {
        self.count = count
        var first = -1
        var last = -1
        for index in 0..<count where isDigit(index) {
            if first < 0 { first = index }
            last = index
        }
        guard first >= 0 else {
            bodyStart = count
            bodyEnd = count
            anchor = nil
            return
        }
        bodyStart = first > 0 && isSeparator(first - 1) ? first - 1 : first
        bodyEnd = last + 1
        var found: Int?
        var occurrences = 0
        for index in bodyStart..<bodyEnd where isSeparator(index) {
            found = index
            occurrences += 1
        }
        anchor = occurrences == 1 ? found : nil
    }

    /// Whether the text has a number at all.
    var hasBody: Bool { bodyStart < bodyEnd }

    /// Where the number stands for lining up place values: its decimal
    /// separator, or just past its last digit; nil without a number.
    var placeAnchor: Int? { hasBody ? anchor ?? bodyEnd : nil }

    var prefixCount: Int { bodyStart }
    var suffixCount: Int { count - bodyEnd }
    var integerCount: Int { (anchor ?? bodyEnd) - bodyStart }
    var fractionCount: Int { anchor.map { bodyEnd - $0 - 1 } ?? 0 }

    /// The place of glyph `index`.
    func place(of index: Int) -> NumberPlace {
        if index < bodyStart { return .prefix(index) }
        if index >= bodyEnd { return .suffix(count - 1 - index) }
        guard let anchor else { return .integer(bodyEnd - 1 - index) }
        if index < anchor { return .integer(anchor - 1 - index) }
        return index == anchor ? .separator : .fraction(index - anchor - 1)
    }

    /// The glyph standing at a place, if any.
    func index(at place: NumberPlace) -> Int? {
        switch place {
        case .prefix(let position):
            return position < bodyStart ? position : nil
        case .suffix(let fromEnd):
            let index = count - 1 - fromEnd
            return index >= bodyEnd ? index : nil
        case .integer(let power):
            let index = (anchor ?? bodyEnd) - 1 - power
            return index >= bodyStart ? index : nil
        case .separator:
            return anchor
        case .fraction(let position):
            guard let anchor else { return nil }
            let index = anchor + 1 + position
            return index < bodyEnd ? index : nil
        }
    }
}

/// A place in a numeric text: prefix positions count from the left, suffix
/// positions from the right, integer places leftwards from the units and
/// fraction places rightwards from the separator.
enum NumberPlace: Hashable {
    case prefix(Int)
    case integer(Int)
    case separator
    case fraction(Int)
    case suffix(Int)
}

/// The left-to-right columns of both texts' places merged, for stagger order:
/// a glyph's column is shared with whatever stands at the same place on the
/// other side.
struct NumberColumns {
    let prefix: Int
    let integer: Int
    let separator: Int
    let fraction: Int
    let total: Int

    init(_ old: NumberLayout, _ new: NumberLayout) {
        prefix = max(old.prefixCount, new.prefixCount)
        integer = max(old.integerCount, new.integerCount)
        separator = old.anchor != nil || new.anchor != nil ? 1 : 0
        fraction = max(old.fractionCount, new.fractionCount)
        total = prefix + integer + separator + fraction + max(old.suffixCount, new.suffixCount)
    }

    func column(of place: NumberPlace) -> Int {
        switch place {
        case .prefix(let position): return position
        case .integer(let power): return prefix + integer - 1 - power
        case .separator: return prefix + integer
        case .fraction(let position): return prefix + integer + separator + position
        case .suffix(let fromEnd): return total - 1 - fromEnd
        }
    }
}

/// Numeric mode: a new glyph persists only where the same glyph stands at the
/// same place in the old text. Writes `matchOfNew` and each glyph's column;
/// returns the number of columns and where each text's number stands (the
/// planner lines the layouts up there, so the texts are read once).
///
/// - Complexity: O(*n* + *m*).
func numericMatches(
    old: UnsafeBufferPointer<Int32>, new: UnsafeBufferPointer<Int32>, interner: borrowing GlyphInterner,
    separator: Int32, into matchOfNew: UnsafeMutablePointer<Int32>,
    oldColumns: UnsafeMutablePointer<Int32>, newColumns: UnsafeMutablePointer<Int32>
) -> (columns: Int, anchors: NumberAnchors) {
    let oldLayout = NumberLayout(old, interner: interner, separator: separator)
    let newLayout = NumberLayout(new, interner: interner, separator: separator)
    let columns = NumberColumns(oldLayout, newLayout)
    for i in old.indices { oldColumns[i] = Int32(columns.column(of: oldLayout.place(of: i))) }
    for j in new.indices {
        let place = newLayout.place(of: j)
        newColumns[j] = Int32(columns.column(of: place))
        if let i = oldLayout.index(at: place), old[i] == new[j] { matchOfNew[j] = Int32(i) }
    }
    return (columns.total, NumberAnchors(old: oldLayout.placeAnchor, new: newLayout.placeAnchor))
}

/// Where the number of each text stands (see `NumberLayout.placeAnchor`), kept
/// in a `TextChange` as two 32-bit indices, −1 for none.
struct NumberAnchors: Hashable, Sendable {
    let old: Int32
    let new: Int32

    static let none = NumberAnchors(old: nil, new: nil)

    init(old: Int?, new: Int?) {
        self.old = old.map(Int32.init) ?? -1
        self.new = new.map(Int32.init) ?? -1
    }

    /// Both anchors, when both texts hold a number.
    var pair: (old: Int, new: Int)? { old >= 0 && new >= 0 ? (Int(old), Int(new)) : nil }
}
