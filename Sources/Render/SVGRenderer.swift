import Animator
import Director

/// Draws a timeline as SVG: one frame as a still picture, or the whole
/// timeline as an animated SVG that plays in any browser with no script.
///
/// ```swift
/// let timeline = try Timeline(texts: ["Creative", "Create"], layout: try FontLayout(size: 48))
/// let renderer = SVGRenderer(background: .white, color: try RenderColor(parsing: "#1d1d1f"))
/// let still = try renderer.frame(timeline, at: 0.2)
/// let movie = try renderer.animated(timeline)
/// ```
///
/// Both documents have `role="img"`, an `aria-label` and a `<title>` holding
/// the final text, a `<desc>` with the sequence of texts, a viewBox from the
/// timeline's ``Timeline/bounds`` (see ``Viewport``), a background rectangle
/// and the text colour as the fill of the glyphs. Each distinct glyph outline
/// is defined once in `<defs>` (one `<path>` per Typesetter shape key) and
/// drawn with `<use>`. Text from the input appears only in the title, label and
/// description, escaped (see ``animated(_:)`` for what the animation holds).
/// Output depends only on the timeline and the options: the same input gives
/// the same bytes.
///
/// Written-on glyphs (see ``StrokeStyle``) are a group: the glyph's fill at
/// opacity `fill`, then each contour of its outline as its own `<path>` with
/// `pathLength="1"`, stroked with the pen (`stroke-width`, `stroke-linecap`,
/// `stroke-linejoin`) in `currentColor` and revealed by a
/// `stroke-dashoffset` over `stroke-dasharray="1 2"` (contours in order, each
/// taking its share of `strokeEnd`). A gradient ink turns the glyphs' group
/// into a white `<mask>` through which a rectangle painted with a
/// `<linearGradient>` (user space, left to right across the content) shows.
///
/// A pen's strokes are drawn by pen-down where they stand still (see
/// ``animated(_:)``): one `<path>` per stroke joined across letters, in a
/// group carrying the pen, with `pathLength` its length in points and a
/// `stroke-dashoffset` leaving the ink its letters show; strokes not begun are
/// left out.
///
/// Shapes (`Frame.shapes`) are drawn outside the glyphs' group, `.belowText`
/// ones before it and `.aboveText` ones after it, under the particles: each is
/// a `<g>` with its transform, opacity and `data-key` (the scene element's
/// key, escaped) holding its outline as a `<path>` filled in its fill paint
/// (`fill-opacity`: the paint's alpha × `fill`) and stroked with its own
/// `stroke-width`, caps and joins in its stroke paint (`.ink` is the text
/// colour). A stroke cut short (`strokeEnd` < 1) is drawn as written-on
/// glyphs are: one `<path pathLength="1">` per subpath with a
/// `stroke-dashoffset` over `stroke-dasharray="1 2"`. Blur as for glyphs.
public struct SVGRenderer: Renderer {
    /// The canvas (`width`/`height` attributes, the viewBox around the bounds),
    /// colours and pen; a transparent background leaves it out.
    public var style: RenderStyle
    /// Whether the animation replays forever (default no; a timeline with its
    /// own ``Timeline/loop`` loops its tail regardless).
    public var loop = false
    /// The prefix of every id, class and keyframes name (default "k"), so that
    /// several SVGs can share one HTML page. Letters, digits, `-` and `_` are
    /// kept; it starts with a letter.
    public var idPrefix = "k"
    /// The most particles animated (the longest-lived are kept; default 160).
    public var maximumParticles = 160

    /// A renderer drawing with `style`, playing once.
    public init(style: RenderStyle) {
        self.style = style
    }

    /// A renderer drawing with `style`; see the properties.
    public init(style: RenderStyle = RenderStyle(), loop: Bool = false, idPrefix: String = "k", maximumParticles: Int = 160) {
        self.style = style
        self.loop = loop
        self.idPrefix = idPrefix
        self.maximumParticles = maximumParticles
    }

    /// The document of a timeline: its placement (the padding widened for the
    /// stroke) and its ink.
    func document(_ timeline: Timeline) throws(RenderError) -> SVGDocument {
        let setup = try style.resolved(timeline.bounds, outlines: timeline.outlines)
        return SVGDocument(
            prefix: SVGDocument.sanitized(idPrefix), placement: setup.placement, outlines: timeline.outlines, ink: setup.ink)
    }

    /// The frame nearest to `t` as a still SVG (plain attributes, no CSS).
    ///
    /// - Throws: ``RenderError`` when the viewport cannot place the bounds.
    /// - Complexity: O(sprites + particles + outline size).
    public func frame(_ timeline: Timeline, at t: Double) throws(RenderError) -> String {
        var doc = try document(timeline)
        let frame = timeline.frame(at: t)
        var body = ""
        var drawings: [GlyphDrawing?] = []
        drawings.reserveCapacity(frame.sprites.count)
        for sprite in frame.sprites { drawings.append(try timeline.outlines.drawing(sprite.drawing, symbol: frame.symbol(of: sprite))) }
        let columns = zip(frame.sprites, drawings).map { sprite, drawing in
            [drawing?.isPenStroke == true ? Optional(StrokeStyle.shown([sprite], by: drawing)[0]!) : nil]
        }
        let penDowns = SVGPenDowns(
            samples: columns, drawings: drawings, fontSize: timeline.outlines.fontSize, ignoresTints: doc.paintsGradient)
        var cursor = 0
        for n in frame.sprites.indices {
            // A glyph whose shape changes is its old drawing under its new one, each at its share.
            let (old, new) = DrawnPart.parts(of: n, in: frame, cursor: &cursor)
            if penDowns.drawn[n] {
                doc.marksStrokes()
                body += penDowns.still(startingIn: n, at: 0, samples: columns, pen: doc.penAttributes)
                continue
            }
            for part in [old, new] {
                guard let part else { continue }
                let sprite = part.sprite
                let drawing =
                    part.id == frame.sprites[n].drawing
                    ? drawings[n] : try timeline.outlines.drawing(part.id, symbol: frame.symbol(of: sprite))
                guard let def = doc.glyphDef(drawing), sprite.state.isFinite, sprite.state.opacity > 0 else {
                    continue
                }
                var s = StrokeStyle.shown(sprite.state, by: drawing)
                s.opacity *= part.share
                var attributes = " transform=\"\(SVGDocument.matrix(SVGDocument.glyphTransform(sprite)))\""
                if s.opacity < 1 { attributes += " opacity=\"\(NumberFormat.fixed(s.opacity, 3))\"" }
                let tinted = s.tint.alpha > 0 && !doc.paintsGradient
                if tinted { attributes += " fill=\"\(doc.ink.color(tinted: s.tint).rgbHex)\"" }
                var use = "<use href=\"#\(def)\"\(attributes)/>"
                if StrokeStyle.strokes(s) {
                    // The fill at its share, then the contours drawn so far; a glyph not yet written shows nothing.
                    let fill = NumberFormat.rounded(min(max(s.fill, 0), 1), 3)
                    var strokes = ""
                    if s.strokeEnd > 0, doc.ink.lineWidth > 0, let (contours, total) = doc.contours(drawing) {
                        for contour in contours {
                            let offset = StrokeChannels.offset(s.strokeEnd, stroked: true, contour: contour, total: total)
                            if offset < 1 { strokes += "<use href=\"#\(contour.id)\" stroke-dashoffset=\"\(NumberFormat.fixed(offset, 4))\"/>" }
                        }
                    }
                    guard fill > 0 || !strokes.isEmpty else { continue }
                    if tinted { attributes += " color=\"\(doc.ink.color(tinted: s.tint).rgbHex)\"" }
                    use = "<g\(attributes)>"
                    if fill > 0 { use += "<use href=\"#\(def)\"\(fill < 1 ? " opacity=\"\(NumberFormat.fixed(fill, 3))\"" : "")/>" }
                    if !strokes.isEmpty { use += "<g\(doc.strokeAttributes)>\(strokes)</g>" }
                    use += "</g>"
                }
                if let level = BlurLevels.level(for: s.blur) {
                    // The filter sits outside the transform so the blur is in layout points.
                    body += "<g filter=\"url(#\(doc.blurFilter(level)))\">\(use)</g>\n"
                } else {
                    body += use + "\n"
                }
            }
        }
        var below = "", above = ""
        for shape in frame.shapes {
            let markup = SVGShapes.still(shape, doc: &doc)
            if shape.layer == .belowText { below += markup } else { above += markup }
        }
        var particles = ""
        for p in frame.particles where p.opacity > 0 && p.radius > 0 && p.position.x.isFinite && p.position.y.isFinite {
            let fill = doc.particleGradient(p.color)
            particles += "<circle cx=\"\(NumberFormat.fixed(p.position.x, 2))\" cy=\"\(NumberFormat.fixed(p.position.y, 2))\""
            particles += " r=\"\(NumberFormat.fixed(p.radius * SVGDocument.particleSoftness, 2))\" fill=\"url(#\(fill))\""
            particles += " opacity=\"\(NumberFormat.fixed(min(p.opacity, 1), 3))\"/>\n"
        }
        return doc.document(
            timeline: timeline, background: style.background, style: nil, below: below, glyphs: body, above: above,
            particles: particles)
    }
}
