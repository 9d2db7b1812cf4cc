extension TransitionPlan {
    /// The plan of one glyph as a descriptor, for inspection (the `plan`
    /// command, tests, debugging overlays): the same motion, read back from the
    /// flat form. Delays come back rounded to `PlannedCurve.quantum`.
    ///
    /// - Complexity: O(tracks of the glyph).
    public func descriptor(of index: Int) -> AnimationDescriptor {
        let m = motions[index]
        var from = m.to - m.delta.state
        var velocity = GlyphState.zero
        var tracks: [ChannelTrack] = []
        var emitter: ParticleEmitter?
        let transform = curves[Int(m.transformCurve)], appearance = curves[Int(m.appearanceCurve)]
        let delay = m.transformCurve != 0 ? transform.start : appearance.start
        if m.extras >= 0 {
            let e = extras[Int(m.extras)]
            from = from - e.rareDelta
            velocity = e.velocity
            for k in Int(e.trackStart)..<Int(e.trackStart + e.trackCount) {
                let track = self.tracks[k]
                let curve = curves[Int(track.curve)]
                tracks.append(
                    ChannelTrack(
                        channel: track.channel, amplitude: track.amplitude, curve: curve.curve,
                        timeOffset: (track.clock == .glyph ? delay : 0) - curve.start, bias: track.bias,
                        clock: track.clock))
            }
            if e.emitter >= 0 { emitter = emitters[Int(e.emitter)] }
        }
        var d = AnimationDescriptor(
            symbol: change.symbols[Int(m.glyph)], from: from, to: m.to, timing: transform.curve,
            opacityTiming: appearance.curve, delay: delay, tracks: tracks, emitter: emitter, box: boxes[index])
        d.velocity = velocity
        return d
    }

    /// Every glyph's plan as a descriptor, in plan order (see `descriptor(of:)` and `plannedMutation(of:)`).
    ///
    /// - Complexity: O(glyphs + tracks).
    public var descriptors: [AnimationDescriptor] {
        (0..<count).map(descriptor(of:))
    }
}
