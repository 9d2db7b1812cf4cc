import Analyzer
import Animator

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

    /// The template of this role: `base`'s (the base effect's, or the
    /// persisting glide) with the channels applied, or from rest without one.
    /// Every glyph moves fully here; the range weighs each glyph in `vary`.
    func template(_ context: TransitionContext, base: RoleTemplate?) -> RoleTemplate {
        let role = context.role
        let style = context.style
        var t = base ?? RoleTemplate(
            timing: .spring(style.spring),
            opacityTiming: .bezier(role == .exiting ? .easeIn : .easeOut, duration: style.fade))
        if let motion { t.timing = motion.curve(style: style, transform: true, role: role) }
        if let fade { t.opacityTiming = fade.curve(style: style, transform: false, role: role) }
        // The file's channels replace the base's on the channels they name, tracks included.
        var tracks = t.tracks.filter { track in !channels.contains { $0.name.channels.contains(track.channel) } }
        var scaled = t.scaledChannels
        for channel in channels {
            for (target, value) in channel.targets(fontSize: context.fontSize) {
                scaled.remove(ChannelSet(target))
                // The channel's value at rest in this role: at the end entering, at the start otherwise.
                let rest = role == .entering ? t.to[target] : t.from[target]
                let amount = channel.name.isOffset || role == .persisting ? value : value - rest
                if role == .persisting {
                    // An excursion on the way: out by `amount` and back, on the channel's curve.
                    let curve = (channel.timing ?? .outAndBack).excursion(style: style)
                    tracks.append(ChannelTrack(channel: target, amplitude: amount, curve: curve))
                } else if let timing = channel.timing, target != .opacity {
                    // A curve of its own: a track from the offset back to rest (entering) or from rest to it.
                    let curve = timing.curve(style: style, transform: target.isTransform, role: role)
                    if role == .entering {
                        t.from[target] = rest
                        tracks.append(ChannelTrack(channel: target, amplitude: -amount, curve: curve, bias: -1))
                    } else {
                        t.to[target] = rest
                        tracks.append(ChannelTrack(channel: target, amplitude: amount, curve: curve))
                    }
                } else {
                    // Opacity drives the planner's legibility rules through from, to and the
                    // fade, so its own timing becomes the fade rather than a track.
                    if let timing = channel.timing {
                        t.opacityTiming = timing.curve(style: style, transform: false, role: role)
                    }
                    if role == .entering { t.from[target] = rest + amount } else { t.to[target] = rest + amount }
                    // The range weighs how far a glyph moves, never whether it shows:
                    // opacity is not weighed, so a glyph outside the range still fades rather than pops.
                    if target != .opacity { scaled.insert(ChannelSet(target)) }
                }
            }
        }
        t.tracks = tracks
        t.scaledChannels = scaled
        if case .some = range { t.variesPerGlyph = true }
        return t
    }

    /// The channels of the tracks the role's channels add, in the order the
    /// template appends them (after the base's tracks it keeps).
    func trackChannels(_ role: SpriteRole) -> [GlyphChannel] {
        var result: [GlyphChannel] = []
        for channel in channels {
            for target in channel.name.channels where role == .persisting || (channel.hasTiming && target != .opacity) {
                result.append(target)
            }
        }
        return result
    }

    /// Weighs one glyph by the range: how far it moves (`GlyphVariation.scale`)
    /// and the amplitudes of the role's own tracks, opacity aside.
    func weigh(_ glyph: inout GlyphVariation, by weight: Double, role: SpriteRole) {
        glyph.scale = weight
        let own = trackChannels(role)
        let first = glyph.amplitudes.count - own.count
        guard first >= 0 else { return }
        for (k, channel) in own.enumerated() where channel != .opacity { glyph.amplitudes[first + k] *= weight }
    }
}
