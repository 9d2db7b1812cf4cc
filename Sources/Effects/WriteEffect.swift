import Analyzer
import Animator

/// Handwriting: entering glyphs are written one after another in reading
/// order, a pen tracing each outline (`strokeEnd` 0 → 1), and then filled in.
///
/// **Timing.** The entering glyphs share the pen equally, one after another:
/// each takes `share = min(glyphDuration, maximumDuration / n)` seconds for n
/// entering glyphs, glyph k (in stagger order) starts at `k × share` and
/// traces its outline on an ease-in-out curve, so the pen slows into each
/// glyph's end and moves on to the next. With the defaults a five-glyph word
/// is written in 3 s (0.6 s a glyph) and any text in at most 6 s. A space
/// takes its share too: the pen crosses it. Renderers trace a glyph's
/// contours in order, so a share is spread over the glyph's own outline
/// length. The pen times its glyphs itself, so the effect asks the planner
/// for no stagger (`StaggerOrder.simultaneous`).
///
/// **Filling.** With `fills` (the default), once the last entering glyph is
/// written every entering glyph's `fill` rises 0 → 1 together over
/// `fillDuration` (ease-in-out); at rest they are ordinary filled glyphs
/// (`strokeEnd` 1, `fill` 1), and renderers stop stroking them. Without
/// `fills`, `fill` stays 0: the text ends as its written outline, and
/// persisting glyphs of later changes keep `fill` 0 too.
///
/// **Exits and persisting glyphs.** Leaving glyphs fade out over
/// `exitDuration` (ease-in-out: faint by the time the words around them
/// close up, not gone all at once after) as they are, outline and all: un-writing would
/// need the pen to run backwards through the whole word, which reads as a
/// rewind rather than an exit. Persisting glyphs move on the style's spring
/// (the default motion).
///
/// **With a pen.** When a single-stroke font lays the text out (Typesetter's
/// `FontLayout(pen:)`, whose layouts carry `ink`), the glyphs are handwriting
/// instead: one ease-in-out carries the pen along all the entering ink at
/// ``penPace`` (or over ``penDuration``), each glyph written on its share of
/// it; leaving glyphs are first un-written backwards; nothing is filled.
///
/// ```swift
/// let director = TransitionDirector(text: "", effect: .write)
/// director.setText("hello", at: 0)        // written by t = 3 s, filled by 3.4 s
/// let outline = WriteEffect(fills: false) // ends as outlines
/// ```
public struct WriteEffect: EffectBlueprint {
    /// Seconds the pen takes over one glyph when the text is short.
    public var glyphDuration: Double
    /// The longest the pen takes over all the entering glyphs of a change; longer texts share it.
    public var maximumDuration: Double
    /// Whether glyphs are filled once the text is written.
    public var fills: Bool
    /// Seconds the fill takes to come in.
    public var fillDuration: Double
    /// Seconds a leaving glyph takes to fade out.
    public var exitDuration: Double
    /// With a pen: seconds the pen takes to write the entering text; nil for
    /// the pen's own pace (``penPace``: about 3 s for "hello").
    public var penDuration: Double?

    /// A pen; non-finite values fall back to the defaults and extremes are clamped when used.
    public init(
        glyphDuration: Double = 0.6, maximumDuration: Double = 6, fills: Bool = true, fillDuration: Double = 0.4,
        exitDuration: Double = 0.3, penDuration: Double? = nil
    ) {
        self.glyphDuration = glyphDuration
        self.maximumDuration = maximumDuration
        self.fills = fills
        self.fillDuration = fillDuration
        self.exitDuration = exitDuration
        self.penDuration = penDuration
    }

    public var name: String { "write" }
    public var summary: String { "Glyphs are written one after another by a pen tracing their outlines, then filled." }
    /// Stroking a trimmed outline costs renderers more than filling one.
    public var cost: Double { 1.5 }
    /// A text is written from nothing.
    public var revealsFirstText: Bool { true }
    /// The pen reaches each glyph in turn: the effect times the glyphs, not the planner.
    public var staggerOrder: StaggerOrder { .simultaneous }

    /// The fill of a glyph at rest: 1 when filling, else 0 (an outline).
    private var restingFill: Double { fills ? 1 : 0 }

    /// Seconds the pen spends on each of `peers` entering glyphs:
    /// `min(glyphDuration, maximumDuration / peers)`.
    public func share(peers: Int) -> Double {
        let each = sane(glyphDuration, 0.6, 0.05...10)
        let total = sane(maximumDuration, 6, 0.1...60)
        return min(each, total / Double(max(peers, 1)))
    }

    public func entering(in context: TransitionContext) -> RoleTemplate {
        // Under a pen each glyph is written on its own share of one journey.
        if context.ink.isWritten { return RoleTemplate(timing: .instant, variesPerGlyph: true) }
        let share = share(peers: context.peers)
        var start = GlyphState()
        start.strokeEnd = 0
        start.fill = restingFill
        var end = GlyphState()
        end.fill = restingFill
        var tracks: [ChannelTrack] = []
        if fills {
            // fill = 1 + (curve − 1): 0 until every entering glyph is written, then up to 1,
            // all together: on the transition's clock.
            let written = Double(max(context.peers, 1)) * share
            let fade = sane(fillDuration, 0.4, 0...10)
            let curve = TimingCurve.keyframesOrInstant([
                Keyframe(time: 0, value: 0), Keyframe(time: written, value: 0),
                Keyframe(time: written + fade, value: 1, curve: .easeInOut),
            ])
            tracks.append(ChannelTrack(channel: .fill, amplitude: 1, curve: curve, bias: -1, clock: .transition))
        }
        // Glyph k (in reading order) starts at k × share from the transition's start (`vary`).
        return RoleTemplate(
            from: start, to: end, timing: .instant, opacityTiming: .bezier(.easeInOut, duration: share), tracks: tracks,
            variesPerGlyph: true)
    }

    public func exiting(in context: TransitionContext) -> RoleTemplate {
        // Under a pen each glyph is un-written on its own share of one journey.
        if context.ink.isWritten { return RoleTemplate(timing: .instant, variesPerGlyph: true) }
        var start = GlyphState()
        start.fill = restingFill
        var end = start
        end.opacity = 0
        return RoleTemplate(
            from: start, to: end, timing: .instant,
            opacityTiming: .bezier(.easeInOut, duration: sane(exitDuration, 0.3, 0...10)))
    }

    /// Persisting glyphs move on the style's spring; written by a pen they stay unfilled.
    public func persisting(in context: TransitionContext) -> RoleTemplate {
        var start = GlyphState(), end = GlyphState()
        let pen = context.ink.isWritten
        start.fill = pen ? 0 : restingFill
        end.fill = start.fill
        return RoleTemplate(
            from: start, to: end, timing: .spring(context.style.spring), opacityTiming: .instant,
            variesPerGlyph: pen && fills)
    }

    /// Glyph k of the entering glyphs (in reading order) starts at k × share;
    /// under a pen, each glyph takes its own share of the pen's journey, and a
    /// persisting glyph the pen has no ink for (a space) is filled as without one.
    public func vary(_ glyph: inout GlyphVariation, context: EffectContext) {
        switch context.role {
        case .persisting:
            if !context.ink.isWritten { glyph.motion = persisting(in: TransitionContext(context)) }
        case .entering, .exiting:
            if context.ink.isWritten {
                glyph.motion = context.role == .exiting ? penFinal(context) : penInitial(context)
            } else if context.role == .entering {
                glyph.delay = Double(context.rank) * share(peers: context.peers)
            }
        }
    }
}
