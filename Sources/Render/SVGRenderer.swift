import Director
import Typesetter
import CCairo

/// Renders frames to SVG.
public struct SVGRenderer: Sendable {}
