import Analyzer

/// What an effect says, once per transition, about every glyph of one role:
/// where an entering glyph comes from, where an exiting glyph goes, how a
/// persisting glyph travels, and on which curves.
///
/// Positions in `from` and `to` are offsets from the glyph's box centre (its
/// place at rest): `from` from the box it starts in, `to` from the box it ends
/// in (the old and the new box for a persisting glyph; the same box for the
/// others). Every other channel is the channel's value. So an entering glyph
/// that drops in from a font size above and fades in is
///
/// ```swift
/// var start = GlyphState()            // at rest, at its place
/// start.position.y = -context.fontSize
/// start.opacity = 0
/// return RoleTemplate(from: start, timing: .spring(context.style.spring),
///                     opacityTiming: .bezier(.easeOut, duration: context.style.fade))
/// ```
///
/// The planner starts each glyph at its place in the stagger plus `delay`,
/// rides it with its anchor, keeps the choreography's rules, and writes it;
/// what is the same for every glyph of the template (its curves, when it is
/// clear or visible, its pose) is worked out once. What differs per glyph
/// (a wave's phase, a seeded jitter) comes from `EffectBlueprint.vary(_:context:)`,
/// asked only when `variesPerGlyph` is set.
public struct RoleTemplate: Hashable, Sendable {
    /// The state at the start; its position is an offset from the centre of the box the glyph starts in.
    public var from: GlyphState
    /// The state at the end; its position is an offset from the centre of the box the glyph ends in.
    public var to: GlyphState
    /// Seconds after the glyph's place in the stagger at which its motion starts.
    public var delay: Double
    /// The curve of the transform channels (position, scale, rotation, skew).
    public var timing: TimingCurve
    /// The curve of the appearance channels (opacity, blur, tint, stroke end, fill).
    public var opacityTiming: TimingCurve
    /// Additive keyframed or looping offsets on top (see `ChannelTrack`).
    public var tracks: [ChannelTrack]
    /// Particles drawn around each glyph; each glyph's come from a seed of its
    /// own (`GlyphVariation.seed`).
    public var emitter: ParticleEmitter?
    /// Whether the planner asks `EffectBlueprint.vary(_:context:)` for each glyph.
    public var variesPerGlyph: Bool
    /// The channels whose offset `GlyphVariation.scale` scales: how far an
    /// entering glyph's start, or an exiting glyph's end, lies from the state at rest.
    public var scaledChannels: ChannelSet
    /// For persisting glyphs: whether a glyph is at its new place from the start
    /// (`from`'s position is then an offset from the new box, as `to`'s), instead
    /// of travelling there from its old one.
    public var startsAtNewPlace = false

    /// A template with every part spelled out; by default a glyph rests where it is.
    ///
    /// - Parameters:
    ///   - from: the state at the start (position: an offset from the start box's centre).
    ///   - to: the state at the end (position: an offset from the end box's centre).
    ///   - timing: the transform channels' curve.
    ///   - opacityTiming: the appearance channels' curve (`timing` when nil).
    ///   - delay: seconds after the glyph's place in the stagger (negative and non-finite values count as 0).
    ///   - tracks: additive tracks.
    ///   - emitter: particles around each glyph.
    public init(
        from: GlyphState = GlyphState(), to: GlyphState = GlyphState(), timing: TimingCurve,
        opacityTiming: TimingCurve? = nil, delay: Double = 0, tracks: [ChannelTrack] = [],
        emitter: ParticleEmitter? = nil, variesPerGlyph: Bool = false, scaledChannels: ChannelSet = []
    ) {
        self.from = from
        self.to = to
        self.delay = delay.isFinite ? max(delay, 0) : 0
        self.timing = timing
        self.opacityTiming = opacityTiming ?? timing
        self.tracks = tracks
        self.emitter = emitter
        self.variesPerGlyph = variesPerGlyph
        self.scaledChannels = scaledChannels
    }

    /// A persisting glyph's default: it glides from its old place to its new
    /// one on `spring`, its appearance unchanged.
    public static func glide(_ spring: Spring) -> RoleTemplate {
        RoleTemplate(timing: .spring(spring), opacityTiming: .instant)
    }

    /// Whether a glyph of this template stays exactly as it is where it does
    /// not move: no channel changes, no track, no particles (a persisting glyph
    /// that keeps its place is then left as it is).
    public var isStill: Bool {
        from == to && tracks.isEmpty && emitter == nil && !variesPerGlyph
    }

    /// Whether a glyph of this template shows, from start to end, exactly what
    /// a glyph at rest on its place shows: still (`isStill`), at its place, every
    /// channel at rest. Such a glyph that keeps its place keeps its row as it is.
    package var changesNothing: Bool {
        tracks.isEmpty && emitter == nil && !variesPerGlyph && from.isIdentical(to: .resting(at: .zero))
            && to.isIdentical(to: .resting(at: .zero))
    }

    /// The template with one glyph's variation worked in (its own motion, if
    /// it has one): what that glyph of `role` does, as a template of its own.
    ///
    /// - Complexity: O(tracks).
    public func applying(_ variation: GlyphVariation, role: SpriteRole) -> RoleTemplate {
        if var own = variation.motion {
            // A glyph's own motion: its delay and seed still apply; its tracks are its own.
            own.variesPerGlyph = false
            if variation.delay.isFinite { own.delay = max(own.delay + variation.delay, 0) }
            own.emitter?.seed = variation.seed
            return own
        }
        // Numbers that are not finite count as no variation: nothing reaches a frame as NaN.
        var result = self
        result.variesPerGlyph = false
        if !scaledChannels.isEmpty, variation.scale != 1, variation.scale.isFinite {
            scale(&result.from, &result.to, by: variation.scale, role: role)
        }
        if variation.delay.isFinite { result.delay = max(result.delay + variation.delay, 0) }
        for k in result.tracks.indices {
            if k < variation.amplitudes.count, variation.amplitudes[k].isFinite {
                result.tracks[k].amplitude = variation.amplitudes[k]
            }
            if k < variation.trackOffsets.count, variation.trackOffsets[k].isFinite {
                result.tracks[k].timeOffset = variation.trackOffsets[k]
            }
        }
        result.emitter?.seed = variation.seed
        return result
    }

    /// The motion of one glyph of `role` as a descriptor: the template placed
    /// between the box centres `start` and `end`, with the glyph's variation applied.
    ///
    /// - Complexity: O(tracks).
    public func descriptor(
        symbol: Character, role: SpriteRole, from start: Point, to end: Point, variation: GlyphVariation? = nil
    ) -> AnimationDescriptor {
        let glyph = variation.map { applying($0, role: role) } ?? self
        var from = glyph.from, to = glyph.to
        let origin = glyph.startsAtNewPlace ? end : start
        from.position.x = origin.x + from.position.x
        from.position.y = origin.y + from.position.y
        to.position.x = end.x + to.position.x
        to.position.y = end.y + to.position.y
        return AnimationDescriptor(
            symbol: symbol, from: from, to: to, timing: glyph.timing, opacityTiming: glyph.opacityTiming,
            delay: glyph.delay, tracks: glyph.tracks, emitter: glyph.emitter)
    }

    /// Scales the offset of the scaled channels from rest: an entering glyph's
    /// start from its end, an exiting glyph's end from its start (a persisting
    /// glyph's ends are both at rest: nothing to scale).
    func scale(_ from: inout GlyphState, _ to: inout GlyphState, by k: Double, role: SpriteRole) {
        switch role {
        case .entering:
            for channel in scaledChannels.channels { from[channel] = to[channel] + k * (from[channel] - to[channel]) }
        case .exiting:
            for channel in scaledChannels.channels { to[channel] = from[channel] + k * (to[channel] - from[channel]) }
        case .persisting:
            break
        }
    }
}
