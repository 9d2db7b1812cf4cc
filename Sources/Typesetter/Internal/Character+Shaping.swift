extension Character {
    /// The scalars of this Character that are shaped, drawn and looked up in
    /// fonts: the first ``FontLayout/maximumShapedScalars`` (see ``FontLayout``).
    var shapedScalars: String.UnicodeScalarView.SubSequence {
        unicodeScalars.prefix(FontLayout.maximumShapedScalars)
    }
}
