import Analyzer

/// A role's template as one plan uses it: its curves registered in the
/// store's curve table (`CurveValueID`s from then on), its pose, and what
/// every glyph of it shares, worked out once.
struct PlanTemplate {
    /// The effect's template.
    let template: RoleTemplate
    /// The transform and appearance curves' values.
    let timing: CurveValueID
    let opacityTiming: CurveValueID
    /// Each track's curve value, in the template's order.
    let trackValues: [CurveValueID]
    /// The pose every glyph of the template starts from and rests at (its
    /// scale, rotation, skew, opacity and blur), when it is not the defaults'.
    let pose: MotionPose
    /// Whether the template's pose is the defaults' (no entry needed).
    let poseIsDefault: Bool
    /// The pose's entry in the store, made when the first glyph takes it.
    var poseID = PoseID.none
    /// What a glyph of the template shares with the others, for the writer's
    /// plain path: whether its scale, rotation or skew change (its position
    /// changes glyph by glyph), whether an appearance channel changes, its
    /// curves' durations, and whether its rare channels (tint, stroke end,
    /// fill) change or rest away from their defaults (it then needs extras).
    let changesPose: Bool
    let changesAppearance: Bool
    let timingDuration: Double
    let opacityDuration: Double
    let rareDelta: GlyphState
    let needsExtras: Bool
    /// When a glyph of the template becomes clearly visible, after its start
    /// (the first crossing of its appearance curve), and how far its transform
    /// curve has gone then: solved for the first glyph, shared by the others.
    var visibleAfter = Double.nan
    var progressWhenVisible = Double.nan
    /// What the planner asks of every glyph, read off the template once: its
    /// tracks and particles, whether the effect is asked per glyph (or a seed
    /// drawn), whether a glyph's variation scales its offsets, its delay and
    /// where its start is measured from.
    let hasTracks: Bool
    let hasEmitter: Bool
    let variesPerGlyph: Bool
    let scalesPerGlyph: Bool
    let delay: Double
    let startsAtNewPlace: Bool
    /// Whether a glyph of the template starts as a glyph at rest shows (its
    /// start state is the defaults but for its position): one continued from
    /// rest on its start needs nothing of what the sprite shows.
    let fromIsRest: Bool
    /// Whether a glyph of the template ends as a glyph at rest shows.
    let toIsRest: Bool
    /// When a leaving glyph of the template clears (its appearance curve's
    /// crossing of the visible opacity), after its curve's start: solved for
    /// the first glyph, shared by the others.
    var clearAfter = Double.nan
    /// How far the transform curve overshoots, as a fraction of the distance
    /// (a spring's; 0 for other curves), solved when a long move first asks.
    var overshoot = Double.nan
    /// The transform curve damped in steps for long moves, step k overshooting
    /// `overshoot / 2ᵏ⁺¹` (the last not at all), registered as moves need them
    /// (`MotionWriter.transformTiming`).
    var calmerTimings: [CurveValueID] = []
    /// Whether the template's states are finite (a glyph's, once placed, is checked for its position alone).
    let isFinite: Bool

    init(_ template: consuming RoleTemplate, curves: CurveTable) {
        timing = curves.value(template.timing)
        opacityTiming = curves.value(template.opacityTiming)
        trackValues = template.tracks.map { curves.value($0.curve) }
        let change = template.to - template.from
        pose = MotionPose(rest: template.to, change: change)
        poseIsDefault = pose.isDefault
        changesPose = change.scaleX != 0 || change.scaleY != 0 || change.rotation != 0 || change.skew != 0
        changesAppearance = change.hasAppearance
        timingDuration = template.timing.duration
        opacityDuration = template.opacityTiming.duration
        var rare = GlyphState.zero
        rare.tint = change.tint
        rare.strokeEnd = change.strokeEnd
        rare.fill = change.fill
        rareDelta = rare
        needsExtras = rare.hasAppearance
            || MotionExtras.restsAwayFromDefaults(tint: template.to.tint, template.to.strokeEnd, template.to.fill)
        hasTracks = !template.tracks.isEmpty
        hasEmitter = template.emitter != nil
        variesPerGlyph = template.variesPerGlyph
        scalesPerGlyph = !template.scaledChannels.isEmpty
        delay = template.delay
        startsAtNewPlace = template.startsAtNewPlace
        isFinite = MotionWriter.isFinite(template.from) && MotionWriter.isFinite(template.to)
        fromIsRest = template.from.isIdentical(to: .resting(at: template.from.position))
        toIsRest = template.to.isIdentical(to: .resting(at: template.to.position))
        self.template = template
    }
}

/// One glyph as the planner placed it, before it is written: its start and
/// end states (absolute), its box, its delay, the template it follows and,
/// for a glyph that varies, its own track amplitudes, phases and seed.
struct PlacedGlyph {
    var from: GlyphState
    var to: GlyphState
    /// Seconds after its place in the stagger at which its motion starts.
    var delay: Double
    var box: GlyphFrame
    /// The template's index in the plan (see `TransitionPlanner.template(_:)`).
    var template: Int
    /// Whether the glyph's pose is its template's: then it shares the template's pose entry.
    var sharesPose: Bool
    /// The glyph's variation when its template varies or has particles: its
    /// track amplitudes and phases and its particles' seed.
    var varies: Bool
    /// A track the planner adds (a lane's arc) on the glyph's clock, when it has one.
    var hasLane: Bool
    /// The lane's amplitude and curve, when `hasLane`.
    var laneAmplitude: Double
    var laneCurve: CurveValueID
    /// What the sprite the glyph continues shows now (`isShown`), read before
    /// any row is written over: the state and velocity its motion starts from.
    var isShown = false
    var shown = GlyphState.zero
    var shownVelocity = GlyphState.zero
}
