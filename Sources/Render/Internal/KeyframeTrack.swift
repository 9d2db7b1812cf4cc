/// One animated element's samples, turned into as few CSS keyframes as keep it
/// faithful.
///
/// Each sample is a vector of continuous channels (already rounded to what the
/// output prints) plus a discrete key (presence, blur level) that never
/// interpolates. A sample is dropped when the straight line between the kept
/// samples around it passes within `tolerances` of it and of every other
/// dropped sample in between, which is what CSS's linear interpolation between
/// the kept keyframes will show. A change of the discrete key is a step: the
/// sample before it is repeated just before the change, so CSS holds the old
/// value until then.
struct KeyframeTrack {
    struct Keyframe: Equatable {
        /// Percent of the animation's duration.
        var percent: Double
        var values: [Double]
        var key: Int
    }

    var values: [[Double]] = []
    var keys: [Int] = []

    mutating func append(_ sample: [Double], key: Int) {
        values.append(sample)
        keys.append(key)
    }

    var count: Int { values.count }

    /// The keyframes of samples `range` (one sample per frame) as an animation
    /// over that range; `epsilon` is the smallest percent step the output prints.
    ///
    /// - Complexity: O(n·m) in samples n and the longest dropped run m of
    ///   changing samples (runs of equal samples cost O(run)).
    func keyframes(_ range: ClosedRange<Int>, tolerances: [Double], epsilon: Double) -> [Keyframe] {
        let first = range.lowerBound, last = range.upperBound
        let span = Double(max(last - first, 1))
        func percent(_ i: Int) -> Double { Double(i - first) / span * 100 }
        var out = [Keyframe(percent: 0, values: values[first], key: keys[first])]
        var a = first
        while a < last {
            var b = a + 1
            if keys[b] == keys[a] {
                // A run of equal samples (a glyph at rest) needs no line fitting.
                var constant = values[b] == values[a]
                while b + 1 <= last, keys[b + 1] == keys[a] {
                    if constant && values[b + 1] == values[a] {
                        b += 1
                        continue
                    }
                    constant = false
                    guard fits(from: a, to: b + 1, tolerances) else { break }
                    b += 1
                }
            } else {
                // A step: hold sample a until just before b.
                out.append(Keyframe(percent: percent(b) - epsilon, values: values[a], key: keys[a]))
            }
            out.append(Keyframe(percent: percent(b), values: values[b], key: keys[b]))
            a = b
        }
        return out
    }

    /// Whether every sample strictly between a and c lies within tolerance of the line from a to c.
    private func fits(from a: Int, to c: Int, _ tolerances: [Double]) -> Bool {
        let va = values[a], vc = values[c]
        let n = Double(c - a)
        for i in (a + 1)..<c {
            let f = Double(i - a) / n
            let vi = values[i]
            for k in va.indices where abs(va[k] + (vc[k] - va[k]) * f - vi[k]) > tolerances[k] {
                return false
            }
        }
        return true
    }
}
