extension LegibilityReport: CustomStringConvertible {
    /// The counts and the worst pair, e.g.
    /// `31 frames: 9 garbled (29.0 %), 4 with a doubled glyph ("S" ×2 of 1 at 0.100 s); worst: "S" (3) over "A" (7), 82.0 % at 0.150 s`.
    public var description: String {
        var text = "\(framesSampled) frames: \(garbledFrames) garbled (\(percent(garbledShare))), "
        text += "\(doubledFrames) with a doubled glyph"
        if let doubled = doubledGlyphs.first { text += " (\(doubled.description))" }
        if spaceGapFrames > 0 {
            text += ", \(spaceGapFrames) with a space collapsed or doubled"
            if let gap = spaceGaps.first { text += " (\(gap.description))" }
        }
        if let worst = worstPairs.first { text += "; worst: \(worst.description)" }
        return text
    }
}

extension FrameLegibility: CustomStringConvertible {
    /// The frame's findings, e.g.
    /// `0.150 s: 11 visible glyphs, 2 garbled pairs (worst "S" (3) over "A" (7), 82.0 %), 1 doubled ("S" ×2 of 1)`.
    public var description: String {
        var text = "\(seconds(time)): \(visibleGlyphs) visible glyphs"
        if isLegible { return text + ", legible" }
        text += ", \(garbledPairs.count) garbled pair" + (garbledPairs.count == 1 ? "" : "s")
        if let worst = garbledPairs.first {
            text += " (worst \(worst.firstSymbol.debugDescription) (\(worst.first)) over "
                + "\(worst.secondSymbol.debugDescription) (\(worst.second)), \(percent(worst.overlap)))"
        }
        text += ", \(doubledGlyphs.count) doubled"
        if !doubledGlyphs.isEmpty {
            text += " (" + doubledGlyphs.map { "\($0.symbol.debugDescription) ×\($0.shown) of \($0.allowed)" }
                .joined(separator: ", ") + ")"
        }
        if !spaceGaps.isEmpty { text += ", \(spaceGaps.count) space" + (spaceGaps.count == 1 ? "" : "s") + " off" }
        return text
    }
}

extension Legibility.GarbledPair: CustomStringConvertible {
    /// E.g. `"S" (3) over "A" (7), 82.0 % at 0.150 s`: glyphs with their sprite ids, the overlap, the time.
    public var description: String {
        "\(firstSymbol.debugDescription) (\(first)) over \(secondSymbol.debugDescription) (\(second)), "
            + "\(percent(overlap)) at \(seconds(time))"
    }
}

extension Legibility.SpaceGap: CustomStringConvertible {
    /// E.g. `"s" (4) and "o" (6) 0.2 spaces apart at 0.150 s`.
    public var description: String {
        let tenths = Int((abs(width) * 10).rounded())
        return "\(leftSymbol.debugDescription) (\(left)) and \(rightSymbol.debugDescription) (\(right)) "
            + "\(width < 0 ? "-" : "")\(tenths / 10).\(tenths % 10) spaces apart at \(seconds(time))"
    }
}

extension Legibility.DoubledGlyph: CustomStringConvertible {
    /// E.g. `"S" ×2 of 1 at 0.100 s`: shown twice where the texts allow one.
    public var description: String {
        "\(symbol.debugDescription) ×\(shown) of \(allowed) at \(seconds(time))"
    }
}

/// A share as a percentage with one decimal, e.g. `29.0 %` (no Foundation).
func percent(_ share: Double) -> String {
    guard share.isFinite else { return "\(share) %" }
    let tenths = Int((abs(share) * 1000).rounded())
    return (share < 0 ? "-" : "") + "\(tenths / 10).\(tenths % 10) %"
}
