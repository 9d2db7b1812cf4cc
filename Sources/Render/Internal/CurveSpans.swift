import Animator
import Director

/// The stretches of a recording's glyph sprites that the plan's own curves
/// describe exactly, by sprite and channel group: what the animated SVG and
/// the Lottie writer write as eased keyframes instead of thinned samples.
///
/// A record's group is exact when nothing but its curve moves it
/// (`MotionRecord.Curve.isExact`: no track, carried velocity or anchor adds
/// to it), it changes, and its curve is a cubic Bézier (a step when instant)
/// that starts after the record's fence and ends before the sprite's next
/// record or its exit's end: an interrupted curve, a spring, dual-phase and
/// keyframe curves, tracks, carried velocities and particles are left to the
/// samples. The renderers use a span only where their samples confirm it.
struct CurveSpans {
    /// Channels that move together on one curve.
    enum Group {
        /// Position, scale, rotation and skew.
        case transform
        /// Opacity, blur, tint, stroke end and fill.
        case appearance
    }

    /// One curve of one record, in seconds.
    struct Span {
        var group: Group
        var start: Double
        var end: Double
        /// Nil for a step at `end`.
        var easing: CubicBezier?
        /// What the sprite shows before the curve, and after it.
        var from: SpriteFrame
        var to: SpriteFrame
        /// When the record holds: from its fence until the sprite's next record or its exit's end.
        var valid: Range<Double>

        /// The span with its ends as a glyph drawn by `drawing` shows them (see `StrokeStyle.shown`).
        func shown(by drawing: GlyphDrawing?) -> Span {
            var span = self
            span.from.state = StrokeStyle.shown(from.state, by: drawing)
            span.to.state = StrokeStyle.shown(to.state, by: drawing)
            return span
        }

        /// The span in frames at `fps`, its ends as `row` writes them.
        func track(fps: Double, row: (SpriteFrame) -> [Double]) -> KeyframeTrack.Span {
            KeyframeTrack.Span(
                start: start * fps, end: end * fps, from: row(from), to: row(to), easing: easing,
                valid: (valid.lowerBound * fps)..<(valid.upperBound * fps))
        }
    }

    private var spans: [Int32: [Span]] = [:]

    /// The spans of the timeline's motion log (none for a timeline made from frames).
    ///
    /// - Complexity: O(records).
    init(_ timeline: Timeline) {
        let records = timeline.motionLog.records.filter { $0.kind == .glyph }
        // Each record holds until the same sprite's next one.
        var next = [Int](repeating: -1, count: records.count)
        var later: [Int32: Int] = [:]
        for i in records.indices.reversed() {
            next[i] = later[records[i].sprite] ?? -1
            later[records[i].sprite] = i
        }
        for (i, record) in records.enumerated() {
            let until = min(next[i] >= 0 ? records[next[i]].fence : .infinity, record.hide)
            guard until > record.fence else { continue }
            let valid = record.fence..<until
            let from = Self.frame(record, record.from), to = Self.frame(record, record.to)
            if record.transform.isExact, record.delta.hasTransform,
               let span = Self.span(.transform, record.transform, valid: valid, from: from, to: to) {
                spans[record.sprite, default: []].append(span)
            }
            if record.appearance.isExact, record.delta.hasAppearance,
               let span = Self.span(.appearance, record.appearance, valid: valid, from: from, to: to) {
                spans[record.sprite, default: []].append(span)
            }
        }
    }

    /// The spans of sprite `id` in group `group`, in time order.
    func spans(of id: Int32, _ group: Group) -> [Span] {
        spans[id]?.filter { $0.group == group } ?? []
    }

    /// The spans of a glyph sprite drawn by `drawing`, by group (see `Span.shown(by:)`).
    func spans(of id: Int32, drawnBy drawing: GlyphDrawing?) -> (transform: [Span], appearance: [Span]) {
        (spans(of: id, .transform).map { $0.shown(by: drawing) }, spans(of: id, .appearance).map { $0.shown(by: drawing) })
    }

    private static func span(
        _ group: Group, _ curve: MotionRecord.Curve, valid: Range<Double>, from: SpriteFrame, to: SpriteFrame
    ) -> Span? {
        let start = curve.origin
        let easing: CubicBezier?, end: Double
        if let bezier = curve.curve.cubicBezier {
            (easing, end) = (bezier.curve, start + bezier.duration)
        } else if curve.curve.isInstant {
            (easing, end) = (nil, start)
        } else {
            return nil
        }
        guard start >= valid.lowerBound, end <= valid.upperBound else { return nil }
        return Span(group: group, start: start, end: end, easing: easing, from: from, to: to, valid: valid)
    }

    private static func frame(_ record: MotionRecord, _ state: GlyphState) -> SpriteFrame {
        SpriteFrame(
            id: record.sprite, glyph: 0, role: .persisting, state: state, boxSize: record.boxSize,
            baselineOffset: record.baselineOffset)
    }
}
