/// An additive motion on one channel, on top of a descriptor's from → to motion:
/// keyframed wobbles, pulses and waves, and loops that repeat forever.
///
/// The track adds `amplitude × (curve.progress(local + timeOffset) + bias)` to its
/// channel, where `local` is the time since the descriptor's delay. A finite track
/// should end at 0 so the glyph settles on its layout (a curve ending at 1 with a
/// bias of −1 does: it starts `−amplitude` away and arrives); a track whose curve
/// repeats forever makes the descriptor loop.
///
/// ```swift
/// // Rock ±20° once a second, forever.
/// let rock = ChannelTrack(
///     channel: .rotation, amplitude: 20 * .pi / 180,
///     curve: try .keyframes([Keyframe(time: 0, value: -1), Keyframe(time: 1, value: 1)])
///         .repeating(.forever, autoreverse: true))
/// ```
public struct ChannelTrack: Hashable, Sendable {
    /// The channel the track moves.
    public var channel: GlyphChannel
    /// The scale of the curve's values, in the channel's units.
    public var amplitude: Double
    /// The shape of the motion; its progress values are multiples of `amplitude`.
    public var curve: TimingCurve
    /// Seconds added to the track's clock (a phase shift).
    public var timeOffset: Double
    /// Added to the curve's progress: −1 makes a curve that runs 0 → 1 bring an
    /// offset of `−amplitude` back to 0.
    public var bias: Double

    public init(channel: GlyphChannel, amplitude: Double, curve: TimingCurve, timeOffset: Double = 0, bias: Double = 0) {
        self.channel = channel
        self.amplitude = amplitude.isFinite ? amplitude : 0
        self.curve = curve
        self.timeOffset = timeOffset.isFinite ? timeOffset : 0
        self.bias = bias.isFinite ? bias : 0
    }

    /// The offset the track adds at `local` seconds after the descriptor's delay.
    @inlinable
    public func value(at local: Double) -> Double {
        amplitude * (curve.progress(at: local + timeOffset) + bias)
    }

    /// The rate of change of the offset at `local`.
    @inlinable
    public func velocity(at local: Double) -> Double {
        amplitude * curve.velocity(at: local + timeOffset)
    }

    /// Whether the track never ends.
    @inlinable
    public var loops: Bool { curve.repeatsForever }

    /// Seconds after the descriptor's delay at which a finite track has finished.
    @inlinable
    public var endTime: Double { loops ? 0 : max(curve.duration - timeOffset, 0) }
}
