import Animator
import Director
import Typesetter

/// The parts every SVG shares: definitions collected while the body is
/// written (glyph paths, blur filters, particle gradients), then the envelope.
struct SVGDocument {
    /// A particle's circle reaches this many radii, its gradient fading to nothing at the edge.
    static let particleSoftness = 1.6

    let prefix: String
    let placement: Viewport.Placement
    let outlines: GlyphOutlines
    /// The text's paint and the pen of written-on glyphs.
    let ink: Ink

    private var shapeIDs: [String: String] = [:]
    private var paths: [String] = []
    private var filters: [Int] = []
    private var gradients: [Tint] = []
    /// Each glyph path's contours (by the glyph path's id), defined on first use.
    private var contourTables: [String: (contours: [SVGContour], total: Double)] = [:]
    /// Whether any sprite is stroked: the glyphs' group then also sets `color`, which strokes use.
    private(set) var strokes = false

    init(prefix: String, placement: Viewport.Placement, outlines: GlyphOutlines, ink: Ink) {
        self.prefix = prefix
        self.placement = placement
        self.outlines = outlines
        self.ink = ink
    }

    /// Whether the glyphs are painted with a gradient (through a mask; tints are not drawn).
    var paintsGradient: Bool { ink.gradient != nil }

    /// The contours of a glyph's outline with a length, each defined once as
    /// its own `<path pathLength="1">` (ids `<glyph id>c0`, `c1`, …), and the
    /// outline's length; nil for glyphs that draw nothing.
    mutating func contours(_ drawing: GlyphDrawing?) -> (contours: [SVGContour], total: Double)? {
        guard let drawing, !drawing.outline.isEmpty, let def = glyphDef(drawing) else { return nil }
        let outline = drawing.outline
        strokes = true
        if let known = contourTables[def] { return known }
        let measure = PathMeasure(outline)
        var contours: [SVGContour] = []
        var start = 0.0
        for (k, (subpath, length)) in zip(outline.subpaths, measure.subpathLengths).enumerated() {
            defer { start += length }
            guard length > 0 else { continue }
            let id = "\(def)c\(k)"
            paths.append("<path id=\"\(id)\" d=\"\(subpath.svgPathData)\" pathLength=\"1\"/>")
            contours.append(SVGContour(id: id, start: start, length: length))
        }
        let table = (contours, measure.length)
        contourTables[def] = table
        return table
    }

    /// The presentation attributes of a group of contour strokes: no fill, the
    /// pen in `currentColor`, the dash pattern of `StrokeChannels`.
    var strokeAttributes: String {
        penAttributes + " stroke-dasharray=\"1 2\""
    }

    /// No fill and the pen in `currentColor`, for strokes that set their own dashes.
    var penAttributes: String {
        var out = " fill=\"none\" stroke=\"currentColor\" stroke-width=\"\(NumberFormat.fixed(ink.lineWidth, 3))\""
        out += " stroke-linecap=\"\(ink.cap.rawValue)\" stroke-linejoin=\"\(ink.join.rawValue)\""
        if ink.join == .miter { out += " stroke-miterlimit=\"10\"" }
        return out
    }

    /// Notes that some sprite is stroked (the glyphs' group then sets `color`).
    mutating func marksStrokes() {
        strokes = true
    }

    /// The id of a drawing's definition, made on first use (one per shape key):
    /// a `<path>` of its outline, or, for a drawing with colour pictures, a
    /// `<g>` of that path and an `<image>` per picture (a PNG `data:` URL);
    /// nil for drawings of nothing.
    mutating func glyphDef(_ drawing: GlyphDrawing?) -> String? {
        guard let drawing, !drawing.drawsNothing else { return nil }
        if let shared = shapeIDs[drawing.shapeKey] { return shared }
        let new = "\(prefix)g\(shapeIDs.count)"
        shapeIDs[drawing.shapeKey] = new
        guard !drawing.images.isEmpty else {
            paths.append("<path id=\"\(new)\" d=\"\(drawing.outline.svgPathData)\"/>")
            return new
        }
        var def = "<g id=\"\(new)\">"
        if !drawing.outline.isEmpty { def += "<path d=\"\(drawing.outline.svgPathData)\"/>" }
        for image in drawing.images {
            guard let url = try? CairoCanvas.pngDataURL(of: image) else { continue }
            let r = image.rect
            def += "<image x=\"\(NumberFormat.fixed(r.minX, 2))\" y=\"\(NumberFormat.fixed(r.minY, 2))\""
            def += " width=\"\(NumberFormat.fixed(r.width, 2))\" height=\"\(NumberFormat.fixed(r.height, 2))\""
            def += " preserveAspectRatio=\"none\" href=\"\(url)\"/>"
        }
        paths.append(def + "</g>")
        return new
    }

    /// The id of the filter for a blur level, defining it on first use.
    mutating func blurFilter(_ level: Int) -> String {
        if !filters.contains(level) { filters.append(level) }
        return "\(prefix)b\(level)"
    }

    /// The id of the soft radial gradient of a particle colour, defining it on first use.
    mutating func particleGradient(_ color: Tint) -> String {
        if let i = gradients.firstIndex(of: color) { return "\(prefix)p\(i)" }
        gradients.append(color)
        return "\(prefix)p\(gradients.count - 1)"
    }

    /// The whole document around a body of shapes, glyphs and particles.
    ///
    /// The glyphs are in one group that sets their fill (and `color`, for
    /// strokes, when any sprite is stroked) to the ink's colour; with a gradient
    /// ink, that group is a `<mask>` drawn in white and a rectangle over the
    /// whole view is painted with the gradient through it.
    /// Shapes are outside the glyphs' group, in their own paints: `below`
    /// before it, `above` after it, under the particles.
    func document(
        timeline: Timeline, background: RenderColor, style: String?, below: String = "", glyphs: String, above: String = "",
        particles: String
    ) -> String {
        var text = ""
        document(timeline: timeline, background: background, style: style, below: below, glyphs: glyphs, above: above, particles: particles) {
            (piece: String) in text += piece
        }
        return text
    }

    /// ``document(timeline:background:style:below:glyphs:above:particles:)``
    /// in pieces to `emit`, so the parts are not copied into one string.
    func document<E: Error>(
        timeline: Timeline, background: RenderColor, style: String?, below: String = "", glyphs: String, above: String = "",
        particles: String, emit: (String) throws(E) -> Void
    ) throws(E) {
        var out = ""
        /// Hands what is gathered to `emit`, then `part` as it is.
        func pass(_ part: String) throws(E) {
            try emit(out)
            out = ""
            try emit(part)
        }
        let color = ink.color
        let r = placement.region
        let box = [r.minX, r.minY, r.width, r.height].map { NumberFormat.fixed($0, 2) }
        let title = MarkupText.escaped(timeline.finalText, inAttribute: false)
        out += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(placement.pixelWidth)\" height=\"\(placement.pixelHeight)\""
        out += " viewBox=\"\(box.joined(separator: " "))\" role=\"img\""
        out += " aria-label=\"\(MarkupText.escaped(timeline.finalText))\">\n"
        out += "<title>\(title)</title>\n"
        out += "<desc>\(MarkupText.escaped("Kinetype: " + MarkupText.sequence(timeline.texts), inAttribute: false))</desc>\n"
        if let style {
            out += "<style>\n"
            try pass(style)
            out += "</style>\n"
        }
        let gradient = ink.gradient
        if !paths.isEmpty || !filters.isEmpty || !gradients.isEmpty || gradient != nil {
            out += "<defs>\n"
            for path in paths { out += path + "\n" }
            for level in filters.sorted() {
                out += "<filter id=\"\(prefix)b\(level)\" filterUnits=\"userSpaceOnUse\" x=\"\(box[0])\" y=\"\(box[1])\""
                out += " width=\"\(box[2])\" height=\"\(box[3])\">"
                out += "<feGaussianBlur stdDeviation=\"\(NumberFormat.fixed(BlurLevels.sigma(level), 2))\"/></filter>\n"
            }
            for (i, tint) in gradients.enumerated() {
                let c = RenderColor(red: tint.red, green: tint.green, blue: tint.blue).rgbHex
                out += "<radialGradient id=\"\(prefix)p\(i)\"><stop offset=\"0\" stop-color=\"\(c)\"/>"
                out += "<stop offset=\"0.4\" stop-color=\"\(c)\" stop-opacity=\"0.8\"/>"
                out += "<stop offset=\"1\" stop-color=\"\(c)\" stop-opacity=\"0\"/></radialGradient>\n"
            }
            if let gradient {
                out += "<linearGradient id=\"\(prefix)ink\" gradientUnits=\"userSpaceOnUse\""
                out += " x1=\"\(NumberFormat.fixed(gradient.start.x, 2))\" y1=\"\(NumberFormat.fixed(gradient.start.y, 2))\""
                out += " x2=\"\(NumberFormat.fixed(gradient.end.x, 2))\" y2=\"\(NumberFormat.fixed(gradient.end.y, 2))\">"
                let last = Double(max(gradient.colors.count - 1, 1))
                for (i, c) in gradient.colors.enumerated() {
                    out += "<stop offset=\"\(NumberFormat.fixed(Double(i) / last, 4))\" stop-color=\"\(c.rgbHex)\""
                    if c.alpha < 1 { out += " stop-opacity=\"\(NumberFormat.fixed(c.alpha, 3))\"" }
                    out += "/>"
                }
                out += "</linearGradient>\n"
                out += "<mask id=\"\(prefix)mask\" maskUnits=\"userSpaceOnUse\" x=\"\(box[0])\" y=\"\(box[1])\""
                out += " width=\"\(box[2])\" height=\"\(box[3])\">\n"
                out += "<g fill=\"#ffffff\"\(strokes ? " color=\"#ffffff\"" : "")>\n"
                try pass(glyphs)
                out += "</g>\n</mask>\n"
            }
            out += "</defs>\n"
        }
        if background.alpha > 0 {
            out += "<rect x=\"\(box[0])\" y=\"\(box[1])\" width=\"\(box[2])\" height=\"\(box[3])\" fill=\"\(background.rgbHex)\""
            if background.alpha < 1 { out += " fill-opacity=\"\(NumberFormat.fixed(background.alpha, 3))\"" }
            out += "/>\n"
        }
        if !below.isEmpty {
            out += "<g>\n"
            try pass(below)
            out += "</g>\n"
        }
        if gradient != nil {
            out += "<rect x=\"\(box[0])\" y=\"\(box[1])\" width=\"\(box[2])\" height=\"\(box[3])\""
            out += " fill=\"url(#\(prefix)ink)\" mask=\"url(#\(prefix)mask)\"/>\n"
        } else {
            out += "<g fill=\"\(color.rgbHex)\""
            if strokes { out += " color=\"\(color.rgbHex)\"" }
            if color.alpha < 1 {
                out += " fill-opacity=\"\(NumberFormat.fixed(color.alpha, 3))\""
                if strokes { out += " stroke-opacity=\"\(NumberFormat.fixed(color.alpha, 3))\"" }
            }
            out += ">\n"
            try pass(glyphs)
            out += "</g>\n"
        }
        if !above.isEmpty {
            out += "<g>\n"
            try pass(above)
            out += "</g>\n"
        }
        if !particles.isEmpty {
            out += "<g>\n"
            try pass(particles)
            out += "</g>\n"
        }
        out += "</svg>\n"
        try emit(out)
    }

    /// The transform from a glyph's outline coordinates (pen origin on the
    /// baseline) to layout space: onto the box's baseline, then the sprite's transform.
    static func glyphTransform(_ sprite: SpriteFrame) -> Transform {
        Transform.translation(0, sprite.boxSize.height / 2 + sprite.baselineOffset)
            .concatenating(sprite.state.transform(boxSize: sprite.boxSize))
    }

    /// `matrix(a b c d e f)` with 4 decimals for the linear part and 2 for the translation.
    static func matrix(_ m: Transform) -> String {
        let linear = [m.a, m.b, m.c, m.d].map { NumberFormat.fixed($0, 4) }
        return "matrix(\(linear.joined(separator: " ")) \(NumberFormat.fixed(m.tx, 2)) \(NumberFormat.fixed(m.ty, 2)))"
    }

    /// An id prefix made safe for XML ids and CSS identifiers.
    static func sanitized(_ prefix: String) -> String {
        let kept = prefix.unicodeScalars.filter { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_") }
        var out = String(String.UnicodeScalarView(kept))
        if !(out.unicodeScalars.first?.properties.isAlphabetic ?? false) { out = "k" + out }
        return out
    }
}

/// Blur radii quantised to a few steps, so an SVG defines a handful of filters.
///
/// A sprite's blur radius (a Gaussian's standard deviation, in points) is drawn
/// with the nearest of these levels on a logarithmic scale; radii under 0.3 pt
/// are drawn sharp. Neighbouring levels differ by a factor of about 1.4, which
/// reads as a smooth change while a glyph fogs over or clears.
enum BlurLevels {
    static let sigmas: [Double] = [0.5, 0.7, 1, 1.4, 2, 2.8, 4, 5.6, 8, 11, 16, 22, 32, 45, 64]

    /// The level (1-based) for a radius, or nil for none.
    static func level(for blur: Double) -> Int? {
        guard blur.isFinite, blur >= 0.3 else { return nil }
        var best = 0
        var bestDistance = Double.infinity
        for (i, s) in sigmas.enumerated() {
            let d = abs(logRatio(blur, s))
            if d < bestDistance {
                best = i
                bestDistance = d
            }
        }
        return best + 1
    }

    static func sigma(_ level: Int) -> Double { sigmas[min(max(level - 1, 0), sigmas.count - 1)] }

    /// A monotone stand-in for |log(a / b)| without the C library.
    private static func logRatio(_ a: Double, _ b: Double) -> Double {
        let r = a / b
        return r >= 1 ? r - 1 : 1 / r - 1
    }
}
