import Animator
import Director

/// A pen text's strokes as the SVG draws them: one `<path>` per pen-down, a
/// stroke joined across letters where one letter's exit meets the next one's
/// entry, revealed by one dash offset along the joined length.
///
/// The engine writes a pen text letter by letter (each sprite's `strokeEnd`,
/// contours in order); the PNG trims each letter at `strokeEnd` of its length.
/// Here the letters of a pen-down are laid end to end in writing order, and at
/// every frame the pen-down shows the sum of what its letters show, which is
/// the same ink as long as a letter is begun only once the one before it in
/// the stroke is done (and un-written only once the one after it is gone).
///
/// A sprite is drawn this way when its glyph is a pen's (`isPenStroke`) and,
/// at every frame it shows, it stands still and unscaled, fully opaque, sharp
/// and untinted (tints count only without a gradient): the pen-down is in
/// layout space and carries no per-letter channel. Such a sprite's contours
/// are its pen-downs, alone or joined with its neighbours'. Its last contour
/// is joined to the first contour of the sprite with the smallest later id
/// that starts where it ends (within a thousandth of the font size), when at
/// every frame that one shows ink only once the first is complete. Other
/// sprites are drawn per letter, as written-on glyphs are.
struct SVGPenDowns {
    /// A contour of a sprite's outline within a pen-down.
    struct Piece {
        /// The sprite (its index in the sprites given).
        var sprite: Int
        /// Where the contour starts along the sprite's outline, in points.
        var start: Double
        /// The contour's length, in points (more than 0).
        var length: Double
    }

    /// One pen-down: its contours in writing order and the joined path.
    struct PenDown {
        var pieces: [Piece]
        /// The joined path in layout space.
        var path: ShapePath
        /// Its length, in points: the sum of the pieces'.
        var length: Double
    }

    /// The pen-downs, in the order of their first sprite.
    private(set) var penDowns: [PenDown] = []
    /// Whether each sprite given is drawn by the pen-downs (not on its own; a
    /// pen sprite that never shows is drawn by none).
    private(set) var drawn: [Bool]
    /// The pen-downs that start in each sprite (indices into `penDowns`).
    private(set) var starting: [[Int]]
    /// Each sprite's outline length, in points.
    private var totals: [Double]

    /// Finds the pen-downs of sprites given by their samples at every frame
    /// (`samples[i][f]`, nil where sprite i has none, in ascending id order,
    /// as ``StrokeStyle/shown(_:by:)`` makes them) and their drawings.
    ///
    /// - Parameters:
    ///   - fontSize: the outlines' font size (the joining tolerance is a thousandth of it).
    ///   - ignoresTints: whether tints are not drawn (a gradient ink).
    /// - Complexity: O(sprites × frames + outline sizes), plus O(s²) point
    ///   comparisons among the s pen sprites that qualify.
    init(samples: [[SpriteFrame?]], drawings: [GlyphDrawing?], fontSize: Double?, ignoresTints: Bool) {
        let count = samples.count
        drawn = Array(repeating: false, count: count)
        starting = Array(repeating: [], count: count)
        totals = Array(repeating: 0, count: count)
        var offsets = [Point](repeating: .zero, count: count)
        var contours = [[(piece: Piece, path: ShapePath)]](repeating: [], count: count)
        for i in 0..<count {
            guard let drawing = drawings[i], drawing.isPenStroke, !drawing.outline.isEmpty else { continue }
            guard samples[i].contains(where: { ($0?.state.opacity ?? 0) > 0 }) else {
                // Never shown: nothing to draw, per letter or otherwise.
                drawn[i] = true
                continue
            }
            guard let offset = Self.placement(samples[i], ignoresTints: ignoresTints) else { continue }
            let measure = PathMeasure(drawing.outline)
            var start = 0.0
            for (subpath, length) in zip(drawing.outline.subpaths, measure.subpathLengths) {
                defer { start += length }
                if length > 0 { contours[i].append((Piece(sprite: i, start: start, length: length), subpath)) }
            }
            guard !contours[i].isEmpty else { continue }
            drawn[i] = true
            totals[i] = measure.length
            offsets[i] = offset
        }

        // Links: a sprite's last contour runs on into a later sprite's first.
        let size = fontSize.flatMap { $0.isFinite && $0 > 0 ? $0 : nil } ?? 16
        let tolerance = size / 1000
        var next = [Int?](repeating: nil, count: count)
        var joinedFrom = [Bool](repeating: false, count: count)
        let candidates = (0..<count).filter { !contours[$0].isEmpty }
        for a in candidates {
            guard let exit = contours[a].last.flatMap({ Self.end(of: $0.path) }).map({ $0 + offsets[a] }) else { continue }
            for b in candidates where b > a && !joinedFrom[b] {
                guard let entry = Self.start(of: contours[b][0].path).map({ $0 + offsets[b] }),
                    (entry - exit).length <= tolerance,
                    inOrder(contours[a].last!.piece, then: contours[b][0].piece, samples: samples)
                else { continue }
                next[a] = b
                joinedFrom[b] = true
                break
            }
        }

        // The pen-downs, sprite after sprite: a joined sprite's first contour
        // goes on the pen-down its predecessor's last contour is in.
        var joinInto = [Int?](repeating: nil, count: count)
        for i in candidates {
            var current = -1
            for (k, contour) in contours[i].enumerated() {
                let placed = contour.path.applying(.translation(offsets[i].x, offsets[i].y))
                if k == 0, let into = joinInto[i] {
                    penDowns[into].pieces.append(contour.piece)
                    penDowns[into].path.elements += placed.elements.dropFirst()
                    penDowns[into].length += contour.piece.length
                    current = into
                } else {
                    current = penDowns.count
                    starting[i].append(current)
                    penDowns.append(PenDown(pieces: [contour.piece], path: placed, length: contour.piece.length))
                }
            }
            if let b = next[i] { joinInto[b] = current }
        }
    }

    /// Where a sprite's outline sits in layout space (its translation), when it
    /// shows only standing still, unscaled, opaque, sharp and untinted; nil otherwise.
    private static func placement(_ samples: [SpriteFrame?], ignoresTints: Bool) -> Point? {
        var at: Point?
        for case let sample? in samples {
            let s = sample.state
            guard s.opacity == 0 || s.opacity == 1 else { return nil }
            guard s.opacity > 0 else { continue }
            guard StrokeStyle.strokes(s), BlurLevels.level(for: s.blur) == nil, ignoresTints || s.tint.alpha == 0 else {
                return nil
            }
            let m = SVGDocument.glyphTransform(sample)
            guard abs(m.a - 1) < 1e-9, abs(m.b) < 1e-9, abs(m.c) < 1e-9, abs(m.d - 1) < 1e-9 else { return nil }
            let p = Point(x: m.tx, y: m.ty)
            if let known = at {
                guard abs(known.x - p.x) < 1e-6, abs(known.y - p.y) < 1e-6 else { return nil }
            } else {
                at = p
            }
        }
        return at
    }

    /// Whether, at every frame, `second` shows ink only while `first` is complete.
    private func inOrder(_ first: Piece, then second: Piece, samples: [[SpriteFrame?]]) -> Bool {
        let frames = samples[first.sprite].count
        for f in 0..<frames where revealed(second, at: f, samples: samples) > Self.slack {
            guard revealed(first, at: f, samples: samples) >= first.length - Self.slack else { return false }
        }
        return true
    }

    /// Ink, in points, below which a piece counts as unwritten (and short of which, as complete).
    static let slack = 0.01

    /// How much of a sprite's outline shows at frame `f`, in points.
    private func shown(_ sprite: Int, at f: Int, samples: [[SpriteFrame?]]) -> Double {
        guard let s = samples[sprite][f]?.state, s.opacity > 0, StrokeStyle.strokes(s), s.strokeEnd.isFinite else { return 0 }
        return min(max(s.strokeEnd, 0), 1) * totals[sprite]
    }

    /// How much of a piece shows at frame `f`, in points.
    private func revealed(_ piece: Piece, at f: Int, samples: [[SpriteFrame?]]) -> Double {
        min(max(shown(piece.sprite, at: f, samples: samples) - piece.start, 0), piece.length)
    }

    /// How much of pen-down `n` shows at frame `f`, in points: what its pieces show, end to end.
    func revealed(_ n: Int, at f: Int, samples: [[SpriteFrame?]]) -> Double {
        var sum = 0.0
        for piece in penDowns[n].pieces { sum += revealed(piece, at: f, samples: samples) }
        return sum
    }

    /// Where a subpath starts.
    private static func start(of path: ShapePath) -> Point? {
        guard case .move(let p) = path.elements.first else { return nil }
        return p
    }

    /// Where an open subpath ends (nil when it is closed).
    private static func end(of path: ShapePath) -> Point? {
        switch path.elements.last {
        case .move(let p), .line(let p), .quad(_, let p), .cubic(_, _, let p): p
        case .close, nil: nil
        }
    }
}

extension SVGPenDowns {
    static let dashTolerances = [0.01]

    /// A pen-down's `<path>` attributes: its data in layout space, its length
    /// as `pathLength` (so the browser measures along it in our points) and a
    /// dash as long as the path, then a gap twice that, so an offset of
    /// `length − drawn` shows the first `drawn` points and nothing else.
    private func pathAttributes(_ n: Int) -> (attributes: String, length: Double) {
        let length = NumberFormat.rounded(penDowns[n].length, 2)
        let l = NumberFormat.fixed(length, 2), gap = NumberFormat.fixed(2 * length, 2)
        return (" d=\"\(penDowns[n].path.svgPathData)\" pathLength=\"\(l)\" stroke-dasharray=\"\(l) \(gap)\"", length)
    }

    /// The still markup of the pen-downs that start in sprite `i`, at frame
    /// `f` of the samples: those begun, each drawn up to what its letters show.
    func still(startingIn i: Int, at f: Int, samples: [[SpriteFrame?]], pen: String) -> String {
        var paths = ""
        for n in starting[i] {
            let drawn = revealed(n, at: f, samples: samples)
            guard drawn > 0 else { continue }
            let (attributes, length) = pathAttributes(n)
            paths += "<path\(attributes) stroke-dashoffset=\"\(NumberFormat.fixed(max(length - drawn, 0), 2))\"/>"
        }
        return paths.isEmpty ? "" : "<g\(pen)>\(paths)</g>\n"
    }

    /// The animated markup of the pen-downs that start in sprite `i`: each a
    /// `<path>` whose `stroke-dashoffset` follows the ink its letters show at
    /// every frame (points, 2 decimals, thinned within a hundredth of a point),
    /// hidden while none shows (a step, so no dot of a round cap is left), its
    /// attributes holding the last frame.
    func animated(
        startingIn i: Int, samples: [[SpriteFrame?]], frames: Int, pen: String, writer: inout KeyframeWriter
    ) -> String {
        guard !starting[i].isEmpty, frames > 0 else { return "" }
        let prefix = writer.prefix
        var out = "<g\(pen)>"
        for n in starting[i] {
            let (attributes, length) = pathAttributes(n)
            var track = KeyframeTrack()
            for f in 0..<frames {
                let drawn = revealed(n, at: f, samples: samples)
                track.append([NumberFormat.rounded(max(length - drawn, 0), 2)], key: drawn > 0 ? 1 : 0)
            }
            let name = "\(prefix)w\(n)"
            let animation = writer.animate(name, track: track, tolerances: Self.dashTolerances) { values, key in
                "stroke-dashoffset:\(NumberFormat.fixed(values[0], 2));visibility:\(key == 0 ? "hidden" : "visible")"
            }
            out += "<path id=\"\(name)\"\(animation.isEmpty ? "" : " class=\"\(prefix)a\"")\(attributes)"
            out += " stroke-dashoffset=\"\(NumberFormat.fixed(track.values[frames - 1][0], 2))\""
            if track.keys[frames - 1] == 0 { out += " visibility=\"hidden\"" }
            out += "/>"
        }
        return out + "</g>\n"
    }
}
