import Animator
import CFreeType
import CHarfBuzz
import CFontconfig

/// A `GlyphLayout` backed by a real font through fontconfig, HarfBuzz and FreeType.
public struct FontLayout: Sendable {}
