/// The sweep behind `Legibility.check`, with its storage kept for reuse (the
/// Director's running check keeps one, so checking a frame allocates only for
/// what it finds).
///
/// Readable glyphs become boxes (clearly visible ones are also counted). Two boxes on one line have centres less
/// than half the tallest box's height apart, so cutting the plane into bands of
/// that height puts them in the same band or in neighbouring ones. Boxes are
/// sorted by band and left edge, and each band is swept left to right together
/// with the band below it, against the boxes still open at that x: a glyph
/// meets only the few boxes that overlap it horizontally on nearby lines.
import Analyzer
import Animator

struct LegibilityScan {
    /// What banding reads and writes, of a box or a mark.
    private protocol Banded {
        var centerY: Double { get }
        var halfHeight: Double { get }
        var band: Double { get set }
    }

    private struct Box: Banded {
        /// The sprite's index in the frame.
        var sprite: Int32
        /// The band of its centre, a whole number.
        var band: Double
        var left: Double
        var right: Double
        var centerY: Double
        var halfHeight: Double
    }

    /// A glyph present on a line, for the gaps around kept spaces: its box
    /// (whether it reads or not), banded with the mark.
    private struct Mark: Banded {
        var box: Box
        var centerX: Double
        var readable: Bool
        var persisting: Bool

        var centerY: Double { box.centerY }
        var halfHeight: Double { box.halfHeight }
        var band: Double {
            get { box.band }
            set { box.band = newValue }
        }
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
    /// Ink glyphs in play, shown or not, by band and centre.
    private var marks: [Mark] = []
    /// Persisting spaces: sprite index.
    private var spaces: [Int32] = []
    private var clearCount = 0
    /// The room around each kept space in the frame checked before, in widths
    /// of the space, by the space's sprite id, and that frame's time: a room
    /// narrowing fast is closing, not a doubled space.
    private var rooms: [Int32: Double] = [:]
    private var roomsNow: [Int32: Double] = [:]
    private var roomsTime = -Double.infinity

    /// Bands are numbered with whole doubles no larger than this, so every
    /// finite position has one; farther ones share the outermost band.
    private static let bandLimit = 1e15

    /// The band of a centre at `y`, for bands `height` tall.
    private static func band(at y: Double, height: Double) -> Double {
        min(max((y / height).rounded(.down), -bandLimit), bandLimit)
    }

    /// Gives every item its band, the bands as tall as the tallest half-height,
    /// and returns that height (0, with no band given, when every item is flat):
    /// the one banding of boxes and marks.
    ///
    /// - Complexity: O(n).
    private static func assignBands<Item: Banded>(_ items: inout [Item]) -> Double {
        var height = 0.0
        for item in items { height = max(height, item.halfHeight) }
        guard height > 0 else { return 0 }
        for k in items.indices { items[k].band = band(at: items[k].centerY, height: height) }
        return height
    }

    /// The garbled pairs, doubled glyphs and space gaps of `frame`; `rests`,
    /// the running transition's clock, tells where its glyphs come to rest
    /// (a room that is as wide at rest is the text's own, not a doubled space).
    mutating func check(
        _ frame: Frame, allowance: Legibility.GlyphAllowance?, criteria: Legibility.Criteria, rests: ReadingClock? = nil
    ) -> FrameLegibility {
        collect(frame, criteria: criteria)
        var result = FrameLegibility(time: frame.time, visibleGlyphs: clearCount)
        if let allowance { result.doubledGlyphs = doubled(in: frame, allowance: allowance) }
        findOverlaps(fraction: max(criteria.overlapFraction, 0))
        roomsNow.removeAll(keepingCapacity: true)
        if !spaces.isEmpty { result.spaceGaps = gaps(in: frame, rests: rests) }
        swap(&rooms, &roomsNow)
        roomsTime = frame.time
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

    /// The readable glyphs' boxes, in drawing order, how many show each glyph id
    /// clearly, and the kept spaces.
    private mutating func collect(_ frame: Frame, criteria: Legibility.Criteria) {
        boxes.removeAll(keepingCapacity: true)
        marks.removeAll(keepingCapacity: true)
        spaces.removeAll(keepingCapacity: true)
        clearCount = 0
        glyphKinds.removeAll(keepingCapacity: true)
        glyphKinds.append(contentsOf: repeatElement(0, count: frame.symbols.count))
        glyphCounts.removeAll(keepingCapacity: true)
        glyphCounts.append(contentsOf: repeatElement(0, count: frame.symbols.count))
        let readable = min(criteria.readableOpacity, criteria.visibleOpacity)
        var cursor = 0
        for (i, sprite) in frame.sprites.enumerated() {
            let s = sprite.state
            // What is drawn: a glyph whose unit another one draws (drawing 0) shows
            // nothing of its own; one whose shape changes shows its drawings in shares.
            let d = frame.drawings(of: i, cursor: &cursor)
            let glyph = Int(sprite.glyph)
            guard frame.symbols.indices.contains(glyph) else { continue }
            if glyphKinds[glyph] == 0 { glyphKinds[glyph] = ScalarProperties.isWhitespace(frame.symbols[glyph]) ? 2 : 1 }
            if glyphKinds[glyph] == 2 {
                if sprite.role == .persisting, sprite.boxSize.width > 0, s.position.x.isFinite, s.position.y.isFinite {
                    spaces.append(Int32(i))
                }
                continue
            }
            let opacity = s.opacity * max(d.to == 0 ? 0 : d.toShare, d.from > 0 ? d.fromShare : 0)
            // Until the new drawing is whole, the old one's box is what reads.
            var peek = cursor
            let old = d.toShare < 1 ? frame.reshape(of: i, cursor: &peek) : nil
            let boxWidth = old?.width ?? sprite.boxSize.width
            let offset = old?.centreOffset(boxWidth: sprite.boxSize.width) ?? 0
            let width = abs(s.scaleX) * boxWidth, height = abs(s.scaleY) * sprite.boxSize.height
            guard width.isFinite, height.isFinite, s.position.x.isFinite, s.position.y.isFinite else { continue }
            let centre = s.position.x + offset * s.scaleX
            // Every glyph in play marks its place, shown or not: a word arriving or
            // leaving between two kept words explains the room between them.
            let isReadable = opacity >= readable && (s.fill > 0 || s.strokeEnd > 0) && width > 0 && height > 0
            let box = Box(
                sprite: Int32(i), band: 0, left: centre - width / 2, right: centre + width / 2,
                centerY: s.position.y, halfHeight: height / 2)
            marks.append(Mark(box: box, centerX: centre, readable: isReadable, persisting: sprite.role == .persisting))
            guard isReadable else { continue }
            if opacity >= criteria.visibleOpacity {
                glyphCounts[glyph] += 1
                clearCount += 1
            }
            boxes.append(box)
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
            // Boxes merely readable are not counted (their count is 0).
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

    /// The kept spaces whose readable neighbours on their line, both persisting,
    /// stand less than half a space or more than two spaces apart (the latter
    /// only with nothing arriving or leaving between them, the room more than
    /// a space wider than the two leave between them at rest, when `rests`
    /// knows, and not closing: narrowing since the frame before by
    /// `SpaceGap.closingRate` widths of the space a second or more).
    private mutating func gaps(in frame: Frame, rests: ReadingClock?) -> [Legibility.SpaceGap] {
        guard !marks.isEmpty else { return [] }
        let bandHeight = Self.assignBands(&marks)
        guard bandHeight > 0 else { return [] }
        marks.sortStably { $0.band != $1.band ? $0.band < $1.band : $0.centerX < $1.centerX }
        var found: [Legibility.SpaceGap] = []
        for index in spaces {
            let space = frame.sprites[Int(index)]
            let x = space.state.position.x, y = space.state.position.y
            let spaceWidth = space.boxSize.width
            let home = Self.band(at: y, height: bandHeight)
            var best: (left: Int, right: Int, between: Bool)?
            var bestDistance = Double.infinity
            for band in [home - 1, home, home + 1] {
                let start = firstMark { $0.band >= band }
                let end = firstMark { $0.band > band }
                guard start < end else { continue }
                let k = partitionPoint(in: start..<end) { marks[$0].centerX > x }
                var between = false
                var left = k - 1
                while left >= start && !marks[left].readable {
                    if !marks[left].persisting { between = true }
                    left -= 1
                }
                var right = k
                while right < end && !marks[right].readable {
                    if !marks[right].persisting { between = true }
                    right += 1
                }
                guard left >= start, right < end else { continue }
                let a = marks[left], b = marks[right]
                let halfHeight = max(a.halfHeight, b.halfHeight)
                guard abs(a.centerY - y) < halfHeight, abs(b.centerY - y) < halfHeight else { continue }
                let distance = abs(a.centerY - y)
                if distance < bestDistance {
                    bestDistance = distance
                    best = (left, right, between)
                }
            }
            guard let best, spaceWidth > 0 else { continue }
            let a = marks[best.left], b = marks[best.right]
            guard a.persisting, b.persisting else { continue }
            let width = (b.box.left - a.box.right) / spaceWidth
            roomsNow[space.id] = width
            let collapsed = width < Legibility.SpaceGap.collapsedWidth
            let first = frame.sprites[Int(a.box.sprite)], second = frame.sprites[Int(b.box.sprite)]
            // The room the two leave at rest: a word still to be written between them keeps its room.
            var atRest = 1.0
            if let l = rests?.restEdges(of: first.id), let r = rests?.restEdges(of: second.id) {
                atRest = max((r.left - l.right) / spaceWidth, 1)
            }
            let doubled =
                width > max(Legibility.SpaceGap.doubledWidth, atRest + 1) && !best.between
                && !closing(space.id, width, at: frame.time)
                && !arrivingOrLeaving(between: a.box.right, and: b.box.left, nearBand: home)
            guard collapsed || doubled else { continue }
            found.append(
                .init(
                    time: frame.time, left: first.id, leftSymbol: frame.symbol(of: first), right: second.id,
                    rightSymbol: frame.symbol(of: second), width: width))
        }
        return found
    }

    /// Whether the room around the space `id`, `width` spaces wide at `time`,
    /// has narrowed since the frame checked before (at most a quarter of a
    /// second before) at `SpaceGap.closingRate` or faster: its neighbours are
    /// closing it, as text does where a word left.
    private func closing(_ id: Int32, _ width: Double, at time: Double) -> Bool {
        let elapsed = time - roomsTime
        guard elapsed > 0, elapsed <= 0.25, let before = rooms[id] else { return false }
        return (before - width) / elapsed >= Legibility.SpaceGap.closingRate
    }

    /// Whether a glyph arriving or leaving stands between `left` and `right`
    /// within a line and a half of band `home` (an arrival rolling in from
    /// above or below is on its way to the room it explains), or any glyph
    /// within half a line of it.
    private func arrivingOrLeaving(between left: Double, and right: Double, nearBand home: Double) -> Bool {
        let start = firstMark { $0.band >= home - 3 }
        let end = firstMark { $0.band > home + 3 }
        // A kept glyph lifted off the line (a wave) stands between too.
        return marks[start..<end].contains {
            $0.centerX > left && $0.centerX < right && (!$0.persisting || abs($0.band - home) <= 1)
        }
    }

    /// The first mark for which `isAfter` holds (marks are partitioned by it).
    private func firstMark(_ isAfter: (Mark) -> Bool) -> Int {
        partitionPoint(in: marks.indices) { isAfter(marks[$0]) }
    }

    /// Every garbled pair, worst first.
    private mutating func findOverlaps(fraction: Double) {
        overlaps.removeAll(keepingCapacity: true)
        guard boxes.count > 1 else { return }
        // Readable boxes have height, so every box gets its band.
        _ = Self.assignBands(&boxes)
        boxes.sortStably { $0.band != $1.band ? $0.band < $1.band : $0.left < $1.left }
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
        overlaps.sortStably {
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
