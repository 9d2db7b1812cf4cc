extension GlyphState {
    /// Channel-wise sum (for additive offsets and velocities).
    @inlinable
    public static func + (a: GlyphState, b: GlyphState) -> GlyphState {
        var r = a
        r.add(b, times: 1)
        return r
    }

    /// Channel-wise difference.
    @inlinable
    public static func - (a: GlyphState, b: GlyphState) -> GlyphState {
        var r = a
        r.add(b, times: -1)
        return r
    }

    /// Every channel multiplied by `k`.
    @inlinable
    public static func * (a: GlyphState, k: Double) -> GlyphState {
        var r = GlyphState.zero
        r.add(a, times: k)
        return r
    }

    /// Adds `k × other` to every channel in place.
    @inlinable
    public mutating func add(_ other: GlyphState, times k: Double) {
        add(other, transform: k, appearance: k)
    }

    /// Adds `a × other` to the transform channels (position, scale, rotation,
    /// skew) and `b × other` to the appearance channels (opacity, blur, tint,
    /// stroke end, fill), in place: a velocity carried on two curves.
    @inlinable @inline(__always)
    package mutating func add(_ other: GlyphState, transform a: Double, appearance b: Double) {
        position.x += other.position.x * a
        position.y += other.position.y * a
        scaleX += other.scaleX * a
        scaleY += other.scaleY * a
        rotation += other.rotation * a
        skew += other.skew * a
        opacity += other.opacity * b
        blur += other.blur * b
        tint.red += other.tint.red * b
        tint.green += other.tint.green * b
        tint.blue += other.tint.blue * b
        tint.alpha += other.tint.alpha * b
        strokeEnd += other.strokeEnd * b
        fill += other.fill * b
    }

    /// `self − change × (a, b)`: the transform channels moved back by `a` of
    /// `change`, the appearance ones by `b` (a state `a` and `b` short of its rest).
    @inlinable @inline(__always)
    package func receding(_ change: GlyphState, transform a: Double, appearance b: Double) -> GlyphState {
        var r = self
        r.add(change, transform: -a, appearance: -b)
        return r
    }

    /// Opacity in 0…1 and blur at 0 or more, whatever a curve overshoots.
    @inlinable @inline(__always)
    package mutating func boundPrimary() {
        opacity = min(max(opacity, 0), 1)
        blur = max(blur, 0)
    }

    /// Every bounded channel: opacity, stroke end and fill in 0…1, blur at 0 or more.
    @inlinable @inline(__always)
    package mutating func bound() {
        boundPrimary()
        strokeEnd = min(max(strokeEnd, 0), 1)
        fill = min(max(fill, 0), 1)
    }

    /// The state a fraction `t` of the way from `self` to `other`, every channel linearly:
    /// exactly `self` at t = 0, exactly `other` at t = 1, and a channel that does not
    /// change stays exactly as it is.
    @inlinable
    public func interpolated(to other: GlyphState, _ t: Double) -> GlyphState {
        if t == 1 { return other }
        var r = self
        r.add(other - self, times: t)
        return r
    }

    /// Sets every channel smaller than `limit` in magnitude to zero: what a velocity
    /// carried into a new motion keeps of rounding (the difference of two ways to one
    /// number, an ulp or so) is nothing, and must not make a sprite count as moving.
    @inlinable
    package mutating func dropNoise(below limit: Double = 1e-12) {
        // (A select, not a branch: callgrind counts 1,500 instructions fewer for an interrupting
        // change of the 40-glyph label, which reads about sixty such velocities.)
        @inline(__always) func drop(_ x: inout Double) { x = abs(x) < limit ? 0 : x }
        drop(&position.x)
        drop(&position.y)
        drop(&scaleX)
        drop(&scaleY)
        drop(&rotation)
        drop(&skew)
        drop(&opacity)
        drop(&blur)
        drop(&tint.red)
        drop(&tint.green)
        drop(&tint.blue)
        drop(&tint.alpha)
        drop(&strokeEnd)
        drop(&fill)
    }

    /// This state (where a leaving sprite's exit ends) with the appearance channels the
    /// exit does not change (the same at its `start`) as `shown` has them: a sprite leaves
    /// as it shows (a stroke half written, a tint, a fill).
    @inlinable
    package func keepingAppearance(of shown: GlyphState, unchangedFrom start: GlyphState) -> GlyphState {
        var end = self
        if start.blur == blur { end.blur = shown.blur }
        if start.tint.red == tint.red { end.tint.red = shown.tint.red }
        if start.tint.green == tint.green { end.tint.green = shown.tint.green }
        if start.tint.blue == tint.blue { end.tint.blue = shown.tint.blue }
        if start.tint.alpha == tint.alpha { end.tint.alpha = shown.tint.alpha }
        if start.strokeEnd == strokeEnd { end.strokeEnd = shown.strokeEnd }
        if start.fill == fill { end.fill = shown.fill }
        return end
    }

    /// This state with the scale, rotation and skew an exit that moves nothing does not
    /// change (the same at its `start`) as `shown` has them: a sprite caught mid-turn leaves
    /// turned as it shows, as it leaves from where it shows.
    @inlinable
    package func keepingTransform(of shown: GlyphState, unchangedFrom start: GlyphState) -> GlyphState {
        var end = self
        if start.scaleX == scaleX { end.scaleX = shown.scaleX }
        if start.scaleY == scaleY { end.scaleY = shown.scaleY }
        if start.rotation == rotation { end.rotation = shown.rotation }
        if start.skew == skew { end.skew = shown.skew }
        return end
    }

    /// Whether every channel is zero (either sign), as `== .zero` says, in one
    /// pass without branches: the planner asks it of velocities per glyph.
    @inlinable
    package var isZero: Bool {
        let bits =
            position.x.bitPattern | position.y.bitPattern | scaleX.bitPattern | scaleY.bitPattern | rotation.bitPattern
            | skew.bitPattern | opacity.bitPattern | blur.bitPattern | tint.red.bitPattern | tint.green.bitPattern
            | tint.blue.bitPattern | tint.alpha.bitPattern | strokeEnd.bitPattern | fill.bitPattern
        // Shifting the sign out lets −0 count as zero; any other value leaves a bit.
        return bits << 1 == 0
    }

    /// Whether every channel holds the very same number as in `other`, bit for
    /// bit (stricter than `==`, which takes −0 for +0), without branches.
    @inlinable
    package func isIdentical(to other: GlyphState) -> Bool {
        // `^` and `|` share a precedence in Swift: each difference is parenthesised.
        let a = (position.x.bitPattern ^ other.position.x.bitPattern) | (position.y.bitPattern ^ other.position.y.bitPattern)
        let b = (scaleX.bitPattern ^ other.scaleX.bitPattern) | (scaleY.bitPattern ^ other.scaleY.bitPattern)
        let c = (rotation.bitPattern ^ other.rotation.bitPattern) | (skew.bitPattern ^ other.skew.bitPattern)
        let d = (opacity.bitPattern ^ other.opacity.bitPattern) | (blur.bitPattern ^ other.blur.bitPattern)
        let e = (tint.red.bitPattern ^ other.tint.red.bitPattern) | (tint.green.bitPattern ^ other.tint.green.bitPattern)
        let f = (tint.blue.bitPattern ^ other.tint.blue.bitPattern) | (tint.alpha.bitPattern ^ other.tint.alpha.bitPattern)
        let g = (strokeEnd.bitPattern ^ other.strokeEnd.bitPattern) | (fill.bitPattern ^ other.fill.bitPattern)
        return a | b | c | d | e | f | g == 0
    }

    /// Whether a position, scale, rotation or skew channel is not zero.
    @inlinable
    public var hasTransform: Bool {
        position.x != 0 || position.y != 0 || scaleX != 0 || scaleY != 0 || rotation != 0 || skew != 0
    }

    /// Whether an opacity, blur, tint or stroke channel is not zero.
    @inlinable
    public var hasAppearance: Bool {
        opacity != 0 || blur != 0 || tint.red != 0 || tint.green != 0 || tint.blue != 0 || tint.alpha != 0
            || strokeEnd != 0 || fill != 0
    }

    /// Reads one channel.
    @inlinable
    public subscript(channel: GlyphChannel) -> Double {
        get {
            switch channel {
            case .x: position.x
            case .y: position.y
            case .scaleX: scaleX
            case .scaleY: scaleY
            case .rotation: rotation
            case .skew: skew
            case .opacity: opacity
            case .blur: blur
            case .tintRed: tint.red
            case .tintGreen: tint.green
            case .tintBlue: tint.blue
            case .tintAlpha: tint.alpha
            case .strokeEnd: strokeEnd
            case .fill: fill
            }
        }
        set {
            switch channel {
            case .x: position.x = newValue
            case .y: position.y = newValue
            case .scaleX: scaleX = newValue
            case .scaleY: scaleY = newValue
            case .rotation: rotation = newValue
            case .skew: skew = newValue
            case .opacity: opacity = newValue
            case .blur: blur = newValue
            case .tintRed: tint.red = newValue
            case .tintGreen: tint.green = newValue
            case .tintBlue: tint.blue = newValue
            case .tintAlpha: tint.alpha = newValue
            case .strokeEnd: strokeEnd = newValue
            case .fill: fill = newValue
            }
        }
    }
}

/// One animatable number of a `GlyphState`.
public enum GlyphChannel: String, Hashable, Sendable, CaseIterable {
    case x, y, scaleX, scaleY, rotation, skew, opacity, blur
    case tintRed, tintGreen, tintBlue, tintAlpha, strokeEnd, fill

    /// Whether the channel follows a descriptor's transform timing (position, scale,
    /// rotation, skew) rather than its appearance timing (opacity, blur, tint, stroke).
    @inlinable
    public var isTransform: Bool {
        switch self {
        case .x, .y, .scaleX, .scaleY, .rotation, .skew: true
        default: false
        }
    }

    /// The appearance channels (see `isTransform`), in a constant list.
    package static let appearance: [GlyphChannel] = allCases.filter { !$0.isTransform }
}

// Plain values: stored in the stage's raw columns.
extension GlyphChannel: BitwiseCopyable {}
