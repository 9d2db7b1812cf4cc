/// A sprite's scale, rotation, skew, opacity and blur at rest and their change
/// along its motion: the primary channels besides position, kept apart from the
/// `MotionRow` for the sprites that need them.
///
/// A glyph that only moves (most glyphs of a text that reflows, and every glyph
/// at rest) has these channels at their defaults — scale 1, rotation, skew and
/// blur 0, opacity 1 — and no change: its row has no pose, and the sweep writes
/// the defaults without reading anything.
@frozen @usableFromInline
package struct MotionPose: Sendable, Equatable {
    /// The six channels, as values at rest or as a change.
    @frozen @usableFromInline
    package struct Channels: Sendable, Equatable {
        @usableFromInline package var scaleX, scaleY, rotation, skew, opacity, blur: Double

        /// The channels of `state`.
        @inlinable @inline(__always)
        package init(_ state: GlyphState) {
            (scaleX, scaleY, rotation, skew) = (state.scaleX, state.scaleY, state.rotation, state.skew)
            (opacity, blur) = (state.opacity, state.blur)
        }

        /// Every channel zero: no change.
        @inlinable @inline(__always)
        package init() {
            (scaleX, scaleY, rotation, skew, opacity, blur) = (0, 0, 0, 0, 0, 0)
        }

        /// Whether the channels are `other`'s bit for bit (a sign of zero counts).
        @inlinable @inline(__always)
        package func hasBits(of other: Channels) -> Bool {
            scaleX.bitPattern == other.scaleX.bitPattern && scaleY.bitPattern == other.scaleY.bitPattern
                && rotation.bitPattern == other.rotation.bitPattern && skew.bitPattern == other.skew.bitPattern
                && opacity.bitPattern == other.opacity.bitPattern && blur.bitPattern == other.blur.bitPattern
        }
    }

    @usableFromInline package var rest: Channels
    @usableFromInline package var change: Channels

    /// The defaults, unchanging.
    @inlinable
    package init() {
        rest = Channels(GlyphState(tint: Tint(red: 1, green: 1, blue: 1, alpha: 0)))
        change = Channels()
    }

    /// The pose of a motion that rests at `rest` and starts `change` away from it (`rest − from`).
    @inlinable
    package init(rest: GlyphState, change: GlyphState) {
        self.rest = Channels(rest)
        self.change = Channels(change)
    }

    /// The same pose at rest: its channels no longer change.
    @inlinable
    package var resting: MotionPose {
        var pose = self
        pose.change = Channels()
        return pose
    }

    /// Whether the pose is the defaults', bit for bit: a row without a pose is
    /// evaluated to exactly what its pose would give.
    @inlinable @inline(__always)
    package var isDefault: Bool {
        let defaults = MotionPose()
        return rest.hasBits(of: defaults.rest) && change.hasBits(of: defaults.change)
    }
}
