import Animator

/// One animated element's samples, turned into as few keyframes as keep it
/// faithful: exact curves where the plan gives them, thinned samples elsewhere.
///
/// Each sample is a vector of continuous channels (already rounded to what the
/// output prints) plus a discrete key (presence, blur level) that never
/// interpolates. A sample is dropped when the straight line between the kept
/// samples around it passes within `tolerances` of it and of every other
/// dropped sample in between, which is what linear interpolation between the
/// kept keyframes will show. A change of the discrete key is a step: the
/// sample before it is repeated just before the change, so the output holds
/// the old value until then.
///
/// A `Span` replaces the samples inside it by its two ends, eased by its
/// cubic Bézier (or a step), when the samples confirm it: the keyframe at its
/// start carries the easing to its end.
struct KeyframeTrack {
    struct Keyframe: Equatable {
        /// Percent of the animation's duration.
        var percent: Double
        var values: [Double]
        var key: Int
        /// How the values go from this keyframe to the next: nil for a straight line.
        var easing: CubicBezier? = nil
    }

    /// A stretch of the track one curve of the plan describes, in frames (frame
    /// i at i): the values hold `from` until `start`, follow `easing` (a
    /// straight line when nil) to `to` at `end` (a step when `end` is `start`),
    /// and hold `to` after it, for as long as `valid` lasts.
    struct Span {
        var start: Double
        var end: Double
        var from: [Double]
        var to: [Double]
        var easing: CubicBezier?
        /// The frames the description holds for: the row's life, from the fence
        /// that wrote it until it is rewritten or gone.
        var valid: Range<Double>
    }

    /// What a sample's key means to the output.
    enum Keys {
        /// The output shows the key (a blur level, a presence the
        /// declarations read): a change of key is always a step.
        case shown
        /// The key only marks where the values jump (a sprite appearing or
        /// vanishing): a change between equal values is no step.
        case steps
        /// The values only matter where the key is not 0 (a transform while
        /// the opacity is 0 shows nothing): samples of key 0 are left out,
        /// those at the ends hold the nearest value kept, and there are no steps.
        case absentIgnored
    }

    var values: [[Double]] = []
    var keys: [Int] = []

    mutating func append(_ sample: [Double], key: Int) {
        values.append(sample)
        keys.append(key)
    }

    var count: Int { values.count }

    /// A point the thinning walks: a sample, or one end of a span (pinned: never dropped).
    private struct Point {
        var frame: Double
        var values: [Double]
        var key: Int
        var easing: CubicBezier? = nil
        var pinned = false
    }

    /// The keyframes of samples `range` (one sample per frame) as an animation
    /// over that range, fitted on `channels` (all by default); `epsilon` is the
    /// smallest percent step the output prints. `spans` (in frames, ascending,
    /// apart) that lie within the range and agree with the samples within twice
    /// the tolerances (each side is rounded) replace the samples they cover.
    /// `keys` says what the keys mean (see `Keys`).
    ///
    /// - Complexity: O(n·m) in samples n and the longest dropped run m of
    ///   changing samples (runs of equal samples cost O(run)), plus O(n) per span.
    func keyframes(
        _ range: ClosedRange<Int>, channels: [Int]? = nil, tolerances: [Double], epsilon: Double, spans: [Span] = [],
        keys: Keys = .shown
    ) -> [Keyframe] {
        let first = range.lowerBound, last = range.upperBound
        let length = Double(max(last - first, 1))
        let channels = channels ?? Array((values.first ?? []).indices)
        // The smallest printed step, in frames; span ends closer than two of it
        // to a sample take its place.
        let step = epsilon / 100 * length
        var points = self.points(range, channels: channels, tolerances: tolerances, spans: spans, step: step)
        if keys == .absentIgnored { points = Self.present(points, from: Double(first), to: Double(last)) }
        func percent(_ p: Point) -> Double { (p.frame - Double(first)) / length * 100 }
        func keyframe(_ p: Point) -> Keyframe {
            Keyframe(percent: percent(p), values: p.values, key: p.key, easing: p.easing)
        }
        var out = [keyframe(points[0])]
        var a = 0
        while a < points.count - 1 {
            var b = a + 1
            if points[a].easing != nil {
                // A span's curve runs to its end, the next point.
            } else if points[b].key == points[a].key
                || keys == .steps && Self.equal(points[b].values, points[a].values, channels)
            {
                // A run of equal samples (a glyph at rest) needs no line fitting.
                var constant = Self.equal(points[b].values, points[a].values, channels)
                while b + 1 < points.count, !points[b].pinned {
                    if constant && Self.equal(points[b + 1].values, points[a].values, channels)
                        && (keys == .steps || points[b + 1].key == points[a].key)
                    {
                        b += 1
                        continue
                    }
                    guard points[b + 1].key == points[b].key else { break }
                    constant = false
                    guard fits(points, from: a, to: b + 1, channels, tolerances) else { break }
                    b += 1
                }
            } else {
                // A step: hold point a until just before b.
                var hold = points[a]
                hold.easing = nil
                out.append(Keyframe(percent: percent(points[b]) - epsilon, values: hold.values, key: hold.key))
            }
            out.append(keyframe(points[b]))
            a = b
        }
        return out
    }

    /// The points of key other than 0, the first and the last also standing at
    /// `first` and `last` (all of them when every key is 0); keys are 0.
    private static func present(_ points: [Point], from first: Double, to last: Double) -> [Point] {
        var kept = points.filter { $0.key != 0 }
        guard !kept.isEmpty else { return points }
        if kept[0].frame > first {
            var start = kept[0]
            start.frame = first
            start.easing = nil
            start.pinned = false
            kept.insert(start, at: 0)
        }
        if kept[kept.count - 1].frame < last {
            var end = kept[kept.count - 1]
            end.frame = last
            end.pinned = false
            kept.append(end)
        }
        for i in kept.indices { kept[i].key = 0 }
        return kept
    }

    /// The samples of `range` as points, with the spans that hold in place of the samples they cover.
    private func points(
        _ range: ClosedRange<Int>, channels: [Int], tolerances: [Double], spans: [Span], step: Double
    ) -> [Point] {
        let first = range.lowerBound, last = range.upperBound
        var points: [Point] = []
        points.reserveCapacity(last - first + 1)
        var f = first
        for span in spans {
            // A step (a span of no length) starts just before its end.
            let start = span.end > span.start ? span.start : span.end - step
            // Two spans closer than the output can tell apart: the second is left to the samples.
            if let previous = points.last, previous.pinned, start < previous.frame + 2 * step { continue }
            guard let key = confirmedKey(span, range, channels: channels, tolerances: tolerances) else { continue }
            while f <= last, Double(f) < start - 2 * step {
                points.append(Point(frame: Double(f), values: values[f], key: keys[f]))
                f += 1
            }
            points.append(Point(frame: start, values: span.from, key: key, easing: span.easing, pinned: true))
            points.append(Point(frame: span.end, values: span.to, key: key, pinned: true))
            while f <= last, Double(f) <= span.end + 2 * step { f += 1 }
        }
        while f <= last {
            points.append(Point(frame: Double(f), values: values[f], key: keys[f]))
            f += 1
        }
        return points
    }

    /// The key of a span's samples when it lies within `range`, changes
    /// `channels`, and every sample of its valid frames (present, with one key)
    /// shows what it says; nil otherwise.
    private func confirmedKey(_ span: Span, _ range: ClosedRange<Int>, channels: [Int], tolerances: [Double]) -> Int? {
        let isStep = span.end == span.start
        guard span.start >= Double(range.lowerBound), span.end <= Double(range.upperBound), span.end >= span.start,
              span.valid.lowerBound <= span.start,
              isStep ? span.end < span.valid.upperBound : span.end <= span.valid.upperBound,
              !Self.equal(span.from, span.to, channels)
        else { return nil }
        let low = max(Int(span.valid.lowerBound.rounded(.up)), range.lowerBound)
        // The last frame before the valid frames end (they may never end).
        var high = range.upperBound
        if span.valid.upperBound <= Double(high) { high = Int(span.valid.upperBound.rounded(.up)) - 1 }
        guard low <= high else { return nil }
        let key = keys[low]
        guard key != 0 else { return nil }
        for f in low...high {
            guard keys[f] == key else { return nil }
            let x = Double(f)
            let progress: Double
            if x >= span.end {
                progress = 1
            } else if x <= span.start {
                progress = 0
            } else {
                progress = span.easing.map { $0.value(at: (x - span.start) / (span.end - span.start)) }
                    ?? (x - span.start) / (span.end - span.start)
            }
            for k in channels {
                let expected = span.from[k] + (span.to[k] - span.from[k]) * progress
                guard abs(values[f][k] - expected) <= 2 * tolerances[k] else { return nil }
            }
        }
        return key
    }

    /// Whether every point strictly between a and c lies within tolerance of the line from a to c.
    private func fits(_ points: [Point], from a: Int, to c: Int, _ channels: [Int], _ tolerances: [Double]) -> Bool {
        let va = points[a].values, vc = points[c].values
        let span = points[c].frame - points[a].frame
        for i in (a + 1)..<c {
            let f = (points[i].frame - points[a].frame) / span
            let vi = points[i].values
            for k in channels where abs(va[k] + (vc[k] - va[k]) * f - vi[k]) > tolerances[k] {
                return false
            }
        }
        return true
    }

    private static func equal(_ a: [Double], _ b: [Double], _ channels: [Int]) -> Bool {
        channels.allSatisfy { a[$0] == b[$0] }
    }
}
