import Animator

/// A Gaussian blur on one 8-bit channel: three box blurs for large radii, a
/// true Gaussian kernel for small ones.
///
/// Three successive box blurs converge on a Gaussian (the central limit
/// theorem); box widths are picked so the three variances add up to σ² (the
/// usual split: some boxes of width w, the rest w + 2, w odd). Each pass is a
/// running sum, so the cost is O(width × height) whatever σ. Box widths are odd
/// integers, so below σ = 3 the variances cannot add up closely (σ = 1 would
/// come out a third too weak); there a separable kernel sampled from the
/// Gaussian out to 3σ (at most 19 taps) is used instead. Edges are padded with
/// zero (nothing drawn beyond the buffer), which is right for a mask that has
/// room for the blur around the ink.
enum BoxBlur {
    /// Blurs `height` rows of `width` bytes, `stride` bytes apart, in place.
    static func gaussian(_ pixels: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int, sigma: Double) {
        guard sigma.isFinite, sigma > 0.2, width > 0, height > 0 else { return }
        var work = [Float](repeating: 0, count: width * height)
        var copy = [Float](repeating: 0, count: width * height)
        var line = [Float](repeating: 0, count: width)
        work.withUnsafeMutableBufferPointer { work in
            copy.withUnsafeMutableBufferPointer { copy in
                line.withUnsafeMutableBufferPointer { line in
                    let w = work.baseAddress!, c = copy.baseAddress!, l = line.baseAddress!
                    for y in 0..<height {
                        for x in 0..<width { w[y * width + x] = Float(pixels[y * stride + x]) }
                    }
                    if sigma < 3 {
                        let kernel = gaussianKernel(sigma: sigma)
                        for y in 0..<height { convolveRow(w + y * width, count: width, kernel: kernel, line: l) }
                        convolveColumns(w, width: width, height: height, kernel: kernel, copy: c)
                    } else {
                        for radius in radii(sigma: sigma) where radius > 0 {
                            for y in 0..<height { boxRow(w + y * width, count: width, radius: radius, line: l) }
                            boxColumns(w, width: width, height: height, radius: radius, copy: c, sums: l)
                        }
                    }
                    for y in 0..<height {
                        for x in 0..<width { pixels[y * stride + x] = UInt8(min(max(w[y * width + x].rounded(), 0), 255)) }
                    }
                }
            }
        }
    }

    /// The radii (box width = 2r + 1) of three boxes whose variances sum to about σ².
    static func radii(sigma: Double) -> [Int] {
        let n = 3.0
        let ideal = (12 * sigma * sigma / n + 1).squareRoot()
        var lower = Int(ideal.rounded(.down))
        if lower % 2 == 0 { lower -= 1 }
        lower = max(lower, 1)
        let upper = lower + 2
        // How many of the n boxes take the smaller width.
        let l = Double(lower)
        let m = ((12 * sigma * sigma - n * l * l - 4 * n * l - 3 * n) / (-4 * l - 4)).rounded()
        let small = Int(min(max(m, 0), n))
        return (0..<3).map { $0 < small ? (lower - 1) / 2 : (upper - 1) / 2 }
    }

    /// Weights from the centre outwards (index 0 is the centre), summing to 1 over both sides.
    static func gaussianKernel(sigma: Double) -> [Float] {
        let reach = max(Int((3 * sigma).rounded(.up)), 1)
        var weights = (0...reach).map { i in Math.exp(-Double(i * i) / (2 * sigma * sigma)) }
        let total = weights[0] + 2 * weights.dropFirst().reduce(0, +)
        for i in weights.indices { weights[i] /= total }
        return weights.map(Float.init)
    }

    /// One kernel pass along a row.
    private static func convolveRow(_ row: UnsafeMutablePointer<Float>, count: Int, kernel: [Float], line: UnsafeMutablePointer<Float>) {
        line.update(from: row, count: count)
        let reach = kernel.count - 1
        for i in 0..<count {
            var sum = line[i] * kernel[0]
            for k in 1...reach {
                if i - k >= 0 { sum += line[i - k] * kernel[k] }
                if i + k < count { sum += line[i + k] * kernel[k] }
            }
            row[i] = sum
        }
    }

    /// One kernel pass down the columns, a row at a time (rows are contiguous).
    private static func convolveColumns(
        _ work: UnsafeMutablePointer<Float>, width: Int, height: Int, kernel: [Float], copy: UnsafeMutablePointer<Float>
    ) {
        copy.update(from: work, count: width * height)
        let reach = kernel.count - 1
        for y in 0..<height {
            let out = work + y * width
            let centre = copy + y * width
            for x in 0..<width { out[x] = centre[x] * kernel[0] }
            for k in 1...reach {
                let weight = kernel[k]
                if y - k >= 0 {
                    let above = copy + (y - k) * width
                    for x in 0..<width { out[x] += above[x] * weight }
                }
                if y + k < height {
                    let below = copy + (y + k) * width
                    for x in 0..<width { out[x] += below[x] * weight }
                }
            }
        }
    }

    /// One box pass along a row: a running sum over 2r + 1 values.
    private static func boxRow(_ row: UnsafeMutablePointer<Float>, count: Int, radius: Int, line: UnsafeMutablePointer<Float>) {
        line.update(from: row, count: count)
        let scale = 1 / Float(2 * radius + 1)
        var sum: Float = 0
        for i in 0...min(radius, count - 1) { sum += line[i] }
        for i in 0..<count {
            row[i] = sum * scale
            let enter = i + radius + 1, leave = i - radius
            if enter < count { sum += line[enter] }
            if leave >= 0 { sum -= line[leave] }
        }
    }

    /// One box pass down the columns, with a running sum per column, a row at a time.
    private static func boxColumns(
        _ work: UnsafeMutablePointer<Float>, width: Int, height: Int, radius: Int, copy: UnsafeMutablePointer<Float>,
        sums: UnsafeMutablePointer<Float>
    ) {
        copy.update(from: work, count: width * height)
        let scale = 1 / Float(2 * radius + 1)
        sums.update(repeating: 0, count: width)
        for y in 0...min(radius, height - 1) {
            let row = copy + y * width
            for x in 0..<width { sums[x] += row[x] }
        }
        for y in 0..<height {
            let out = work + y * width
            for x in 0..<width { out[x] = sums[x] * scale }
            let enter = y + radius + 1, leave = y - radius
            if enter < height {
                let row = copy + enter * width
                for x in 0..<width { sums[x] += row[x] }
            }
            if leave >= 0 {
                let row = copy + leave * width
                for x in 0..<width { sums[x] -= row[x] }
            }
        }
    }
}
