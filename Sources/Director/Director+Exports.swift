// What the Director's public API takes and returns comes from the three modules
// below (layouts, effects, styles and geometry from Animator; diff modes and
// glyph roles from Analyzer; pool statistics from Pool), so `import Director`
// brings them along: linking Director alone is enough to drive a label.
@_exported import Analyzer
@_exported import Animator
@_exported import Pool
