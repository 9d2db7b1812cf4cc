/// Small particles emitted around a glyph: sparkles, dust, embers.
///
/// Each particle is a pure function of time and the emitter's seed: its birth,
/// direction, speed, size and lifetime are drawn from a generator derived from
/// (seed, particle index), so frames can be sampled in any order and the same
/// seed always gives the same particles. `count` bounds the particles in total.
public struct ParticleEmitter: Hashable, Sendable {
    /// The most particles this emitter ever shows (and the number it emits).
    public var count: Int
    /// Seconds after the descriptor's delay at which emission begins.
    public var start: Double
    /// The window over which the particles are born, in seconds.
    public var duration: Double
    /// How long each particle lives, in seconds.
    public var lifetime: ClosedRange<Double>
    /// How far from the glyph's centre particles are born, as a fraction of the glyph's box.
    public var spread: Double
    /// Outward speed in points per second.
    public var speed: ClosedRange<Double>
    /// Particle radius in points.
    public var size: ClosedRange<Double>
    /// A constant acceleration in points per second² (negative y floats upwards).
    public var gravity: Vector
    /// The particles' colour; alpha scales their opacity.
    public var color: Tint
    /// The seed of the particles' random choices.
    public var seed: UInt64

    /// The largest `count` an emitter accepts: the bound on particles per glyph.
    public static let maximumCount = 64

    public init(
        count: Int, start: Double = 0, duration: Double, lifetime: ClosedRange<Double>, spread: Double = 0.6,
        speed: ClosedRange<Double>, size: ClosedRange<Double>, gravity: Vector = .zero,
        color: Tint = Tint(red: 1, green: 0.92, blue: 0.6, alpha: 1), seed: UInt64
    ) {
        func finite(_ x: Double, _ fallback: Double) -> Double { x.isFinite ? max(x, 0) : fallback }
        func range(_ r: ClosedRange<Double>, _ fallback: Double) -> ClosedRange<Double> {
            let lo = finite(r.lowerBound, fallback), hi = finite(r.upperBound, fallback)
            return min(lo, hi)...max(lo, hi)
        }
        self.count = min(max(count, 0), Self.maximumCount)
        self.start = finite(start, 0)
        self.duration = finite(duration, 0)
        self.lifetime = range(lifetime, 0.5)
        self.spread = finite(spread, 0.6)
        self.speed = range(speed, 0)
        self.size = range(size, 1)
        self.gravity = gravity.x.isFinite && gravity.y.isFinite ? gravity : .zero
        self.color = color
        self.seed = seed
    }

    /// Seconds after the descriptor's delay when the last particle has died.
    @inlinable
    public var endTime: Double { count == 0 ? 0 : start + duration + lifetime.upperBound }

    /// Particle `index` at `local` seconds after the descriptor's delay, born around
    /// `center` in a box of `boxSize`; `nil` when it is not alive then.
    ///
    /// - Complexity: O(1).
    public func particle(_ index: Int, at local: Double, center: Point, boxSize: Size) -> Particle? {
        guard index >= 0, index < count else { return nil }
        var random = SeededRandom(seed: seed).derived(UInt64(index))
        let slot = (Double(index) + random.nextUnit()) / Double(count)
        let birth = start + duration * slot
        let life = random.nextDouble(in: lifetime)
        let age = local - birth
        guard age >= 0, age < life, life > 0 else { return nil }
        let angle = random.nextDouble(in: 0...(2 * .pi))
        let dx = Math.cos(angle), dy = Math.sin(angle)
        let reach = spread * random.nextUnit()
        let origin = Point(x: center.x + dx * reach * boxSize.width / 2, y: center.y + dy * reach * boxSize.height / 2)
        let v = random.nextDouble(in: speed)
        let radius = random.nextDouble(in: size)
        let x = age / life
        let position = Point(
            x: origin.x + dx * v * age + gravity.x * age * age / 2,
            y: origin.y + dy * v * age + gravity.y * age * age / 2)
        // Quick to appear, slow to fade: a sparkle, not a blink.
        let fadeIn = min(x / 0.15, 1)
        let opacity = fadeIn * (1 - x) * (1 - x) * color.alpha
        return Particle(position: position, radius: radius * (1 - 0.5 * x), opacity: opacity, color: color)
    }
}

/// One live particle in a frame.
@frozen
public struct Particle: Hashable, Sendable {
    public var position: Point
    public var radius: Double
    public var opacity: Double
    public var color: Tint

    @inlinable
    public init(position: Point, radius: Double, opacity: Double, color: Tint) {
        self.position = position
        self.radius = radius
        self.opacity = opacity
        self.color = color
    }
}
