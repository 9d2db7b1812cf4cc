import Analyzer

/// The parts of sprite motions most sprites lack — poses, extras, tracks and
/// particle emitters — in a `MotionStore`, reused as sprites come and go:
/// entries are recycled through free lists, and the tracks of released entries
/// are compacted away once they make up half the table.
///
/// A pose is shared: the glyphs of one template in one plan start from the
/// same pose and change by the same amounts, so they refer to one entry,
/// counted by its rows.
///
/// The tables are `Column`s (written per sprite, an array's copy-on-write
/// check cost as much as the write): a `MotionTables` is owned by one store,
/// never copied, and deallocated by it.
package struct MotionTables {
    package private(set) var poses = Column<MotionPose>()
    /// Per pose: the rows that use it (0: free).
    private var poseUses = Column<Int32>()
    private var freePoses = Column<Int32>()
    package private(set) var extras = Column<MotionExtras>()
    private var extrasInUse = Column<Bool>()
    private var freeExtras = Column<Int32>()
    /// The tracks of every entry (`MotionExtras.trackStart`…); see `tracks(of:)`.
    private var trackColumn = Column<PlannedTrack>()
    private var garbageTracks = 0
    package private(set) var emitters: [ParticleEmitter?] = []
    private var freeEmitters = Column<Int32>()
    /// The most particles the live emitters can show at once.
    package private(set) var particleBound = 0

    package init() {}

    /// Frees the tables' storage (their owner's `deinit`).
    func deallocate() {
        poses.deallocate()
        poseUses.deallocate()
        freePoses.deallocate()
        extras.deallocate()
        extrasInUse.deallocate()
        freeExtras.deallocate()
        trackColumn.deallocate()
        freeEmitters.deallocate()
    }

    // MARK: - Poses

    /// The pose and extras of a row at rest on `state`: none for what sits at
    /// its defaults, else new entries holding it (used by no row yet).
    package mutating func resting(on state: GlyphState) -> (pose: PoseID, extras: ExtrasID) {
        let pose = MotionPose(rest: state, change: .zero)
        var extras = ExtrasID.none
        if MotionExtras.restsAwayFromDefaults(tint: state.tint, state.strokeEnd, state.fill) {
            extras = addExtras(velocity: .zero, rareDelta: .zero, trackStart: nextTrack, emitter: nil, origin: 0)
            setRest(of: extras, to: state)
        }
        return (pose.isDefault ? .none : addPose(pose), extras)
    }

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
    package var nextTrack: Int32 { Int32(trackColumn.count) }

    /// The number of tracks in the table (released ones included until they are compacted away).
    package var trackCount: Int { trackColumn.count }

    /// Appends a track (its curve already retained by the caller).
    package mutating func appendTrack(_ track: PlannedTrack) {
        trackColumn.append(track)
    }

    /// Adds an extras entry whose tracks are `trackColumn[trackStart...]` (just
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
            trackCount: Int32(trackColumn.count) - trackStart, emitter: emitterIndex, origin: origin)
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

    /// The tracks of an extras entry, in place: valid until the tables next change.
    package func tracks(of id: ExtrasID) -> UnsafeBufferPointer<PlannedTrack> {
        let e = extras[id.index]
        return UnsafeBufferPointer(start: trackColumn.base + Int(e.trackStart), count: Int(e.trackCount))
    }

    /// Whether an extras entry has a track that repeats forever.
    package func loops(_ id: ExtrasID) -> Bool {
        !id.isNone && tracks(of: id).contains { $0.loops }
    }

    /// Releases an entry, its tracks' curve references and its emitter.
    package mutating func release(_ id: ExtrasID, curves: CurveTable) {
        guard !id.isNone else { return }
        // Read in place: the entry is large (two states and more) to copy for three fields.
        let entry = UnsafePointer(extras.base + id.index)
        let (trackStart, trackCount) = (Int(entry.pointee.trackStart), Int(entry.pointee.trackCount))
        for k in trackStart..<(trackStart + trackCount) { curves.release(trackColumn[k].curve) }
        garbageTracks += trackCount
        releaseEmitter(entry.pointee.emitter)
        extrasInUse[id.index] = false
        freeExtras.append(id.raw)
        if garbageTracks > 1024 && 2 * garbageTracks > trackColumn.count { compactTracks() }
    }

    /// At rest: the velocity and the rare channels' change have done their work
    /// and finite tracks have ended; an entry with a loop keeps only its loops,
    /// one whose rare channels rest away from their defaults keeps their values.
    /// Returns whether the entry is still needed.
    package mutating func rest(_ id: ExtrasID, curves: CurveTable) -> Bool {
        // Written in place: the entry is large to copy out and back.
        let entry = extras.base + id.index
        let first = Int(entry.pointee.trackStart), end = first + Int(entry.pointee.trackCount)
        guard (first..<end).contains(where: { trackColumn[$0].loops }) || entry.pointee.restsAwayFromDefaults else {
            release(id, curves: curves)
            return false
        }
        // Finished tracks drop out; loops move to the front of the entry's range.
        var kept = first
        for k in first..<end {
            if trackColumn[k].loops {
                trackColumn[kept] = trackColumn[k]
                kept += 1
            } else {
                curves.release(trackColumn[k].curve)
            }
        }
        garbageTracks += end - kept
        entry.pointee.trackCount = Int32(kept - first)
        entry.pointee.velocity = .zero
        entry.pointee.rareDelta = .zero
        entry.pointee.carries = false
        entry.pointee.changesRareChannels = false
        entry.pointee.fromDrawing = -1
        releaseEmitter(entry.pointee.emitter)
        entry.pointee.emitter = .none
        return true
    }

    private mutating func releaseEmitter(_ emitter: EmitterID) {
        guard !emitter.isNone else { return }
        particleBound -= emitters[emitter.index]?.count ?? 0
        emitters[emitter.index] = nil
        freeEmitters.append(emitter.raw)
    }

    /// Forgets every entry, keeping the storage.
    package mutating func removeAll() {
        poses.truncate(to: 0)
        poseUses.truncate(to: 0)
        freePoses.truncate(to: 0)
        extras.truncate(to: 0)
        extrasInUse.truncate(to: 0)
        freeExtras.truncate(to: 0)
        trackColumn.truncate(to: 0)
        garbageTracks = 0
        emitters.removeAll(keepingCapacity: true)
        freeEmitters.truncate(to: 0)
        particleBound = 0
    }

    /// Rewrites the track table with the live entries' tracks only, in place
    /// (an entry's tracks only ever move down).
    private mutating func compactTracks() {
        // Entries in the order of their tracks, so that moving one never overwrites another's.
        var order = extras.indices.filter { extrasInUse[$0] }
        order.sortStably { extras[$0].trackStart < extras[$1].trackStart }
        var next = 0
        for index in order {
            let first = Int(extras[index].trackStart), count = Int(extras[index].trackCount)
            for k in 0..<count { trackColumn[next + k] = trackColumn[first + k] }
            extras[index].trackStart = Int32(next)
            next += count
        }
        trackColumn.truncate(to: next)
        garbageTracks = 0
    }

    /// Checks the free lists against the uses: a free pose is used by no row,
    /// a free extras entry is not in use, every track range lies in the table.
    package func checkInvariants(poseRows: [Int32]) {
        for index in poses.indices {
            precondition(poseRows[index] == poseUses[index], "MotionTables: pose \(index) counts \(poseUses[index]) rows, has \(poseRows[index])")
        }
        for k in 0..<freeExtras.count {
            precondition(!extrasInUse[Int(freeExtras[k])], "MotionTables: free extras \(freeExtras[k]) in use")
        }
        for index in extras.indices where extrasInUse[index] {
            let e = extras[index]
            precondition(e.trackStart >= 0 && Int(e.trackStart + e.trackCount) <= trackColumn.count, "MotionTables: extras \(index) tracks out of range")
        }
    }

    /// Calls `body` with the tables the evaluator reads, in place.
    @inline(__always)
    package func withEvaluatorTables<R>(settles: UnsafePointer<Double>, _ body: (EvaluatorTables) -> R) -> R {
        body(
            EvaluatorTables(
                poses: UnsafePointer(poses.base), extras: UnsafePointer(extras.base), tracks: UnsafePointer(trackColumn.base),
                settles: settles))
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
