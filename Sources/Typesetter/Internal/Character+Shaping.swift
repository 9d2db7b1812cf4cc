extension Character {
    /// The scalars of this Character that are shaped, drawn and looked up in
    /// fonts: the first ``FontLayout/maximumShapedScalars`` (see ``FontLayout``).
    var shapedScalars: String.UnicodeScalarView.SubSequence {
        unicodeScalars.prefix(FontLayout.maximumShapedScalars)
    }
}

extension Character {
    /// The code points a font must have to draw this Character: its shaped
    /// scalars but default-ignorable ones (joiners, variation selectors) and controls.
    var neededScalars: [UInt32] {
        shapedScalars.filter {
            !$0.properties.isDefaultIgnorableCodePoint && $0.properties.generalCategory != .control
        }.map(\.value)
    }

    /// Whether the Character is shown as an emoji (in colour) rather than as
    /// text: an emoji with emoji presentation by default, or asked for by
    /// U+FE0F, a skin tone, a keycap, a flag or a zero-width-joined sequence;
    /// U+FE0E asks for text.
    var prefersEmojiPresentation: Bool {
        let scalars = unicodeScalars
        guard let first = scalars.first, first.properties.isEmoji else { return false }
        if scalars.contains("\u{FE0E}") { return false }
        if first.properties.isEmojiPresentation { return true }
        return scalars.dropFirst().contains { s in
            s == "\u{FE0F}" || s == "\u{20E3}" || s.properties.isEmojiModifier || s == "\u{200D}"
        }
    }
}
