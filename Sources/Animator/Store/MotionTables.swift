/// The parts of sprite motions most sprites lack — poses, extras, tracks and
/// particle emitters — in a `MotionStore`, reused as sprites come and go:
/// entries are recycled through free lists, and the tracks of released entries
/// are compacted away once they make up half the table.
///
/// A pose is shared: the glyphs of one template in one plan start from the
/// same pose and change by the same amounts, so they refer to one entry,
/// counted by its rows.
package struct MotionTables: Sendable {
    package private(set) var poses: [MotionPose] = []
    /// Per pose: the rows that use it (0: free).
    private var poseUses: [Int32] = []
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

    // MARK: - Poses

    /// A new pose entry holding `pose`, used by no row yet (`retainPose` each row).
    package mutating func addPose(_ pose: MotionPose) -> PoseID {
        if let reused = freePoses.popLast() {
            poses[Int(reused)] = pose
            poseUses[Int(reused)] = 0
            return PoseID(raw: reused)
        }
        poses.append(pose)
        poseUses.append(0)
        return PoseID(raw: Int32(poses.count - 1))
    }

    /// One more row uses pose `id`.
    @inline(__always)
    package mutating func retainPose(_ id: PoseID) {
        if !id.isNone { poseUses[id.index] += 1 }
    }

    /// One row less uses pose `id` (none: nothing); the entry is freed when none does.
    package mutating func releasePose(_ id: PoseID) {
        guard !id.isNone else { return }
        poseUses[id.index] -= 1
        if poseUses[id.index] == 0 { freePoses.append(id.raw) }
    }

    /// Frees a pose added for a template that no row took.
    package mutating func dropPoseIfUnused(_ id: PoseID) {
        guard !id.isNone, poseUses[id.index] == 0 else { return }
        freePoses.append(id.raw)
    }

    /// Puts a row's pose at rest: its channels stop changing. Returns the pose
    /// the row rests with: none when the rest values are the defaults, the same
    /// entry when only this row used it, else a pose of its own.
    package mutating func restPose(_ id: PoseID) -> PoseID {
        guard !id.isNone else { return .none }
        let resting = poses[id.index].resting
        if resting.isDefault {
            releasePose(id)
            return .none
        }
        if poseUses[id.index] == 1 {
            poses[id.index] = resting
            return id
        }
        releasePose(id)
        let own = addPose(resting)
        retainPose(own)
        return own
    }

    // MARK: - Extras and tracks

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
    ) -> ExtrasID {
        var emitterIndex = EmitterID.none
        if let emitter {
            particleBound += emitter.count
            if let reused = freeEmitters.popLast() {
                emitters[Int(reused)] = emitter
                emitterIndex = EmitterID(raw: reused)
            } else {
                emitterIndex = EmitterID(raw: Int32(emitters.count))
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
            return ExtrasID(raw: reused)
        }
        extras.append(entry)
        extrasInUse.append(true)
        return ExtrasID(raw: Int32(extras.count - 1))
    }

    /// Keeps the rare channels' rest values of `state` in entry `id`.
    package mutating func setRest(of id: ExtrasID, to state: GlyphState) {
        extras[id.index].takeRest(of: state)
    }

    /// The tracks of an extras entry.
    package func tracks(of id: ExtrasID) -> ArraySlice<PlannedTrack> {
        let e = extras[id.index]
        return tracks[Int(e.trackStart)..<Int(e.trackStart + e.trackCount)]
    }

    /// Whether an extras entry has a track that repeats forever.
    package func loops(_ id: ExtrasID) -> Bool {
        !id.isNone && tracks(of: id).contains { $0.loops }
    }

    /// Releases an entry, its tracks' curve references and its emitter.
    package mutating func release(_ id: ExtrasID, curves: CurveTable) {
        guard !id.isNone else { return }
        let entry = extras[id.index]
        for k in Int(entry.trackStart)..<Int(entry.trackStart + entry.trackCount) { curves.release(tracks[k].curve) }
        garbageTracks += Int(entry.trackCount)
        releaseEmitter(of: entry)
        extrasInUse[id.index] = false
        freeExtras.append(id.raw)
        if garbageTracks > 1024 && 2 * garbageTracks > tracks.count { compactTracks() }
    }

    /// At rest: the velocity and the rare channels' change have done their work
    /// and finite tracks have ended; an entry with a loop keeps only its loops,
    /// one whose rare channels rest away from their defaults keeps their values.
    /// Returns whether the entry is still needed.
    package mutating func rest(_ id: ExtrasID, curves: CurveTable) -> Bool {
        var entry = extras[id.index]
        let first = Int(entry.trackStart), end = first + Int(entry.trackCount)
        guard (first..<end).contains(where: { tracks[$0].loops }) || entry.restsAwayFromDefaults else {
            release(id, curves: curves)
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
        entry.emitter = .none
        extras[id.index] = entry
        return true
    }

    private mutating func releaseEmitter(of entry: MotionExtras) {
        guard !entry.emitter.isNone else { return }
        particleBound -= emitters[entry.emitter.index]?.count ?? 0
        emitters[entry.emitter.index] = nil
        freeEmitters.append(entry.emitter.raw)
    }

    /// Forgets every entry, keeping the storage.
    package mutating func removeAll() {
        poses.removeAll(keepingCapacity: true)
        poseUses.removeAll(keepingCapacity: true)
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

    #if KINETYPE_INVARIANTS
    /// Checks the free lists against the uses: a free pose is used by no row,
    /// a free extras entry is not in use, every track range lies in the table.
    package func checkInvariants(poseRows: [Int32]) {
        for index in poses.indices {
            precondition(poseRows[index] == poseUses[index], "MotionTables: pose \(index) counts \(poseUses[index]) rows, has \(poseRows[index])")
        }
        for free in freeExtras { precondition(!extrasInUse[Int(free)], "MotionTables: free extras \(free) in use") }
        for index in extras.indices where extrasInUse[index] {
            let e = extras[index]
            precondition(e.trackStart >= 0 && Int(e.trackStart + e.trackCount) <= tracks.count, "MotionTables: extras \(index) tracks out of range")
        }
    }
    #endif

    /// Calls `body` with the tables the evaluator reads, in place.
    @inlinable
    package func withEvaluatorTables<R>(settles: UnsafePointer<Double>, _ body: (EvaluatorTables) -> R) -> R {
        poses.withUnsafeBufferPointer { poses in
            extras.withUnsafeBufferPointer { extras in
                tracks.withUnsafeBufferPointer { tracks in
                    body(
                        EvaluatorTables(
                            poses: poses.baseAddress ?? UnsafePointer(bitPattern: 8)!,
                            extras: extras.baseAddress ?? UnsafePointer(bitPattern: 8)!,
                            tracks: tracks.baseAddress ?? UnsafePointer(bitPattern: 8)!, settles: settles))
                }
            }
        }
    }
}

/// The tables a `MotionRow` refers to, as `MotionEvaluator` reads them: poses,
/// extras and tracks by index, and the rows' settle times by slot.
@frozen @usableFromInline
package struct EvaluatorTables {
    @usableFromInline let poses: UnsafePointer<MotionPose>
    @usableFromInline let extras: UnsafePointer<MotionExtras>
    @usableFromInline let tracks: UnsafePointer<PlannedTrack>
    @usableFromInline let settles: UnsafePointer<Double>

    @inlinable
    package init(
        poses: UnsafePointer<MotionPose>, extras: UnsafePointer<MotionExtras>, tracks: UnsafePointer<PlannedTrack>,
        settles: UnsafePointer<Double>
    ) {
        self.poses = poses
        self.extras = extras
        self.tracks = tracks
        self.settles = settles
    }

    @inlinable @inline(__always)
    package func pose(_ id: PoseID) -> UnsafePointer<MotionPose> { poses + id.index }

    @inlinable @inline(__always)
    package func extras(_ id: ExtrasID) -> UnsafePointer<MotionExtras> { extras + id.index }

    @inlinable @inline(__always)
    package func track(_ index: Int) -> UnsafePointer<PlannedTrack> { tracks + index }

    @inlinable @inline(__always)
    package func settle(_ row: RowID) -> Double { settles[row.slot] }
}
