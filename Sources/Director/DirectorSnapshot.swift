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
        glyphs.reserveCapacity(stage.spriteCount)
        let symbols = workspace.symbols, clock = self.clock, pool = poolStats
        // The curve groups: the sprites in motion by template and start.
        var groups: [(template: Int, start: UInt64)] = []
        stage.forEachMotion(atPlanTime: lastSeen) { m in
            if !m.isAtRest { groups.append((m.template, m.start.bitPattern)) }
            glyphs.append(
                .init(
                    id: Int(m.id), symbol: symbols[m.glyph], role: m.role,
                    start: clock.callerTime(m.isAtRest ? m.settle : m.start), settle: clock.callerTime(m.settle),
                    curve: m.isAtRest ? "at rest" : m.transform.description,
                    appearanceCurve: m.isAtRest ? "at rest" : m.appearance.description,
                    carriesVelocity: m.carriesVelocity))
        }
        return DirectorSnapshot(
            activeTransition: active.map {
                .init(
                    serial: $0.serial, start: clock.callerTime($0.fence), end: clock.callerTime($0.end), text: $0.text,
                    looping: $0.looping)
            },
            liveSprites: pool.inUse, curveGroups: Self.distinct(&groups), pool: pool, glyphs: glyphs,
            legibility: legibility)
    }

    /// How many distinct pairs `pairs` holds (sorted in place).
    private static func distinct(_ pairs: inout [(template: Int, start: UInt64)]) -> Int {
        pairs.sort { ($0.template, $0.start) < ($1.template, $1.start) }
        var count = 0
        for k in pairs.indices where k == 0 || pairs[k] != pairs[k - 1] { count += 1 }
        return count
    }
}
