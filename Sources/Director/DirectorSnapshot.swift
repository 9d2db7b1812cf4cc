import Analyzer
import Animator
import Pool

/// What the Director is doing at an instant: for inspectors, logs and debugging overlays.
public struct DirectorSnapshot: Sendable {
    /// The running transition, if any.
    public struct Transition: Hashable, Sendable {
        /// Its serial number (1 for the first `setText`).
        public var serial: Int
        /// The fence: the time it started.
        public var start: Double
        /// The time it settles.
        public var end: Double
        /// The text it is heading to.
        public var text: String
        /// Whether some glyph loops (it keeps moving after settling).
        public var looping: Bool
    }

    /// One live sprite's timing.
    public struct GlyphTiming: Hashable, Sendable {
        public var id: Int
        public var symbol: Character
        public var role: SpriteRole
        /// Absolute time its transform curve starts (fence plus delay).
        public var start: Double
        /// Absolute time the finite part of its motion ends.
        public var settle: Double
        /// The transform curve, e.g. `spring(m 1, k 350, c 30)`.
        public var curve: String
        /// The appearance (opacity) curve.
        public var appearanceCurve: String
        /// Whether it carries a velocity from an interrupted transition.
        public var carriesVelocity: Bool
    }

    /// The transition under way, or nil when at rest.
    public var activeTransition: Transition?
    /// Live sprites (leftover exits included).
    public var liveSprites: Int
    /// Curve groups evaluated per frame.
    package var curveGroups: Int
    /// The pool's counters.
    package var pool: PoolStats
    /// Per-sprite timing, in z-order.
    public var glyphs: [GlyphTiming]
    /// The legibility of the frames drawn, while the check is on (`enableLegibilityCheck`).
    public var legibility: LegibilityStatus? = nil
}

extension TransitionDirector {
    /// A snapshot of the timeline: the active transition, the sprites, the pool and per-glyph timing.
    ///
    /// - Complexity: O(sprites).
    public func inspect() -> DirectorSnapshot {
        var glyphs: [DirectorSnapshot.GlyphTiming] = []
        let store = self.store
        glyphs.reserveCapacity(store.count)
        let symbols = workspace.symbols
        store.withZOrder { rows in
            for slot in rows where !store.shapes.contains(Int(slot)) {
                let row = RowID(slot: Int(slot))
                let m = store[row], settle = store.settle(of: row)
                let tc = m.transformCurve, oc = m.appearanceCurve
                glyphs.append(
                    .init(
                        id: Int(m.id), symbol: symbols[m.glyph], role: m.role,
                        start: clock.callerTime(
                            !tc.isRest ? store.origin(of: tc) : !oc.isRest ? store.origin(of: oc) : settle),
                        settle: clock.callerTime(settle), curve: tc.isRest ? "at rest" : store.curve(tc).description,
                        appearanceCurve: oc.isRest ? "at rest" : store.curve(oc).description,
                        carriesVelocity: !m.extras.isNone && store.extras(m.extras).carries))
            }
        }
        return DirectorSnapshot(
            activeTransition: active.map {
                .init(
                    serial: $0.serial, start: clock.callerTime($0.fence), end: clock.callerTime($0.end), text: $0.text,
                    looping: $0.looping)
            },
            liveSprites: store.count, curveGroups: store.curveGroupCount, pool: store.poolStats, glyphs: glyphs,
            legibility: legibility)
    }
}
