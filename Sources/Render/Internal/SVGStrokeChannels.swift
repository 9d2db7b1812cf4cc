import Animator
import Director

/// One contour of a glyph's outline as an SVG strokes it: its own `<path>`
/// with `pathLength="1"` (so a dash offset is a share of it), and where it lies
/// along the whole outline, whose contours are written in order.
struct SVGContour {
    /// The id of the contour's `<path>`.
    var id: String
    /// The outline's length before the contour, in points.
    var start: Double
    /// The contour's length, in points (more than 0).
    var length: Double
}

/// A written-on sprite's fill and strokes at every frame, as the SVG prints
/// them: the opacity of its fill's `<use>` (its `fill` channel; an element
/// opacity, so a translucent text colour's `fill-opacity` still applies) and, per contour, the
/// `stroke-dashoffset` that shows the contour up to its share of `strokeEnd`.
///
/// With `stroke-dasharray: 1 2` on a contour of normalised length 1, an offset
/// of `1 − f` draws the first `f` of it and nothing else (the gap is long
/// enough that no second dash starts); a frame where the sprite is not
/// stroked (`fill` and `strokeEnd` both 1) has offset 1 everywhere, and the
/// change between stroked and not is a step (the track's key), not a fade.
struct StrokeChannels {
    static let dashTolerances = [0.0005]
    static let fillTolerances = [0.004]

    /// Per contour, the dash offset at every frame; key 1 while stroked, 2 while not.
    private(set) var contourTracks: [KeyframeTrack] = []
    /// The fill's `<use>`'s opacity at every frame.
    private(set) var fillTrack = KeyframeTrack()
    /// Whether the fill shows in any frame.
    private(set) var fills = false

    /// The channels of a sprite's samples over its outline's contours (`total`: the outline's length).
    init(_ samples: [SpriteFrame?], contours: [SVGContour], total: Double) {
        let source = SpriteChannels.held(samples)
        contourTracks = Array(repeating: KeyframeTrack(), count: contours.count)
        for f in samples.indices {
            let state = source[f] >= 0 ? samples[source[f]]?.state : nil
            let fill = state.map { NumberFormat.rounded(min(max($0.fill, 0), 1), 3) } ?? 1
            if fill > 0, samples[f] != nil { fills = true }
            fillTrack.append([fill], key: 1)
            let stroked = state.map(StrokeStyle.strokes) ?? false
            for (k, contour) in contours.enumerated() {
                let offset = Self.offset(state?.strokeEnd ?? 1, stroked: stroked, contour: contour, total: total)
                contourTracks[k].append([offset], key: stroked ? 1 : 2)
            }
        }
    }

    /// The dash offset of a contour: 1 − the share of it drawn when the pen is
    /// `strokeEnd` of the way along the whole outline; 1 (nothing) when not stroked.
    static func offset(_ strokeEnd: Double, stroked: Bool, contour: SVGContour, total: Double) -> Double {
        guard stroked, strokeEnd.isFinite else { return 1 }
        let drawn = min(max(strokeEnd, 0), 1) * total
        let share = min(max((drawn - contour.start) / contour.length, 0), 1)
        return NumberFormat.rounded(1 - share, 4)
    }

    /// Whether any of the samples is stroked.
    static func isStroked(_ samples: [SpriteFrame?]) -> Bool {
        samples.contains { $0.map { StrokeStyle.strokes($0.state) && $0.state.opacity > 0 } ?? false }
    }

    static func dashCSS(_ v: [Double]) -> String { "stroke-dashoffset:\(NumberFormat.fixed(v[0], 4))" }
    static func fillCSS(_ v: [Double]) -> String { "opacity:\(NumberFormat.fixed(v[0], 3))" }

    /// ` stroke-dashoffset="…"` of contour `k` at frame `f`.
    func dashAttribute(_ k: Int, at f: Int) -> String {
        " stroke-dashoffset=\"\(NumberFormat.fixed(contourTracks[k].values[f][0], 4))\""
    }

    /// ` opacity="…"` of the fill's `<use>` at frame `f`, or nothing when it is 1.
    func fillAttribute(at f: Int) -> String {
        let v = fillTrack.values[f][0]
        return v == 1 ? "" : " opacity=\"\(NumberFormat.fixed(v, 3))\""
    }
}
