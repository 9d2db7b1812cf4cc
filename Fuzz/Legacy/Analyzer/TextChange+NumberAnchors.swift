extension DiffMode {
    /// Where the number in `glyphs` stands, for lining up place values: the index
    /// just past its last integer place (the index of its decimal separator, or
    /// the index just past its last digit when it has none), as the numeric mode
    /// reads texts. Nil in the other modes and for a text without digits.
    ///
    /// A layout placed so that the trailing edge of glyph `index − 1` is fixed keeps
    /// every place value in its column from one number to the next: "99" → "100" →
    /// "1,000" keeps the ones in one column, "9.5" → "10.25" the separators.
    ///
    /// ```swift
    /// DiffMode.numeric().numberAnchor(in: Array("$9.99"))   // 2, the "."
    /// DiffMode.numeric().numberAnchor(in: Array("1,000 km")) // 5, past the last 0
    /// ```
    /// - Complexity: O(*n*).
    public func numberAnchor<Glyphs: RandomAccessCollection<Character>>(in glyphs: Glyphs) -> Int? {
        guard case .numeric(let separator) = self else { return nil }
        let start = glyphs.startIndex
        func glyph(_ i: Int) -> Character { glyphs[glyphs.index(start, offsetBy: i)] }
        return NumberLayout(
            count: glyphs.count, isDigit: { GlyphTraits.digitValue(GlyphTraits.of(glyph($0))) >= 0 },
            isSeparator: { glyph($0) == separator }
        ).placeAnchor
    }
}

extension TextChange {
    /// Where the number of each text stands (see `DiffMode.numberAnchor(in:)`);
    /// nil outside the numeric mode and when either text has no digit. The
    /// numeric diff finds them as it reads the texts; reading them costs nothing.
    ///
    /// ```swift
    /// let change = TextChangeAnalyzer(mode: .numeric()).analyze(from: "$9.99", to: "$10.5")
    /// change.numberAnchors   // (old: 2, new: 3): the "." of each
    /// ```
    /// - Complexity: O(1).
    public var numberAnchors: (old: Int, new: Int)? { anchors.pair }
}
