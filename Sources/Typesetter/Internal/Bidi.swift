/// The bidirectional type of a Character, as far as this simplified
/// bidirectional algorithm distinguishes them.
enum BidiClass: UInt8 {
    /// A strong left-to-right character (a letter of a left-to-right script).
    case leftToRight
    /// A strong right-to-left character (Hebrew, Arabic, Syriac, Thaana, N'Ko, …).
    case rightToLeft
    /// A decimal digit: digits keep left-to-right order even inside right-to-left text.
    case number
    /// Spaces, punctuation, symbols, marks: they take the direction of their surroundings.
    case neutral
}

/// A small subset of the Unicode bidirectional algorithm (UAX #9): enough for
/// single-direction paragraphs, right-to-left words inside left-to-right text
/// and the reverse, and numbers inside right-to-left text. There are no
/// explicit embeddings or isolates, and classes come from the script of a
/// Character's first scalar rather than from the full Bidi_Class property.
enum Bidi {
    /// Resolves the embedding level of each Character of a paragraph.
    ///
    /// The paragraph level is that of the first strong character (rule P2; 0
    /// when there is none). A number after left-to-right text is left-to-right
    /// (W7); a run of neutrals takes the direction of the strong characters on
    /// both sides when they agree and the paragraph direction otherwise (N1,
    /// N2; numbers count as right-to-left there); levels follow I1 and I2.
    ///
    /// - Complexity: O(n) in the number of Characters.
    static func levels(_ classes: [BidiClass]) -> (paragraph: UInt8, levels: [UInt8]) {
        let base: UInt8 = classes.first(where: { $0 == .leftToRight || $0 == .rightToLeft }) == .rightToLeft ? 1 : 0
        let baseClass: BidiClass = base == 1 ? .rightToLeft : .leftToRight
        var resolved = classes
        var lastStrong = baseClass
        for i in resolved.indices {
            switch resolved[i] {
            case .leftToRight, .rightToLeft: lastStrong = resolved[i]
            case .number where lastStrong == .leftToRight: resolved[i] = .leftToRight
            default: break
            }
        }
        var i = 0
        while i < resolved.count {
            guard resolved[i] == .neutral else { i += 1; continue }
            var end = i
            while end < resolved.count && resolved[end] == .neutral { end += 1 }
            let before = i > 0 ? strongDirection(resolved[i - 1]) : baseClass
            let after = end < resolved.count ? strongDirection(resolved[end]) : baseClass
            let direction = before == after ? before : baseClass
            for k in i..<end { resolved[k] = direction }
            i = end
        }
        let levels = resolved.map { type -> UInt8 in
            switch (base, type) {
            case (0, .rightToLeft): 1
            case (0, .number): 2
            case (0, _): 0
            case (_, .rightToLeft): 1
            default: 2
            }
        }
        return (base, levels)
    }

    private static func strongDirection(_ type: BidiClass) -> BidiClass {
        type == .leftToRight ? .leftToRight : .rightToLeft
    }

    /// The visual order, left to right, of a line's Characters given their
    /// levels (rule L2: from the highest level down to the lowest odd level
    /// on the line, reverse every maximal run at that level or higher; a line
    /// whose lowest level is even l counts l + 1 as its lowest odd level).
    ///
    /// - Returns: positions into `levels`, in the order they are drawn.
    /// - Complexity: O(n·k) for n Characters and k distinct levels (k ≤ 3 here).
    static func visualOrder(_ levels: [UInt8]) -> [Int] {
        var order = Array(levels.indices)
        guard let highest = levels.max(), let lowest = levels.min() else { return order }
        let lowestOdd = lowest | 1
        var level = highest
        while level >= lowestOdd {
            var i = 0
            while i < order.count {
                guard levels[order[i]] >= level else { i += 1; continue }
                var end = i
                while end < order.count && levels[order[end]] >= level { end += 1 }
                order[i..<end].reverse()
                i = end
            }
            level -= 1
        }
        return order
    }
}
