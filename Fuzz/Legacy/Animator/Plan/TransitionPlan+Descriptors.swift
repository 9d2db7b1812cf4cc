extension TransitionPlan {
    /// The plan of one glyph as a descriptor, for inspection (the `plan`
    /// command, tests, debugging overlays): the same motion, read back from its
    /// row. Times count from the plan's start; delays come back rounded to
    /// `TransitionPlan.timeQuantum`.
    ///
    /// - Complexity: O(tracks of the glyph).
    public func descriptor(of index: Int) -> AnimationDescriptor {
        let row = rows[index]
        let m = store.motion(row)
        let curves = store.curves
        var from = m.to - m.delta.state
        var velocity = GlyphState.zero
        var tracks: [ChannelTrack] = []
        var emitter: ParticleEmitter?
        let transform = Int(m.transformCurve), appearance = Int(m.appearanceCurve)
        let start = (m.transformCurve != CurveTable.restID ? curves.origins[transform]
            : m.appearanceCurve != CurveTable.restID ? curves.origins[appearance] : origin) - origin
        if m.extras >= 0 {
            let e = store.tables.extras[Int(m.extras)]
            from = from - e.rareDelta
            velocity = e.velocity
            for track in store.tables.tracks(of: m.extras) {
                let curveStart = curves.origins[Int(track.curve)] - origin
                tracks.append(
                    ChannelTrack(
                        channel: track.channel, amplitude: track.amplitude, curve: curves[track.curve],
                        timeOffset: (track.clock == .glyph ? start : 0) - curveStart, bias: track.bias, clock: track.clock))
            }
            if e.emitter >= 0 { emitter = store.tables.emitters[Int(e.emitter)] }
        }
        var d = AnimationDescriptor(
            symbol: change.symbols[Int(m.glyph)], from: from, to: m.to, timing: curves[Int32(transform)],
            opacityTiming: curves[Int32(appearance)], delay: start, tracks: tracks, emitter: emitter,
            box: store.boxes[Int(row)])
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
