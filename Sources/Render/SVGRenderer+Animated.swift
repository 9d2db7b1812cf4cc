import Animator
import Director

extension SVGRenderer {
    /// The whole timeline as an animated SVG: CSS keyframes from the plan's own
    /// curves where CSS can say them, sampled from the engine's frames
    /// elsewhere, no script.
    ///
    /// The animation model:
    /// - Every sprite (by id) is one `<use>` of its glyph's `<path>`, in id
    ///   order (older sprites under newer ones, as the Director's z-order puts
    ///   exits under arrivals). Its `transform`
    ///   (`translate rotate scale skewX`, the channels of `GlyphState`, pivoting
    ///   on the box centre), `opacity` and, when it is ever tinted, `fill` (the
    ///   text colour mixed with the tint) are animated by `@keyframes` named
    ///   after the element, at percentages of the duration. When the plan's
    ///   curves say some of them exactly (below), the transform keeps that name
    ///   and opacity and fill are a second animation (the name plus `o`), so
    ///   each eases on its own curve. `animation-fill-mode` is forwards.
    /// - **Exact:** a change of a sprite's transform, or of its opacity, that
    ///   the plan times on a cubic Bézier (`linear` and the `.ease…` presets
    ///   included) with nothing added on top — no track, carried velocity or
    ///   anchor to follow on those channels — and that runs its course before
    ///   the sprite is planned again, is two keyframes (its start and its end)
    ///   whose `animation-timing-function` is `cubic-bezier(x1,y1,x2,y2)` with
    ///   the curve's own numbers; an instant change is a step. Such a keyframe
    ///   pair is written only where every frame it covers shows what it says.
    /// - **Sampled:** everything else — springs, dual-phase and keyframe
    ///   curves, tracks (wave, dance), carried velocities after an interruption,
    ///   an interrupted curve, tints — is sampled at every frame and linear
    ///   between keyframes, so between two samples CSS moves every channel in a
    ///   straight line, exactly as the frames do at their frame rate (each
    ///   function of the transform interpolates on its own). A sample is left
    ///   out when linear interpolation between its neighbours reproduces it
    ///   within a hundredth of a point, a twentieth of a degree, two
    ///   thousandths of scale and 0.004 of opacity; values are rounded to 2
    ///   decimals (3 for scale and opacity). Blur levels, written-on strokes,
    ///   shapes and particles are sampled too.
    /// - Where a sprite is absent (before it enters, after its exit ends) its
    ///   opacity is 0 and its transform holds the nearest frame where it is
    ///   present; appearing and vanishing are steps, not fades.
    /// - Blur: a sprite that is ever blurred is wrapped in a `<g>` whose
    ///   `filter` steps between a few shared `feGaussianBlur` filters (see
    ///   `BlurLevels`: standard deviations 0.5 to 64 points, about 1.4× apart),
    ///   animated as a discrete property. The `<g>` is outside the transform so
    ///   the blur is in layout points, like the engine's.
    /// - Written-on sprites (`fill` or `strokeEnd` below 1 in some frame) are a
    ///   `<g>` carrying those channels (the tinted colour also as `color`),
    ///   holding the fill's `<use>`, whose `opacity` follows `fill`, and one
    ///   `<use>` per contour of the outline (`<path pathLength="1">` in
    ///   `<defs>`), each with its own `stroke-dashoffset` keyframes: 1 − the
    ///   share of that contour the pen has drawn (4 decimals, left out within
    ///   0.0005), stepping to 1 when the sprite stops being stroked.
    /// - A pen's strokes (glyphs of a single-stroke font) that stand still,
    ///   unscaled, opaque and sharp wherever they show are drawn by pen-down:
    ///   one `<path>` per stroke, joined across letters where one letter's exit
    ///   meets the next one's entry, in layout space, with `pathLength` its
    ///   length in points and one `stroke-dashoffset` animation (2 decimals,
    ///   thinned within a hundredth of a point, `visibility` hidden while no
    ///   ink shows) following the ink its letters show at every frame
    ///   (`SVGPenDowns`). Other pen glyphs are written-on sprites as above.
    /// - Shapes (`Frame.shapes`): one group per shape sprite (by id, in id
    ///   order within its layer: under the glyphs or over them), its outline
    ///   centred on the box, transform, opacity and blur animated as a
    ///   glyph's; the fill's colour and `fill-opacity`, the stroke's colour,
    ///   `stroke-opacity` and `stroke-width`, and each subpath's
    ///   `stroke-dashoffset` (a stroke cut short at `strokeEnd`) by CSS
    ///   keyframes. An outline that changes (a morph, a size blend) animates
    ///   `d` with SMIL `<animate>` (values sampled per frame and thinned to a
    ///   hundredth of a point, `keyTimes` of the same parts and timing as the
    ///   CSS), which browsers play and interpolate between paths of the same
    ///   commands; SMIL is not paused by `prefers-reduced-motion`.
    /// - Particles are followed from frame to frame into tracks and drawn as
    ///   soft circles (a radial gradient), each animated like a sprite; at most
    ///   ``maximumParticles``, the longest-lived kept.
    /// - With a ``Timeline/loop``, every element has two animations: the part
    ///   before the loop once, then the loop forever, delayed by the first
    ///   part's length. With ``loop`` set (and no timeline loop), the whole
    ///   animation repeats forever.
    /// - The elements' own attributes hold the last frame, so a viewer without
    ///   CSS animation (and `prefers-reduced-motion: reduce`) shows the final text.
    ///
    /// - Throws: ``RenderError`` when the viewport cannot place the bounds.
    /// - Complexity: O(frames × (sprites + particles)) plus the keyframe
    ///   simplification, linear in practice.
    public func animated(_ timeline: Timeline) throws(RenderError) -> String {
        var text = ""
        try animated(timeline) { (piece: String) throws(RenderError) in text += piece }
        return text
    }

    /// Writes ``animated(_:)`` to `path`, whole or not at all, without first
    /// joining its parts into one string.
    ///
    /// - Throws: ``RenderError`` when the viewport cannot place the bounds or the file cannot be written.
    public func write(_ timeline: Timeline, to path: String) throws(RenderError) {
        try OutputFile.writing(path) { (file: OutputFile) throws(RenderError) in
            try animated(timeline) { (piece: String) throws(RenderError) in try file.writeAll(piece) }
        }
    }

    /// Writes a web page playing ``animated(_:)`` to `path` (see ``HTMLPage``),
    /// without first holding the SVG as one string.
    ///
    /// - Throws: ``RenderError`` when the viewport cannot place the bounds or the file cannot be written.
    public func writePage(
        _ timeline: Timeline, title: String, command: String? = nil, background: RenderColor = .white, to path: String
    ) throws(RenderError) {
        try HTMLPage.write(to: path, title: title, command: command, background: background) {
            (emit: (String) throws(RenderError) -> Void) throws(RenderError) in try animated(timeline, emit: emit)
        }
    }

    /// The animated SVG in pieces, in order, to `emit`.
    private func animated(_ timeline: Timeline, emit: (String) throws(RenderError) -> Void) throws(RenderError) {
        var doc = try document(timeline)
        let prefix = doc.prefix
        let frames = timeline.frames
        let last = frames.count - 1
        let segments = AnimationSegments(timeline: timeline, replay: loop)
        let percentDecimals = frames.count > 10_000 ? 4 : 3
        var writer = KeyframeWriter(prefix: prefix, segments: segments, percentDecimals: percentDecimals)

        let sprites = SpriteSamples(frames)
        let curves = CurveSpans(timeline)
        var glyphs = ""
        // Pen strokes joined across letters, one path per pen-down (see SVGPenDowns).
        var drawings: [GlyphDrawing?] = []
        var columns: [[SpriteFrame?]] = []
        for (i, symbol) in sprites.symbols.enumerated() {
            let drawing = try symbol.flatMap { (s: Character) throws(RenderError) in
                try timeline.outlines.drawing(sprites.drawings[i], symbol: s)
            }
            drawings.append(drawing)
            columns.append(drawing?.isPenStroke == true ? StrokeStyle.shown(sprites.samples(i, in: frames), by: drawing) : [])
        }
        let penDowns = SVGPenDowns(
            samples: columns, drawings: drawings, fontSize: timeline.outlines.fontSize, ignoresTints: doc.paintsGradient)
        for i in sprites.ids.indices {
            let id = sprites.name(i)
            guard sprites.symbols[i] != nil else { continue }
            if penDowns.drawn[i] {
                doc.marksStrokes()
                glyphs += penDowns.animated(
                    startingIn: i, samples: columns, frames: frames.count, pen: doc.penAttributes, writer: &writer)
                continue
            }
            let drawing = drawings[i]
            guard let def = doc.glyphDef(drawing) else { continue }
            let samples = columns[i].isEmpty ? StrokeStyle.shown(sprites.samples(i, in: frames), by: drawing) : columns[i]
            var sprite = SpriteChannels(samples, color: doc.ink.color, tints: !doc.paintsGradient)
            let name = "\(prefix)s\(id)"
            let written = StrokeChannels.isStroked(samples) ? doc.contours(drawing) : nil
            sprite.writesCurrentColor = written != nil
            // A sprite drawn in two parts (a changing shape) has samples its curves do not give alone.
            let whole = sprites.isWhole(i)
            let animation = sprite.animate(
                name, spans: whole ? curves.spans(of: sprites.ids[i], drawnBy: drawing) : ([], []), writer: &writer)
            var offsetAttributes = ""
            if let offset = sprite.constantOffset {
                if offset.x != 0 { offsetAttributes += " x=\"\(NumberFormat.fixed(offset.x, 2))\"" }
                if offset.y != 0 { offsetAttributes += " y=\"\(NumberFormat.fixed(offset.y, 2))\"" }
            }
            var use: String
            if let (contours, total) = written {
                use = writtenSprite(
                    name, animated: !animation.isEmpty, def: def, contours: contours, total: total, samples: samples,
                    sprite: sprite, offset: offsetAttributes, pen: doc.strokeAttributes, last: last, writer: &writer)
            } else {
                use = "<use id=\"\(name)\""
                if !animation.isEmpty { use += " class=\"\(prefix)a\"" }
                use += " href=\"#\(def)\""
                use += offsetAttributes
                use += sprite.staticAttributes(at: last)
                use += "/>"
            }
            if let blur = sprite.blurTrack {
                glyphs += writer.blurGroup("\(prefix)f\(id)", blur: blur, last: last, doc: &doc, content: use)
            } else {
                glyphs += use + "\n"
            }
        }

        var below = "", above = ""
        for (id, shapeSamples) in ShapeSamples.byID(frames) {
            let markup = SVGShapes.animated(id: id, samples: shapeSamples, doc: &doc, writer: &writer)
            if ShapeSamples.layer(shapeSamples) == .belowText { below += markup } else { above += markup }
        }

        var particles = ""
        for (i, track) in ParticleTracker.tracks(frames, limit: max(maximumParticles, 0)).enumerated() {
            let circle = ParticleChannels(track, frameCount: frames.count)
            let name = "\(prefix)q\(i)"
            let animation = writer.animate(name, track: circle.track, tolerances: ParticleChannels.tolerances) { values, key in
                circle.css(values, present: key != 0)
            }
            let fill = doc.particleGradient(track.colorKey)
            particles += "<circle id=\"\(name)\""
            if !animation.isEmpty { particles += " class=\"\(prefix)a\"" }
            particles += " r=\"\(NumberFormat.fixed(circle.radius, 2))\" fill=\"url(#\(fill))\"\(circle.staticAttributes(at: last))/>\n"
        }

        let css = writer.style()
        try doc.document(
            timeline: timeline, background: style.background, style: css.isEmpty ? nil : css, below: below, glyphs: glyphs,
            above: above, particles: particles, emit: emit)
    }

    /// A written-on sprite: a group carrying its transform, opacity and colour,
    /// holding its fill (at the opacity of its `fill` channel) and its contours'
    /// strokes, each revealed by its own animated dash offset.
    private func writtenSprite(
        _ name: String, animated: Bool, def: String, contours: [SVGContour], total: Double, samples: [SpriteFrame?],
        sprite: SpriteChannels, offset: String, pen: String, last: Int, writer: inout KeyframeWriter
    ) -> String {
        let prefix = writer.prefix
        let channels = StrokeChannels(samples, contours: contours, total: total)
        var out = "<g id=\"\(name)\""
        if animated { out += " class=\"\(prefix)a\"" }
        out += sprite.staticAttributes(at: last) + ">"
        if channels.fills {
            let fillName = name + "f"
            let fillAnimation = writer.animate(fillName, track: channels.fillTrack, tolerances: StrokeChannels.fillTolerances) {
                values, _ in StrokeChannels.fillCSS(values)
            }
            out += "<use id=\"\(fillName)\"\(fillAnimation.isEmpty ? "" : " class=\"\(prefix)a\"") href=\"#\(def)\"\(offset)"
            out += channels.fillAttribute(at: last) + "/>"
        }
        out += "<g\(pen)>"
        for (k, contour) in contours.enumerated() {
            let contourName = "\(name)c\(k)"
            let dashAnimation = writer.animate(
                contourName, track: channels.contourTracks[k], tolerances: StrokeChannels.dashTolerances
            ) { values, _ in StrokeChannels.dashCSS(values) }
            out += "<use id=\"\(contourName)\"\(dashAnimation.isEmpty ? "" : " class=\"\(prefix)a\"") href=\"#\(contour.id)\"\(offset)"
            out += channels.dashAttribute(k, at: last) + "/>"
        }
        return out + "</g></g>"
    }
}
