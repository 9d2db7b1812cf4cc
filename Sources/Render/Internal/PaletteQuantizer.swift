/// Turns a straight-alpha RGBA frame into at most 256 palette indices for GIF,
/// keeping antialiased text edges clean.
///
/// Text drawn in one colour over one background only ever produces colours on
/// the straight line between the two (coverage mixes them). Those pixels map
/// onto a fixed **ramp** of ``rampLevels`` evenly spaced mixes, so an edge is
/// a smooth blend of exactly the two colours, never dithered noise or a
/// foreign fringe. Only pixels off that line (tints, particles) go through a
/// median cut of the remaining palette entries. A frame whose pixels are all
/// on the ramp uses the global palette (the ramp alone), others a local one.
///
/// On a transparent background GIF has one-bit transparency: pixels under half
/// coverage become the transparent index, the rest keep their colour.
struct PaletteQuantizer {
    static let rampLevels = 64

    /// 8-bit sRGB endpoints of the ramp.
    let background: (Int, Int, Int)
    let text: (Int, Int, Int)
    /// Whether index 0 is transparent.
    let transparent: Bool

    init(background: RenderColor, color: RenderColor) {
        let b = background.bytes, c = color.bytes
        transparent = b.alpha < 255
        // On a transparent background, opaque pixels are the text colour itself.
        self.background = transparent ? (c.red, c.green, c.blue) : (b.red, b.green, b.blue)
        text = (c.red, c.green, c.blue)
    }

    /// A palette: RGB triples, at most 256.
    typealias Palette = [(UInt8, UInt8, UInt8)]

    /// Index of ramp level 0.
    private var rampBase: Int { transparent ? 1 : 0 }

    /// The global palette: the transparent slot (when any) and the ramp.
    var globalPalette: Palette {
        var palette: Palette = transparent ? [(0, 0, 0)] : []
        for level in 0..<Self.rampLevels { palette.append(rampColor(level)) }
        return palette
    }

    private func rampColor(_ level: Int) -> (UInt8, UInt8, UInt8) {
        let k = Double(level) / Double(Self.rampLevels - 1)
        func mix(_ a: Int, _ b: Int) -> UInt8 { UInt8((Double(a) + Double(b - a) * k).rounded()) }
        return (mix(background.0, text.0), mix(background.1, text.1), mix(background.2, text.2))
    }

    /// The ramp level of a colour, when it lies on the ramp (within 3 levels of 255 per channel).
    private func rampLevel(_ r: Int, _ g: Int, _ b: Int) -> Int? {
        let dr = text.0 - background.0, dg = text.1 - background.1, db = text.2 - background.2
        let length = dr * dr + dg * dg + db * db
        guard length > 0 else {
            return abs(r - background.0) <= 3 && abs(g - background.1) <= 3 && abs(b - background.2) <= 3 ? 0 : nil
        }
        let dot = (r - background.0) * dr + (g - background.1) * dg + (b - background.2) * db
        let t = min(max(Double(dot) / Double(length), 0), 1)
        let level = Int((t * Double(Self.rampLevels - 1)).rounded())
        let c = rampColor(level)
        // Within a level's spacing of the line: what antialiasing between the two colours gives.
        let slack = max(3, Int((Double(max(abs(dr), abs(dg), abs(db))) / Double(Self.rampLevels - 1)).rounded(.up)))
        guard abs(r - Int(c.0)) <= slack, abs(g - Int(c.1)) <= slack, abs(b - Int(c.2)) <= slack else { return nil }
        return level
    }

    /// One frame's indices and its palette (nil: the global palette).
    ///
    /// - Complexity: O(pixels), plus O(colours · log) for the median cut.
    func quantize(_ rgba: [UInt8]) -> (indices: [UInt8], palette: Palette?) {
        let count = rgba.count / 4
        var indices = [UInt8](repeating: 0, count: count)
        // Off-ramp pixels are binned at 5 bits per channel; -1 marks "not yet binned".
        var offRamp: [Int32] = []
        var histogram: [Int32: Int] = [:]
        var pending: [(pixel: Int, bin: Int32)] = []
        for i in 0..<count {
            let o = i * 4
            let a = Int(rgba[o + 3])
            if transparent && a < 128 {
                indices[i] = 0
                continue
            }
            var r = Int(rgba[o]), g = Int(rgba[o + 1]), b = Int(rgba[o + 2])
            if !transparent && a < 255 {
                // An opaque canvas has no partial alpha; composite just in case.
                r = (r * a + background.0 * (255 - a) + 127) / 255
                g = (g * a + background.1 * (255 - a) + 127) / 255
                b = (b * a + background.2 * (255 - a) + 127) / 255
            }
            if let level = rampLevel(r, g, b) {
                indices[i] = UInt8(rampBase + level)
            } else {
                let bin = Int32((r >> 3) << 10 | (g >> 3) << 5 | (b >> 3))
                if histogram[bin] == nil { offRamp.append(bin) }
                histogram[bin, default: 0] += 1
                pending.append((i, bin))
            }
        }
        guard !pending.isEmpty else { return (indices, nil) }
        var palette = globalPalette
        let free = 256 - palette.count
        let colors = MedianCut.colors(offRamp.sorted().map { ($0, histogram[$0]!) }, count: free)
        palette += colors
        // Each bin maps to its nearest palette entry (ramp included), found once.
        var lookup: [Int32: UInt8] = [:]
        for bin in offRamp {
            let r = Int(bin >> 10 & 31) << 3 | 4, g = Int(bin >> 5 & 31) << 3 | 4, b = Int(bin & 31) << 3 | 4
            var best = rampBase, bestDistance = Int.max
            for (index, entry) in palette.enumerated() where !(transparent && index == 0) {
                let d = (r - Int(entry.0)) * (r - Int(entry.0)) + (g - Int(entry.1)) * (g - Int(entry.1))
                    + (b - Int(entry.2)) * (b - Int(entry.2))
                if d < bestDistance {
                    best = index
                    bestDistance = d
                }
            }
            lookup[bin] = UInt8(best)
        }
        for (pixel, bin) in pending { indices[pixel] = lookup[bin]! }
        return (indices, palette)
    }
}

/// Heckbert's median cut over binned colours: split the box with the most
/// pixels along its widest channel at the median until there are enough
/// boxes; each box's colour is its pixel-weighted mean. Deterministic: bins
/// arrive sorted and ties split the same way every time.
enum MedianCut {
    static func colors(_ bins: [(bin: Int32, count: Int)], count: Int) -> [(UInt8, UInt8, UInt8)] {
        guard count > 0, !bins.isEmpty else { return [] }
        func channel(_ bin: Int32, _ c: Int) -> Int { Int(bin >> (10 - 5 * Int32(c)) & 31) }
        var boxes: [[(bin: Int32, count: Int)]] = [bins]
        while boxes.count < count {
            // The splittable box with the most pixels.
            var chosen = -1, most = 0
            for (i, box) in boxes.enumerated() where box.count > 1 {
                let pixels = box.reduce(0) { $0 + $1.count }
                if pixels > most {
                    most = pixels
                    chosen = i
                }
            }
            guard chosen >= 0 else { break }
            var box = boxes[chosen]
            var widest = 0, widestRange = -1
            for c in 0..<3 {
                let values = box.map { channel($0.bin, c) }
                let range = values.max()! - values.min()!
                if range > widestRange {
                    widest = c
                    widestRange = range
                }
            }
            box.sort { (channel($0.bin, widest), $0.bin) < (channel($1.bin, widest), $1.bin) }
            var half = 0, split = 1
            for (i, entry) in box.enumerated() {
                half += entry.count
                if half * 2 >= most {
                    split = min(max(i + 1, 1), box.count - 1)
                    break
                }
            }
            boxes[chosen] = Array(box[..<split])
            boxes.append(Array(box[split...]))
        }
        return boxes.map { box in
            var sum = (0, 0, 0), total = 0
            for entry in box {
                sum.0 += (channel(entry.bin, 0) << 3 | 4) * entry.count
                sum.1 += (channel(entry.bin, 1) << 3 | 4) * entry.count
                sum.2 += (channel(entry.bin, 2) << 3 | 4) * entry.count
                total += entry.count
            }
            return (UInt8(sum.0 / total), UInt8(sum.1 / total), UInt8(sum.2 / total))
        }
    }
}
