/// A glyph's identity: the integer the Analyzer gives it, used by the planner,
/// the Director and frames alike.
///
/// A glyph that is exactly one ASCII scalar has that scalar's value as its id
/// ("A" is 65); every other glyph gets an id from 128 up when it is first seen.
/// Ids index the `symbols` table of the change (or frame) they come with: the
/// ids of one `TextChangeAnalyzer.Workspace` stay the same from one change to
/// the next, so equal glyphs in successive texts have equal ids.
public typealias GlyphID = Int32
