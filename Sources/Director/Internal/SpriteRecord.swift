import Animator

/// What the Director keeps per live sprite: its motion, as the plan gave it
/// (rebased onto the Director's tables and clock), and its identity. Plain
/// data, read in place by the per-frame sweep.
struct SpriteRecord {
    var motion: SpriteMotion
    /// The sprite's identity: the same glyph keeps it across transitions.
    var id: Int32

    /// Whether the sprite belongs to the text the Director shows or heads to.
    var isInText: Bool { motion.role != .exiting }
}

/// The extras, tracks and particle emitters of live sprites, reused as sprites
/// come and go: entries are recycled through free lists, and the tracks of
/// released entries are compacted away once they make up half the table.
struct MotionTables {
    private(set) var extras: [MotionExtras] = []
    private var extrasInUse: [Bool] = []
    private var freeExtras: [Int32] = []
    private(set) var tracks: [PlannedTrack] = []
    private var garbageTracks = 0
    private(set) var emitters: [ParticleEmitter?] = []
    private var freeEmitters: [Int32] = []
    /// The most particles the live emitters can show at once.
    private(set) var particleBound = 0

    /// Copies a plan's extras entry (its tracks and emitter included), with its
    /// curves mapped through `curveIDs` and its times moved by `fence`; returns its index.
    mutating func add(
        _ e: MotionExtras, from plan: TransitionPlan, curveIDs: UnsafePointer<Int32>, fence: Double,
        curves: inout CurveTable
    ) -> Int32 {
        var entry = e
        entry.origin += fence
        entry.trackStart = Int32(tracks.count)
        plan.withPlannedTracks(Int(e.trackStart), count: Int(e.trackCount)) { planned in
            for var track in planned {
                track.curve = curveIDs[Int(track.curve)]
                curves.retain(track.curve)
                tracks.append(track)
            }
        }
        if e.emitter >= 0, let emitter = plan.emitter(Int(e.emitter)) {
            particleBound += emitter.count
            if let reused = freeEmitters.popLast() {
                emitters[Int(reused)] = emitter
                entry.emitter = reused
            } else {
                entry.emitter = Int32(emitters.count)
                emitters.append(emitter)
            }
        }
        if let reused = freeExtras.popLast() {
            extras[Int(reused)] = entry
            extrasInUse[Int(reused)] = true
            return reused
        }
        extras.append(entry)
        extrasInUse.append(true)
        return Int32(extras.count - 1)
    }

    /// Releases an entry, its tracks' curve references and its emitter.
    mutating func release(_ index: Int32, curves: inout CurveTable) {
        guard index >= 0 else { return }
        let entry = extras[Int(index)]
        for k in Int(entry.trackStart)..<Int(entry.trackStart + entry.trackCount) { curves.release(tracks[k].curve) }
        garbageTracks += Int(entry.trackCount)
        if entry.emitter >= 0 {
            particleBound -= emitters[Int(entry.emitter)]?.count ?? 0
            emitters[Int(entry.emitter)] = nil
            freeEmitters.append(entry.emitter)
        }
        extrasInUse[Int(index)] = false
        freeExtras.append(index)
        if garbageTracks > 1024 && 2 * garbageTracks > tracks.count { compactTracks() }
    }

    /// At a settle: the velocity and the rare channels have done their work and
    /// finite tracks have ended; an entry with a loop keeps only its loops.
    /// Returns whether the entry is still needed.
    mutating func settle(_ index: Int32, curves: inout CurveTable) -> Bool {
        var entry = extras[Int(index)]
        let first = Int(entry.trackStart), end = first + Int(entry.trackCount)
        guard (first..<end).contains(where: { tracks[$0].loops }) else {
            release(index, curves: &curves)
            return false
        }
        // Finished tracks drop out; loops move to the front of the entry's range.
        var kept = first
        for k in first..<end {
            if tracks[k].loops {
                tracks[kept] = tracks[k]
                kept += 1
            } else {
                curves.release(tracks[k].curve)
            }
        }
        garbageTracks += end - kept
        entry.trackCount = Int32(kept - first)
        entry.velocity = .zero
        entry.rareDelta = .zero
        entry.carries = false
        entry.changesRareChannels = false
        if entry.emitter >= 0 {
            particleBound -= emitters[Int(entry.emitter)]?.count ?? 0
            emitters[Int(entry.emitter)] = nil
            freeEmitters.append(entry.emitter)
            entry.emitter = -1
        }
        extras[Int(index)] = entry
        return true
    }

    /// Rewrites the track table with the live entries' tracks only.
    private mutating func compactTracks() {
        var live: [PlannedTrack] = []
        live.reserveCapacity(tracks.count - garbageTracks)
        for index in extras.indices where extrasInUse[index] {
            let first = Int(extras[index].trackStart)
            extras[index].trackStart = Int32(live.count)
            live.append(contentsOf: tracks[first..<first + Int(extras[index].trackCount)])
        }
        tracks = live
        garbageTracks = 0
    }
}
