import Analyzer

/// Places glyphs in lines: the seam between the engine and a font.
///
/// `MonospaceLayout` (a cell grid, for terminals and tests) lives in this module;
/// real fonts live in the Typesetter module. A layout never fails: a glyph a
/// font cannot draw still gets a frame (the font's missing-glyph box).
///
/// Coordinates: x grows rightwards, y downwards, the layout box starts at (0, 0).
/// Alignment is applied inside the box (`TextLayoutResult.size`).
public protocol GlyphLayout: Sendable {
    /// Lays out glyphs (extended grapheme clusters, as the Analyzer segments them).
    ///
    /// - Returns: one frame per glyph, in order, plus the lines and the total size.
    /// - Complexity: O(n) in the number of glyphs for the layouts in this package.
    func layout(_ glyphs: [Character]) -> TextLayoutResult

    /// Lays out the glyphs of one side of a `TextChange`. The default copies them
    /// into an array; a layout can read their ids instead.
    func layout(_ glyphs: GlyphSequence) -> TextLayoutResult

    /// The drawing a layout named in `TextLayoutResult.drawings`: a glyph (or a
    /// whole shaping unit) as it looks in the text it was laid out in. This is
    /// how renderers get outlines without knowing the layout's type. nil for
    /// 0 (nothing to draw), for ids the layout never gave, and for layouts that
    /// place glyphs without drawing them (the default: a cell grid has no
    /// outlines, and its results name no drawings).
    func drawing(named id: Int32) -> GlyphDrawing?

    /// Lays out the new text of a change given this layout's own layout of the
    /// old text (`previous`), whose first `unchanged.prefix` and last
    /// `unchanged.suffix` glyphs are the new text's too (`TextChange.unchanged`).
    /// The result is the layout `layout(glyphs)` gives; a layout may make it
    /// from `previous` (the monospace grid lays out only the lines from the
    /// change on, until they line up with the old ones), and says which frames
    /// at the ends are the old ones. The default lays out afresh and compares.
    func layout(_ glyphs: GlyphSequence, reusing previous: TextLayoutResult, unchanged: (prefix: Int, suffix: Int))
        -> ReusedLayout

    /// As `layout(_:reusing:unchanged:)`, with the frames of a layout the
    /// caller no longer needs (`spare`) to lay the new text out into, so that
    /// frames the spare already holds need not be copied again. A layout may
    /// take the spare's storage (leaving it empty) or leave it as it is; the
    /// result is the same either way. The default ignores the spare.
    func layout(
        _ glyphs: GlyphSequence, reusing previous: TextLayoutResult, unchanged: (prefix: Int, suffix: Int),
        recycling spare: inout RecycledFrames
    ) -> ReusedLayout
}

extension GlyphLayout {
    public func drawing(named id: Int32) -> GlyphDrawing? { nil }

    public func layout(_ glyphs: GlyphSequence) -> TextLayoutResult {
        layout(Array(glyphs))
    }

    public func layout(
        _ glyphs: GlyphSequence, reusing previous: TextLayoutResult, unchanged: (prefix: Int, suffix: Int)
    ) -> ReusedLayout {
        ReusedLayout(layout(glyphs), comparedWith: previous, unchanged: unchanged)
    }

    public func layout(
        _ glyphs: GlyphSequence, reusing previous: TextLayoutResult, unchanged: (prefix: Int, suffix: Int),
        recycling spare: inout RecycledFrames
    ) -> ReusedLayout {
        layout(glyphs, reusing: previous, unchanged: unchanged)
    }
}

/// The frames of a layout its owner no longer needs, offered to
/// `GlyphLayout.layout(_:reusing:unchanged:recycling:)` to lay a new text out
/// into. A Director keeps the layout from before the one on screen this way:
/// while text streams onto the end of a long one, that layout already holds
/// all but the last line or two of the next, which are then all that is copied.
public struct RecycledFrames: Sendable {
    /// The frames (their storage is reused when nothing else holds it).
    public var frames: [GlyphFrame]
    /// How many of `frames`, from the first, are exactly the frames the layout
    /// given as `previous` has there.
    public var sameAsPrevious: Int

    /// Nothing to recycle, or `frames` whose first `sameAsPrevious` are the previous layout's.
    public init(frames: [GlyphFrame] = [], sameAsPrevious: Int = 0) {
        self.frames = frames
        self.sameAsPrevious = max(0, min(sameAsPrevious, frames.count))
    }
}

/// A layout of a change's new text made knowing the old text's layout (see
/// `GlyphLayout.layout(_:reusing:unchanged:)`): the layout, and how many
/// glyphs at its start and at its end have exactly the frames (and drawings)
/// the same glyphs had in the old layout.
public struct ReusedLayout: Sendable {
    public var layout: TextLayoutResult
    /// Glyphs `0..<samePrefix` have the frames glyphs `0..<samePrefix` had.
    public var samePrefix: Int
    /// The last `sameSuffix` glyphs have the frames the old layout's last `sameSuffix` had.
    public var sameSuffix: Int

    public init(layout: TextLayoutResult, samePrefix: Int, sameSuffix: Int) {
        self.layout = layout
        self.samePrefix = samePrefix
        self.sameSuffix = sameSuffix
    }

    /// `layout`, its ends compared with `previous` as far as `unchanged` allows.
    ///
    /// - Complexity: O(prefix + suffix compared).
    public init(_ layout: TextLayoutResult, comparedWith previous: TextLayoutResult, unchanged: (prefix: Int, suffix: Int)) {
        self.layout = layout
        let old = previous.frames, new = layout.frames
        let oldDrawings = previous.drawings, newDrawings = layout.drawings
        func same(_ i: Int, _ j: Int) -> Bool {
            old[i] == new[j] && oldDrawings?[i] == newDrawings?[j]
        }
        let limit = min(old.count, new.count)
        var prefix = 0
        while prefix < min(unchanged.prefix, limit), same(prefix, prefix) { prefix += 1 }
        var suffix = 0
        while suffix < min(unchanged.suffix, limit - prefix), same(old.count - 1 - suffix, new.count - 1 - suffix) {
            suffix += 1
        }
        samePrefix = prefix
        sameSuffix = suffix
    }
}

/// Where the lines of a text sit horizontally in their box.
public enum TextAlignment: String, Hashable, Sendable, CaseIterable {
    case leading, center, trailing

    /// The fraction of the box width at which the alignment anchor stands (0, ½ or 1)
    /// in left-to-right text.
    @inlinable
    public var anchorFraction: Double {
        switch self {
        case .leading: 0
        case .center: 0.5
        case .trailing: 1
        }
    }

    /// The fraction of the box width at which the alignment anchor stands in
    /// text of a direction: leading is the start edge, the right one in
    /// right-to-left text.
    @inlinable
    public func anchorFraction(rightToLeft: Bool) -> Double {
        rightToLeft ? 1 - anchorFraction : anchorFraction
    }
}

/// The place of one glyph in a layout.
@frozen
public struct GlyphFrame: Hashable, Sendable {
    /// The glyph's box: x at the pen position, y at the top of its line, width
    /// the advance, height the line height.
    public var rect: Rect
    /// The y coordinate of the line's baseline.
    public var baseline: Double
    /// The index of the line the glyph sits on.
    public var line: Int

    @inlinable
    public init(rect: Rect, baseline: Double, line: Int) {
        self.rect = rect
        self.baseline = baseline
        self.line = line
    }
}

/// One line of a layout.
public struct LayoutLine: Hashable, Sendable {
    /// The indices of the glyphs on the line, including a trailing newline glyph if any.
    public var glyphs: Range<Int>
    /// The line's box (its width is the width of its visible glyphs).
    public var rect: Rect
    /// The y coordinate of the line's baseline.
    public var baseline: Double

    public init(glyphs: Range<Int>, rect: Rect, baseline: Double) {
        self.glyphs = glyphs
        self.rect = rect
        self.baseline = baseline
    }
}

/// The result of laying out a text: a frame per glyph, the lines and the total size.
public struct TextLayoutResult: Hashable, Sendable {
    /// One frame per glyph, in glyph order.
    public var frames: [GlyphFrame]
    /// The lines, top to bottom.
    public var lines: [LayoutLine]
    /// The size of the layout box (the widest line, or the wrapping width when one was given).
    public var size: Size
    /// The alignment the lines were placed with.
    public var alignment: TextAlignment
    /// The nominal font size (em height) in points; effects scale their motion by it.
    public var fontSize: Double
    /// An x coordinate in the box to anchor the layout at instead of its
    /// alignment's (see `anchoringNumber(at:)`); nil for the alignment's.
    public var anchorOverride: Double?
    /// The length of ink each glyph takes to write, in points, when a pen lays
    /// the text out (a single-stroke font's strokes, in glyph order); nil for
    /// outline fonts. The `write` effect times its pen by it: each glyph
    /// starts where the pen reaches it.
    public var ink: [Double]?
    /// What each glyph looks like in this text, when the layout names its
    /// drawings (Typesetter's `FontLayout` does; nil otherwise): one id per
    /// frame, in glyph order. A glyph's drawing depends on its neighbours
    /// (joining forms, ligatures, reordered marks), so the same glyph may have
    /// different drawings in two texts; 0 means the glyph draws nothing of its
    /// own (the first glyph of its shaping unit draws the whole unit). The
    /// planner gives each sprite the drawing of the text it belongs to, and
    /// renderers draw that, so a settled frame looks exactly like the text laid
    /// out alone.
    public var drawings: [Int32]?
    /// Whether the text's first paragraph runs right to left (Arabic, Hebrew):
    /// then `leading` is its right edge and `trailing` its left one, for the
    /// lines and for the alignment anchor the planner lines layouts up by.
    public var isRightToLeft = false

    public init(frames: [GlyphFrame], lines: [LayoutLine], size: Size, alignment: TextAlignment, fontSize: Double) {
        self.frames = frames
        self.lines = lines
        self.size = size
        self.alignment = alignment
        self.fontSize = fontSize
    }

    /// The x coordinate of the alignment anchor in the box: the leading edge,
    /// the centre or the trailing edge (or `anchorOverride`); leading is the
    /// right edge for right-to-left text. Two layouts of different widths line
    /// up when their anchors coincide, so centred text stays centred, and the
    /// start of a right-to-left text stays put, through a transition.
    @inlinable
    public var alignmentAnchor: Double {
        anchorOverride ?? size.width * alignment.anchorFraction(rightToLeft: isRightToLeft)
    }

    /// The layout anchored where its number stands instead of at its alignment's
    /// anchor: at the trailing edge of glyph `index − 1`, the last integer place
    /// (`index` as `DiffMode.numberAnchor(in:)` gives it; the leading edge of the
    /// first glyph for 0). Two numbers anchored this way keep their place values
    /// in columns through a transition; the glyphs stay where the layout put them.
    /// An index outside the text leaves the layout as it is.
    public func anchoringNumber(at index: Int) -> TextLayoutResult {
        guard index >= 0, index <= frames.count, !frames.isEmpty else { return self }
        var copy = self
        let x = index > 0 ? frames[index - 1].rect.maxX : frames[0].rect.minX
        copy.anchorOverride = x.isFinite ? x : nil
        return copy
    }

    /// `new` anchored where its number stands (`index`), so that it lines up by place
    /// value with this layout's number (at `oldIndex`) where this one stands now: its
    /// own anchor or a number's, as the change that laid it out left it. The text on
    /// screen does not move to line up; the new one comes to it.
    package func aligningNumber(of new: TextLayoutResult, at index: Int, with oldIndex: Int) -> TextLayoutResult {
        var aligned = new.anchoringNumber(at: index)
        let standing = alignmentAnchor, number = anchoringNumber(at: oldIndex).alignmentAnchor
        // (Both numbers anchored the usual way, one after the other, the override is kept as it is.)
        if number != standing, let x = aligned.anchorOverride { aligned.anchorOverride = x - number + standing }
        return aligned
    }

    /// The layout moved so that its alignment anchor sits at x = 0: the common
    /// coordinate space in which the planner aligns an old and a new layout.
    public func anchored() -> TextLayoutResult {
        let dx = alignmentAnchor
        guard dx != 0 else { return self }
        var copy = self
        for i in copy.frames.indices { copy.frames[i].rect.origin.x -= dx }
        for i in copy.lines.indices { copy.lines[i].rect.origin.x -= dx }
        return copy
    }
}
