/// An additive motion on one channel, on top of a descriptor's from → to motion:
/// keyframed wobbles, pulses and waves, and loops that repeat forever.
///
/// The track adds `amplitude × (curve.progress(time + timeOffset) + bias)` to its
/// channel, where `time` runs on the track's `clock`: from the glyph's own start
/// (after its delay and its place in the stagger) by default, or from the
/// transition's start. A finite track should end at 0 so the glyph settles on its
/// layout (a curve ending at 1 with a bias of −1 does: it starts `−amplitude` away
/// and arrives); a track whose curve repeats forever makes the descriptor loop.
///
/// ```swift
/// // Rock ±20° once a second, forever, every glyph in step whatever its stagger.
/// let rock = ChannelTrack(
///     channel: .rotation, amplitude: 20 * .pi / 180,
///     curve: try .keyframes([Keyframe(time: 0, value: -1), Keyframe(time: 1, value: 1)])
///         .repeating(.forever, autoreverse: true),
///     clock: .transition)
/// ```
public struct ChannelTrack: Hashable, Sendable {
    /// Where a track's time starts.
    public enum Clock: UInt8, Hashable, Sendable {
        /// With the glyph's own motion: after the descriptor's delay and the glyph's
        /// place in the stagger (the default).
        case glyph
        /// At the transition's start, whatever the glyph's delay: for loops that keep
        /// every glyph in step, and for timing shared by the whole text.
        case transition
    }

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
    /// Where the track's time starts.
    public var clock: Clock

    public init(
        channel: GlyphChannel, amplitude: Double, curve: TimingCurve, timeOffset: Double = 0, bias: Double = 0,
        clock: Clock = .glyph
    ) {
        self.channel = channel
        self.amplitude = amplitude.isFinite ? amplitude : 0
        self.curve = curve
        self.timeOffset = timeOffset.isFinite ? timeOffset : 0
        self.bias = bias.isFinite ? bias : 0
        self.clock = clock
    }

    /// The offset the track adds at `time` seconds on its clock.
    @inlinable
    public func value(at time: Double) -> Double {
        amplitude * (curve.progress(at: time + timeOffset) + bias)
    }

    /// The rate of change of the offset at `time` seconds on its clock.
    @inlinable
    public func velocity(at time: Double) -> Double {
        amplitude * curve.velocity(at: time + timeOffset)
    }

    /// Whether the track never ends.
    @inlinable
    public var loops: Bool { curve.repeatsForever }

    /// Seconds on its clock at which a finite track has finished.
    @inlinable
    public var endTime: Double { loops ? 0 : max(curve.duration - timeOffset, 0) }

    /// When the track's curve starts, in seconds from the transition's start, for a
    /// glyph whose motion starts `delay` seconds in.
    @inlinable
    public func curveStart(delay: Double) -> Double {
        (clock == .glyph ? delay : 0) - timeOffset
    }
}

// A plain value: kept in the stage's raw columns.
extension ChannelTrack.Clock: BitwiseCopyable {}
