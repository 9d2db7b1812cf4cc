import Animator
import Director
import Typesetter

/// Writes a timeline as a Lottie animation (Bodymovin JSON, version 5.7), the
/// format lottie-ios, lottie-android, lottie-web and rlottie play.
///
/// ```swift
/// let lottie = LottieRenderer(viewport: Viewport(width: 480))
/// try lottie.write(timeline, to: "send.json")
/// ```
///
/// The animation model (docs/lottie.md has the details):
/// - The composition is the canvas of ``Viewport`` in pixels, at the
///   timeline's frame rate; frame i of the file is frame i of the timeline.
/// - Every sprite (by id) is one shape layer holding its glyph's outline
///   (quadratic segments raised to cubic, contours filled non-zero, closed
///   where the outline closes them: a font's contours are, a pen's strokes
///   and a traced path's open subpaths are not). The
///   layer's transform carries the sprite's position, rotation and scale; an
///   inner group's transform carries the skew and puts the outline's pen
///   origin on the box's baseline, so the whole is exactly
///   `GlyphState.transform(boxSize:)`. Opacity and colour (tints) animate the
///   fill.
/// - Keyframes come from the plan's curves where Lottie says them exactly: a
///   sprite's transform (position, rotation, scale, skew) or its appearance
///   (fill opacity, colour, trim and stroke) changing on a cubic Bézier with
///   nothing added on top, and not interrupted, is two keyframes whose out and
///   in tangents (`o`, `i`) are the curve's control points. Everything else
///   (springs, keyframe curves, tracks, carried velocities, a gradient's line)
///   is sampled at every frame and thinned as the animated SVG is (a sample
///   linear interpolation reproduces within a hundredth of a pixel, a
///   twentieth of a degree, a tenth of a percent is left out), linear between
///   keyframes. A layer exists from the first frame its sprite is present to
///   the last; a gap in between is opacity 0 held, not a fade.
/// - Layers are stacked in the SVG's order (older sprites under newer ones),
///   over a background rectangle unless the background is transparent.
/// - Written-on glyphs (see ``StrokeStyle``): the fill's opacity is opacity ×
///   `fill`; a second group of the same paths, drawn over the fill, is cut by
///   a trim path (`tm`, its end at `strokeEnd` × 100 %, shapes trimmed one
///   after another) and stroked (`st`) with the pen's width, caps and joins,
///   shown while `fill` or `strokeEnd` is below 1. A gradient ink is a
///   gradient fill and stroke (`gf`, `gs`) whose line is the content's, carried
///   into each glyph's space frame by frame.
/// - Shapes (`Frame.shapes`, see `ShapeStyle`) are shape layers too: the same
///   transforms about the shape box's centre, a stroke group (paths, a trim
///   path for `strokeEnd`, `st` with the shape's width, caps and joins) over a
///   fill group (`fl` at opacity × `fill`); a path that changes is keyframed
///   per contour. Layers stack shapes above the text, glyphs, shapes below.
/// - Blur is Lottie's Gaussian blur effect (`ef`, `ty` 29) on the layer, its
///   blurriness keyframed (the PNG renderer's standard deviation in the
///   layer's units over 0.3, lottie-web's factor), with an invisible
///   rectangle that gives the blur room inside the layer's bounds; players
///   without layer effects (rlottie) draw the glyph sharp.
/// - Particles (see ``maximumParticles``) are shape layers over everything:
///   a disc filled with a radial gradient from the particle's colour to
///   nothing, moving, shrinking and fading as the particle does.
/// - Colour pictures are embedded at the canvas's resolution, drawn on whole
///   pixels where the sprite comes to rest, so that players sampling them
///   unfiltered (rlottie) draw them as the PNG renderer does.
/// - The looping tail of a timeline plays as part of the whole, which players repeat.
public struct LottieRenderer: Renderer {
    /// The composition's canvas, colours and pen; a transparent background leaves the rectangle out.
    public var style: RenderStyle
    /// The most particles written as layers (the longest-lived are kept; default 160, as in the animated SVG).
    public var maximumParticles = 160

    /// A renderer drawing with `style`.
    public init(style: RenderStyle) {
        self.style = style
    }

    /// A renderer drawing with `style`, writing at most `maximumParticles` particles.
    public init(style: RenderStyle, maximumParticles: Int) {
        self.style = style
        self.maximumParticles = maximumParticles
    }

    /// Writes the Lottie JSON to `path`, whole or not at all, layer by layer:
    /// the document is never held whole in memory.
    ///
    /// - Throws: ``RenderError`` when the viewport cannot place the bounds or the file cannot be written.
    /// - Complexity: O(frames × sprites) plus the outlines.
    public func write(_ timeline: Timeline, to path: String) throws(RenderError) {
        try OutputFile.writing(path) { (file: OutputFile) throws(RenderError) in
            var buffer = ""
            try document(timeline) { (piece: String) throws(RenderError) in
                buffer += piece
                // Written in pieces of a megabyte or so.
                if buffer.utf8.count >= 1 << 20 {
                    try file.writeAll(buffer)
                    buffer.removeAll(keepingCapacity: true)
                }
            }
            try file.writeAll(buffer)
        }
    }

    /// The Lottie document.
    ///
    /// - Throws: ``RenderError`` when the viewport cannot place the bounds.
    /// - Complexity: O(frames × sprites) plus the outlines.
    public func json(_ timeline: Timeline) throws(RenderError) -> String {
        var out = ""
        try document(timeline) { (piece: String) throws(RenderError) in out += piece }
        return out
    }

    /// The document in pieces, in order, to `emit`: the head, then one layer at
    /// a time, top first (Lottie stacks its first layer on top): shapes over
    /// the text, the glyphs (newest sprite first), shapes under the text, each
    /// in descending id order, and the background.
    private func document(_ timeline: Timeline, _ emit: (String) throws(RenderError) -> Void) throws(RenderError) {
        let setup = try style.resolved(timeline.bounds, outlines: timeline.outlines)
        let placement = setup.placement, ink = setup.ink
        let frames = timeline.frames
        let frameCount = frames.count
        let sprites = SpriteSamples(frames)
        let curves = CurveSpans(timeline)
        // Each entry's drawing, and the colour pictures among them as image assets (listed in the head).
        var drawings: [GlyphDrawing?] = []
        drawings.reserveCapacity(sprites.ids.count)
        var assets = ImageAssets()
        /// Each sprite's colour pictures as its layers show them (see `restingPicture(_:at:placement:)`), and their assets.
        var pictures: [[(image: GlyphImage, asset: String)]] = []
        for i in sprites.ids.indices {
            let drawing = try sprites.symbols[i].flatMap { (symbol: Character) throws(RenderError) in
                try timeline.outlines.drawing(sprites.drawings[i], symbol: symbol)
            }
            drawings.append(drawing)
            var shown: [(image: GlyphImage, asset: String)] = []
            if let drawing, !drawing.images.isEmpty {
                let rest = sprites.samples(i, in: frames).last { $0 != nil } ?? nil
                for (k, image) in drawing.images.enumerated() {
                    let picture = Self.restingPicture(image, at: rest, placement: placement)
                    let key = drawing.shapeKey + "#\(k)@\(picture.rect.minX),\(picture.rect.minY),\(picture.width),\(picture.height)"
                    if let asset = assets.id(of: picture, key: key) { shown.append((picture, asset)) }
                }
            }
            pictures.append(shown)
        }
        var head = "{\"v\":\"5.7.0\",\"fr\":\(NumberFormat.fixed(timeline.fps, 3)),\"ip\":0,\"op\":\(frameCount)"
        head += ",\"w\":\(placement.pixelWidth),\"h\":\(placement.pixelHeight),\"ddd\":0"
        head += ",\"nm\":\(JSONString.quoted(MarkupText.sequence(timeline.texts)))"
        head += ",\"meta\":{\"g\":\"Kinetype\"},\"assets\":[\(assets.json)],\"layers\":["
        try emit(head)
        var index = 0
        func layer(_ body: String?) throws(RenderError) {
            guard let body else { return }
            index += 1
            try emit((index == 1 ? "\n" : ",\n") + "{\"ind\":\(index)," + body + "}")
        }
        // Particles are drawn over everything: their layers come first.
        let particles = ParticleTracker.tracks(frames, limit: max(maximumParticles, 0))
        for (i, track) in particles.enumerated().reversed() {
            try layer(particleLayer(i, track, frameCount: frameCount, placement: placement))
        }
        let shapeSprites = ShapeSamples.byID(frames)
        for shape in shapeSprites.reversed() where ShapeSamples.layer(shape.samples) == .aboveText {
            try layer(shapeLayer(id: shape.id, samples: shape.samples, placement: placement, ink: ink))
        }
        var shapes: [String: String] = [:]
        for i in sprites.ids.indices.reversed() {
            guard let symbol = sprites.symbols[i], let drawing = drawings[i] else { continue }
            let id = sprites.name(i)
            // Colour pictures are image layers over the outline's layer: emitted first, top first.
            if !pictures[i].isEmpty {
                let samples = sprites.samples(i, in: frames)
                for picture in pictures[i].reversed() {
                    try layer(imageLayer(id: id, symbol: symbol, samples: samples, image: picture.image, asset: picture.asset, placement: placement))
                }
            }
            guard !drawing.outline.isEmpty else { continue }
            let shape: String
            if let known = shapes[drawing.shapeKey] {
                shape = known
            } else {
                // Contours close where the outline closes them: every contour of
                // a font's glyph; not a pen's strokes or a traced path.
                shape = LottieShape.path(drawing.outline, openEnds: true)
                shapes[drawing.shapeKey] = shape
            }
            let shown = StrokeStyle.shown(sprites.samples(i, in: frames), by: drawing)
            // A sprite drawn in two parts (a changing shape) has samples its curves do not give alone.
            try layer(spriteLayer(
                id: id, symbol: symbol, samples: shown,
                spans: sprites.isWhole(i) ? curves.spans(of: sprites.ids[i], drawnBy: drawing) : ([], []), fps: timeline.fps,
                shape: shape, inkBounds: drawing.outline.bounds, placement: placement, ink: ink))
        }
        for shape in shapeSprites.reversed() where ShapeSamples.layer(shape.samples) == .belowText {
            try layer(shapeLayer(id: shape.id, samples: shape.samples, placement: placement, ink: ink))
        }
        if style.background.alpha > 0 { try layer(backgroundLayer(placement, frames: frameCount)) }
        try emit((index == 0 ? "" : "\n") + "]}\n")
    }

    /// A colour picture as its image layer shows it: at the canvas's
    /// resolution, and, where the sprite comes to rest (upright, at its size),
    /// drawn at the sub-pixel offset it rests at inside a picture whose edges
    /// lie on whole pixels of the canvas. Players that take a picture's nearest
    /// pixel without filtering (rlottie) then show, at rest, what the PNG
    /// renderer's filtered drawing shows; lottie-web draws it the same.
    static func restingPicture(_ image: GlyphImage, at rest: SpriteFrame?, placement: Viewport.Placement) -> GlyphImage {
        let k = placement.scale
        guard let rest, rest.state.rotation == 0, rest.state.skew == 0, rest.state.scaleX == 1, rest.state.scaleY == 1 else {
            return CairoCanvas.resampled(image, origin: Point(x: image.rect.minX, y: image.rect.minY), pixelsPerPoint: k)
        }
        // The picture's left and top edges on the canvas at rest, in pixels.
        let centre = placement.pixel(rest.state.position)
        let left = centre.x + (image.rect.minX - rest.boxSize.width / 2) * k
        let top = centre.y + (image.rect.minY + rest.baselineOffset) * k
        // Widened to whole pixels: the picture starts that much further left and up.
        let origin = Point(x: image.rect.minX - (left - left.rounded(.down)) / k, y: image.rect.minY - (top - top.rounded(.down)) / k)
        return CairoCanvas.resampled(image, origin: origin, pixelsPerPoint: k)
    }

    /// A colour glyph's picture as an image layer (`ty` 2) of an embedded PNG
    /// asset: placed as the sprite's outline would be (its position, rotation
    /// and scale; skew is not carried over), at the sprite's opacity; nil when
    /// it never shows.
    private func imageLayer(
        id: String, symbol: Character, samples: [SpriteFrame?], image: GlyphImage, asset: String,
        placement: Viewport.Placement
    ) -> String? {
        guard let first = samples.firstIndex(where: { $0 != nil }), let last = samples.lastIndex(where: { $0 != nil }),
            image.width > 0, image.height > 0
        else { return nil }
        // Pixels of the picture per point of the outline's space.
        let kx = image.rect.width / Double(image.width), ky = image.rect.height / Double(image.height)
        var track = KeyframeTrack()
        var held = samples[first]!
        for f in 0..<samples.count {
            if let sprite = samples[f] { held = sprite }
            let s = held.state
            let position = placement.pixel(s.position)
            let present = samples[f] != nil
            let opacity = present ? min(max(s.opacity, 0), 1) * 100 * (s.fill.isNaN ? 1 : min(max(s.fill, 0), 1)) : 0
            var row = [
                position.x, position.y, s.rotation * 180 / .pi, s.scaleX * placement.scale * kx * 100,
                s.scaleY * placement.scale * ky * 100, opacity,
                // The anchor: the box's baseline origin, in the picture's pixels.
                (held.boxSize.width / 2 - image.rect.minX) / kx, (-held.baselineOffset - image.rect.minY) / ky,
            ]
            for k in row.indices { row[k] = NumberFormat.rounded(row[k], Self.imageDecimals[k]) }
            track.append(row, key: present ? 1 : 0)
        }
        let channels = LottieChannels(track, tolerances: Self.imageTolerances, decimals: Self.imageDecimals)
        var layer = "\"ty\":2,\"nm\":\(JSONString.quoted("sprite \(id) " + String(symbol))),\"refId\":\(JSONString.quoted(asset))"
        layer += ",\"sr\":1,\"ddd\":0,\"ao\":0,\"bm\":0,\"ip\":\(first),\"op\":\(last + 1),\"st\":0"
        layer += ",\"ks\":{\"a\":\(channels.property([6, 7])),\"p\":\(channels.property([0, 1])),\"r\":\(channels.property([2]))"
        layer += ",\"s\":\(channels.property([3, 4])),\"o\":\(channels.property([5]))}"
        return layer
    }

    /// An image layer's channels: x, y (px), rotation (°), scale x, y (%), opacity (0–100), anchor x, y (px of the picture).
    private static let imageDecimals = [2, 2, 2, 3, 3, 1, 2, 2]
    private static let imageTolerances = [0.01, 0.01, 0.05, 0.01, 0.01, 0.4, 0.01, 0.01]

    /// The channels a layer animates, per frame: x, y (px), rotation (°),
    /// scale x, y (%), skew (°), anchor x, y (outline units), fill opacity
    /// (0–100), r, g, b (0–1), trim end (%), stroke opacity (0–100), the
    /// gradient's start x, y and end x, y (outline units), and the blurriness
    /// of the Gaussian blur effect (see ``blurriness(_:scale:)``).
    private static let decimals = [2, 2, 2, 2, 2, 2, 2, 2, 1, 5, 5, 5, 2, 1, 2, 2, 2, 2, 2]
    private static let tolerances = [
        0.01, 0.01, 0.05, 0.1, 0.1, 0.05, 0.01, 0.01, 0.4, 0.004, 0.004, 0.004, 0.05, 0.4, 0.01, 0.01, 0.01, 0.01, 0.05,
    ]

    /// How Lottie's Gaussian blur effect (`ty` 29, as After Effects and
    /// lottie-web read it: a standard deviation of 0.3 × its blurriness in the
    /// layer's own units, before the layer's transform) says a state's blur:
    /// the PNG renderer's standard deviation in pixels (the blur radius times
    /// the canvas scale, at most ``PNGRenderer/maximumBlurPixels``, nothing
    /// below 0.3 pixels), divided by the layer's scale (the sprite's, in
    /// pixels per layer unit). 0 for no blur.
    static func blurriness(_ s: GlyphState, scale: Double) -> Double {
        let pixels = s.blur.isFinite ? min(s.blur * scale, PNGRenderer.maximumBlurPixels) : 0
        guard pixels >= 0.3 else { return 0 }
        let layerScale = (abs(s.scaleX * s.scaleY)).squareRoot() * scale
        guard layerScale > 1e-6, layerScale.isFinite else { return 0 }
        return pixels / layerScale / 0.3
    }

    /// A layer's Gaussian blur effect, its blurriness keyframed by `blurriness`
    /// (a property); what lottie-web draws and rlottie leaves out.
    static func blurEffect(_ blurriness: String) -> String {
        var effect = ",\"ef\":[{\"ty\":29,\"nm\":\"Gaussian Blur\",\"mn\":\"ADBE Gaussian Blur 2\",\"ix\":1,\"en\":1,\"np\":5,\"ef\":["
        effect += "{\"ty\":0,\"nm\":\"Blurriness\",\"mn\":\"ADBE Gaussian Blur 2-0001\",\"ix\":1,\"v\":\(blurriness)},"
        effect += "{\"ty\":7,\"nm\":\"Blur Dimensions\",\"mn\":\"ADBE Gaussian Blur 2-0002\",\"ix\":2,\"v\":{\"a\":0,\"k\":1}},"
        effect += "{\"ty\":7,\"nm\":\"Repeat Edge Pixels\",\"mn\":\"ADBE Gaussian Blur 2-0003\",\"ix\":3,\"v\":{\"a\":0,\"k\":0}}]}]"
        return effect
    }

    private func spriteLayer(
        id: String, symbol: Character, samples: [SpriteFrame?],
        spans: (transform: [CurveSpans.Span], appearance: [CurveSpans.Span]), fps: Double, shape: String,
        inkBounds: Rect?, placement: Viewport.Placement, ink: Ink
    ) -> String? {
        guard let first = samples.firstIndex(where: { $0 != nil }), let last = samples.lastIndex(where: { $0 != nil }) else {
            return nil
        }
        let written = samples.contains { $0.map { StrokeStyle.strokes($0.state) } ?? false } && ink.lineWidth > 0
        /// A sample's channels (`held`, the nearest sample, where the sprite is absent) and its key.
        func row(_ held: SpriteFrame, present: Bool) -> (values: [Double], key: Int) {
            let s = held.state
            let fill = ink.gradient == nil ? ink.color(tinted: s.tint) : .white
            let position = placement.pixel(s.position)
            let opacity = present ? min(max(s.opacity, 0), 1) * 100 * fill.alpha : 0
            let strokeEnd = s.strokeEnd.isNaN ? 0 : min(max(s.strokeEnd, 0), 1)
            let stroked = present && StrokeStyle.strokes(s) && strokeEnd > 0
            // The gradient's line in the glyph's own space at this frame.
            let toGlyph = SVGDocument.glyphTransform(held).inverted ?? .identity
            let start = ink.gradient.map { toGlyph.apply($0.start) } ?? .zero
            let end = ink.gradient.map { toGlyph.apply($0.end) } ?? .zero
            var row = [
                position.x, position.y, s.rotation * 180 / .pi, s.scaleX * placement.scale * 100,
                s.scaleY * placement.scale * 100,
                // Lottie shears x by -tan(sk)·y, as GlyphState.transform does with skew: the top leans right for a positive angle.
                s.skew * 180 / .pi, held.boxSize.width / 2, -held.baselineOffset,
                opacity * (s.fill.isNaN ? 1 : min(max(s.fill, 0), 1)),
                Self.channel(fill.red), Self.channel(fill.green), Self.channel(fill.blue),
                stroked ? strokeEnd * 100 : 0, stroked ? opacity : 0, start.x, start.y, end.x, end.y,
                present ? Self.blurriness(s, scale: placement.scale) : 0,
            ]
            for k in row.indices { row[k] = NumberFormat.rounded(row[k], Self.decimals[k]) }
            // Between stroked and not, a step (key 2), not a fade.
            return (row, !present ? 0 : written && !stroked && strokeEnd > 0 ? 2 : 1)
        }
        var track = KeyframeTrack()
        var held = samples[first]!
        for f in 0..<samples.count {
            if let sprite = samples[f] { held = sprite }
            let (values, key) = row(held, present: samples[f] != nil)
            track.append(values, key: key)
        }
        func spanRow(_ sprite: SpriteFrame) -> [Double] { row(sprite, present: true).values }
        // Where the sprite is absent its fill and stroke are transparent: the
        // transform and the gradient's line do not matter there.
        let groups = [
            LottieChannels.Group(
                channels: Array(0...7), spans: spans.transform.map { $0.track(fps: fps, row: spanRow) },
                keys: .absentIgnored),
            LottieChannels.Group(channels: Array(8...13), spans: spans.appearance.map { $0.track(fps: fps, row: spanRow) }),
            // The gradient's line moves as the inverse of the transform: sampled.
            LottieChannels.Group(channels: Array(14...17), keys: .absentIgnored),
            LottieChannels.Group(channels: [18], keys: .absentIgnored),
        ]
        let channels = LottieChannels(track, tolerances: Self.tolerances, decimals: Self.decimals, groups: groups)
        func property(_ indices: [Int]) -> String { channels.property(indices) }
        // Opacity sits on the fill, not the layer: rlottie composites a
        // translucent layer so that it also thins the layers under it.
        let head = Self.layerHead(name: "sprite \(id) " + String(symbol), first: first, last: last, property)
        var layer = head.layer
        let groupTransform = head.groupTransform
        let blurriest = track.values.map { $0[18] }.max() ?? 0
        if blurriest > 0 { layer += Self.blurEffect(property([18])) }
        // A gradient's stops and its line (in the glyph's space, frame by frame).
        let gradientParts = ink.gradient.map { gradient in
            ",\"s\":\(property([14, 15])),\"e\":\(property([16, 17])),\"t\":1,\"g\":\(Self.gradientStops(gradient.colors))"
        }
        layer += ",\"shapes\":["
        if blurriest > 0, let inkBounds {
            // Room for the blur: lottie-web filters a layer within its bounds widened
            // by their own size on each side, too little for a narrow glyph's wide
            // blur. An invisible rectangle reaching three standard deviations past
            // the ink widens the bounds (players draw nothing for it).
            let reach = 3 * 0.3 * blurriest + 1
            let room = inkBounds.insetBy(dx: -reach, dy: -reach)
            func n(_ x: Double) -> String { NumberFormat.fixed(x, 2) }
            layer += "{\"ty\":\"gr\",\"nm\":\"blur room\",\"it\":[{\"ty\":\"rc\",\"nm\":\"room\",\"d\":1"
            layer += ",\"p\":{\"a\":0,\"k\":[\(n(room.midX)),\(n(room.midY))]},\"s\":{\"a\":0,\"k\":[\(n(room.width)),\(n(room.height))]},\"r\":{\"a\":0,\"k\":0}}"
            layer += ",{\"ty\":\"fl\",\"nm\":\"none\",\"c\":{\"a\":0,\"k\":[0,0,0,1]},\"o\":{\"a\":0,\"k\":0},\"r\":1}"
            layer += groupTransform + "]},"
        }
        if written {
            // The pen, over the fill: the same paths, trimmed one after another, then stroked.
            layer += "{\"ty\":\"gr\",\"nm\":\"pen\",\"it\":[" + shape
            layer += ",{\"ty\":\"tm\",\"nm\":\"written\",\"s\":{\"a\":0,\"k\":0},\"e\":\(property([12])),\"o\":{\"a\":0,\"k\":0},\"m\":2}"
            let pen = ",\"w\":{\"a\":0,\"k\":\(NumberFormat.fixed(ink.lineWidth, 3))},\"lc\":\(Self.cap(ink.cap)),\"lj\":\(Self.join(ink.join)),\"ml\":10"
            if let gradientParts {
                layer += ",{\"ty\":\"gs\",\"nm\":\"stroke\",\"o\":\(property([13]))\(pen)\(gradientParts)}"
            } else {
                layer += ",{\"ty\":\"st\",\"nm\":\"stroke\",\"c\":\(colorProperty(property([9, 10, 11]))),\"o\":\(property([13]))\(pen)}"
            }
            layer += groupTransform + "]},"
        }
        layer += "{\"ty\":\"gr\",\"nm\":\"glyph\",\"it\":[" + shape
        if let gradientParts {
            layer += ",{\"ty\":\"gf\",\"nm\":\"fill\",\"o\":\(property([8])),\"r\":1\(gradientParts)}"
        } else {
            layer += ",{\"ty\":\"fl\",\"nm\":\"fill\",\"c\":\(colorProperty(property([9, 10, 11]))),\"o\":\(property([8])),\"r\":1}"
        }
        layer += groupTransform + "]}]"
        return layer
    }

    /// The channels of a shape layer, per frame: x, y (px), rotation (°),
    /// scale x, y (%), skew (°), anchor x, y (the box centre), fill opacity
    /// (0–100), r, g, b (0–1), stroke opacity (0–100), r, g, b, line width,
    /// trim end (%).
    private static let shapeDecimals = [2, 2, 2, 2, 2, 2, 2, 2, 1, 5, 5, 5, 1, 5, 5, 5, 3, 2, 2]
    private static let shapeTolerances = [
        0.01, 0.01, 0.05, 0.1, 0.1, 0.05, 0.01, 0.01, 0.4, 0.004, 0.004, 0.004, 0.4, 0.004, 0.004, 0.004, 0.01, 0.05, 0.05,
    ]

    /// A shape sprite's layer (see `ShapeStyle`): a stroke group (its paths,
    /// a trim path when the stroke is ever cut short, the stroke) over a fill
    /// group; nil when it never shows.
    func shapeLayer(id: Int32, samples: [ShapeSprite?], placement: Viewport.Placement, ink: Ink) -> String? {
        guard let first = samples.firstIndex(where: { $0 != nil }), let last = samples.lastIndex(where: { $0 != nil }) else {
            return nil
        }
        var track = KeyframeTrack()
        var outlines: [ShapePath] = []
        var held = samples[first]!
        var filled = false, stroked = false, cut = false
        for f in 0..<samples.count {
            if let sprite = samples[f] { held = sprite }
            let s = held.state
            let present = samples[f] != nil
            let style = ShapeStyle(held.shape, ink: ink)
            let position = placement.pixel(s.position)
            let opacity = present ? min(max(s.opacity, 0), 1) * 100 : 0
            let fill = style.fill ?? ink.color, stroke = style.stroke ?? ink.color
            let fillOpacity = opacity * (style.fill?.alpha ?? 0) * ShapeStyle.fillShare(s)
            let strokeOpacity = opacity * (style.stroke?.alpha ?? 0)
            let drawn = ShapeStyle.strokeShare(s)
            var row = [
                position.x, position.y, s.rotation * 180 / .pi, s.scaleX * placement.scale * 100,
                s.scaleY * placement.scale * 100, s.skew * 180 / .pi, held.shape.size.width / 2, held.shape.size.height / 2,
                fillOpacity, Self.channel(fill.red), Self.channel(fill.green), Self.channel(fill.blue),
                strokeOpacity, Self.channel(stroke.red), Self.channel(stroke.green), Self.channel(stroke.blue),
                style.lineWidth, drawn * 100, present ? Self.blurriness(s, scale: placement.scale) : 0,
            ]
            for k in row.indices { row[k] = NumberFormat.rounded(row[k], Self.shapeDecimals[k]) }
            track.append(row, key: present ? 1 : 0)
            outlines.append(held.shape.outline)
            if row[8] > 0 { filled = true }
            if row[12] > 0 && row[17] > 0 { stroked = true }
            if row[12] > 0 && row[17] < 100 { cut = true }
        }
        guard filled || stroked else { return nil }
        let channels = LottieChannels(track, tolerances: Self.shapeTolerances, decimals: Self.shapeDecimals)
        func property(_ indices: [Int]) -> String { channels.property(indices) }
        let paths = LottieShape.animatedPath(PathTrack(outlines), frameCount: samples.count)
        let key = samples[first]!.key
        let head = Self.layerHead(name: "shape \(id) " + key, first: first, last: last, property)
        var layer = head.layer
        if track.values.contains(where: { $0[18] > 0 }) { layer += Self.blurEffect(property([18])) }
        let groupTransform = head.groupTransform
        var groups: [String] = []
        if stroked {
            let style = ShapeStyle(held.shape, ink: ink)
            var pen = "{\"ty\":\"gr\",\"nm\":\"stroke\",\"it\":[" + paths
            if cut {
                pen += ",{\"ty\":\"tm\",\"nm\":\"drawn\",\"s\":{\"a\":0,\"k\":0},\"e\":\(property([17])),\"o\":{\"a\":0,\"k\":0},\"m\":2}"
            }
            pen += ",{\"ty\":\"st\",\"nm\":\"stroke\",\"c\":\(colorProperty(property([13, 14, 15]))),\"o\":\(property([12]))"
            pen += ",\"w\":\(property([16])),\"lc\":\(Self.cap(style.cap)),\"lj\":\(Self.join(style.join)),\"ml\":10}"
            groups.append(pen + groupTransform + "]}")
        }
        if filled {
            var fill = "{\"ty\":\"gr\",\"nm\":\"fill\",\"it\":[" + paths
            fill += ",{\"ty\":\"fl\",\"nm\":\"fill\",\"c\":\(colorProperty(property([9, 10, 11]))),\"o\":\(property([8])),\"r\":1}"
            groups.append(fill + groupTransform + "]}")
        }
        return layer + ",\"shapes\":[" + groups.joined(separator: ",") + "]"
    }

    /// The channels of a particle's layer, per frame: x, y (px), scale (%), opacity (0–100).
    private static let particleDecimals = [2, 2, 1, 1]
    private static let particleTolerances = [0.05, 0.05, 0.5, 0.5]

    /// A particle (one track of them, see `ParticleTracker`) as a shape layer:
    /// a disc filled with a radial gradient from its colour to nothing, as the
    /// PNG renderer's soft discs (full at the centre, 0.8 at 0.4 of the way, 0
    /// at the edge), the disc at the particle's largest size and the layer's
    /// scale shrinking it; the gradient's opacity is the particle's.
    func particleLayer(_ index: Int, _ particles: ParticleTrack, frameCount: Int, placement: Viewport.Placement) -> String? {
        let circle = ParticleChannels(particles, frameCount: frameCount)
        var track = KeyframeTrack()
        for f in 0..<frameCount {
            let v = circle.track.values[f]
            let present = circle.track.keys[f] != 0
            let position = placement.pixel(Point(x: v[0], y: v[1]))
            var row = [position.x, position.y, v[2] * 100, present ? v[3] * 100 : 0]
            for k in row.indices { row[k] = NumberFormat.rounded(row[k], Self.particleDecimals[k]) }
            track.append(row, key: present ? 1 : 0)
        }
        guard track.values.contains(where: { $0[3] > 0 }) else { return nil }
        let channels = LottieChannels(track, tolerances: Self.particleTolerances, decimals: Self.particleDecimals)
        let radius = NumberFormat.fixed(circle.radius * placement.scale, 3)
        let diameter = NumberFormat.fixed(2 * circle.radius * placement.scale, 3)
        let c = particles.colorKey
        let rgb = [c.red, c.green, c.blue].map { NumberFormat.fixed(Self.channel($0), 5) }.joined(separator: ",")
        var layer = "\"ty\":4,\"nm\":\"particle \(index)\",\"sr\":1,\"ddd\":0,\"ao\":0,\"bm\":0"
        layer += ",\"ip\":\(particles.startFrame),\"op\":\(particles.endFrame + 1),\"st\":0"
        layer += ",\"ks\":{\"a\":{\"a\":0,\"k\":[0,0]},\"p\":\(channels.property([0, 1])),\"r\":{\"a\":0,\"k\":0}"
        layer += ",\"s\":\(channels.property([2, 2])),\"o\":{\"a\":0,\"k\":100}}"
        layer += ",\"shapes\":[{\"ty\":\"gr\",\"nm\":\"glint\",\"it\":["
        layer += "{\"ty\":\"el\",\"nm\":\"disc\",\"d\":1,\"p\":{\"a\":0,\"k\":[0,0]},\"s\":{\"a\":0,\"k\":[\(diameter),\(diameter)]}}"
        layer += ",{\"ty\":\"gf\",\"nm\":\"glow\",\"o\":\(channels.property([3])),\"r\":1,\"t\":2"
        layer += ",\"s\":{\"a\":0,\"k\":[0,0]},\"e\":{\"a\":0,\"k\":[\(radius),0]},\"h\":{\"a\":0,\"k\":0},\"a\":{\"a\":0,\"k\":0}"
        layer += ",\"g\":{\"p\":3,\"k\":{\"a\":0,\"k\":[0,\(rgb),0.4,\(rgb),1,\(rgb),0,1,0.4,0.8,1,0]}}}"
        layer += ",{\"ty\":\"tr\",\"p\":{\"a\":0,\"k\":[0,0]},\"a\":{\"a\":0,\"k\":[0,0]},\"s\":{\"a\":0,\"k\":[100,100]}"
        layer += ",\"r\":{\"a\":0,\"k\":0},\"o\":{\"a\":0,\"k\":100},\"sk\":{\"a\":0,\"k\":0},\"sa\":{\"a\":0,\"k\":0}}]}]"
        return layer
    }

    /// A colour component as written: the 8-bit value the other renderers draw,
    /// plus a quarter step, so that players that truncate (rlottie) and players
    /// that round (lottie-web) both land on that value.
    /// Full intensity stays 1 exactly: the schema allows no more (and both kinds of player draw 255).
    static func channel(_ unit: Double) -> Double {
        min((Double(Int((unit * 255).rounded())) + 0.25) / 255, 1)
    }

    /// Lottie's line cap: 1 butt, 2 round, 3 square.
    private static func cap(_ cap: StrokeStyle.Cap) -> Int {
        switch cap {
        case .butt: 1
        case .round: 2
        case .square: 3
        }
    }

    /// Lottie's line join: 1 miter, 2 round, 3 bevel.
    private static func join(_ join: StrokeStyle.Join) -> Int {
        switch join {
        case .miter: 1
        case .round: 2
        case .bevel: 3
        }
    }

    /// A gradient's colour stops, evenly spaced: `{"p":n,"k":{"a":0,"k":[offset, r, g, b, …]}}`,
    /// then the alpha stops (offset, alpha) when any colour is translucent.
    private static func gradientStops(_ colors: [RenderColor]) -> String {
        let last = Double(max(colors.count - 1, 1))
        var values: [String] = []
        for (i, c) in colors.enumerated() {
            values += [NumberFormat.fixed(Double(i) / last, 4)] + [c.red, c.green, c.blue].map { NumberFormat.fixed(channel($0), 5) }
        }
        if colors.contains(where: { $0.alpha < 1 }) {
            for (i, c) in colors.enumerated() {
                values += [NumberFormat.fixed(Double(i) / last, 4), NumberFormat.fixed(c.alpha, 3)]
            }
        }
        return "{\"p\":\(colors.count),\"k\":{\"a\":0,\"k\":[\(values.joined(separator: ","))]}}"
    }

    /// A colour property with the alpha component Lottie expects: every
    /// colour [r, g, b] (the static value, or each keyframe's) → [r, g, b, 1].
    private func colorProperty(_ rgb: String) -> String {
        var out = ""
        // Per open bracket, its commas, or -1 once it holds another bracket: a
        // colour is an innermost bracket of three numbers (easing vectors hold one).
        var commas: [Int] = []
        for c in rgb {
            if c == "[" {
                if !commas.isEmpty { commas[commas.count - 1] = -1 }
                commas.append(0)
            }
            if c == ",", let last = commas.last, last >= 0 { commas[commas.count - 1] += 1 }
            if c == "]", commas.popLast() == 2 { out += ",1" }
            out.append(c)
        }
        return out
    }

    private func backgroundLayer(_ placement: Viewport.Placement, frames: Int) -> String {
        let w = placement.pixelWidth, h = placement.pixelHeight
        var layer = "\"ty\":4,\"nm\":\"background\",\"sr\":1,\"ddd\":0,\"ao\":0,\"bm\":0,\"ip\":0,\"op\":\(frames),\"st\":0"
        layer += ",\"ks\":{\"a\":{\"a\":0,\"k\":[0,0]},\"p\":{\"a\":0,\"k\":[0,0]},\"r\":{\"a\":0,\"k\":0},\"s\":{\"a\":0,\"k\":[100,100]},\"o\":{\"a\":0,\"k\":100}}"
        layer += ",\"shapes\":[{\"ty\":\"rc\",\"nm\":\"canvas\",\"d\":1,\"p\":{\"a\":0,\"k\":[\(Double(w) / 2),\(Double(h) / 2)]}"
        layer += ",\"s\":{\"a\":0,\"k\":[\(w),\(h)]},\"r\":{\"a\":0,\"k\":0}}"
        let c = style.background
        layer += ",{\"ty\":\"fl\",\"nm\":\"fill\",\"c\":{\"a\":0,\"k\":[\(NumberFormat.fixed(Self.channel(c.red), 5)),\(NumberFormat.fixed(Self.channel(c.green), 5)),\(NumberFormat.fixed(Self.channel(c.blue), 5)),1]}"
        layer += ",\"o\":{\"a\":0,\"k\":\(NumberFormat.fixed(c.alpha * 100, 1))},\"r\":1}]"
        return layer
    }
}

/// A layer's channels, thinned as the animated SVG's are, written as Lottie
/// properties: static when a channel never changes, else keyframes in frames,
/// linear between kept samples, eased by a Bézier's tangents where a span of
/// the plan's curves gives one.
///
/// Channels are fitted in groups (all of them together by default): each
/// group's properties share its keyframes, and a group may carry spans.
struct LottieChannels {
    /// Channels fitted together, with the spans the plan's curves give them.
    struct Group {
        var channels: [Int]
        var spans: [KeyframeTrack.Span] = []
        /// What the track's keys mean to these channels (properties show values only).
        var keys = KeyframeTrack.Keys.steps
    }

    /// Each group's keyframes.
    private let keyframes: [[KeyframeTrack.Keyframe]]
    /// Each group's keyframe times, in frames.
    private let times: [[Double]]
    /// The group of each channel.
    private let groupOf: [Int]
    let decimals: [Int]

    init(_ track: KeyframeTrack, tolerances: [Double], decimals: [Int], groups: [Group]? = nil) {
        let frameCount = track.count
        let span = Double(max(frameCount - 1, 1))
        let groups = groups ?? [Group(channels: Array(decimals.indices))]
        keyframes = groups.map { group in
            frameCount > 1
                ? track.keyframes(
                    0...(frameCount - 1), channels: group.channels, tolerances: tolerances, epsilon: 0.01 / span * 100,
                    spans: group.spans, keys: group.keys)
                : [KeyframeTrack.Keyframe(percent: 0, values: track.values[0], key: track.keys[0])]
        }
        times = keyframes.map { $0.map { NumberFormat.rounded($0.percent / 100 * span, 3) } }
        var groupOf = [Int](repeating: 0, count: decimals.count)
        for (g, group) in groups.enumerated() { for k in group.channels { groupOf[k] = g } }
        self.groupOf = groupOf
        self.decimals = decimals
    }

    /// The property of some channels (of one group): a number for one, a vector for more.
    func property(_ channels: [Int]) -> String {
        let group = groupOf[channels[0]]
        let keyframes = self.keyframes[group], times = self.times[group]
        let values = keyframes.map { k in channels.map { k.values[$0] } }
        let decimals = channels.map { self.decimals[$0] }
        func vector(_ v: [Double]) -> String {
            "[" + zip(v, decimals).map { NumberFormat.fixed($0, $1) }.joined(separator: ",") + "]"
        }
        if values.allSatisfy({ $0 == values[0] }) {
            return "{\"a\":0,\"k\":" + (channels.count == 1 ? NumberFormat.fixed(values[0][0], decimals[0]) : vector(values[0])) + "}"
        }
        var out = "{\"a\":1,\"k\":["
        for (n, v) in values.enumerated() {
            if n > 0 { out += "," }
            out += "{\"t\":\(NumberFormat.fixed(times[n], 3)),\"s\":\(vector(v))"
            if n < values.count - 1 {
                // Linear motion between kept samples, as the frames interpolate; a
                // curve of the plan's by its own tangents.
                out += Self.easing(keyframes[n].easing ?? .linear)
            }
            out += "}"
        }
        return out + "]}"
    }

    /// A keyframe's out and in tangents: the easing's control points.
    static func easing(_ curve: CubicBezier) -> String {
        func n(_ x: Double) -> String { NumberFormat.fixed(x, 6) }
        return ",\"o\":{\"x\":[\(n(curve.x1))],\"y\":[\(n(curve.y1))]},\"i\":{\"x\":[\(n(curve.x2))],\"y\":[\(n(curve.y2))]}"
    }
}

/// Glyph and shape outlines as Lottie path shapes (`"ty":"sh"`).
enum LottieShape {
    /// One `sh` item per contour, joined by commas.
    static func path(_ outline: GlyphPath, openEnds: Bool = false) -> String {
        contours(outline, openEnds: openEnds).map { "{\"ty\":\"sh\",\"ks\":{\"a\":0,\"k\":\($0)}}" }.joined(separator: ",")
    }

    /// A contour that draws nothing, standing in for one a path lacks at some keyframe.
    static let noContour = "{\"c\":false,\"v\":[[0,0]],\"i\":[[0,0]],\"o\":[[0,0]]}"

    /// The `sh` items of a shape's path that may change from frame to frame: static
    /// when it never does, else one item per contour (the most any frame has)
    /// with a keyframe per kept sample (`PathTrack` thinning), linear between
    /// paths of the same commands and held where the commands change.
    static func animatedPath(_ paths: PathTrack, frameCount: Int) -> String {
        let track = paths.track
        if paths.isConstant { return path(paths.path(track.values[0], key: track.keys[0]), openEnds: true) }
        let span = Double(max(frameCount - 1, 1))
        let keyframes = track.keyframes(0...(frameCount - 1), tolerances: paths.tolerances, epsilon: 0.01 / span * 100)
        let shapes = keyframes.map { contours(paths.path($0.values, key: $0.key), openEnds: true) }
        let count = shapes.map(\.count).max() ?? 0
        var items: [String] = []
        for k in 0..<count {
            var out = "{\"ty\":\"sh\",\"ks\":{\"a\":1,\"k\":["
            for (n, keyframe) in keyframes.enumerated() {
                if n > 0 { out += "," }
                let time = NumberFormat.rounded(keyframe.percent / 100 * span, 3)
                out += "{\"t\":\(NumberFormat.fixed(time, 3)),\"s\":[\(k < shapes[n].count ? shapes[n][k] : noContour)]"
                if n < keyframes.count - 1 {
                    out += keyframes[n + 1].key == keyframe.key
                        ? ",\"o\":{\"x\":[0],\"y\":[0]},\"i\":{\"x\":[1],\"y\":[1]}" : ",\"h\":1"
                }
                out += "}"
            }
            items.append(out + "]}}")
        }
        return items.joined(separator: ",")
    }

    /// Each contour's shape value: `{"c":closed,"v":vertices,"i":in tangents,"o":out tangents}`.
    /// Glyph contours are all closed; with `openEnds` (shapes), a contour
    /// without `.close` stays open, so its stroke does not return to its start.
    static func contours(_ outline: GlyphPath, openEnds: Bool = false) -> [String] {
        var shapes: [String] = []
        var vertices: [Point] = []
        var ins: [Point] = []
        var outs: [Point] = []
        var start = Point.zero
        func finish(closed: Bool) {
            guard !vertices.isEmpty else { return }
            // A contour whose last segment returns to its start: that vertex is the first one.
            if closed, vertices.count > 1, let lastVertex = vertices.last, abs(lastVertex.x - start.x) < 1e-9,
               abs(lastVertex.y - start.y) < 1e-9 {
                ins[0] = ins.removeLast()
                vertices.removeLast()
                outs.removeLast()
            }
            func list(_ points: [Point]) -> String {
                "[" + points.map { "[\(NumberFormat.fixed($0.x, 3)),\(NumberFormat.fixed($0.y, 3))]" }.joined(separator: ",") + "]"
            }
            shapes.append("{\"c\":\(closed),\"v\":\(list(vertices)),\"i\":\(list(ins)),\"o\":\(list(outs))}")
            vertices = []
            ins = []
            outs = []
        }
        for element in outline.elements {
            switch element {
            case .move(let p):
                finish(closed: !openEnds)
                start = p
                vertices = [p]
                ins = [.zero]
                outs = [.zero]
            case .line(let p):
                vertices.append(p)
                ins.append(.zero)
                outs.append(.zero)
            case .quad(let control, let p):
                let p0 = vertices.last ?? start
                let c1 = Point(x: p0.x + 2 / 3 * (control.x - p0.x), y: p0.y + 2 / 3 * (control.y - p0.y))
                let c2 = Point(x: p.x + 2 / 3 * (control.x - p.x), y: p.y + 2 / 3 * (control.y - p.y))
                cubic(c1, c2, p)
            case .cubic(let c1, let c2, let p):
                cubic(c1, c2, p)
            case .close:
                finish(closed: true)
            }
        }
        finish(closed: !openEnds)
        return shapes

        func cubic(_ c1: Point, _ c2: Point, _ p: Point) {
            guard let p0 = vertices.last else { return }
            outs[outs.count - 1] = Point(x: c1.x - p0.x, y: c1.y - p0.y)
            vertices.append(p)
            ins.append(Point(x: c2.x - p.x, y: c2.y - p.y))
            outs.append(.zero)
        }
    }
}

extension LottieRenderer {
    /// The start of a sprite's shape layer (name, in and out points, position,
    /// rotation and scale, a layer opacity of 100) and the transform of its
    /// group (anchor and skew), from the channels' `property` (indices into the
    /// sampled track: 0–1 position, 2 rotation, 3–4 scale, 5 skew, 6–7 anchor).
    static func layerHead(
        name: String, first: Int, last: Int, _ property: ([Int]) -> String
    ) -> (layer: String, groupTransform: String) {
        var layer = "\"ty\":4,\"nm\":\(JSONString.quoted(name)),\"sr\":1,\"ddd\":0,\"ao\":0,\"bm\":0"
        layer += ",\"ip\":\(first),\"op\":\(last + 1),\"st\":0"
        layer += ",\"ks\":{\"a\":{\"a\":0,\"k\":[0,0]},\"p\":\(property([0, 1])),\"r\":\(property([2])),\"s\":\(property([3, 4]))"
        layer += ",\"o\":{\"a\":0,\"k\":100}}"
        var groupTransform = ",{\"ty\":\"tr\",\"p\":{\"a\":0,\"k\":[0,0]},\"a\":\(property([6, 7])),\"s\":{\"a\":0,\"k\":[100,100]}"
        groupTransform += ",\"r\":{\"a\":0,\"k\":0},\"o\":{\"a\":0,\"k\":100},\"sk\":\(property([5])),\"sa\":{\"a\":0,\"k\":0}}"
        return (layer, groupTransform)
    }
}
