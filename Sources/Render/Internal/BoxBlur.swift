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
        for y in 0..<height {
            for x in 0..<width { work[y * width + x] = Float(pixels[y * stride + x]) }
        }
        var scratch = [Float](repeating: 0, count: max(width, height))
        if sigma < 3 {
            let kernel = gaussianKernel(sigma: sigma)
            work.withUnsafeMutableBufferPointer { buffer in
                scratch.withUnsafeMutableBufferPointer { line in
                    for y in 0..<height {
                        convolve(buffer.baseAddress! + y * width, count: width, step: 1, kernel: kernel, line: line.baseAddress!)
                    }
                    for x in 0..<width {
                        convolve(buffer.baseAddress! + x, count: height, step: width, kernel: kernel, line: line.baseAddress!)
                    }
                }
            }
        }
        for radius in sigma < 3 ? [] : radii(sigma: sigma) where radius > 0 {
            work.withUnsafeMutableBufferPointer { buffer in
                scratch.withUnsafeMutableBufferPointer { line in
                    for y in 0..<height {
                        boxPass(buffer.baseAddress! + y * width, count: width, step: 1, radius: radius, line: line.baseAddress!)
                    }
                    for x in 0..<width {
                        boxPass(buffer.baseAddress! + x, count: height, step: width, radius: radius, line: line.baseAddress!)
                    }
                }
            }
        }
        for y in 0..<height {
            for x in 0..<width {
                pixels[y * stride + x] = UInt8(min(max(work[y * width + x].rounded(), 0), 255))
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
        var weights = (0...reach).map { i in Platform.exp(-Double(i * i) / (2 * sigma * sigma)) }
        let total = weights[0] + 2 * weights.dropFirst().reduce(0, +)
        for i in weights.indices { weights[i] /= total }
        return weights.map(Float.init)
    }

    /// One kernel pass along a line of `count` values `step` apart.
    private static func convolve(_ start: UnsafeMutablePointer<Float>, count: Int, step: Int, kernel: [Float], line: UnsafeMutablePointer<Float>) {
        for i in 0..<count { line[i] = start[i * step] }
        let reach = kernel.count - 1
        for i in 0..<count {
            var sum = line[i] * kernel[0]
            for k in 1...reach {
                if i - k >= 0 { sum += line[i - k] * kernel[k] }
                if i + k < count { sum += line[i + k] * kernel[k] }
            }
            start[i * step] = sum
        }
    }

    /// One box pass along a line of `count` values `step` apart.
    private static func boxPass(_ start: UnsafeMutablePointer<Float>, count: Int, step: Int, radius: Int, line: UnsafeMutablePointer<Float>) {
        for i in 0..<count { line[i] = start[i * step] }
        let scale = 1 / Float(2 * radius + 1)
        var sum: Float = 0
        for i in 0...min(radius, count - 1) { sum += line[i] }
        for i in 0..<count {
            start[i * step] = sum * scale
            let enter = i + radius + 1, leave = i - radius
            if enter < count { sum += line[enter] }
            if leave >= 0 { sum -= line[leave] }
        }
    }
}
