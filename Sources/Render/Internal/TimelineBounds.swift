import Animator
import Director

/// The extents of a recording (see ``Timeline/inkBounds`` and ``Timeline/bounds``).
enum TimelineBounds {
    /// How far a blur spreads ink, in blur radii (a Gaussian is invisible past 3σ).
    static let blurReach = 3.0

    static func measure(_ frames: [Frame], outlines: GlyphOutlines) -> (ink: Rect, canvas: Rect) {
        var accumulator = Accumulator(outlines: outlines)
        for frame in frames { accumulator.add(frame) }
        return accumulator.result(first: frames.first, last: frames.last)
    }

    /// The bounds grown frame by frame, for recordings that do not keep their frames.
    struct Accumulator {
        let outlines: GlyphOutlines
        private var ink = Extent()
        /// Keyed by drawing, or by Character where there is none (a cache only: its order never reaches output).
        private var inkCache: [Int32: Rect?] = [:]
        private var symbolInkCache: [Character: Rect?] = [:]

        init(outlines: GlyphOutlines) {
            self.outlines = outlines
        }

        private mutating func inkBounds(_ id: Int32, symbol: Character) -> Rect? {
            if id >= 0 {
                if inkCache[id] == nil { inkCache[id] = .some(outlines.inkBounds(id, symbol: symbol)) }
                return inkCache[id]!
            }
            if symbolInkCache[symbol] == nil { symbolInkCache[symbol] = .some(outlines.inkBounds(id, symbol: symbol)) }
            return symbolInkCache[symbol]!
        }

        mutating func add(_ frame: Frame) {
            var cursor = 0
            for (index, sprite) in frame.sprites.enumerated() where sprite.state.isFinite && sprite.state.opacity >= Frame.seenOpacity {
                // A glyph not yet written (no fill, no pen) draws nothing.
                guard sprite.state.fill > 0 || sprite.state.strokeEnd > 0 else { continue }
                guard !outlines.isEmpty else {
                    // Without outlines a glyph's ink is its box; a space has none.
                    if !frame.symbol(of: sprite).isWhitespace { add(Rect(origin: .zero, size: sprite.boxSize), of: sprite) }
                    continue
                }
                let symbol = frame.symbol(of: sprite)
                // A changing shape: both drawings, each in its own box.
                let (old, new) = DrawnPart.parts(of: index, in: frame, cursor: &cursor)
                for part in [old, new] {
                    guard let part, let bounds = inkBounds(part.id, symbol: symbol) else { continue }
                    add(bounds.offsetBy(Vector(x: 0, y: sprite.boxSize.height / 2 + sprite.baselineOffset)), of: part.sprite)
                }
            }
            for shape in frame.shapes where shape.state.isFinite && shape.state.opacity >= Frame.seenOpacity {
                guard let placed = shape.placedOutline.bounds else { continue }
                // A stroke reaches half its width beyond the outline, scaled with the sprite.
                let s = shape.state
                let stroked = shape.shape.stroke.isVisible && shape.shape.lineWidth > 0
                let pen = stroked ? shape.shape.lineWidth / 2 * max(abs(s.scaleX), abs(s.scaleY)) : 0
                let reach = max(s.blur, 0) * blurReach + pen
                ink.add(Point(x: placed.minX, y: placed.minY), reach: reach)
                ink.add(Point(x: placed.maxX, y: placed.maxY), reach: reach)
            }
            for particle in frame.particles where particle.opacity >= Frame.seenOpacity {
                ink.add(particle.position, reach: max(particle.radius, 0))
            }
        }

        /// Adds a box in a sprite's own space (its box's corner at the origin) under the sprite's transform.
        private mutating func add(_ local: Rect, of sprite: SpriteFrame) {
            let transform = sprite.state.transform(boxSize: sprite.boxSize)
            let reach = max(sprite.state.blur, 0) * blurReach
            for corner in [Point(x: local.minX, y: local.minY), Point(x: local.maxX, y: local.minY),
                           Point(x: local.minX, y: local.maxY), Point(x: local.maxX, y: local.maxY)] {
                ink.add(transform.apply(corner), reach: reach)
            }
        }

        /// The ink and canvas bounds once every frame was added; the canvas also
        /// holds the line heights of the first and last frames' glyphs that are
        /// seen (those waiting to enter at opacity 0 in the first frame are
        /// not): their layout boxes, as wide as the ink, so a line keeps its
        /// room above and below while its width is what is drawn (a space
        /// ending a wrapped line, or a letter's side bearing, adds nothing).
        func result(first: Frame?, last: Frame?) -> (ink: Rect, canvas: Rect) {
            var canvas = ink
            let drawn = ink.rect
            for frame in [first, last].compactMap({ $0 }) {
                for sprite in frame.sprites where sprite.state.isFinite && sprite.state.opacity >= Frame.seenOpacity
                    && (sprite.state.fill > 0 || sprite.state.strokeEnd > 0) {
                    let p = sprite.state.position, size = sprite.boxSize
                    var low = p.x - size.width / 2, high = p.x + size.width / 2
                    if !ink.isEmpty {
                        low = min(max(low, drawn.minX), drawn.maxX)
                        high = min(max(high, drawn.minX), drawn.maxX)
                    }
                    canvas.add(Point(x: low, y: p.y - size.height / 2), reach: 0)
                    canvas.add(Point(x: high, y: p.y + size.height / 2), reach: 0)
                }
            }
            return (ink.rect, canvas.rect)
        }
    }
}

/// A box grown point by point; the zero rectangle while empty.
struct Extent {
    private var minX = Double.infinity, minY = Double.infinity
    private var maxX = -Double.infinity, maxY = -Double.infinity

    mutating func add(_ p: Point, reach: Double) {
        guard p.x.isFinite, p.y.isFinite, reach.isFinite else { return }
        minX = min(minX, p.x - reach); maxX = max(maxX, p.x + reach)
        minY = min(minY, p.y - reach); maxY = max(maxY, p.y + reach)
    }

    mutating func add(_ r: Rect) {
        add(r.origin, reach: 0)
        add(Point(x: r.maxX, y: r.maxY), reach: 0)
    }

    var isEmpty: Bool { minX > maxX }

    var rect: Rect {
        isEmpty ? .zero : Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}

/// Finds the period of a looping tail.
enum LoopFinder {
    /// Tolerances under which two states count as the same: well below what any
    /// renderer shows (a hundredth of a point, a twentieth of a degree).
    static let positionTolerance = 0.01
    static let angleTolerance = 0.001
    static let unitTolerance = 0.001

    /// The smallest k in 2…maxPeriod with frame[start + j] ≈ frame[start + j + k] for all j < k.
    static func period(in frames: [Frame], from start: Int, upTo maxPeriod: Int) -> Int? {
        guard maxPeriod >= 2 else { return nil }
        for k in 2...maxPeriod where start + 2 * k <= frames.count {
            var matches = true
            for j in 0..<k where !same(frames[start + j], frames[start + j + k]) {
                matches = false
                break
            }
            if matches { return k }
        }
        return nil
    }

    static func same(_ a: Frame, _ b: Frame) -> Bool {
        guard a.sprites.count == b.sprites.count, a.shapes.count == b.shapes.count, a.particles.count == b.particles.count
        else { return false }
        for (s, t) in zip(a.sprites, b.sprites) {
            guard s.id == t.id, s.glyph == t.glyph, s.boxSize == t.boxSize else { return false }
            guard same(s.state, t.state) else { return false }
        }
        for (s, t) in zip(a.shapes, b.shapes) {
            guard s.id == t.id, s.layer == t.layer, same(s.state, t.state), abs(s.state.fill - t.state.fill) <= unitTolerance,
                  abs(s.state.strokeEnd - t.state.strokeEnd) <= unitTolerance, same(s.shape, t.shape)
            else { return false }
        }
        for (p, q) in zip(a.particles, b.particles) {
            guard (p.position - q.position).length <= positionTolerance, abs(p.opacity - q.opacity) <= unitTolerance else {
                return false
            }
        }
        return true
    }

    /// Whether two sprite states look the same: place, turn, scale, opacity, blur and tint strength.
    static func same(_ u: GlyphState, _ v: GlyphState) -> Bool {
        abs(u.position.x - v.position.x) <= positionTolerance && abs(u.position.y - v.position.y) <= positionTolerance
            && abs(u.rotation - v.rotation) <= angleTolerance && abs(u.skew - v.skew) <= angleTolerance
            && abs(u.scaleX - v.scaleX) <= unitTolerance && abs(u.scaleY - v.scaleY) <= unitTolerance
            && abs(u.opacity - v.opacity) <= unitTolerance && abs(u.blur - v.blur) <= positionTolerance
            && abs(u.tint.alpha - v.tint.alpha) <= unitTolerance
    }

    /// Whether two shapes look the same: kind, size, corners, pen, paints and path points, within the tolerances.
    static func same(_ a: Shape, _ b: Shape) -> Bool {
        guard a.kind == b.kind, a.cap == b.cap, a.join == b.join, a.path.elements.count == b.path.elements.count,
              abs(a.size.width - b.size.width) <= positionTolerance, abs(a.size.height - b.size.height) <= positionTolerance,
              abs(a.cornerRadius - b.cornerRadius) <= positionTolerance, abs(a.lineWidth - b.lineWidth) <= positionTolerance,
              same(a.fill, b.fill), same(a.stroke, b.stroke)
        else { return false }
        if a.path == b.path { return true }
        for (x, y) in zip(a.path.elements, b.path.elements) {
            guard same(x, y) else { return false }
        }
        return true
    }

    private static func same(_ a: ShapePaint, _ b: ShapePaint) -> Bool {
        switch (a, b) {
        case (.none, .none), (.ink, .ink): return true
        case (.color(let x), .color(let y)):
            return abs(x.red - y.red) <= unitTolerance && abs(x.green - y.green) <= unitTolerance
                && abs(x.blue - y.blue) <= unitTolerance && abs(x.alpha - y.alpha) <= unitTolerance
        default: return false
        }
    }

    private static func same(_ a: ShapePath.Element, _ b: ShapePath.Element) -> Bool {
        func near(_ p: Point, _ q: Point) -> Bool { (p - q).length <= positionTolerance }
        switch (a, b) {
        case (.move(let p), .move(let q)), (.line(let p), .line(let q)): return near(p, q)
        case (.quad(let c, let p), .quad(let d, let q)): return near(c, d) && near(p, q)
        case (.cubic(let c1, let c2, let p), .cubic(let d1, let d2, let q)): return near(c1, d1) && near(c2, d2) && near(p, q)
        case (.close, .close): return true
        default: return false
        }
    }
}
