/// Which shapes are drawn under the text and which over it.
public enum ShapeLayer: String, Hashable, Sendable, CaseIterable {
    /// Drawn before the glyphs (tiles, icons beside a label).
    case belowText
    /// Drawn after the glyphs, under the particles.
    case aboveText
}
