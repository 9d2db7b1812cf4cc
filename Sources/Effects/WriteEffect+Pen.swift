import Analyzer
import Animator

// The write effect with a pen: a text laid out by a single-stroke font
// (`EffectContext.ink`) is written as one hand writes it.

extension WriteEffect {
    /// The pen's default pace, in ems of ink a second: "hello" in the cursive
    /// pen (about 8 ems of ink) in about 3 s.
    public static let penPace = 2.65
    /// How much faster the pen un-writes than it writes.
    static let unwritingSpeedUp = 2.0
    /// The pause between un-writing the old part and writing the new, in seconds.
    static let penPause = 0.1
    /// Seconds a glyph the pen has no ink for (a space, a letter drawn from the outline
    /// font) takes to fade in as the pen reaches it, or out as it passes back.
    static let inklessFade = 0.12

    /// Seconds the pen takes to write `ink` points of ink at font size `unit`:
    /// ``penDuration`` when set, else at ``penPace``, at most `maximumDuration`
    /// and at least 0.3 s.
    public func penWritingTime(ink: Double, unit: Double) -> Double {
        if let penDuration { return sane(penDuration, 3, 0.05...600) }
        let pace = ink / (Self.penPace * unit)
        return min(max(pace.isFinite ? pace : 0, 0.3), sane(maximumDuration, 6, 0.1...60))
    }

    /// Seconds the pen takes to un-write `ink` points: half its writing pace, at most 2 s.
    func penUnwritingTime(ink: Double, unit: Double) -> Double {
        guard ink > 0 else { return 0 }
        let pace = ink / (Self.penPace * Self.unwritingSpeedUp * unit)
        return min(max(pace.isFinite ? pace : 0, 0.2), 2)
    }

    /// An entering glyph under the pen. One ease-in-out carries the pen along
    /// all the entering ink in reading order; the glyph is written (`strokeEnd`
    /// 0 → 1) while the pen is on its share of the ink, from `before` to
    /// `before + length`, on that piece of the curve (``PenWindow``), so the
    /// glyphs are written one after another and the pen never changes speed at
    /// a junction. When glyphs leave in the same change, the pen starts once
    /// they are un-written. The glyph is shown (opacity 1, nothing written)
    /// from the moment the pen reaches it.
    func penInitial(_ context: EffectContext) -> RoleTemplate {
        let ink = context.ink
        var state = GlyphState()
        state.fill = 0
        let length = sane(ink.length, 0, 0...1e12), total = sane(ink.total, 0, 0...1e12)
        guard total > 0 else {
            return RoleTemplate(from: state, to: state, timing: .instant, opacityTiming: .instant)
        }
        let before = sane(ink.before, 0, 0...total)
        let unit = context.unit
        let unwrite = ink.leaving > 0 ? penUnwritingTime(ink: ink.leaving, unit: unit) + Self.penPause : 0
        let window = PenWindow(
            easing: .easeInOut, duration: penWritingTime(ink: total, unit: unit), from: before / total,
            to: (before + length) / total)
        var hidden = state
        hidden.opacity = 0
        guard length > 0 else {
            // No ink of its own (a space, or a letter the pen lacks, drawn from the outline
            // font): it fades in as the pen reaches its place, not all at once.
            return RoleTemplate(
                from: hidden, to: state, timing: .instant, opacityTiming: .bezier(.easeOut, duration: Self.inklessFade),
                delay: unwrite + window.start)
        }
        // strokeEnd = 1 + (share − 1): 0 until the pen arrives, 1 once it has passed.
        let track = ChannelTrack(channel: .strokeEnd, amplitude: 1, curve: window.curve, bias: -1)
        return RoleTemplate(
            from: hidden, to: state, timing: .instant, opacityTiming: .instant, delay: unwrite + window.start,
            tracks: [track])
    }

    /// A leaving glyph under the pen: un-written backwards, the last glyph
    /// first, the pen running back over the leaving ink on one ease-in-out.
    /// It is gone (opacity 0) once un-written, so the planner knows its place is clear.
    func penFinal(_ context: EffectContext) -> RoleTemplate {
        let ink = context.ink
        var state = GlyphState()
        state.fill = 0
        var gone = state
        gone.opacity = 0
        let length = sane(ink.length, 0, 0...1e12), total = sane(ink.total, 0, 0...1e12)
        guard total > 0 else {
            return RoleTemplate(from: state, to: gone, timing: .instant, opacityTiming: .instant)
        }
        let before = sane(ink.before, 0, 0...total)
        let window = PenWindow(
            easing: .easeInOut, duration: penUnwritingTime(ink: total, unit: context.unit),
            from: (total - before - length) / total, to: (total - before) / total)
        guard length > 0 else {
            // No ink of its own: it fades out as the pen, un-writing, passes its place.
            return RoleTemplate(
                from: state, to: gone, timing: .instant, opacityTiming: .bezier(.easeIn, duration: Self.inklessFade),
                delay: window.start)
        }
        // strokeEnd = 1 − share: exactly what it shows when the change comes, then down to 0.
        let track = ChannelTrack(channel: .strokeEnd, amplitude: -1, curve: window.curve)
        let span = window.end - window.start
        let vanish = TimingCurve.keyframesOrInstant([
            Keyframe(time: 0, value: 0), Keyframe(time: span, value: 0), Keyframe(time: span + 1e-3, value: 1),
        ])
        return RoleTemplate(
            from: state, to: gone, timing: .instant, opacityTiming: vanish, delay: window.start, tracks: [track])
    }
}
