/// Whether the frames of a transition can be read: the measure behind the
/// legibility targets, for tests, the benchmark, the
/// inspector and your own checks.
///
/// A frame is read glyph by glyph. Only **clearly visible** glyphs count: a
/// sprite whose opacity is at least `Criteria.visibleOpacity` (0.4 by
/// default), whose scaled box has a width and a height, which draws something
/// (some fill or some outline) and whose glyph is not whitespace. A space on
/// top of a letter is not unreadable, and neither is a glyph faded or shrunk
/// to nothing. Particles are ignored.
///
/// - A **garbled pair** is two *readable* glyphs (the same, from opacity
///   `Criteria.readableOpacity`, 0.2 by default) on the same line whose
///   boxes overlap horizontally by more than `Criteria.overlapFraction` (35 %
///   by default) of the narrower box's width. A sprite's box is its layout box
///   (`SpriteFrame.boxSize`, advance × line height) scaled by
///   |`scaleX`| × |`scaleY`| and centred on its `position`; rotation and skew
///   are not taken into account. Two boxes are on the same line when their
///   centres are vertically closer than half the taller box's height.
/// - A **doubled glyph** is a symbol shown clearly visible more often than the
///   texts in play allow: more times than the most any of those texts holds
///   it (see `GlyphAllowance`). When a transition is measured on a Director,
///   the texts in play are the text it last rested on and every text set
///   since; they go back to the one text when a transition settles (by then
///   the sprites of the texts before are gone). So in "Send Action" → "Action
///   Sent" → "Send Action", two clear copies of "S" are one too many, and in
///   "Send" → "Sent" a leaving "d" and an arriving "t" are fine, but an "S"
///   leaving while another "S" arrives, both clearly visible, is doubled.
///
/// - A **space gap** is a space both texts keep (a persisting space) whose
///   readable persisting neighbours on its line are less than half a space
///   apart ("jumpsover") or more than two spaces apart with nothing arriving or
///   leaving between them and the room not closing ("jumps   over"); see
///   `SpaceGap`.
///
/// A frame with none of these is legible. A transition's **garbled share** is the
/// share of its sampled frames with at least one garbled pair
/// (`LegibilityReport.garbledShare`).
///
/// ```swift
/// let director = TransitionDirector(text: "Send Action", effect: .slide)
/// let playback = try Playback(texts: ["Send Action", "Action Sent", "Send Action"], interval: 0.08)
/// let report = Legibility.measure(director, playing: playback)
/// report.garbledShare   // frames with a garbled pair / frames sampled
/// print(report)         // e.g. 40 frames: 4 garbled (10.0 %), 11 with a doubled glyph ("S" ×2 of 1 at
///                       //   0.167 s); worst: "d" (3) over "S" (16), 99.8 % at 0.250 s
/// ```
public enum Legibility {
    /// The garbled pairs and doubled glyphs of one frame.
    ///
    /// - Parameters:
    ///   - frame: the frame, as `TransitionDirector.frame(at:)` or your own code made it.
    ///   - allowance: how often each glyph may be shown, from the texts in play;
    ///     nil to skip the doubled-glyph check.
    ///   - criteria: the thresholds.
    /// - Returns: the pairs, worst first, and the doubled glyphs, in drawing order.
    /// - Complexity: O(n log n) in sprites for text laid out in lines, plus the
    ///   pairs of boxes that overlap horizontally on neighbouring lines (never
    ///   more than a few per glyph unless glyphs pile up).
    public static func check(
        _ frame: Frame, allowance: GlyphAllowance? = nil, criteria: Criteria = .standard
    ) -> FrameLegibility {
        var scan = LegibilityScan()
        return scan.check(frame, allowance: allowance, criteria: criteria)
    }

    /// The garbled pairs and doubled glyphs of one frame, with the texts in play given.
    ///
    /// ```swift
    /// let result = Legibility.check(frame, texts: ["Send Action", "Action Sent"])
    /// result.isLegible
    /// ```
    ///
    /// - Complexity: as `check(_:allowance:criteria:)`, plus O(g) in the glyphs of the texts.
    public static func check(
        _ frame: Frame, texts: some Sequence<String>, criteria: Criteria = .standard
    ) -> FrameLegibility {
        check(frame, allowance: GlyphAllowance(texts), criteria: criteria)
    }

    /// Plays a script on a Director and measures every frame drawn while a
    /// transition runs (from the first change until the last settles; frames
    /// at rest are not sampled).
    ///
    /// The Director plays as `TransitionDirector.play(_:_:)` does, so it should
    /// show `playback.texts[0]` at rest, and its effect, style, layout and mode
    /// are those of the measurement. The texts in play follow the rule of
    /// `Legibility`. A check the Director already runs
    /// (`enableLegibilityCheck`) is left as it was: these frames are not added to it.
    ///
    /// - Returns: the counts over the sampled frames, with the worst pairs.
    /// - Complexity: O(frames × sprites log sprites), plus one transition per text.
    public static func measure(
        _ director: TransitionDirector, playing playback: Playback, criteria: Criteria = .standard
    ) -> LegibilityReport {
        let kept = director.legibilityRecorder
        defer {
            director.legibilityRecorder = kept
            kept?.rest(on: director.text)
        }
        let recorder = director.makeLegibilityRecorder(criteria)
        director.legibilityRecorder = recorder
        director.play(playback) { _ in }
        return recorder.status.total
    }
}
