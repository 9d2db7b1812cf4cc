import Analyzer

extension TransitionPlan {
    /// The plan of one glyph as a descriptor, for inspection (the `plan`
    /// command, tests, debugging overlays): the same motion, read back from its
    /// row. Times count from the plan's start; delays come back rounded to
    /// the plan's grouping step (about 2 ms).
    ///
    /// - Complexity: O(tracks of the glyph).
    public func descriptor(of index: Int) -> AnimationDescriptor {
        let row = row(of: index)
        let m = store[row]
        let curves = store.curves
        let from = store.startState(of: row)
        var velocity = GlyphState.zero
        var tracks: [ChannelTrack] = []
        var emitter: ParticleEmitter?
        let start = (!m.transformCurve.isRest ? curves.origin(of: m.transformCurve)
            : !m.appearanceCurve.isRest ? curves.origin(of: m.appearanceCurve) : origin) - origin
        if !m.extras.isNone {
            let e = store.tables.extras[m.extras.index]
            velocity = e.velocity
            for track in store.tables.tracks(of: m.extras) {
                let curveStart = curves.origin(of: track.curve) - origin
                tracks.append(
                    ChannelTrack(
                        channel: track.channel, amplitude: track.amplitude, curve: curves[track.curve],
                        timeOffset: (track.clock == .glyph ? start : 0) - curveStart, bias: track.bias, clock: track.clock))
            }
            if !e.emitter.isNone { emitter = store.tables.emitters[e.emitter.index] }
        }
        var d = AnimationDescriptor(
            symbol: change.symbols[m.glyph], from: from, to: store.restState(of: row), timing: curves[m.transformCurve],
            opacityTiming: curves[m.appearanceCurve], delay: start, tracks: tracks, emitter: emitter,
            box: store.box(of: row))
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
