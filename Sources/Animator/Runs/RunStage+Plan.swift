import Analyzer

extension RunStage {
    /// One glyph of a change planned afresh (`init(planning:from:to:…)`), in the order a
    /// `TransitionPlan` lists them: the new text's glyphs in order (one the choreography made
    /// leave and enter again listed by its leaving sprite), then the removed glyphs in the
    /// order of the change's mutations (a letter that only lost or gained a mark is the glyph it
    /// became), then the arrivals of the glyphs made to leave and enter.
    package struct PlannedGlyph {
        /// Where a glyph's sprite is.
        package enum Band: UInt8 {
            /// The new text's sprites: `sprite` is its index in the new text.
            case text
            /// The leaving sprites.
            case leaving
            /// None: a glyph removed at once (no motion) has no sprite; it shows nothing.
            case gone
        }
        package var band: Band
        package var sprite: Int32
        package var role: SpriteRole
        /// Its mutation, an index into the change's mutations.
        package var mutation: Int32
        /// Its index in the old text and in the new one, or −1.
        package var oldIndex: Int32
        package var newIndex: Int32
    }

    /// The glyphs of the change the stage planned afresh, in plan order (see `PlannedGlyph`).
    ///
    /// - Complexity: O(glyphs).
    package func plannedGlyphs(of change: TextChange) -> [PlannedGlyph] {
        let mutations = change.mutations, newCount = change.newGlyphCount, oldCount = change.oldGlyphCount
        let span = scratch.span, fromIndex = scratch.fromIndex
        // Which old glyph each new one continues: as planned within the span, as the change
        // says at the ends kept as they are.
        @inline(__always) func from(_ j: Int) -> Int {
            span.contains(j) ? Int(fromIndex[j]) : mutations.indexFrom(at: j)
        }
        // Per old glyph: its leaving sprite (or −1), and whether a new glyph continues it (in
        // one buffer, on the stack for a short text).
        return withUnsafeTemporaryAllocation(of: Int32.self, capacity: max(2 * oldCount, 1)) { table in
            let leavingOf = table.baseAddress.unsafelyUnwrapped, continued = leavingOf + oldCount
            leavingOf.initialize(repeating: -1, count: oldCount)
            continued.initialize(repeating: 0, count: oldCount)
            let exitFrom = scratch.exitFrom
            for k in 0..<min(exitFrom.count, scratch.leaving.count) { leavingOf[Int(exitFrom[k])] = Int32(k) }
            // How many it lists: each new glyph once, the removed glyphs no new one continues,
            // and an arrival more for each glyph made to leave and enter (listed last).
            var remade = 0
            for j in 0..<newCount {
                let i = from(j)
                if i >= 0 { continued[i] = 1 } else if mutations.action(at: j) == .transform { remade += 1 }
            }
            var removed = 0
            for k in newCount..<mutations.count where continued[mutations.indexFrom(at: k)] == 0 { removed += 1 }
            @inline(__always) func leaving(_ i: Int, mutation k: Int) -> PlannedGlyph {
                let sprite = leavingOf[i]
                return PlannedGlyph(
                    band: sprite >= 0 ? .leaving : .gone, sprite: sprite, role: .exiting, mutation: Int32(k),
                    oldIndex: Int32(i), newIndex: -1)
            }
            return [PlannedGlyph](unsafeUninitializedCapacity: max(newCount + removed + remade, 1)) { glyphs, written in
                let out = glyphs.baseAddress.unsafelyUnwrapped
                var n = 0, arrival = newCount + removed
                for j in 0..<newCount {
                    let i = from(j)
                    let planned = PlannedGlyph(
                        band: .text, sprite: Int32(j), role: i >= 0 ? .persisting : .entering, mutation: Int32(j),
                        oldIndex: Int32(i), newIndex: Int32(j))
                    if i < 0 && mutations.action(at: j) == .transform {
                        // Made to leave and enter: its exit here, its arrival after the removed glyphs.
                        (out + n).initialize(to: leaving(mutations.indexFrom(at: j), mutation: j))
                        (out + arrival).initialize(to: planned)
                        arrival += 1
                    } else {
                        (out + n).initialize(to: planned)
                    }
                    n += 1
                }
                for k in newCount..<mutations.count where continued[mutations.indexFrom(at: k)] == 0 {
                    (out + n).initialize(to: leaving(mutations.indexFrom(at: k), mutation: k))
                    n += 1
                }
                written = arrival
            }
        }
    }

    /// The sprite of planned glyph `g`, or nil when it has none.
    private func sprite(of g: PlannedGlyph) -> Sprite? {
        switch g.band {
        case .text: scratch.current[Int(g.sprite)]
        case .leaving: scratch.leaving[Int(g.sprite)]
        case .gone: nil
        }
    }

    /// What planned glyph `g` shows at the plan's time `t`, and how fast that changes; nil
    /// when it has no sprite (it shows nothing).
    package func presented(_ g: PlannedGlyph, atPlanTime t: Double) -> (state: GlyphState, velocity: GlyphState)? {
        guard let s = sprite(of: g) else { return nil }
        var memo = Memo()
        let p = present(s, at: t, owns: scratch.owns.base, memo: &memo)
        return (p.state, p.velocity)
    }

    /// When planned glyph `g`'s finite motion is over, in the plan's time (the plan's origin
    /// for a glyph that does not move).
    package func settle(of g: PlannedGlyph) -> Double {
        guard let s = sprite(of: g), s.kind != 0 || s.own else { return origin }
        return max(s.settle, origin)
    }

    /// Planned glyph `g`'s motion as a descriptor (its times from the plan's origin), read
    /// off its template and its sprite (a ride with a neighbour and a lane as tracks on their
    /// curves): `symbol` and `box` are the glyph's, `gone` what a glyph without a sprite shows.
    package func descriptor(
        of g: PlannedGlyph, symbol: Character, box: GlyphFrame, gone: GlyphState
    ) -> AnimationDescriptor {
        guard let s = sprite(of: g) else { return .resting(symbol, at: gone, box: box) }
        if s.kind == 0 && !s.own {
            var state = GlyphState.resting(at: Point(x: s.x, y: s.y))
            if s.look != 0 { wear(s.look, on: &state) }
            return .resting(symbol, at: state, box: box)
        }
        let k = s.template.index
        var (rest, change) = s.own ? (scratch.owns[s.ownIndex.index].rest, scratch.owns[s.ownIndex.index].change) : poses[k].pointee
        rest.position = Point(x: s.x, y: s.y)
        change.position = Point(x: s.dx, y: s.dy)
        let delay = s.start - origin
        var channelTracks: [ChannelTrack] = []
        let i = info[k].pointee
        let varied = Self.varied(s.variation, in: scratch.variations.base)
        let clockStart = s.own ? scratch.owns[s.ownIndex.index].trackStart : s.start
        let inLane = s.laneIndex.exists
        for n in 0..<i.trackCount {
            let r = track(k, n)
            // (In a lane the lane alone moves it up or down.)
            if inLane && r.channel == .y { continue }
            let begin = Self.begin(of: r, varied: varied.map { $0 + n }, from: clockStart) - origin
            channelTracks.append(
                ChannelTrack(
                    channel: r.channel, amplitude: varied?[n].amplitude ?? r.amplitude, curve: trackCurves[i.trackStart + n].pointee,
                    timeOffset: (r.onTransitionClock ? 0 : delay) - begin, bias: r.bias,
                    clock: r.onTransitionClock ? .transition : .glyph))
        }
        // Riding in with a moving neighbour, or passing another in a lane: tracks on their curves.
        if s.followIndex.exists {
            let f = scratch.follows[s.followIndex.index]
            for (channel, amount) in [(GlyphChannel.x, f.dx), (.y, f.dy)] where amount != 0 {
                channelTracks.append(
                    ChannelTrack(
                        channel: channel, amplitude: amount, curve: timings[f.template.index].pointee,
                        timeOffset: delay - (f.start - origin), bias: f.bias))
            }
        }
        if inLane {
            let l = scratch.lanes[s.laneIndex.index]
            channelTracks.append(
                ChannelTrack(
                    channel: .y, amplitude: l.amplitude, curve: laneCurve(l.curve).pointee,
                    timeOffset: delay - (l.start - origin)))
        }
        var d = AnimationDescriptor(
            symbol: symbol, from: rest.receding(change, transform: 1, appearance: 1), to: rest, timing: timings[k].pointee,
            opacityTiming: fades[k].pointee, delay: delay, tracks: channelTracks,
            emitter: emitter(of: s, template: k, leaving: g.band == .leaving), box: box)
        if s.own { d.velocity = scratch.owns[s.ownIndex.index].velocity }
        return d
    }

    /// Track `n` of template `k`.
    private func track(_ k: Int, _ n: Int) -> TrackRecord {
        tracks[info[k].pointee.trackStart + n].pointee
    }
}
