import Analyzer
import Animator
import Effects

/// A text change to plan in the tests.
struct Change: Sendable, CustomStringConvertible {
    var old: String
    var new: String
    var mode: DiffMode = .morph

    var description: String { "\(old.debugDescription) → \(new.debugDescription) (\(mode))" }

    /// Changes that exercise entering, exiting and persisting glyphs, moves, empty texts and lines.
    static let table: [Change] = [
        Change(old: "Creative", new: "Create"),
        Change(old: "99", new: "100", mode: .numeric()),
        Change(old: "Send Action", new: "Action Sent"),
        Change(old: "", new: "Hello"),
        Change(old: "Hello", new: ""),
        Change(old: "1234", new: "1289", mode: .replace),
        Change(old: "Kinetype", new: "Kinetic type\nmoves"),
    ]
}

/// The layout every test plans on: 12 × 24 pt cells, so the font size is 24 pt.
let layout = MonospaceLayout(cellWidth: 12, cellHeight: 24)

/// Plans a change with an effect, animating whatever the environment says.
func plan(
    _ effect: any EffectBlueprint, _ change: Change, style: MotionStyle = .snappy, seed: UInt64 = 0
) -> TransitionPlan {
    GlyphAnimator(effect: effect, style: style, preference: .alwaysAnimate, seed: seed)
        .plan(from: change.old, to: change.new, layout: layout, mode: change.mode)
}

/// Plans a hand-built change (for trends the stand-in analyzer cannot produce).
func plan(
    _ effect: any EffectBlueprint, _ change: TextChange, style: MotionStyle = .snappy, seed: UInt64 = 0
) -> TransitionPlan {
    GlyphAnimator(effect: effect, style: style, preference: .alwaysAnimate, seed: seed)
        .plan(change, from: layout.layout(change.oldGlyphs), to: layout.layout(change.newGlyphs))
}

/// A replace-mode change built slot by slot: every old glyph exits, every new one enters.
func slotChange(_ old: String, _ new: String, trend: Int) -> TextChange {
    let a = Array(old), b = Array(new)
    var mutations: [GlyphMutation] = []
    for (j, g) in b.enumerated() {
        mutations.append(GlyphMutation(action: .insert, indexFrom: nil, indexTo: j, symbol: g, priorityWeight: Double(j) / 8))
    }
    for (i, g) in a.enumerated() {
        mutations.append(GlyphMutation(action: .remove, indexFrom: i, indexTo: nil, symbol: g, priorityWeight: Double(i) / 8))
    }
    return TextChange(oldGlyphs: a, newGlyphs: b, mutations: mutations, changeRatio: 1, trend: trend, mode: .replace)
}

/// Where a mutation's glyph rests: its frame centre in the new layout, or in the old one for a leaving glyph.
func restingCenter(_ plan: TransitionPlan, _ i: Int) -> Point {
    let m = plan.plannedMutation(of: i)
    if let j = m.indexTo { return plan.newLayout.frames[j].rect.center }
    return plan.oldLayout.frames[m.indexFrom ?? 0].rect.center
}

/// The descriptor without its tracks: the from → to motion alone.
func base(_ d: AnimationDescriptor) -> AnimationDescriptor {
    var b = d
    b.tracks = []
    return b
}

/// A nanosecond after the plan's duration: the first instant every glyph must be at rest.
///
/// At exactly `plan.duration` a glyph whose `delay + end` rounded down is still a
/// rounding error short of its spring's settling time, and the spring reports
/// its value inside the 0.001 precision band instead of snapping to the target.
func settled(_ plan: TransitionPlan) -> Double {
    plan.duration + 1e-9
}

/// The times every property is sampled at: dense through the motion, then well past it,
/// plus times before the start and the extremes.
func sampleTimes(_ plan: TransitionPlan, step: Double = 1.0 / 120) -> [Double] {
    var times: [Double] = []
    var t = -0.25
    while t <= plan.duration + 2.5 {
        times.append(t)
        t += step
    }
    return times + [plan.duration, 60, 3_600, 1e9, -1e9, .infinity, -.infinity, .nan]
}

/// The registered built-ins plus a few layered combinations.
let effectNames: [String] = EffectRegistry.standard.names + ["slide+mist", "wave+sparkle", "dance+mist", "rolling+dance"]

/// The blueprint a name resolves to in the standard registry.
func effect(_ name: String) throws -> any EffectBlueprint {
    try EffectRegistry.standard.effect(named: name)
}
