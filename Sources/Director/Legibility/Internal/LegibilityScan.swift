/// The sweep behind `Legibility.check`, with its storage kept for reuse (the
/// Director's running check keeps one, so checking a frame allocates only for
/// what it finds).
///
/// Clearly visible glyphs become boxes. Two boxes on one line have centres less
/// than half the tallest box's height apart, so cutting the plane into bands of
/// that height puts them in the same band or in neighbouring ones. Boxes are
/// sorted by band and left edge, and each band is swept left to right together
/// with the band below it, against the boxes still open at that x: a glyph
/// meets only the few boxes that overlap it horizontally on nearby lines.
struct LegibilityScan {
    private struct Box {
        /// The sprite's index in the frame.
        var sprite: Int32
        /// The band of its centre, a whole number.
        var band: Double
        var left: Double
        var right: Double
        var centerY: Double
        var halfHeight: Double
    }

    private struct Overlap {
        var first: Int32
        var second: Int32
        var share: Double
    }

    private var boxes: [Box] = []
    /// Per glyph id: 0 not yet looked at, 1 ink, 2 whitespace.
    private var glyphKinds: [UInt8] = []
    /// Per glyph id: clearly visible sprites showing it.
    private var glyphCounts: [Int32] = []
    private var open: [Int32] = []
    private var overlaps: [Overlap] = []

    /// Bands are numbered with whole doubles no larger than this, so every
    /// finite position has one; farther ones share the outermost band.
    private static let bandLimit = 1e15

    mutating func check(
        _ frame: Frame, allowance: Legibility.GlyphAllowance?, criteria: Legibility.Criteria
    ) -> FrameLegibility {
        collect(frame, criteria: criteria)
        var result = FrameLegibility(time: frame.time, visibleGlyphs: boxes.count)
        if let allowance { result.doubledGlyphs = doubled(in: frame, allowance: allowance) }
        findOverlaps(fraction: max(criteria.overlapFraction, 0))
        if !overlaps.isEmpty {
            result.garbledPairs.reserveCapacity(overlaps.count)
            for o in overlaps {
                let a = frame.sprites[Int(o.first)], b = frame.sprites[Int(o.second)]
                result.garbledPairs.append(
                    .init(
                        time: frame.time, first: a.id, firstSymbol: frame.symbol(of: a), second: b.id,
                        secondSymbol: frame.symbol(of: b), overlap: o.share))
            }
        }
        return result
    }

    /// The clearly visible glyphs' boxes, in drawing order, and how many show each glyph id.
    private mutating func collect(_ frame: Frame, criteria: Legibility.Criteria) {
        boxes.removeAll(keepingCapacity: true)
        glyphKinds.removeAll(keepingCapacity: true)
        glyphKinds.append(contentsOf: repeatElement(0, count: frame.symbols.count))
        glyphCounts.removeAll(keepingCapacity: true)
        glyphCounts.append(contentsOf: repeatElement(0, count: frame.symbols.count))
        for (i, sprite) in frame.sprites.enumerated() {
            let s = sprite.state
            guard s.opacity >= criteria.visibleOpacity, s.fill > 0 || s.strokeEnd > 0 else { continue }
            let width = abs(s.scaleX) * sprite.boxSize.width, height = abs(s.scaleY) * sprite.boxSize.height
            guard width > 0, height > 0, width.isFinite, height.isFinite else { continue }
            guard s.position.x.isFinite, s.position.y.isFinite else { continue }
            let glyph = Int(sprite.glyph)
            guard frame.symbols.indices.contains(glyph) else { continue }
            if glyphKinds[glyph] == 0 { glyphKinds[glyph] = frame.symbols[glyph].isWhitespace ? 2 : 1 }
            if glyphKinds[glyph] == 2 { continue }
            glyphCounts[glyph] += 1
            boxes.append(
                Box(
                    sprite: Int32(i), band: 0, left: s.position.x - width / 2, right: s.position.x + width / 2,
                    centerY: s.position.y, halfHeight: height / 2))
        }
    }

    /// Glyphs shown more often than allowed, each once, in drawing order.
    private mutating func doubled(in frame: Frame, allowance: Legibility.GlyphAllowance) -> [Legibility.DoubledGlyph] {
        // Counted by id; a table may hold equal glyphs under two ids (one made
        // by hand), so ids of one glyph add up before the allowance is asked.
        var shown: [Character: Int] = [:]
        var order: [Character] = []
        for box in boxes {
            let glyph = Int(frame.sprites[Int(box.sprite)].glyph)
            guard glyphCounts[glyph] > 0 else { continue }
            let symbol = frame.symbols[glyph]
            if shown[symbol] == nil { order.append(symbol) }
            shown[symbol, default: 0] += Int(glyphCounts[glyph])
            glyphCounts[glyph] = 0
        }
        return order.compactMap { symbol in
            let count = shown[symbol]!, allowed = allowance.limit(of: symbol)
            return count > allowed ? .init(time: frame.time, symbol: symbol, shown: count, allowed: allowed) : nil
        }
    }

    /// Every garbled pair, worst first.
    private mutating func findOverlaps(fraction: Double) {
        overlaps.removeAll(keepingCapacity: true)
        guard boxes.count > 1 else { return }
        var bandHeight = 0.0
        for box in boxes { bandHeight = max(bandHeight, box.halfHeight) }
        for k in boxes.indices {
            let band = (boxes[k].centerY / bandHeight).rounded(.down)
            boxes[k].band = min(max(band, -Self.bandLimit), Self.bandLimit)
        }
        boxes.sort { $0.band != $1.band ? $0.band < $1.band : $0.left < $1.left }
        var start = 0
        while start < boxes.count {
            let band = boxes[start].band
            var end = start + 1
            while end < boxes.count && boxes[end].band == band { end += 1 }
            var below = end
            if below < boxes.count && boxes[below].band == band + 1 {
                while below < boxes.count && boxes[below].band == band + 1 { below += 1 }
            }
            sweep(band: start..<end, below: end..<below, fraction: fraction)
            start = end
        }
        overlaps.sort {
            $0.share != $1.share ? $0.share > $1.share : $0.first != $1.first ? $0.first < $1.first : $0.second < $1.second
        }
    }

    /// Pairs within `band` and between `band` and the band after it: boxes come
    /// in order of their left edges, and each meets the boxes still open there.
    private mutating func sweep(band: Range<Int>, below: Range<Int>, fraction: Double) {
        open.removeAll(keepingCapacity: true)
        var i = band.lowerBound, j = below.lowerBound
        while i < band.upperBound || j < below.upperBound {
            let next: Int
            if j >= below.upperBound || (i < band.upperBound && boxes[i].left <= boxes[j].left) {
                next = i
                i += 1
            } else {
                next = j
                j += 1
            }
            let box = boxes[next]
            // Close the boxes that end before this one starts; the rest overlap it.
            var kept = 0
            for k in open.indices where boxes[Int(open[k])].right > box.left {
                open[kept] = open[k]
                kept += 1
            }
            open.removeLast(open.count - kept)
            for other in open {
                // Pairs within the band below are its own sweep's.
                if next >= band.upperBound && Int(other) >= band.upperBound { continue }
                compare(boxes[Int(other)], box, fraction: fraction)
            }
            open.append(Int32(next))
        }
    }

    private mutating func compare(_ a: Box, _ b: Box, fraction: Double) {
        guard abs(a.centerY - b.centerY) < max(a.halfHeight, b.halfHeight) else { return }
        let overlap = min(a.right, b.right) - max(a.left, b.left)
        let narrower = min(a.right - a.left, b.right - b.left)
        guard overlap > fraction * narrower, narrower > 0 else { return }
        let (first, second) = a.sprite < b.sprite ? (a.sprite, b.sprite) : (b.sprite, a.sprite)
        overlaps.append(Overlap(first: first, second: second, share: min(overlap / narrower, 1)))
    }
}
