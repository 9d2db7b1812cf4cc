extension DiffMode {
    /// The mode that suits `texts`: numeric when every one of them reads as a
    /// number (see `readsAsNumber(_:)`), with the decimal separator they use;
    /// morph otherwise.
    ///
    /// ```swift
    /// DiffMode.suggested(for: ["99", "100"])            // .numeric(decimalSeparator: ".")
    /// DiffMode.suggested(for: ["€1.234,56", "€999"])    // .numeric(decimalSeparator: ",")
    /// DiffMode.suggested(for: ["Send", "Sent"])         // .morph
    /// ```
    ///
    /// - Complexity: O(n) in the glyphs of the texts.
    public static func suggested(for texts: some Sequence<String>) -> DiffMode {
        var separator: Character = "."
        var readAny = false
        for text in texts {
            guard let reading = NumberReading(text) else { return .morph }
            readAny = true
            if reading.decimalComma { separator = "," }
        }
        return readAny ? .numeric(decimalSeparator: separator) : .morph
    }

    /// Whether `text` reads as a number: digits with an optional sign (+, -,
    /// −), grouping (",", ".", "'", spaces), a decimal part, a percent or per
    /// mille sign, a currency symbol or code before or after it, or a time of
    /// day (9:59, 12:59:59, 9:59 pm). Spaces around it are allowed.
    ///
    /// ```swift
    /// DiffMode.readsAsNumber("-$1,204.50")    // true
    /// DiffMode.readsAsNumber("12.75 %")       // true
    /// DiffMode.readsAsNumber("9:59 AM")       // true
    /// DiffMode.readsAsNumber("3 items")       // false
    /// ```
    public static func readsAsNumber(_ text: String) -> Bool {
        NumberReading(text) != nil
    }
}

/// A text read as a number: whether it is one, and whether its decimal
/// separator is a comma (1.234,56 or 0,5) rather than a point.
struct NumberReading {
    var decimalComma = false

    private static let currencySymbols: Set<Character> = ["$", "€", "£", "¥", "₹", "₩", "₽", "₺", "₪", "¢", "₫", "₱", "₴", "₦", "฿"]
    private static let signs: Set<Character> = ["+", "-", "−"]
    private static let groupings: Set<Character> = [",", ".", "'", "’", " ", "\u{00A0}", "\u{202F}", "\u{2009}"]

    init?(_ text: String) {
        var glyphs = Array(text)
        while let first = glyphs.first, first == " " { glyphs.removeFirst() }
        while let last = glyphs.last, last == " " { glyphs.removeLast() }
        guard !glyphs.isEmpty else { return nil }
        // A time of day: h:mm or h:mm:ss, maybe with am/pm.
        if glyphs.contains(":") {
            guard Self.isTime(glyphs) else { return nil }
            return
        }
        var start = 0, end = glyphs.count
        // Affixes: a sign, a currency symbol or three-letter code, percent or per mille.
        func skipAffixes() {
            var moved = true
            while moved && start < end {
                moved = false
                let c = glyphs[start]
                if Self.signs.contains(c) || Self.currencySymbols.contains(c) || c == " " || c == "\u{00A0}" {
                    start += 1
                    moved = true
                } else if start + 3 <= end, glyphs[start..<start + 3].allSatisfy({ $0.isUppercase && $0.isASCII }) {
                    start += 3
                    moved = true
                }
                guard start < end else { return }
                let d = glyphs[end - 1]
                if Self.currencySymbols.contains(d) || d == "%" || d == "‰" || d == " " || d == "\u{00A0}" {
                    end -= 1
                    moved = true
                } else if start + 3 <= end - 3, glyphs[end - 3..<end].allSatisfy({ $0.isUppercase && $0.isASCII }) {
                    end -= 3
                    moved = true
                }
            }
        }
        skipAffixes()
        guard start < end else { return nil }
        let body = glyphs[start..<end]
        guard body.first?.isASCIIDigitOrPoint == true, body.last?.isASCII == true, body.last!.isNumber else { return nil }
        var commas = 0, points = 0
        var lastSeparator: (Character, Int)?
        for (offset, c) in body.enumerated() {
            if c.isASCII && c.isNumber { continue }
            guard Self.groupings.contains(c) else { return nil }
            if c == "," { commas += 1 }
            if c == "." { points += 1 }
            lastSeparator = (c, offset)
        }
        // The decimal comma: both kinds with the comma last, or one comma not
        // followed by exactly three digits (0,5 but not 1,204).
        if let (c, offset) = lastSeparator, c == "," {
            let after = body.count - offset - 1
            decimalComma = points > 0 || (commas == 1 && after != 3)
        }
    }

    private static func isTime(_ glyphs: [Character]) -> Bool {
        var end = glyphs.count
        let lowered = String(glyphs).lowercased()
        for suffix in [" am", " pm", "am", "pm", " a.m.", " p.m."] where lowered.hasSuffix(suffix) {
            end -= suffix.count
            break
        }
        let parts = glyphs[0..<end].split(separator: ":", omittingEmptySubsequences: false)
        guard (2...3).contains(parts.count) else { return false }
        for (k, part) in parts.enumerated() {
            guard part.allSatisfy({ $0.isASCII && $0.isNumber }) else { return false }
            guard k == 0 ? (1...2).contains(part.count) : part.count == 2 else { return false }
        }
        return true
    }
}

extension Character {
    fileprivate var isASCIIDigitOrPoint: Bool { isASCII && (isNumber || self == ".") }
}
