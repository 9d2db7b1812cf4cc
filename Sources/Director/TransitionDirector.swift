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
///     for sprite in frame.sprites { print(frame.symbol(of: sprite), sprite.state.position) }
/// }
/// ```
///
/// A text change goes through one path: the Analyzer (in the Director's
/// `TextChangeAnalyzer.Workspace`, so a glyph's id is its identity from the
/// diff to the frame) → the layout → the planner, given what is on screen
/// (`PresentedSnapshot`) → the plan's sprites, installed as they are.
///
/// - `setText(_:at:)` runs warm-up (the returned `TransitionEstimate`), grouping
///   (sprites share curve evaluations by start), the synchronization fence
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
/// Times must be finite and within ±`TransitionDirector.maximumTime` seconds;
/// any other time counts as the last fence, so a bad clock value never leaves
/// the Director in a state it cannot leave.
///
/// - Important: A director is confined to one thread or actor; it is not `Sendable`.
public final class TransitionDirector {
    /// Lays out each new text (changing it affects the next `setText`).
    public var layout: any GlyphLayout
    /// Tiles drawn under the glyphs (nil: none), from the next frame on.
    public var tiles: TileStyle?
    /// The effect of the next transitions.
    public var effect: any EffectBlueprint
    /// The motion style of the next transitions.
    public var style: MotionStyle
    /// How the next texts are diffed.
    public var mode: DiffMode
    /// Whether the next transitions animate, reduce motion or swap instantly.
    public var preference: MotionPreference
    /// The seed of every random choice: the same seed gives the same choices as
    /// `GlyphAnimator` with that seed for the same change.
    public var seed: UInt64
    /// Called for every event (also recorded in `events`), in order, once the
    /// `setText(_:at:)`, `frame(at:)` or `rehearse` call that produced it has
    /// finished its work: the callback may call the Director again.
    public var onEvent: ((TransitionEvent) -> Void)?
    /// Events whose callback has not run yet.
    var pendingCallbacks: [TransitionEvent] = []

    /// The most recent settles and cancels, oldest first: at most `eventLimit`
    /// of them (older ones are dropped; `onEvent` and `drainEvents()` see every one).
    public private(set) var events: [TransitionEvent] = []
    /// How many events `events` keeps.
    public var eventLimit = 256
    /// The text the Director shows or is heading to.
    public internal(set) var text: String

    /// The latest time the Director accepts, in seconds either side of 0.
    public static let maximumTime = 1e9

    // The stored state the timeline's loops touch is marked
    // `@exclusivity(unchecked)`: dynamic checks on it were a large share of
    // `setText`, and they guard nothing here. The Director is confined to one
    // thread, its methods only make momentary accesses, and no user code runs
    // while they do (event callbacks run after the work, see `runCallbacks`).
    let pool: SpritePool<SpriteRecord>
    @exclusivity(unchecked)
    var curves = CurveTable()
    @exclusivity(unchecked)
    var tables = MotionTables()
    /// The Analyzer's numbering: glyph ids are indices into its `symbols`.
    let workspace = TextChangeAnalyzer.Workspace()
    /// The target text's layout as the layout gave it (not anchored).
    var targetLayout: TextLayoutResult
    /// The sprite of each glyph of the target text.
    @exclusivity(unchecked)
    var targetHandles: [SpriteHandle]
    var active: ActiveTransition?
    var serial = 0
    var nextID: Int32 = 0
    var lastFence = 0.0
    /// Two buffers each for sprites and particles, used in turn: a caller that
    /// keeps the previous frame holds one while the next is written to the other.
    @exclusivity(unchecked)
    var frameSprites: [[SpriteFrame]] = [[], []]
    @exclusivity(unchecked)
    var frameParticles: [[Particle]] = [[], []]
    var frameBuffer = 0
    /// Two buffers of shapes, used in turn as the sprite buffers are.
    @exclusivity(unchecked)
    var frameShapes: [[ShapeSprite]] = [[], []]
    /// The scene's shapes, in drawing order (leaving ones where they were).
    var sceneRecords: [SceneRecord] = []
    /// The scene change under way, if any.
    var sceneActive: ActiveTransition?
    var heat: HeatMapRecorder?
    var legibilityRecorder: LegibilityRecorder?
    var rehearsal: Rehearsal?

    // Storage reused from one `setText` to the next.
    @exclusivity(unchecked)
    var plan = TransitionPlan()
    @exclusivity(unchecked)
    var snapshot = PresentedSnapshot()
    @exclusivity(unchecked)
    var snapshotHandles: [SpriteHandle] = []
    @exclusivity(unchecked)
    var curveIDs: [Int32] = []
    @exclusivity(unchecked)
    var newHandles: [SpriteHandle?] = []
    @exclusivity(unchecked)
    var finishedScratch: [SpriteHandle] = []

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
        // The text at rest is the new side of a change from nothing.
        let change = TextChangeAnalyzer().analyze(from: "", to: text, in: workspace)
        let glyphs = change.newGlyphs
        // A number rests anchored where it stands, as the planner anchors it (numeric mode).
        let laidOut = layout.layout(glyphs)
        targetLayout = mode.numberAnchor(in: glyphs).map(laidOut.anchoringNumber(at:)) ?? laidOut
        pool = SpritePool(capacity: max(poolCapacity, glyphs.count, 1))
        targetHandles = []
        targetHandles.reserveCapacity(glyphs.count)
        let anchored = targetLayout.anchored()
        for i in 0..<glyphs.count {
            let frame = GlyphAnimator.frame(anchored, i)
            let motion = SpriteMotion(
                to: .resting(at: frame.rect.center), delta: PrimaryDelta(), transformCurve: CurveTable.restID,
                appearanceCurve: CurveTable.restID, extras: -1, glyph: glyphs.id(at: i), index: Int32(i),
                role: .persisting, settle: 0, hide: .infinity, boxSize: frame.rect.size,
                baselineOffset: frame.baseline - frame.rect.midY, key: StableHash.of(symbol: glyphs[i], index: i))
            targetHandles.append(pool.checkout(SpriteRecord(motion: motion, id: takeID()), role: .persisting, order: i))
        }
    }

    deinit {
        pool.removeAll()
    }

    /// The pool's counters: capacity, sprites in use, high water, checkouts, checkins, growths.
    public var poolStats: PoolStats { pool.stats }

    /// Whether a transition is under way (not yet settled) at the last time seen.
    public var isAnimating: Bool { active != nil || sceneActive != nil }

    /// The time the running transition settles, if one runs.
    public var settleTime: Double? {
        switch (active?.end, sceneActive?.end) {
        case (let a?, let b?): max(a, b)
        case (let a?, nil): a
        case (nil, let b?): b
        case (nil, nil): nil
        }
    }

    /// The glyph table sprites and frames refer to (`SpriteFrame.glyph` indexes it).
    public var symbols: GlyphTable { workspace.symbols }

    /// Returns the events recorded so far and forgets them.
    public func drainEvents() -> [TransitionEvent] {
        defer { events.removeAll() }
        return events
    }

    func takeID() -> Int32 {
        defer { nextID &+= 1 }
        return nextID
    }

    func emit(_ event: TransitionEvent) {
        events.append(event)
        if events.count > max(eventLimit, 0) { events.removeFirst(events.count - max(eventLimit, 0)) }
        if onEvent != nil { pendingCallbacks.append(event) }
    }

    /// Runs the callbacks of the events produced so far, after the work that
    /// produced them (a callback that calls the Director starts afresh).
    func runCallbacks() {
        guard !pendingCallbacks.isEmpty, let onEvent else { return }
        let due = pendingCallbacks
        pendingCallbacks.removeAll()
        for event in due { onEvent(event) }
    }

    /// A time the Director can work with: finite and within `maximumTime`, or the last fence.
    func usable(_ time: Double) -> Double {
        time.isFinite && abs(time) <= Self.maximumTime ? time : lastFence
    }

    /// Gives back the curve references, extras and tracks a record holds.
    func releaseResources(of motion: SpriteMotion) {
        curves.release(motion.transformCurve)
        curves.release(motion.appearanceCurve)
        tables.release(motion.extras, curves: &curves)
    }

    /// A sprite's presented state and velocity at the time of the last curve update.
    func presented(_ handle: SpriteHandle) -> (state: GlyphState, velocity: GlyphState) {
        let t = curves.time
        return pool.withUnsafePayloads { records in
            let motion = UnsafePointer(records + handle.slot).pointer(to: \.motion)!
            return withEvaluator { extras, tracks, samples in
                (
                    MotionEvaluator.state(motion, extras: extras, tracks: tracks, samples: samples, at: t),
                    MotionEvaluator.velocity(motion, extras: extras, tracks: tracks, samples: samples, at: t)
                )
            }
        }
    }

    /// Calls `body` with the tables the evaluator reads, in place.
    func withEvaluator<R>(
        _ body: (UnsafePointer<MotionExtras>, UnsafePointer<PlannedTrack>, SampledCurves) -> R
    ) -> R {
        tables.extras.withUnsafeBufferPointer { extras in
            tables.tracks.withUnsafeBufferPointer { tracks in
                curves.samples.withUnsafeBufferPointer { samples in
                    body(
                        extras.baseAddress ?? UnsafePointer(bitPattern: 8)!,
                        tracks.baseAddress ?? UnsafePointer(bitPattern: 8)!, SampledCurves(samples.baseAddress!))
                }
            }
        }
    }
}
