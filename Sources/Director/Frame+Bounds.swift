import Animator

extension Frame {
    /// The opacity from which a sprite's ink counts as seen (0.05): `bounds`
    /// and the canvas of every renderer hold only what is at least this
    /// visible, so glyphs waiting invisibly off to the side to enter, or
    /// nearly gone, do not widen them.
    public static let seenOpacity = 0.05

    /// The box that holds what this frame shows: every glyph and shape at least
    /// `seenOpacity` visible, its box scaled about its centre (rotation aside), and the
    /// old box of a glyph whose shape is changing, in the layout's coordinates;
    /// nil when nothing is drawn.
    ///
    /// It follows the motion: a block of text growing by a line grows on the
    /// glyphs' clock, words arcing past each other widen it for a moment, so an
    /// app can size its container frame by frame.
    ///
    /// ```swift
    /// let frame = director.frame(at: now)
    /// container.height = frame.bounds?.height ?? 0
    /// ```
    ///
    /// - Complexity: O(n) in sprites.
    public var bounds: Rect? {
        var low = Point(x: Double.infinity, y: Double.infinity), high = Point(x: -Double.infinity, y: -Double.infinity)
        func include(_ state: GlyphState, _ size: Size) {
            guard state.opacity >= Frame.seenOpacity else { return }
            let halfWidth = abs(state.scaleX) * size.width / 2, halfHeight = abs(state.scaleY) * size.height / 2
            let x = state.position.x, y = state.position.y
            guard halfWidth.isFinite, halfHeight.isFinite, x.isFinite, y.isFinite else { return }
            low = Point(x: min(low.x, x - halfWidth), y: min(low.y, y - halfHeight))
            high = Point(x: max(high.x, x + halfWidth), y: max(high.y, y + halfHeight))
        }
        // A glyph not yet written (no fill, no pen) draws nothing.
        for sprite in sprites where sprite.state.fill > 0 || sprite.state.strokeEnd > 0 {
            include(sprite.state, sprite.boxSize)
        }
        // A sprite whose shape is changing also draws its old drawing, in the old
        // box, until that one has faded out.
        for reshape in reshapes where reshape.progress < 1 && Int(reshape.sprite) < sprites.count {
            let sprite = sprites[Int(reshape.sprite)]
            var old = sprite.state
            old.position.x += reshape.centreOffset(boxWidth: sprite.boxSize.width) * sprite.state.scaleX
            include(old, Size(width: reshape.width, height: sprite.boxSize.height))
        }
        for shape in shapes { include(shape.state, shape.shape.size) }
        guard low.x <= high.x, low.y <= high.y else { return nil }
        return Rect(x: low.x, y: low.y, width: high.x - low.x, height: high.y - low.y)
    }
}
