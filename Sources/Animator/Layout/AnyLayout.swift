import Analyzer

/// A glyph layout of any type: what the Director keeps.
///
/// Make one from any layout; it is itself a layout, so it goes wherever one is
/// expected. The layout is kept in a box (a class), so an `AnyLayout` is one
/// reference however large the layout, and the core builds where Swift has no
/// existentials of value protocols (Embedded Swift).
///
/// ```swift
/// director.layout = AnyLayout(MonospaceLayout(cellWidth: 12, cellHeight: 24))
/// ```
public struct AnyLayout: GlyphLayout {
    @usableFromInline let box: any LayoutBox

    /// Keeps `layout`.
    @inlinable
    public init<Layout: GlyphLayout>(_ layout: Layout) {
        box = ConcreteLayoutBox(layout)
    }

    /// The same layout.
    @inlinable
    public init(_ layout: AnyLayout) {
        self = layout
    }

    public func layout(_ glyphs: [Character]) -> TextLayoutResult { box.layout(glyphs) }
    public func layout(_ glyphs: GlyphSequence) -> TextLayoutResult { box.layout(glyphs) }
    public func drawing(named id: Int32) -> GlyphDrawing? { box.drawing(named: id) }
    public func layout(
        _ glyphs: GlyphSequence, reusing previous: TextLayoutResult, unchanged: (prefix: Int, suffix: Int)
    ) -> ReusedLayout {
        box.layout(glyphs, reusing: previous, unchanged: unchanged)
    }
    public func layout(
        _ glyphs: GlyphSequence, reusing previous: TextLayoutResult, unchanged: (prefix: Int, suffix: Int),
        recycling spare: inout RecycledFrames
    ) -> ReusedLayout {
        box.layout(glyphs, reusing: previous, unchanged: unchanged, recycling: &spare)
    }

    /// Whether both keep the very same layout (one made from the other).
    package func isSame(as other: AnyLayout) -> Bool { box === other.box }
}

/// The class-bound box an `AnyLayout` keeps its layout in.
@usableFromInline
protocol LayoutBox: AnyObject, Sendable {
    func layout(_ glyphs: [Character]) -> TextLayoutResult
    func layout(_ glyphs: GlyphSequence) -> TextLayoutResult
    func drawing(named id: Int32) -> GlyphDrawing?
    func layout(_ glyphs: GlyphSequence, reusing previous: TextLayoutResult, unchanged: (prefix: Int, suffix: Int))
        -> ReusedLayout
    func layout(
        _ glyphs: GlyphSequence, reusing previous: TextLayoutResult, unchanged: (prefix: Int, suffix: Int),
        recycling spare: inout RecycledFrames
    ) -> ReusedLayout
}

/// A box holding a layout of one type. Its one stored property is a `let` of
/// a `Sendable` type, so the box is `Sendable` as it is.
@usableFromInline
final class ConcreteLayoutBox<Layout: GlyphLayout>: LayoutBox {
    @usableFromInline let layout: Layout

    @inlinable
    init(_ layout: Layout) { self.layout = layout }

    @usableFromInline func layout(_ glyphs: [Character]) -> TextLayoutResult { layout.layout(glyphs) }
    @usableFromInline func layout(_ glyphs: GlyphSequence) -> TextLayoutResult { layout.layout(glyphs) }
    @usableFromInline func drawing(named id: Int32) -> GlyphDrawing? { layout.drawing(named: id) }
    @usableFromInline func layout(
        _ glyphs: GlyphSequence, reusing previous: TextLayoutResult, unchanged: (prefix: Int, suffix: Int)
    ) -> ReusedLayout {
        layout.layout(glyphs, reusing: previous, unchanged: unchanged)
    }
    @usableFromInline func layout(
        _ glyphs: GlyphSequence, reusing previous: TextLayoutResult, unchanged: (prefix: Int, suffix: Int),
        recycling spare: inout RecycledFrames
    ) -> ReusedLayout {
        layout.layout(glyphs, reusing: previous, unchanged: unchanged, recycling: &spare)
    }
}
