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
/// diff to the frame) → the layout → the planner, given what is on screen,
/// which asks the effect once per role for its template and writes each
/// sprite's row → the frame's sweep over those rows.
///
/// - `setText(_:at:)` runs warm-up (the returned `TransitionEstimate`), grouping
///   (sprites share curve evaluations by template and start), the
///   synchronization fence (every sprite of a transition starts from the time
///   given, even between frames) and cleanup (finished exits are let go).
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
    // The Director's own state below (marked `@exclusivity(unchecked)`) is not
    // checked for exclusive access at run time: about twenty checks a change,
    // ~78 instructions each (callgrind, the label's settled `setText`: 241,755
    // instructions checked, 240,263 not). Only the Director's methods touch it,
    // and none holds an access open while other code runs (callbacks run after
    // the change).

    /// Lays out each new text (changing it affects the next `setText`).
    public var layout: AnyLayout {
        get { stage.layout }
        set { stage.layout = newValue }
    }
    /// Tiles drawn under the glyphs (nil: none), planned with them from the next
    /// `setText` or `restage(at:)` on (see `TileStyle`).
    public var tiles: TileStyle? {
        get { stage.tiles }
        set { stage.tiles = newValue }
    }
    /// The effect of the next transitions.
    public var effect: AnyEffect {
        get { stage.effect }
        set { stage.effect = newValue }
    }
    /// The motion style of the next transitions.
    public var style: MotionStyle {
        get { stage.style }
        set { stage.style = newValue }
    }
    /// How the next texts are diffed.
    public var mode: DiffMode {
        get { stage.mode }
        set { stage.mode = newValue }
    }
    /// Whether the next transitions animate, reduce motion or swap instantly.
    public var preference: MotionPreference {
        get { stage.preference }
        set { stage.preference = newValue }
    }
    /// The seed of every random choice: the same seed gives the same choices as
    /// `GlyphAnimator` with that seed for the same change.
    public var seed: UInt64 {
        get { stage.seed }
        set { stage.seed = newValue }
    }
    /// Called for every event (also recorded in `events`), in order, once the
    /// `setText(_:at:)`, `frame(at:)` or `rehearse` call that produced it has
    /// finished its work: the callback may call the Director again.
    public var onEvent: ((TransitionEvent) -> Void)?
    /// Events whose callback has not run yet.
    @exclusivity(unchecked) var pendingCallbacks: [TransitionEvent] = []

    /// The most recent settles and cancels, oldest first: at most `eventLimit`
    /// of them (older ones are dropped; `onEvent` and `drainEvents()` see every one).
    public var events: [TransitionEvent] {
        let limit = max(eventLimit, 0)
        return recentEvents.count > limit ? Array(recentEvents.suffix(limit)) : recentEvents
    }
    /// The events, trimmed to `eventLimit` only once they reach twice as many (so
    /// recording one costs O(1), amortized).
    @exclusivity(unchecked) var recentEvents: [TransitionEvent] = []
    /// How many events `events` keeps.
    public var eventLimit = 256
    /// The text the Director shows or is heading to.
    public var text: String { stage.text }

    /// The latest time the Director accepts, in seconds either side of 0.
    public static let maximumTime = 1e9

    /// Plans every change and draws every frame: the glyphs' sprites (and the scene's
    /// shapes) as runs of a few templates per change, each sprite a row of its own.
    let stage: RunStage

    /// Stops the program with a message if the stage's storage is inconsistent (the
    /// tests and the fuzz targets call it after each change).
    package func _checkInvariants() { stage._checkInvariants() }
    /// The Analyzer's numbering: glyph ids are indices into its `symbols`.
    var workspace: TextChangeAnalyzer.Workspace { stage.workspace }
    /// The text transition and the scene change under way, if any.
    @exclusivity(unchecked) var active: ActiveTransition?
    @exclusivity(unchecked) var sceneActive: ActiveTransition?
    @exclusivity(unchecked) var serial = 0
    @exclusivity(unchecked) var lastFence = 0.0
    /// The plan's time last brought up to (what `inspect()` shows).
    @exclusivity(unchecked) var lastSeen = 0.0
    /// The plan's time against the caller's (see `PlaybackClock`).
    var clock: PlaybackClock { stage.clock }
    /// Two buffers each for sprites, shapes and particles, used in turn: a caller
    /// that keeps the previous frame holds one while the next is written to the other.
    /// Not checked for exclusive access at run time (eight checks a change to
    /// reserve them, about 640 instructions; more a frame): only the Director's
    /// own frame and change code touches them, one at a time.
    @exclusivity(unchecked) var frameSprites: [[SpriteFrame]] = [[], []]
    @exclusivity(unchecked) var frameShapes: [[ShapeSprite]] = [[], []]
    @exclusivity(unchecked) var frameParticles: [[Particle]] = [[], []]
    @exclusivity(unchecked) var frameReshapes: [[SpriteReshape]] = [[], []]
    var frameBuffer = 0
    @exclusivity(unchecked) var heat: HeatMapRecorder?
    @exclusivity(unchecked) var legibilityRecorder: LegibilityRecorder?
    @exclusivity(unchecked) var rehearsal: Rehearsal?

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
    ///   - tiles: tiles under the glyphs, from the first text on (nil: none).
    ///   - poolCapacity: sprites to make room for up front (the room doubles when it runs out).
    public init(
        text: String = "", layout: AnyLayout = AnyLayout(MonospaceLayout()), effect: AnyEffect = .scale,
        style: MotionStyle = .snappy, mode: DiffMode = .morph, preference: MotionPreference = .system,
        seed: UInt64 = 0, tiles: TileStyle? = nil, poolCapacity: Int = 64
    ) {
        stage = RunStage(
            text: text, layout: layout, effect: effect, style: style, mode: mode, preference: preference, seed: seed,
            tiles: tiles, capacity: poolCapacity)
    }

    #if !hasFeature(Embedded)
    /// Creates a director showing `text` at rest, with a layout and an effect of
    /// any type (see the designated initializer for the parameters). Embedded
    /// Swift has no generic initializers of classes: there, box them
    /// (`AnyLayout`, `AnyEffect`).
    public convenience init(
        text: String = "", layout: some GlyphLayout = MonospaceLayout(), effect: some EffectBlueprint = ScaleEffect(),
        style: MotionStyle = .snappy, mode: DiffMode = .morph, preference: MotionPreference = .system,
        seed: UInt64 = 0, tiles: TileStyle? = nil, poolCapacity: Int = 64
    ) {
        self.init(
            text: text, layout: AnyLayout(layout), effect: AnyEffect(effect), style: style, mode: mode,
            preference: preference, seed: seed, tiles: tiles, poolCapacity: poolCapacity)
    }
    #endif

    /// The sprites' counters: capacity, sprites in use, high water, sprites made, let go,
    /// growths, at the last time seen. A tile is drawn with its glyph's sprite and is not
    /// counted; a leaving sprite is in use until its exit is over.
    public var poolStats: PoolStats {
        let c = stage.spriteCounts(at: lastSeen)
        return PoolStats(
            capacity: c.capacity, inUse: c.inUse, highWater: c.highWater, checkouts: c.checkouts,
            checkins: c.checkins, growths: c.growths)
    }

    /// Whether a transition is under way (not yet settled) at the last time seen.
    public var isAnimating: Bool { active != nil || sceneActive != nil }

    /// The time the running transition settles, if one runs.
    public var settleTime: Double? {
        let end: Double? =
            switch (active?.end, sceneActive?.end) {
            case (let a?, let b?): max(a, b)
            case (let a?, nil): a
            case (nil, let b?): b
            case (nil, nil): nil
            }
        return end.map(clock.callerTime)
    }

    /// The glyph table sprites and frames refer to (`SpriteFrame.glyph` indexes it).
    public var symbols: GlyphTable { workspace.symbols }

    /// Returns the events recorded so far and forgets them.
    public func drainEvents() -> [TransitionEvent] {
        defer { recentEvents.removeAll() }
        return events
    }

    /// Records an event stamped with the plan's time (told in the caller's).
    func emit(_ event: TransitionEvent) {
        var event = event
        event.time = clock.callerTime(event.time)
        recentEvents.append(event)
        let limit = max(eventLimit, 0)
        if recentEvents.count > 2 * limit + 16 { recentEvents.removeFirst(recentEvents.count - limit) }
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


    /// Starts a transition of one kind (text or scene) at `t`: the one of that kind
    /// still running is superseded, with one cancel event. The one cancel rule.
    func supersede(_ running: inout ActiveTransition?, at t: Double, isScene: Bool) {
        if let previous = running {
            emit(TransitionEvent(kind: .cancel, time: t, transition: previous.serial, text: previous.text, isScene: isScene))
            running = nil
        }
        lastFence = t
        serial += 1
    }
}
