import LegacyAnalyzer
import LegacyAnimator

/// What an effect file says about one role: which channels move and how, over
/// which part of the text, and the timing of the channels that do not say their own.
struct DataEffectRole: Sendable {
    /// The channels, in the file's order.
    var channels: [DataEffectChannel]
    /// How much each glyph moves by where it sits in the text (all of them fully when nil).
    var range: RangeSelector?
    /// The curve of transform channels without one of their own (the style's spring when nil).
    var motion: DataEffectTiming?
    /// The curve of opacity and the other appearance channels without one of their own
    /// (the style's fade when nil: ease-out entering, ease-in exiting).
    var fade: DataEffectTiming?

    /// The descriptor of one glyph in this role: `base`'s (the base effect's motion,
    /// or the persisting glide) with the channels applied, or from rest without one.
    func descriptor(
        _ role: SpriteRole, glyph: GlyphMutation, frame: Rect, context: EffectContext, base: AnimationDescriptor?
    ) -> AnimationDescriptor {
        let style = context.style
        var d = base ?? AnimationDescriptor(
            symbol: glyph.symbol, from: .resting(at: frame.center), to: .resting(at: frame.center),
            timing: .spring(style.spring),
            opacityTiming: .bezier(role == .exiting ? .easeIn : .easeOut, duration: style.fade))
        if let motion { d.timing = motion.curve(style: style, transform: true, role: role) }
        if let fade { d.opacityTiming = fade.curve(style: style, transform: false, role: role) }
        let weight = range?.weight(context) ?? 1
        // The file's channels replace the base's on the channels they name, tracks included.
        var tracks = d.tracks.filter { track in !channels.contains { $0.name.channels.contains(track.channel) } }
        for channel in channels {
            for (target, value) in channel.targets(context: context) {
                // The channel's value at rest in this role: at the end entering, at the start otherwise.
                let rest = role == .entering ? d.to[target] : d.from[target]
                // The range weighs how far a glyph moves, never whether it shows: opacity
                // is not weighed, so a glyph outside the range still fades rather than pops.
                let w = target == .opacity ? 1 : weight
                let amount = (channel.name.isOffset || role == .persisting ? value : value - rest) * w
                if role == .persisting {
                    // An excursion on the way: out by `amount` and back, on the channel's curve.
                    let curve = (channel.timing ?? .outAndBack).excursion(style: style)
                    tracks.append(ChannelTrack(channel: target, amplitude: amount, curve: curve))
                } else if let timing = channel.timing, target != .opacity {
                    // A curve of its own: a track from the offset back to rest (entering) or from rest to it.
                    let curve = timing.curve(style: style, transform: target.isTransform, role: role)
                    if role == .entering {
                        d.from[target] = rest
                        tracks.append(ChannelTrack(channel: target, amplitude: -amount, curve: curve, bias: -1))
                    } else {
                        d.to[target] = rest
                        tracks.append(ChannelTrack(channel: target, amplitude: amount, curve: curve))
                    }
                } else {
                    // Opacity drives the planner's legibility rules through from, to and the
                    // fade, so its own timing becomes the fade rather than a track.
                    if let timing = channel.timing {
                        d.opacityTiming = timing.curve(style: style, transform: false, role: role)
                    }
                    if role == .entering { d.from[target] = rest + amount } else { d.to[target] = rest + amount }
                }
            }
        }
        d.tracks = tracks
        return d
    }
}
