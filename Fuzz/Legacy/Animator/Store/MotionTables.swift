/// The parts of sprite motions most sprites lack — poses, extras, tracks and
/// particle emitters — in a `MotionStore`, reused as sprites come and go:
/// entries are recycled through free lists, and the tracks of released entries
/// are compacted away once they make up half the table.
package struct MotionTables: Sendable {
    package private(set) var poses: [MotionPose] = []
    private var freePoses: [Int32] = []
    package private(set) var extras: [MotionExtras] = []
    private var extrasInUse: [Bool] = []
    private var freeExtras: [Int32] = []
    package private(set) var tracks: [PlannedTrack] = []
    private var garbageTracks = 0
    package private(set) var emitters: [ParticleEmitter?] = []
    private var freeEmitters: [Int32] = []
    /// The most particles the live emitters can show at once.
    package private(set) var particleBound = 0

    package init() {}

    /// Where the next entry's tracks go: append them with `appendTrack` and then
    /// call `addExtras` with this start.
    package var nextTrack: Int32 { Int32(tracks.count) }

    /// Appends a track (its curve already retained by the caller).
    package mutating func appendTrack(_ track: PlannedTrack) {
        tracks.append(track)
    }

    /// Adds an extras entry whose tracks are `tracks[trackStart...]` (just
    /// appended) and whose emitter is `emitter`; returns its index.
    package mutating func addExtras(
        velocity: GlyphState, rareDelta: GlyphState, trackStart: Int32, emitter: ParticleEmitter?, origin: Double,
        fromDrawing: Int32 = -1, fromOffset: Double = 0, fromWidth: Double = 0
    ) -> Int32 {
        var emitterIndex: Int32 = -1
        if let emitter {
            particleBound += emitter.count
            if let reused = freeEmitters.popLast() {
                emitters[Int(reused)] = emitter
                emitterIndex = reused
            } else {
                emitterIndex = Int32(emitters.count)
                emitters.append(emitter)
            }
        }
        var entry = MotionExtras(
            velocity: velocity, rareDelta: rareDelta, trackStart: trackStart,
            trackCount: Int32(tracks.count) - trackStart, emitter: emitterIndex, origin: origin)
        entry.fromDrawing = fromDrawing
        entry.fromOffset = fromOffset
        entry.fromWidth = fromWidth
        if let reused = freeExtras.popLast() {
            extras[Int(reused)] = entry
            extrasInUse[Int(reused)] = true
            return reused
        }
        extras.append(entry)
        extrasInUse.append(true)
        return Int32(extras.count - 1)
    }

    /// A new pose entry holding `pose`; returns its index.
    package mutating func addPose(_ pose: MotionPose) -> Int32 {
        if !freePoses.isEmpty {
            let reused = freePoses.removeLast()
            poses[Int(reused)] = pose
            return reused
        }
        poses.append(pose)
        return Int32(poses.count - 1)
    }

    /// Puts pose `index` at rest: its channels stop changing. Returns whether
    /// the entry is still needed (its rest values are not the defaults);
    /// releases it if not.
    package mutating func restPose(_ index: Int32) -> Bool {
        var pose = poses[Int(index)]
        pose.change = MotionPose().change
        guard !pose.isDefault else {
            releasePose(index)
            return false
        }
        poses[Int(index)] = pose
        return true
    }

    /// Releases a pose entry (−1: none).
    package mutating func releasePose(_ index: Int32) {
        guard index >= 0 else { return }
        freePoses.append(index)
    }

    /// Keeps `motion`'s rare channels' rest values and settle time in its entry `index`.
    package mutating func setRest(of index: Int32, from motion: SpriteMotion) {
        extras[Int(index)].take(restOf: motion)
    }

    /// The tracks of an extras entry.
    package func tracks(of index: Int32) -> ArraySlice<PlannedTrack> {
        let e = extras[Int(index)]
        return tracks[Int(e.trackStart)..<Int(e.trackStart + e.trackCount)]
    }

    /// Whether an extras entry has a track that repeats forever.
    package func loops(_ index: Int32) -> Bool {
        index >= 0 && tracks(of: index).contains { $0.loops }
    }

    /// Releases an entry, its tracks' curve references and its emitter.
    package mutating func release(_ index: Int32, curves: CurveTable) {
        guard index >= 0 else { return }
        let entry = extras[Int(index)]
        for k in Int(entry.trackStart)..<Int(entry.trackStart + entry.trackCount) { curves.release(tracks[k].curve) }
        garbageTracks += Int(entry.trackCount)
        releaseEmitter(of: entry)
        extrasInUse[Int(index)] = false
        freeExtras.append(index)
        if garbageTracks > 1024 && 2 * garbageTracks > tracks.count { compactTracks() }
    }

    /// At rest: the velocity and the rare channels' change have done their work
    /// and finite tracks have ended; an entry with a loop keeps only its loops,
    /// one whose rare channels rest away from their defaults keeps their values.
    /// Returns whether the entry is still needed.
    package mutating func rest(_ index: Int32, curves: CurveTable) -> Bool {
        var entry = extras[Int(index)]
        let first = Int(entry.trackStart), end = first + Int(entry.trackCount)
        guard (first..<end).contains(where: { tracks[$0].loops }) || entry.restsAwayFromDefaults else {
            release(index, curves: curves)
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
        entry.fromDrawing = -1
        releaseEmitter(of: entry)
        entry.emitter = -1
        extras[Int(index)] = entry
        return true
    }

    private mutating func releaseEmitter(of entry: MotionExtras) {
        guard entry.emitter >= 0 else { return }
        particleBound -= emitters[Int(entry.emitter)]?.count ?? 0
        emitters[Int(entry.emitter)] = nil
        freeEmitters.append(entry.emitter)
    }

    /// Forgets every entry, keeping the storage.
    package mutating func removeAll() {
        poses.removeAll(keepingCapacity: true)
        freePoses.removeAll(keepingCapacity: true)
        extras.removeAll(keepingCapacity: true)
        extrasInUse.removeAll(keepingCapacity: true)
        freeExtras.removeAll(keepingCapacity: true)
        tracks.removeAll(keepingCapacity: true)
        garbageTracks = 0
        emitters.removeAll(keepingCapacity: true)
        freeEmitters.removeAll(keepingCapacity: true)
        particleBound = 0
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

    /// Calls `body` with the tables the evaluator reads, in place.
    @inlinable
    package func withEvaluatorTables<R>(_ body: (EvaluatorTables) -> R) -> R {
        poses.withUnsafeBufferPointer { poses in
            extras.withUnsafeBufferPointer { extras in
                tracks.withUnsafeBufferPointer { tracks in
                    body(
                        EvaluatorTables(
                            poses: poses.baseAddress ?? UnsafePointer(bitPattern: 8)!,
                            extras: extras.baseAddress ?? UnsafePointer(bitPattern: 8)!,
                            tracks: tracks.baseAddress ?? UnsafePointer(bitPattern: 8)!))
                }
            }
        }
    }
}

/// The tables a `MotionRow` refers to, as `MotionEvaluator` reads them: poses,
/// extras and tracks by index.
@frozen @usableFromInline
package struct EvaluatorTables {
    @usableFromInline let poses: UnsafePointer<MotionPose>
    @usableFromInline let extras: UnsafePointer<MotionExtras>
    @usableFromInline let tracks: UnsafePointer<PlannedTrack>

    @inlinable
    package init(poses: UnsafePointer<MotionPose>, extras: UnsafePointer<MotionExtras>, tracks: UnsafePointer<PlannedTrack>) {
        self.poses = poses
        self.extras = extras
        self.tracks = tracks
    }

    @inlinable @inline(__always)
    package func pose(_ index: Int32) -> UnsafePointer<MotionPose> { poses + Int(index) }

    @inlinable @inline(__always)
    package func extras(_ index: Int32) -> UnsafePointer<MotionExtras> { extras + Int(index) }

    @inlinable @inline(__always)
    package func track(_ index: Int) -> UnsafePointer<PlannedTrack> { tracks + index }
}
