import Analyzer
import Animator
import Pool

/// Owns the timeline of a text that changes: it diffs each new text against
/// the current one, plans the transition, keeps one sprite per visible glyph
/// and evaluates every sprite's state at the times it is given.
///
/// Time is always passed in; nothing reads a clock, so the same calls give the
/// same frames on every run.
///
/// ```swift
/// let director = TransitionDirector(text: "Send Action", effect: ScaleEffect(), style: .bouncy)
/// director.setText("Action Sent", at: 0)
/// for tick in 0..<60 {
///     let frame = director.frame(at: Double(tick) / 60)
///     for sprite in frame.sprites { draw(sprite) }
/// }
/// ```
///
/// - `setText(_:at:)` runs warm-up (the returned `TransitionEstimate`), grouping
///   (sprites share curve evaluations by start delay), the synchronization fence
///   (every sprite of a transition starts from the time given, even between
///   frames) and cleanup (finished exits go back to the pool).
/// - A `setText` while a transition runs interrupts it: each live sprite's
///   presented state and velocity at that instant become the start of its new
///   motion, so nothing jumps. Glyphs caught mid-exit keep exiting; glyphs that
///   are entering and persist into the new text keep their identity; a glyph
///   still fading out that the new text brings back where it is (A → B → A) is
///   caught and returned to its slot.
/// - `frame(at:)` is a pure function of t between a transition's fence and its
///   settle, so scrubbing back and forth gives identical frames; at the settle
///   the sprites are put to rest on the new layout.
///
/// - Important: A director is confined to one thread or actor; it is not `Sendable`.
public final class TransitionDirector {
    /// Lays out each new text (changing it affects the next `setText`).
    public var layout: any GlyphLayout
    /// The effect of the next transitions.
    public var effect: any EffectBlueprint
    /// The motion style of the next transitions.
    public var style: MotionStyle
    /// How the next texts are diffed.
    public var mode: DiffMode
    /// Whether the next transitions animate, reduce motion or swap instantly.
    public var preference: MotionPreference
    /// The seed of every random choice; each transition derives its own from it.
    public var seed: UInt64
    /// Called for every event as it happens (also recorded in `events`).
    public var onEvent: ((TransitionEvent) -> Void)?

    /// Every settle and cancel so far, in order (see `drainEvents()`).
    public private(set) var events: [TransitionEvent] = []
    /// The text the Director shows or is heading to.
    public internal(set) var text: String

    let pool: SpritePool<SpriteRecord>
    var curves = CurveTable()
    /// Extras by index; freed entries are `.empty` and listed in `freeExtras`.
    var extras: [SpriteExtras] = []
    var freeExtras: [Int32] = []
    /// Every glyph seen, interned: sprites and frames refer to them by index.
    var symbols: [Character] = []
    var symbolIndex: [Character: Int32] = [:]
    var targetGlyphs: [Character]
    /// The target text's layout as the layout gave it (not anchored).
    var targetLayout: TextLayoutResult
    /// The sprite of each glyph of the target text.
    var targetHandles: [SpriteHandle]
    var active: ActiveTransition?
    var serial = 0
    var nextID = 0
    var lastFence = 0.0
    var frameSprites: [SpriteFrame] = []
    var frameParticles: [Particle] = []
    /// The most particles live emitters can show at once: the frame buffer is
    /// reserved to it when sprites are set up, never while frames are drawn.
    var particleBound = 0
    var heat: HeatMapRecorder?
    var rehearsal: Rehearsal?

    struct ActiveTransition {
        var serial: Int
        var fence: Double
        var end: Double
        var text: String
        var looping: Bool
    }

    /// Creates a director showing `text` at rest.
    ///
    /// - Parameters:
    ///   - text: the text shown at rest before the first `setText`.
    ///   - layout: places glyphs (a monospace grid by default; Typesetter's font layout for real fonts).
    ///   - effect: how glyphs enter and exit (`ScaleEffect` by default).
    ///   - style: spring, stagger and fade (`.snappy` by default).
    ///   - mode: how texts are diffed (`.morph` by default).
    ///   - preference: full, reduced or no motion (`.system` by default).
    ///   - seed: the seed of every random choice.
    ///   - poolCapacity: sprites allocated up front (the pool doubles when it runs out).
    public init(
        text: String = "", layout: any GlyphLayout = MonospaceLayout(), effect: any EffectBlueprint = ScaleEffect(),
        style: MotionStyle = .snappy, mode: DiffMode = .morph, preference: MotionPreference = .system,
        seed: UInt64 = 0, poolCapacity: Int = 64
    ) {
        self.layout = layout
        self.effect = effect
        self.style = style
        self.mode = mode
        self.preference = preference
        self.seed = seed
        self.text = text
        let glyphs = Array(text)
        targetGlyphs = glyphs
        targetLayout = layout.layout(glyphs)
        pool = SpritePool(capacity: max(poolCapacity, glyphs.count, 1))
        targetHandles = []
        targetHandles.reserveCapacity(glyphs.count)
        let anchored = targetLayout.anchored()
        for (i, g) in glyphs.enumerated() {
            let frame = GlyphAnimator.frame(anchored, i)
            let d = AnimationDescriptor.resting(g, at: .resting(at: frame.rect.center), box: frame)
            let record = makeRecord(d, fence: 0, id: takeID(), targetIndex: i, role: .persisting)
            targetHandles.append(pool.checkout(record, layer: .persisting, order: i))
        }
    }

    deinit {
        pool.removeAll()
    }

    /// The pool's counters: capacity, sprites in use, high water, checkouts, checkins, growths.
    public var poolStats: PoolStats { pool.stats }

    /// Whether a transition is under way (not yet settled) at the last time seen.
    public var isAnimating: Bool { active != nil }

    /// The time the running transition settles, if one runs.
    public var settleTime: Double? { active?.end }

    /// Returns the events recorded so far and forgets them.
    public func drainEvents() -> [TransitionEvent] {
        defer { events.removeAll() }
        return events
    }

    func takeID() -> Int {
        defer { nextID += 1 }
        return nextID
    }

    func emit(_ event: TransitionEvent) {
        events.append(event)
        onEvent?(event)
    }

    /// The symbol table index of a glyph, interning it on first sight.
    func intern(_ symbol: Character) -> Int32 {
        if let index = symbolIndex[symbol] { return index }
        let index = Int32(symbols.count)
        symbols.append(symbol)
        symbolIndex[symbol] = index
        return index
    }

    /// Makes a sprite record from a planned descriptor starting at `fence`.
    func makeRecord(_ d: AnimationDescriptor, fence: Double, id: Int, targetIndex: Int, role: SpriteRole) -> SpriteRecord {
        let delay = CurveTable.quantize(d.delay)
        let origin = fence + delay
        let transform = curves.acquire(d.timing, origin: origin)
        let appearance = curves.acquire(d.opacityTiming, origin: origin)
        let delta = d.to - d.from
        let primary = PrimaryDelta(delta)
        let rare = delta - primary.state
        var extrasIndex: Int32 = -1
        if !d.tracks.isEmpty || d.emitter != nil || d.velocity != .zero || rare != .zero {
            var tracks: [SpriteExtras.Track] = []
            tracks.reserveCapacity(d.tracks.count)
            for track in d.tracks {
                let curve = curves.acquire(track.curve, origin: fence + Self.trackStart(track, delay: d.delay))
                tracks.append(
                    .init(
                        channel: track.channel, amplitude: track.amplitude, bias: track.bias, curve: curve,
                        loops: track.loops))
            }
            particleBound += d.emitter?.count ?? 0
            let entry = SpriteExtras(
                tracks: tracks, emitter: d.emitter, origin: origin, velocity: d.velocity, rareDelta: rare,
                carrySpring: d.velocity != .zero ? d.timing.spring : nil, carryEnd: fence + d.settleTime - d.delay + delay,
                carries: d.velocity != .zero, changesRareChannels: rare != .zero)
            if let reused = freeExtras.popLast() {
                extras[Int(reused)] = entry
                extrasIndex = reused
            } else {
                extrasIndex = Int32(extras.count)
                extras.append(entry)
            }
        }
        let settleAt = fence + d.settleTime - d.delay + delay
        let box = d.box.rect
        return SpriteRecord(
            to: d.to, delta: primary, transformCurve: transform, appearanceCurve: appearance, extras: extrasIndex,
            id: Int32(truncatingIfNeeded: id), glyph: intern(d.symbol), targetIndex: Int32(truncatingIfNeeded: targetIndex),
            role: role, hideAfter: role == .exiting ? settleAt : .infinity, settleAt: settleAt, boxSize: box.size,
            baselineOffset: d.box.baseline - box.midY)
    }

    /// When a track's clock reads 0, relative to the fence: its descriptor's delay
    /// less its time offset, quantized like delays so that tracks on one clock share
    /// a curve group. A track that runs on the transition's clock (an anchor to
    /// follow, a loop in phase) has delay − offset = 0 exactly, or the same value for
    /// every glyph, and keeps it.
    static func trackStart(_ track: ChannelTrack, delay: Double) -> Double {
        CurveTable.quantize(delay - track.timeOffset)
    }

    /// Gives back the curve entries and extras a record holds.
    func releaseResources(of record: SpriteRecord) {
        curves.release(record.transformCurve)
        curves.release(record.appearanceCurve)
        releaseExtras(record.extras)
    }

    /// Gives back an extras entry and its tracks' curve entries (−1: nothing to do).
    func releaseExtras(_ index: Int32) {
        guard index >= 0 else { return }
        let entry = extras[Int(index)]
        for track in entry.tracks { curves.release(track.curve) }
        particleBound -= entry.emitter?.count ?? 0
        extras[Int(index)] = .empty
        freeExtras.append(index)
    }

    /// A sprite's presented state at the time of the last curve update.
    func presentedState(_ r: SpriteRecord) -> GlyphState {
        curves.samples.withUnsafeBufferPointer { samples in
            let T = samples[Int(r.transformCurve)], O = samples[Int(r.appearanceCurve)]
            var s = r.primaryState(T, O)
            if r.extras >= 0 {
                extras.withUnsafeBufferPointer { extras in
                    SpriteExtras.apply(
                        extras.baseAddress! + Int(r.extras), to: &s, T, O, samples: samples, time: curves.time)
                }
            }
            return s
        }
    }

    /// A sprite's presented velocity at the time of the last curve update.
    func presentedVelocity(_ r: SpriteRecord) -> GlyphState {
        let samples = curves.samples
        var T = samples[Int(r.transformCurve)]
        let O = samples[Int(r.appearanceCurve)]
        let entry: SpriteExtras? = r.extras >= 0 ? extras[Int(r.extras)] : nil
        if let entry, let spring = entry.carrySpring, T.carryVelocity == 0, curves.time < entry.carryEnd,
            curves.time > entry.origin
        {
            T.carryVelocity = spring.basis(at: curves.time - entry.origin).db
        }
        var delta = r.delta.state
        if let entry { delta = delta + entry.rareDelta }
        var v = GlyphState.zero
        for channel in GlyphChannel.allCases {
            let sample = channel.isTransform ? T : O
            v[channel] = delta[channel] * sample.velocity + (entry?.velocity[channel] ?? 0) * sample.carryVelocity
        }
        for track in entry?.tracks ?? [] {
            v[track.channel] += track.amplitude * samples[Int(track.curve)].velocity
        }
        return v
    }
}
