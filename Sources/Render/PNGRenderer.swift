import Animator
import CCairo
import Director
import Typesetter

/// Draws timeline frames as pictures through Cairo: PNG files, a numbered
/// sequence of them, or pixels in memory.
///
/// ```swift
/// let png = PNGRenderer(viewport: Viewport(width: 640, height: 240), background: .black, color: .white)
/// try png.write(timeline, at: timeline.duration, to: "final.png")
/// let files = try png.writeFrames(timeline, to: "frames")    // frames/frame_00001.png, …
/// ```
///
/// Glyph outlines are filled anti-aliased under each sprite's transform
/// (scale, rotation and skew about the box centre), in the text colour mixed
/// with the sprite's tint, at its opacity. A blurred sprite (radius ≥ 0.3
/// pixels once scaled) is drawn into an 8-bit mask around its ink, the mask
/// blurred in Swift with a Gaussian whose standard deviation is the blur
/// radius (three box blurs for wide radii, see `BoxBlur`), then painted
/// through. Radii over 8 pixels are blurred at a fraction of the resolution
/// (the result has no finer detail) and scaled up by Cairo.
/// Particles are soft discs: a radial gradient from full colour to nothing.
///
/// Shapes (`Frame.shapes`, see `ShapeStyle`) are drawn in the frame's order:
/// `.belowText` shapes, the glyphs, `.aboveText` shapes, the particles. A
/// shape's outline is placed by its sprite's transform, filled in its fill
/// paint at opacity × `fill`, then cut at `strokeEnd` of its length and
/// stroked with the shape's own width, ends and corners (in its box space),
/// at the sprite's opacity; `.ink` paints in the text colour. Blur applies as
/// to glyphs. GIF and WebP frames are drawn by this same code.
///
/// Written-on glyphs (see ``StrokeStyle``): the fill is drawn at opacity ×
/// `fill`, then, while `fill` or `strokeEnd` is below 1, the outline is cut
/// at `strokeEnd` of its length (`PathMeasure`, curves split exactly) and
/// stroked with the pen's width, ends and corners under the glyph's
/// transform, in the ink: a colour, or a Cairo linear gradient across the
/// content.
public struct PNGRenderer: Renderer {
    /// The canvas, colours and pen; a transparent background gives a transparent PNG.
    public var style: RenderStyle
    /// Draws every sprite sharp, as a player without layer effects (rlottie)
    /// draws a Lottie file's blur: what the Lottie tests hold such a player to.
    var ignoresBlur = false

    /// A renderer drawing with `style`.
    public init(style: RenderStyle) {
        self.style = style
    }

    /// The frame nearest to `t`, as pixels.
    ///
    /// - Throws: ``RenderError`` when the viewport cannot place the bounds or Cairo cannot draw.
    /// - Complexity: O(pixels + ink), plus O(mask pixels) per blurred sprite.
    public func image(_ timeline: Timeline, at t: Double) throws(RenderError) -> RasterImage {
        let canvas = try draw(timeline, at: t)
        return RasterImage(width: canvas.width, height: canvas.height, pixels: canvas.rgba())
    }

    /// The frame nearest to `t`, encoded as PNG.
    public func pngData(_ timeline: Timeline, at t: Double) throws(RenderError) -> [UInt8] {
        try draw(timeline, at: t).pngData()
    }

    private func draw(_ timeline: Timeline, at t: Double) throws(RenderError) -> CairoCanvas {
        let setup = try style.resolved(timeline.bounds, outlines: timeline.outlines)
        return try draw(timeline.frame(at: t), outlines: timeline.outlines, setup: setup, measures: OutlineMeasures())
    }

    /// Writes the frame nearest to `t` as a PNG file, replacing it if it exists.
    ///
    /// - Throws: ``RenderError`` `.cannotWrite` naming the path and the reason, and the errors of ``image(_:at:)``.
    public func write(_ timeline: Timeline, at t: Double, to path: String) throws(RenderError) {
        try Platform.writeFile(try pngData(timeline, at: t), to: path)
    }

    /// Writes every frame as `frame_00001.png`, `frame_00002.png`, … in a
    /// directory (created when missing; its parent must exist), and returns the paths.
    /// Numbered frames an earlier run left there are removed first (see
    /// ``removeFrames(in:)``), so the directory never mixes two runs; other
    /// files are left alone. Each file is written whole or not at all.
    ///
    /// - Parameter progress: called after each file with (files written, total).
    /// - Throws: ``RenderError`` `.cannotWrite` for the directory or the first file that fails.
    /// - Complexity: O(frames × pixels).
    @discardableResult
    public func writeFrames(
        _ timeline: Timeline, to directory: String, progress: ((Int, Int) -> Void)? = nil
    ) throws(RenderError) -> [String] {
        try writeFrames(FrameSource(timeline), to: directory, progress: progress)
    }

    /// ``writeFrames(_:to:progress:)`` for a stream: one frame in memory at a
    /// time (a first pass measures the canvas, unless `measured` is given, a second draws).
    @discardableResult
    public func writeFrames(
        _ stream: FrameStream, measured: FrameStream.Measure? = nil, to directory: String, progress: ((Int, Int) -> Void)? = nil
    ) throws(RenderError) -> [String] {
        try writeFrames(FrameSource(stream, measured: measured), to: directory, progress: progress)
    }

    /// ``writeFrames(_:to:progress:)`` for any source of frames.
    @discardableResult
    public func writeFrames(
        _ frames: FrameSource, to directory: String, progress: ((Int, Int) -> Void)? = nil
    ) throws(RenderError) -> [String] {
        let setup = try style.resolved(frames.bounds, outlines: frames.outlines)
        if case .failure(let failure) = Platform.makeDirectory(directory) {
            throw .cannotWrite(directory, reason: failure.reason)
        }
        try Self.removeFrames(in: directory)
        let measures = OutlineMeasures()
        var paths: [String] = []
        let base = directory.hasSuffix("/") ? directory : directory + "/"
        try frames.forEach { (frame: Frame) throws(RenderError) in
            let path = base + Self.frameFileName(paths.count + 1)
            try Platform.writeFile(try draw(frame, outlines: frames.outlines, setup: setup, measures: measures).pngData(), to: path)
            paths.append(path)
            progress?(paths.count, frames.frameCount)
        }
        return paths
    }

    /// The largest blur radius drawn, in pixels (larger ones are drawn with it).
    static let maximumBlurPixels = 256.0

    /// Removes the numbered frames (`frame_00001.png`, …: `frame_`, five or
    /// more digits, `.png`) in `directory`, and nothing else; returns how many.
    /// A directory that does not exist holds none.
    ///
    /// - Throws: ``RenderError`` `.cannotWrite` when the directory cannot be read or a frame removed.
    @discardableResult
    public static func removeFrames(in directory: String) throws(RenderError) -> Int {
        guard Platform.isDirectory(directory) else { return 0 }
        let names: [String]
        switch Platform.contents(ofDirectory: directory) {
        case .success(let found): names = found
        case .failure(let failure): throw .cannotWrite(directory, reason: failure.reason)
        }
        let base = directory.hasSuffix("/") ? directory : directory + "/"
        var removed = 0
        for name in names.sorted() where isFrameFileName(name) {
            if let failure = Platform.removeFile(base + name) { throw .cannotWrite(base + name, reason: failure.reason) }
            removed += 1
        }
        return removed
    }

    /// Whether `name` is a numbered frame as ``frameFileName(_:)`` writes it.
    static func isFrameFileName(_ name: String) -> Bool {
        guard name.hasPrefix("frame_"), name.hasSuffix(".png") else { return false }
        let digits = name.utf8.dropFirst(6).dropLast(4)
        return digits.count >= 5 && digits.allSatisfy { (0x30...0x39).contains($0) }
    }

    /// `frame_00001.png` for 1 (at least five digits).
    public static func frameFileName(_ number: Int) -> String {
        let digits = String(number)
        return "frame_" + String(repeating: "0", count: max(5 - digits.count, 0)) + digits + ".png"
    }

    /// One frame on a new canvas. `measures` keeps each outline's measure from
    /// frame to frame (write-on strokes cut outlines at a fraction of their length).
    func draw(
        _ frame: Frame, outlines: GlyphOutlines, setup: ResolvedStyle, measures: OutlineMeasures
    ) throws(RenderError) -> CairoCanvas {
        let canvas = try CairoCanvas(width: setup.placement.pixelWidth, height: setup.placement.pixelHeight)
        try draw(frame, outlines: outlines, setup: setup, measures: measures, on: canvas)
        return canvas
    }

    /// One frame on `canvas` (the placement's size), replacing what it held.
    func draw(
        _ frame: Frame, outlines: GlyphOutlines, setup: ResolvedStyle, measures: OutlineMeasures, on canvas: CairoCanvas
    ) throws(RenderError) {
        let placement = setup.placement, ink = setup.ink
        canvas.clear(to: setup.background)
        let toPixels = Transform.translation(-placement.region.minX, -placement.region.minY)
            .concatenating(.scale(placement.scale, placement.scale))
        for shape in frame.shapes where shape.layer == .belowText {
            try draw(shape, ink: ink, placement: placement, toPixels: toPixels, on: canvas)
        }
        var cursor = 0
        for (index, sprite) in frame.sprites.enumerated() {
            let symbol = frame.symbol(of: sprite)
            let (old, new) = DrawnPart.parts(of: index, in: frame, cursor: &cursor)
            // A glyph whose shape changes: its old drawing under the new one, each at its share.
            for part in [old, new] {
                guard let part, let drawing = try outlines.drawing(part.id, symbol: symbol) else { continue }
                try draw(
                    part.sprite, drawing, share: part.share, key: part.id >= 0 ? .drawing(part.id) : .symbol(symbol), ink: ink,
                    placement: placement, toPixels: toPixels, measures: measures, on: canvas)
            }
        }
        for shape in frame.shapes where shape.layer == .aboveText {
            try draw(shape, ink: ink, placement: placement, toPixels: toPixels, on: canvas)
        }
        for p in frame.particles where p.opacity > 0 && p.radius > 0 && p.position.x.isFinite && p.position.y.isFinite {
            let c = RenderColor(red: p.color.red, green: p.color.green, blue: p.color.blue)
            canvas.softDisc(
                center: toPixels.apply(p.position), radius: p.radius * SVGDocument.particleSoftness * placement.scale,
                color: c, opacity: min(p.opacity, 1))
        }
    }

    /// Draws one drawing of a glyph sprite at `share` of its opacity: the
    /// outline (filled, or cut and stroked while written on), then its colour pictures.
    private func draw(
        _ sprite: SpriteFrame, _ drawing: GlyphDrawing, share: Double, key: OutlineMeasures.Key, ink: Ink,
        placement: Viewport.Placement, toPixels: Transform, measures: OutlineMeasures, on canvas: CairoCanvas
    ) throws(RenderError) {
        var s = StrokeStyle.shown(sprite.state, by: drawing)
        s.opacity *= share
        guard s.isFinite, s.opacity > 0, !drawing.drawsNothing else { return }
        let m = SVGDocument.glyphTransform(sprite).concatenating(toPixels)
        // A collapsed glyph draws nothing (and would put Cairo in an error state).
        guard abs(m.determinant) > 1e-9 else { return }
        let opacity = min(s.opacity, 1)
        if let inkBox = drawing.outline.bounds {
            let fill = min(max(s.fill, 0), 1)
            var stroke: GlyphPath?
            if StrokeStyle.strokes(s), s.strokeEnd > 0, ink.lineWidth > 0 {
                stroke = measures.measure(key, drawing.outline).trimmed(toFraction: s.strokeEnd)
            }
            let sigma = ignoresBlur ? 0 : s.blur * placement.scale
            if sigma >= 0.3 {
                let reach = stroke == nil ? 0 : ink.lineWidth / 2
                try drawBlurred(
                    drawing.outline, fill: fill, stroke: stroke, ink: ink, tint: s.tint, inkBox: inkBox.insetBy(dx: -reach, dy: -reach),
                    transform: m, toPixels: toPixels, sigma: sigma, opacity: opacity, on: canvas)
            } else {
                if fill > 0 {
                    canvas.setPath(drawing.outline, transform: m)
                    canvas.fill(ink, tint: s.tint, opacity: opacity * fill, toPixels: toPixels)
                }
                if let stroke, !stroke.isEmpty {
                    canvas.setPath(stroke, transform: m)
                    canvas.stroke(ink, tint: s.tint, opacity: opacity, toPixels: toPixels, pen: m)
                }
            }
        }
        // Colour pictures lie over the outline, as in every other format.
        for image in drawing.images where s.fill > 0 {
            canvas.paint(image, transform: m, opacity: opacity * min(s.fill, 1))
        }
    }

    /// Draws a shape sprite (see `ShapeStyle`): its outline filled in the fill
    /// paint at opacity × `fill`, then cut at `strokeEnd` and stroked with its
    /// own pen under the sprite's transform; a blurred shape goes through a
    /// mask per paint, as blurred glyphs do.
    private func draw(
        _ sprite: ShapeSprite, ink: Ink, placement: Viewport.Placement, toPixels: Transform, on canvas: CairoCanvas
    ) throws(RenderError) {
        let s = sprite.state
        let outline = sprite.shape.outline
        guard s.isFinite, s.opacity > 0, let box = outline.bounds else { return }
        let m = s.transform(boxSize: sprite.shape.size).concatenating(toPixels)
        guard abs(m.determinant) > 1e-9 else { return }
        let style = ShapeStyle(sprite.shape, ink: ink)
        let opacity = min(s.opacity, 1)
        let fill = ShapeStyle.fillShare(s), drawn = ShapeStyle.strokeShare(s)
        let fillColor = fill > 0 ? style.fill : nil
        var stroke: ShapePath?
        if style.stroke != nil, drawn > 0 {
            stroke = drawn >= 1 ? outline : PathMeasure(outline).trimmed(toFraction: drawn)
        }
        let sigma = ignoresBlur ? 0 : s.blur * placement.scale
        if sigma >= 0.3 {
            if let fillColor {
                try drawBlurred(
                    outline, fill: fill, stroke: nil, ink: Ink(solid: fillColor, like: ink), tint: .none, inkBox: box,
                    transform: m, toPixels: toPixels, sigma: sigma, opacity: opacity, on: canvas)
            }
            if let stroke, let pen = style.pen {
                let reach = style.lineWidth / 2
                try drawBlurred(
                    outline, fill: 0, stroke: stroke, ink: pen, tint: .none, inkBox: box.insetBy(dx: -reach, dy: -reach),
                    transform: m, toPixels: toPixels, sigma: sigma, opacity: opacity, on: canvas)
            }
        } else {
            if let fillColor {
                canvas.setPath(outline, transform: m)
                canvas.fill(fillColor, opacity: opacity * fill)
            }
            if let stroke, !stroke.isEmpty, let pen = style.pen {
                canvas.setPath(stroke, transform: m)
                canvas.stroke(pen, tint: .none, opacity: opacity, toPixels: toPixels, pen: m)
            }
        }
    }

    /// Draws an outline (its fill at `fill`, its stroke whole) into a mask
    /// around its ink, blurs the mask and paints the ink through it.
    private func drawBlurred(
        _ outline: GlyphPath, fill: Double, stroke: GlyphPath?, ink: Ink, tint: Tint, inkBox: Rect, transform m: Transform,
        toPixels: Transform, sigma: Double, opacity: Double, on canvas: CairoCanvas
    ) throws(RenderError) {
        let ink0 = inkBox
        // Past a few hundred pixels a blur is a faint wash; the cap bounds the mask.
        let sigma = min(sigma, Self.maximumBlurPixels)
        var extent = Extent()
        let reach = 3 * sigma
        for corner in [Point(x: ink0.minX, y: ink0.minY), Point(x: ink0.maxX, y: ink0.minY),
                       Point(x: ink0.minX, y: ink0.maxY), Point(x: ink0.maxX, y: ink0.maxY)] {
            extent.add(m.apply(corner), reach: reach)
        }
        let box = extent.rect
        // Only ink within `reach` of the canvas can show on it.
        let margin = Int(reach.rounded(.up)) + 1
        func clamped(_ x: Double, _ low: Int, _ high: Int) -> Int {
            x.isNaN ? low : Int(min(max(x, Double(low)), Double(high)))
        }
        let x0 = clamped(box.minX.rounded(.down), -margin, canvas.width + margin)
        let y0 = clamped(box.minY.rounded(.down), -margin, canvas.height + margin)
        let x1 = clamped(box.maxX.rounded(.up), -margin, canvas.width + margin)
        let y1 = clamped(box.maxY.rounded(.up), -margin, canvas.height + margin)
        guard x1 > x0, y1 > y0 else { return }
        // A wide blur leaves no detail finer than a few pixels: draw and blur it at
        // 1/k of the resolution (σ/k ≥ 4 pixels there) and let Cairo scale it up.
        let k = max(Int(sigma / 4), 1)
        let mask = try CairoCanvas(width: (x1 - x0 + k - 1) / k, height: (y1 - y0 + k - 1) / k, format: CAIRO_FORMAT_A8)
        let toMask = Transform.translation(Double(-x0), Double(-y0)).concatenating(.scale(1 / Double(k), 1 / Double(k)))
        let maskTransform = m.concatenating(toMask)
        if fill > 0 {
            mask.setPath(outline, transform: maskTransform)
            mask.fill(.black, opacity: fill)
        }
        if let stroke, !stroke.isEmpty {
            mask.setPath(stroke, transform: maskTransform)
            mask.strokeMask(ink, pen: maskTransform)
        }
        let (w, h) = (mask.width, mask.height)
        mask.withPixels { pixels, stride in
            BoxBlur.gaussian(pixels, width: w, height: h, stride: stride, sigma: sigma / Double(k))
        }
        canvas.paint(ink, tint: tint, opacity: opacity, toPixels: toPixels, mask: mask, x: x0, y: y0, scale: k)
    }
}

/// Each drawing's outline measured once per recording, for cutting write-on
/// strokes frame after frame. Confined to one drawing call, like `CairoCanvas`.
final class OutlineMeasures {
    /// A drawing by id, or by Character where the layout names none.
    enum Key: Hashable {
        case drawing(Int32)
        case symbol(Character)
    }

    private var measures: [Key: PathMeasure] = [:]

    func measure(_ symbol: Key, _ outline: GlyphPath) -> PathMeasure {
        if let known = measures[symbol] { return known }
        let measure = PathMeasure(outline)
        measures[symbol] = measure
        return measure
    }
}
