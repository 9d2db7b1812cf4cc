import Animator
import Director

/// Shape sprites in SVG (see `ShapeStyle` for what is drawn).
///
/// A shape is a group carrying its transform and opacity, with its `data-key`
/// (escaped), holding the outline filled in its fill paint (`fill-opacity`:
/// the paint's alpha × `fill`) and the outline stroked with its own pen. While
/// the stroke is cut short (`strokeEnd` < 1) each subpath is its own
/// `<path pathLength="1">` revealed by a `stroke-dashoffset` over
/// `stroke-dasharray="1 2"`, as written-on glyphs are (`StrokeChannels`).
enum SVGShapes {
    /// A shape's outline split into subpaths, with where each lies along the
    /// whole, and the whole's length.
    static func contours(_ outline: ShapePath) -> (paths: [ShapePath], contours: [SVGContour], total: Double) {
        let measure = PathMeasure(outline)
        var contours: [SVGContour] = []
        var start = 0.0
        for length in measure.subpathLengths {
            contours.append(SVGContour(id: "", start: start, length: length))
            start += length
        }
        return (outline.subpaths, contours, measure.length)
    }

    /// The dash offset of a contour when `drawn` of the whole is stroked (1: none of it).
    static func offset(_ drawn: Double, contour: SVGContour, total: Double) -> Double {
        guard contour.length > 0 else { return 1 }
        return StrokeChannels.offset(drawn, stroked: true, contour: contour, total: total)
    }

    /// The attributes of a stroke in `color` with the style's pen, dashed when `dashed`.
    static func pen(_ style: ShapeStyle, color: RenderColor, width: Double? = nil, dashed: Bool) -> String {
        var out = " fill=\"none\" stroke=\"\(color.rgbHex)\""
        if color.alpha < 1 { out += " stroke-opacity=\"\(NumberFormat.fixed(color.alpha, 3))\"" }
        out += " stroke-width=\"\(NumberFormat.fixed(width ?? style.lineWidth, 3))\""
        out += " stroke-linecap=\"\(style.cap.rawValue)\" stroke-linejoin=\"\(style.join.rawValue)\""
        if style.join == .miter { out += " stroke-miterlimit=\"10\"" }
        return dashed ? out + " stroke-dasharray=\"1 2\"" : out
    }

    /// One shape sprite as a still picture; "" when it shows nothing.
    static func still(_ sprite: ShapeSprite, doc: inout SVGDocument) -> String {
        let ink = doc.ink
        let s = sprite.state
        let outline = sprite.shape.outline
        guard s.isFinite, s.opacity > 0, !outline.isEmpty else { return "" }
        let style = ShapeStyle(sprite.shape, ink: ink)
        let fill = ShapeStyle.fillShare(s), drawn = NumberFormat.rounded(ShapeStyle.strokeShare(s), 4)
        var inner = ""
        if let color = style.fill, fill > 0 {
            inner += "<path d=\"\(outline.svgPathData)\" fill=\"\(color.rgbHex)\""
            let alpha = NumberFormat.rounded(color.alpha * fill, 3)
            if alpha < 1 { inner += " fill-opacity=\"\(NumberFormat.fixed(alpha, 3))\"" }
            inner += "/>"
        }
        if let color = style.stroke, drawn > 0 {
            if drawn >= 1 {
                inner += "<path d=\"\(outline.svgPathData)\"\(pen(style, color: color, dashed: false))/>"
            } else {
                var strokes = ""
                let (paths, contours, total) = contours(outline)
                for (path, contour) in zip(paths, contours) {
                    let offset = offset(drawn, contour: contour, total: total)
                    guard offset < 1 else { continue }
                    strokes += "<path d=\"\(path.svgPathData)\" pathLength=\"1\" stroke-dashoffset=\"\(NumberFormat.fixed(offset, 4))\"/>"
                }
                if !strokes.isEmpty { inner += "<g\(pen(style, color: color, dashed: true))>\(strokes)</g>" }
            }
        }
        guard !inner.isEmpty else { return "" }
        var group = "<g data-key=\"\(MarkupText.escaped(sprite.key))\""
        group += " transform=\"\(SVGDocument.matrix(s.transform(boxSize: sprite.shape.size)))\""
        if s.opacity < 1 { group += " opacity=\"\(NumberFormat.fixed(s.opacity, 3))\"" }
        group += ">\(inner)</g>"
        if let level = BlurLevels.level(for: s.blur) {
            return "<g filter=\"url(#\(doc.blurFilter(level)))\">\(group)</g>\n"
        }
        return group + "\n"
    }

    static let fillTolerances = [1.0, 1, 1, 0.004]
    static let strokeTolerances = [1.0, 1, 1, 0.004, 0.01]

    /// One shape sprite over the whole timeline: the group's transform and
    /// opacity animated as a glyph's (`SpriteChannels`, about the box centre,
    /// the outline drawn centred on it), the paints' colours, opacities and the
    /// line width by CSS keyframes, the dash offsets of a cut stroke by CSS, and
    /// a changing outline (a morph, a size blend) by SMIL `<animate>` of `d`.
    ///
    /// - Complexity: O(frames × outline size).
    static func animated(
        id: Int32, samples: [ShapeSprite?], doc: inout SVGDocument, writer: inout KeyframeWriter
    ) -> String {
        let ink = doc.ink
        guard let firstSample = samples.lazy.compactMap({ $0 }).first else { return "" }
        let prefix = writer.prefix
        let name = "\(prefix)h\(id)"
        let frameCount = samples.count
        let last = frameCount - 1
        // The outline centred on the box (so no offset), the sprite's channels as a glyph's.
        let stand = samples.map { sample in
            sample.map { shape -> SpriteFrame in
                var state = shape.state
                state.tint = .none
                return SpriteFrame(id: shape.id, glyph: 0, role: shape.role, state: state, boxSize: .zero, baselineOffset: 0)
            }
        }
        let source = SpriteChannels.held(stand)
        let sprite = SpriteChannels(stand, color: ink.color, tints: false)

        var outlines: [ShapePath] = []
        var fillTrack = KeyframeTrack(), strokeTrack = KeyframeTrack()
        var drawnShares: [Double] = []
        var filled = false, stroked = false, cut = false
        let base = ink.color.bytes
        for f in 0..<frameCount {
            let shape = samples[source[f]]!
            let s = shape.state
            let present = samples[f] != nil
            let size = shape.shape.size
            outlines.append(shape.shape.outline.applying(.translation(-size.width / 2, -size.height / 2)))
            let style = ShapeStyle(shape.shape, ink: ink)
            let fillBytes = style.fill?.bytes ?? base
            let fillAlpha = NumberFormat.rounded((style.fill?.alpha ?? 0) * ShapeStyle.fillShare(s), 3)
            fillTrack.append([Double(fillBytes.red), Double(fillBytes.green), Double(fillBytes.blue), fillAlpha], key: 1)
            let strokeBytes = style.stroke?.bytes ?? base
            let strokeAlpha = NumberFormat.rounded(style.stroke?.alpha ?? 0, 3)
            strokeTrack.append(
                [Double(strokeBytes.red), Double(strokeBytes.green), Double(strokeBytes.blue), strokeAlpha,
                 NumberFormat.rounded(style.lineWidth, 3)], key: 1)
            let drawn = NumberFormat.rounded(ShapeStyle.strokeShare(s), 4)
            drawnShares.append(drawn)
            if present && s.opacity > 0 {
                if fillAlpha > 0 { filled = true }
                if strokeAlpha > 0 && drawn > 0 { stroked = true }
                if strokeAlpha > 0 && drawn < 1 { cut = true }
            }
        }
        guard filled || stroked else { return "" }
        let whole = PathTrack(outlines)
        let segments = writer.segments, decimals = writer.percentDecimals

        let animation = writer.animate(name, track: sprite.track, tolerances: SpriteChannels.tolerances(sprite.shape)) {
            values, key in sprite.css(values, present: key != 0)
        }
        var group = "<g id=\"\(name)\""
        if !animation.isEmpty { group += " class=\"\(prefix)a\"" }
        group += " data-key=\"\(MarkupText.escaped(firstSample.key))\"" + sprite.staticAttributes(at: last) + ">"

        func color(_ v: [Double]) -> RenderColor { RenderColor(red: v[0] / 255, green: v[1] / 255, blue: v[2] / 255) }
        func path(_ id: String, _ track: PathTrack, extra: String) -> String {
            let motion = track.isConstant
                ? "" : smil("d", track: track.track, tolerances: track.tolerances, segments: segments, decimals: decimals) {
                    values, key in track.svgData(values, key: key)
                }
            let out = "<path id=\"\(id)\" d=\"\(track.svgData(at: last))\"\(extra)"
            return motion.isEmpty ? out + "/>" : out + ">\(motion)</path>"
        }

        if filled {
            let fillName = name + "f"
            let fillAnimation = writer.animate(fillName, track: fillTrack, tolerances: fillTolerances) { v, _ in
                "fill:\(color(v).rgbHex);fill-opacity:\(NumberFormat.fixed(v[3], 3))"
            }
            let v = fillTrack.values[last]
            var extra = fillAnimation.isEmpty ? "" : " class=\"\(prefix)a\""
            extra += " fill=\"\(color(v).rgbHex)\""
            if v[3] < 1 { extra += " fill-opacity=\"\(NumberFormat.fixed(v[3], 3))\"" }
            group += path(fillName, whole, extra: extra)
        }
        if stroked {
            let penName = name + "p"
            let penAnimation = writer.animate(penName, track: strokeTrack, tolerances: strokeTolerances) { v, _ in
                "stroke:\(color(v).rgbHex);stroke-opacity:\(NumberFormat.fixed(v[3], 3));stroke-width:\(NumberFormat.fixed(v[4], 3))px"
            }
            let v = strokeTrack.values[last]
            let style = ShapeStyle(samples[source[last]]!.shape, ink: ink)
            var colour = color(v)
            colour.alpha = v[3]
            group += "<g id=\"\(penName)\"\(penAnimation.isEmpty ? "" : " class=\"\(prefix)a\"")"
            group += pen(style, color: colour, width: v[4], dashed: cut) + ">"
            if cut {
                // Each subpath on its own, its dash offset its share of the pen's way at every frame.
                var contourPaths: [[ShapePath?]] = []
                var offsets: [KeyframeTrack] = []
                var known: (outline: ShapePath, parts: (paths: [ShapePath], contours: [SVGContour], total: Double))?
                for f in 0..<frameCount {
                    if known?.outline != outlines[f] { known = (outlines[f], contours(outlines[f])) }
                    let parts = known!.parts
                    while contourPaths.count < parts.paths.count {
                        contourPaths.append(Array(repeating: nil, count: f))
                        offsets.append(KeyframeTrack())
                        for _ in 0..<f { offsets[offsets.count - 1].append([1], key: 1) }
                    }
                    for k in contourPaths.indices {
                        let here = k < parts.paths.count
                        contourPaths[k].append(here ? parts.paths[k] : nil)
                        let offset = here ? offset(drawnShares[f], contour: parts.contours[k], total: parts.total) : 1
                        offsets[k].append([offset], key: 1)
                    }
                }
                for k in contourPaths.indices {
                    let contourName = "\(name)c\(k)"
                    let dash = writer.animate(contourName, track: offsets[k], tolerances: StrokeChannels.dashTolerances) {
                        values, _ in StrokeChannels.dashCSS(values)
                    }
                    var extra = dash.isEmpty ? "" : " class=\"\(prefix)a\""
                    extra += " pathLength=\"1\" stroke-dashoffset=\"\(NumberFormat.fixed(offsets[k].values[last][0], 4))\""
                    group += path(contourName, PathTrack(contourPaths[k]), extra: extra)
                }
            } else {
                group += path(name + "s", whole, extra: "")
            }
            group += "</g>"
        }
        group += "</g>"
        guard let blur = sprite.blurTrack else { return group + "\n" }
        return writer.blurGroup("\(prefix)hf\(id)", blur: blur, last: last, doc: &doc, content: group)
    }

    /// SMIL `<animate>` elements of an attribute over the recording's parts,
    /// timed as the CSS animations are (`AnimationSegments`): the part before
    /// the loop once from 0 s, then the loop forever from the end of that part
    /// (or the whole once, or forever when replayed). Values step where the
    /// track's key changes; "" when nothing changes.
    static func smil(
        _ attribute: String, track: KeyframeTrack, tolerances: [Double], segments: AnimationSegments, decimals: Int,
        value: ([Double], Int) -> String
    ) -> String {
        var epsilon = 1.0
        for _ in 0..<decimals { epsilon /= 10 }
        func seconds(_ frames: Int) -> String { NumberFormat.fixed(Double(frames) / segments.fps, 3) + "s" }
        var out = ""
        let introFrames = segments.intro.map { $0.count - 1 } ?? 0
        for (range, looping) in [(segments.intro, false), (segments.loop, true)] {
            guard let range, range.count > 1 else { continue }
            let frames = track.keyframes(range, tolerances: tolerances, epsilon: epsilon)
            guard !frames.allSatisfy({ $0.values == frames[0].values && $0.key == frames[0].key }) else { continue }
            out += "<animate attributeName=\"\(attribute)\" begin=\"\(looping ? seconds(introFrames) : "0s")\""
            out += " dur=\"\(seconds(range.count - 1))\" calcMode=\"linear\" fill=\"freeze\""
            if looping || segments.replay { out += " repeatCount=\"indefinite\"" }
            out += " keyTimes=\"" + frames.map { NumberFormat.fixed($0.percent / 100, decimals + 2) }.joined(separator: ";") + "\""
            out += " values=\"" + frames.map { value($0.values, $0.key) }.joined(separator: ";") + "\"/>"
        }
        return out
    }
}
