/// Where two frames of RGBA pixels differ: what the animated image writers
/// store instead of whole frames.
enum PixelDifference {
    /// The smallest rectangle holding every pixel that differs, nil when none does.
    static func changedRect(_ a: [UInt8], _ b: [UInt8], width: Int, height: Int) -> (x: Int, y: Int, width: Int, height: Int)? {
        a.withUnsafeBytes { pa in
            b.withUnsafeBytes { pb in
                changedRect(pa.bindMemory(to: UInt32.self).baseAddress!, pb.bindMemory(to: UInt32.self).baseAddress!, width: width, height: height)
            }
        }
    }

    /// The same for two frames of `width` × `height` 32-bit pixels, rows `width` apart.
    static func changedRect(
        _ wa: UnsafePointer<UInt32>, _ wb: UnsafePointer<UInt32>, width: Int, height: Int
    ) -> (x: Int, y: Int, width: Int, height: Int)? {
        var minX = width, minY = height, maxX = -1, maxY = -1
        for y in 0..<height {
            let row = y * width
            for x in 0..<width where wa[row + x] != wb[row + x] {
                if x < minX { minX = x }
                if x > maxX { maxX = x }
                if y < minY { minY = y }
                maxY = y
            }
        }
        guard maxX >= 0 else { return nil }
        return (minX, minY, maxX - minX + 1, maxY - minY + 1)
    }
}
