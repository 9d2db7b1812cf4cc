import Analyzer

/// The run model: the planner a `TransitionDirector` plans and draws on, and the one a
/// `GlyphAnimator` plans a change with (`init(planning:from:to:…)`). A text change
/// planned as runs of glyphs that share a role template. The `FuzzPlan` target plays
/// random changes on it and on a Director and checks what must hold (Fuzz/README.md);
/// the bench's "run model" cases count its `setText` alone.
///
/// It plans what plain templates need, as the Director's planner does:
/// the stagger in every order (ranks sorted on the order's key), coherence within the window the Director plans,
/// clear-before-fill holds (a sweep per arrival), line holds per run, calmer
/// springs on long moves, lanes, arrivals riding their nearest moving neighbour
/// (stretched between two, or in place), letters that gain or lose marks,
/// drawings that change form, numbers anchored where they stand, all twelve pose
/// channels, and changes that interrupt a running one: sprites caught in motion
/// carry what they show and how fast it changes into motions of their own,
/// glyphs on their way to rest where they stay keep their motion, arrivals catch
/// the nearest leaving copy of their glyph (the older of two as near); tracks
/// (keyframed or own-curve channels, excursions of staying glyphs, loops), on the
/// glyph's clock or the transition's, caught sprites keeping them on the clock
/// they were planned with; and per-glyph variation: the effect's per-glyph step
/// asked for each glyph of a template that varies, in the Director's context (its
/// index, rank, word, line, random traits keyed by where its sprite was born),
/// its track amplitudes and offsets kept beside its row, its delay in its start,
/// its scale in a pose of its own, its own motion as a template of its own.
/// Particles count in when a sprite settles and in the rules tracks change (a
/// sprite with them moves whatever it shows), and a frame draws them (`particles`),
/// each sprite's emitter seeded as its random traits are.
/// It plans in proportion to the change: the glyphs kept at the ends (the coherence
/// window's) keep their sprites in place; only the span between is planned glyph by glyph.
/// A text played onto itself (`restage`) is a change like any other. Tracks on the
/// transition's clock start at an absolute instant, kept as the change planned it (a loop
/// caught at its turn turns there), and a glyph at rest joins them as one caught does:
/// from what it shows less their offsets then (a dance joined mid-swing does not jump).
/// A style that retimes a change (`MotionStyle.speed`, `MotionStyle.duration`) plays it on
/// the Director's clock (`PlaybackClock`): times passed in are the caller's.
/// A text a pen writes (a layout with `ink`) is planned whole, each glyph told its share of
/// the ink (`InkLedger`). A glyph at rest starts from what it shows when its template starts
/// elsewhere (a pen un-writing from the fill it rests with), and a sprite keeps the rare
/// channels its motion ended on (`Look`: a pen's text rests unfilled).
/// Tiles are drawn, not planned: a frame gives each visible sprite a change set on a tile (no
/// blank glyph is) its tile (`tileFrames`), showing as its glyph does, with the glyph's tint when
/// the tiles pulse; a sprite a change carries on (still leaving) keeps what it had, as the
/// Director's rows do. A text on tiles is planned whole, its coherence read over it all.
/// A scene (a control's keyed shapes, `setScene`) is a band of its own: each shape a sprite on
/// its own motion from what it shows, its outline blending on its transform curve.
/// A frame's rows are the `SpriteFrame`s a Director's frame holds (box, baseline and drawing
/// each), and a glyph whose drawing changes blends from its old one on its transform curve
/// (`reshapes`, the `SpriteReshape`s beside them).
/// Its layout, effect, style, diff mode, seed and motion preference may change between changes,
/// as the Director's: under reduced motion a change is the cross-fade (no stagger, drift or
/// riding), under none the new text at rest at once (a glyph that stays keeps its sprite).
/// Templates no sprite or ride names are let go once many are unused (a long session of
/// changes whose templates differ, a dance's phase on each change's start, would otherwise
/// keep them all), the sprites' `TemplateID`s renumbered with them; `_checkInvariants()`
/// verifies every id a row holds.
///
/// The model: the effect is asked once per role; each template's crossings
/// (when a leaving glyph clears, when an arrival shows) are solved once; a
/// sprite is a glyph, its box, its template and its start (plus, caught in
/// motion, its own pose and velocity; riding, its neighbour's curve; in a lane,
/// the lane's), written into one of two bands (leaving; the new text in its
/// order) whose order is the z-order; the frame evaluates a template's curves at
/// each sprite's local time. Nothing goes through a curve table, a pool, a key
/// or a per-glyph entry.
package final class RunStage {
    /// A role's template with what the timing rules ask of it, solved once.
    package struct Template {
        var template: RoleTemplate
        /// Rest and change of the pose channels (`to`, `to − from`).
        var rest: GlyphState
        var change: GlyphState
        var transformDuration: Double
        var opacityDuration: Double
        var changesPose: Bool
        var changesAppearance: Bool
        /// Seconds after its start when a leaving glyph clears / an arrival shows (its opacity
        /// crossing `level`, the choreography's it was made under).
        var level: Double
        var clearAfter: Double
        var visibleAfter: Double
        var progressWhenVisible: Double
        /// The curves' slopes at their start (for a velocity carried into them).
        var timingSlope: Double
        var opacitySlope: Double

        /// Whether `change` moves a pose channel of the transform curve (scale, rotation, skew;
        /// not the place, which a sprite's own `dx`, `dy` say).
        static func changesPose(_ change: GlyphState) -> Bool {
            change.scaleX != 0 || change.scaleY != 0 || change.rotation != 0 || change.skew != 0
        }

        init(_ t: RoleTemplate, level: Double) {
            template = t
            rest = t.to
            change = t.to - t.from
            transformDuration = t.timing.duration
            opacityDuration = t.opacityTiming.duration
            changesPose = Self.changesPose(change)
            changesAppearance = change.hasAppearance
            self.level = level
            let a = t.from.opacity, b = t.to.opacity
            clearAfter = a >= level && b < level && a > b
                ? (t.opacityTiming.firstTime(reaching: (a - level) / (a - b)) ?? t.opacityTiming.duration) : 0
            visibleAfter = a < level && b >= level && b > a
                ? (t.opacityTiming.firstTime(reaching: (level - a) / (b - a)) ?? t.opacityTiming.duration) : 0
            progressWhenVisible = visibleAfter > 0 ? t.timing.progress(at: visibleAfter) : 0
            timingSlope = t.timing.initialVelocity
            opacitySlope = t.opacityTiming.initialVelocity
        }
    }

    /// One sprite: what the frame needs, nothing else.
    package struct Sprite: BitwiseCopyable {
        package var id: Int32
        package var glyph: GlyphID
        /// 0 staying at rest, 1 moving, 2 leaving, 3 arriving.
        package var kind: UInt8
        /// Whether the change that wrote it set it on a tile (`tileStyle`'s).
        package var tiled = false
        /// Its template (its curves, and its pose unless it has its own), or none: a sprite set
        /// at rest before any change was planned (a sprite at rest reads no template).
        package var template: TemplateID
        /// How it looks at rest (`looks`: its tint, stroke end and fill), once its motion is over.
        package var look: UInt16 = 0
        /// Where its own pose and velocity are (caught in motion), or none: it moves as its template says.
        var ownIndex: RecordID<Own>
        var own: Bool { ownIndex.exists }
        /// Where the moving neighbour it rides in with is described, or none.
        var followIndex = RecordID<FollowRecord>.none
        /// Where its lane is described, or none.
        var laneIndex = RecordID<LaneRecord>.none
        /// Its box (`boxes`): width, height and baseline. (Here, where the 4 bytes before the
        /// first `Double` would be padding: a sprite is 104 bytes.)
        package var box: RecordID<Box>
        package var x: Double
        package var y: Double
        package var dx: Double
        package var dy: Double
        /// When its curves start (absolute, on the grouping step), when it is gone (leaving) and when its motion is over.
        package var start: Double
        package var hide: Double
        package var settle: Double
        /// The drawing it shows (or ends on), when the layout names drawings; −1 otherwise.
        package var drawing: Int32 = -1
        /// Where its own track amplitudes and offsets are (`TrackVariation`, one per track
        /// of its template), or none: its template's (it does not vary per glyph).
        var variation = RecordID<TrackVariation>.none
        /// Where it was born, the key of its random traits (kept for life): its glyph then, and
        /// its index in the text it was born in (`traitsKey(of:)` hashes them when an effect asks).
        package var bornGlyph: GlyphID = 0
        package var bornIndex: Int32 = 0

        /// Puts it at rest where it is (at `t`): no motion, no records beside it.
        mutating func rest(at t: Double) {
            kind = 0
            ownIndex = .none
            variation = .none
            followIndex = .none
            laneIndex = .none
            dx = 0
            dy = 0
            start = t
        }
    }

    /// A glyph riding with a moving neighbour: the neighbour's curve (its template's
    /// transform curve from its start) and how far it moves. An arrival (`bias` −1) starts
    /// behind by that much and catches up; a leaving glyph (`bias` 0, when the effect's
    /// choreography does not clear the way first) goes along with its anchor.
    struct FollowRecord: BitwiseCopyable {
        var template: TemplateID
        /// When the neighbour's curve starts, put on this change's steps (what the frames
        /// read), and as the neighbour has it (what the timing rules read).
        var start: Double
        var anchorStart: Double
        var dx: Double
        var dy: Double
        var bias = -1.0
    }

    /// A run passing another on its line takes a lane: an arc above or below
    /// the line (`amplitude` points at full), on a curve of its own from `start`.
    struct LaneRecord: BitwiseCopyable {
        var amplitude: Double
        var curve: LaneCurveID
        var start: Double
    }

    /// One glyph's own amplitude and clock for a track of its template: on the glyph's
    /// clock, its time offset (on the steps) behind the glyph's start; on the transition's,
    /// the absolute instant its curve starts, the change's origin less its offset (as the
    /// change planned it, kept when the sprite is caught or carried on; a start kept as an
    /// offset from the sprite's would land an ulp off a loop's turn).
    struct TrackVariation: BitwiseCopyable {
        var amplitude: Double
        var offset: Double
    }

    /// A template's track (`ChannelTrack`): an offset on one channel, `amplitude ×
    /// (progress + bias)` of its own curve (`trackCurves`, at the track's own index), on a
    /// clock `offset` seconds behind the sprite's start (its time offset, on the steps).
    struct TrackRecord: BitwiseCopyable {
        var channel: GlyphChannel
        /// Whether its clock is the transition's (it starts with the change that planned
        /// the glyph, not with the glyph's own motion).
        var onTransitionClock: Bool
        var amplitude: Double
        var bias: Double
        var offset: Double
        var loops: Bool
        var duration: Double
        /// The track's time offset as the effect gave it (`offset` is on the steps): what a
        /// glyph's variation starts from.
        var timeOffset: Double
    }

    /// A sprite's own motion, beside its row: its pose's rest and change (their
    /// places where it ends and how far it moves; the frame reads the sprite's),
    /// and the velocity it carries.
    struct Own: BitwiseCopyable {
        var rest: GlyphState
        var change: GlyphState
        var velocity: GlyphState
        /// When its template's tracks start (their clocks run from the start it was
        /// planned to have, not from the instant it was caught).
        var trackStart: Double
        /// What it blends from while its drawing changes (`Reshape.none` if it does not).
        var reshape = Reshape.none
    }

    /// A leaving sprite's motion from what it shows (`own(_:from:…)`'s arguments), kept until
    /// its ride with its anchor is known: leaving sprite `leaving`, as it was before.
    struct OwnExit: BitwiseCopyable {
        var leaving: Int32
        var sprite: Sprite
        var shown: Presented
        var to: Point
        var rest: GlyphState
        var template: TemplateID
        var start: Double
        var trackStart: Double
        var leavingFrom: GlyphState
        /// Whether it shows nothing now and would show nothing on its way: gone at once unless it rides.
        var unseen: Bool
        /// Whether it was planned as leaving from its rest (kept so unless its ride is under way).
        var plain: Bool
    }

    /// What a sprite shows at an instant, and how fast each channel changes.
    package struct Presented: BitwiseCopyable {
        var state: GlyphState
        var velocity: GlyphState

        /// Shown at rest at `place`, moving not at all.
        static func resting(at place: Point) -> Presented { Presented(state: .resting(at: place), velocity: .zero) }

        var isStill: Bool { velocity.isZero }
    }

    /// The rare channels a sprite keeps at rest (a pen's text rests unfilled).
    struct Look: BitwiseCopyable {
        var tint: Tint
        var strokeEnd: Double
        var fill: Double
    }

    /// Whether `pose` is a glyph's rest wherever it stands: natural size, upright,
    /// fully visible, untinted, all drawn.
    static func restsAsDrawn(_ pose: GlyphState) -> Bool { pose == .resting(at: pose.position) }

    /// What a glyph whose drawing changes blends from (`SpriteReshape`'s): its old drawing
    /// (−1: none), where that drawing's pen origin lies from the new one's, and its width.
    struct Reshape: BitwiseCopyable {
        var drawing: Int32
        var offset: Double
        var width: Double

        static let none = Reshape(drawing: -1, offset: 0, width: 0)
        var isNone: Bool { drawing < 0 }

        init(drawing: Int32, offset: Double, width: Double) {
            self.drawing = drawing
            self.offset = offset
            self.width = width
        }

        /// What sprite `s` (its drawing and box not yet its new ones) blends from, its box
        /// becoming `width` wide: the two drawings share their start edge (the right one, right to left).
        init(_ s: Sprite, width old: Double, to width: Double, rightToLeft: Bool) {
            self.init(drawing: s.drawing, offset: rightToLeft ? width - old : 0, width: old)
        }
    }

    /// A leaving glyph as the timing rules see it: where it starts, its box as its pose starts, when it clears.
    struct Mark: BitwiseCopyable {
        var x: Double
        var y: Double
        /// Where it ends vertically (an exit rolling off its line; `y` for the others).
        var y1: Double
        var width: Double
        var height: Double
        var clear: Double
        var glyph: GlyphID
    }

    /// Flat storage of plain values, grown (contents kept) when asked for more room: what the loops index.
    struct Column<T: BitwiseCopyable> {
        /// No storage until asked for room (a scratch made to be swapped in allocates nothing).
        private(set) var base = UnsafeMutablePointer<T>(bitPattern: MemoryLayout<T>.alignment)!
        var count = 0
        /// The room: its size when allocated for this column, `~size` (negative) when carved from
        /// its scratch's block, which gives it back. (Not a flag beside it: a column stays three
        /// words, and a scratch, copied in and out at each change, no larger.)
        private var room = 0

        /// How many elements fit.
        var capacity: Int { room < 0 ? ~room : room }

        /// Room for `n` elements, the first `count` kept.
        mutating func reserve(_ n: Int) {
            let capacity = self.capacity
            guard n > capacity else { return }
            let grown = UnsafeMutablePointer<T>.allocate(capacity: max(n, 2 * capacity))
            grown.update(from: base, count: count)
            if room > 0 { base.deallocate() }
            base = grown
            room = max(n, 2 * capacity)
        }

        /// Room for `n` elements at `carving`'s offset (which moves past them), for a column
        /// with no room yet; only measured while `carving` has no block. Carved room is
        /// given back with the block, not by the column.
        @inline(__always)
        mutating func carve(_ n: Int, in carving: inout Carving) {
            assert(room == 0, "a column carved after it had room")
            assert(MemoryLayout<T>.alignment <= Carving.alignment, "a column aligned past its block")
            guard n > 0 else { return }
            let alignment = MemoryLayout<T>.alignment
            let offset = (carving.offset + alignment - 1) / alignment * alignment
            if let block = carving.block {
                base = (block + offset).bindMemory(to: T.self, capacity: n)
                room = ~n
            }
            carving.offset = offset + n * MemoryLayout<T>.stride
        }

        /// Emptied, with room for `n`.
        mutating func reset(_ n: Int) {
            count = 0
            reserve(n)
        }

        /// `n` copies of `value`.
        mutating func fill(_ value: T, count n: Int) { fill(value, in: 0..<n, count: n) }

        /// `n` elements, those in `range` set to `value` (the others are not to be read).
        mutating func fill(_ value: T, in range: Range<Int>, count n: Int) {
            reset(n)
            (base + range.lowerBound).update(repeating: value, count: range.count)
            count = n
        }

        @inline(__always) subscript(i: Int) -> T {
            get {
                assert(i >= 0 && i < capacity, "a column read outside its room")
                return base[i]
            }
            nonmutating set { base[i] = newValue }
        }

        /// The record the next element appended will be.
        var nextRecord: RecordID<T> { RecordID(count) }

        @inline(__always) subscript(record: RecordID<T>) -> T {
            get { self[record.index] }
            nonmutating set { self[record.index] = newValue }
        }

        @inline(__always) mutating func append(_ value: T) {
            assert(count < capacity, "a column appended to past the room reserved")
            base[count] = value
            count += 1
        }

        /// Gives its storage back; empty and without room after.
        mutating func release() {
            if room > 0 { base.deallocate() }
            base = UnsafeMutablePointer<T>(bitPattern: MemoryLayout<T>.alignment)!
            room = 0
            count = 0
        }
    }

    /// Where the next column carved from a block starts (`Column.carve(_:in:)`): a pass
    /// without a block measures the block, a pass with one carves it.
    struct Carving {
        static var alignment: Int { 16 }
        var block: UnsafeMutableRawPointer?
        var offset = 0
    }

    /// Scratch kept from change to change (taken into a local while a change is planned).
    struct Scratch {
        var broken: [Bool] = []
        var still: [Bool] = []
        var leaves = Column<Bool>()
        var marks = Column<Mark>()
        /// Per glyph id: its copies' exits, in clear order (first exit, then a chain), and arrivals paired so far.
        var firstCopy = Column<Int32>()
        var nextCopy = Column<Int32>()
        var pairedCopies = Column<Int32>()
        var touched = Column<GlyphID>()
        var pairing = Column<Int32>()
        var moverList = Column<Int32>()
        /// Per line and direction (2 × line, + 1 moving right): the longest hold of the runs moving so.
        var lineHolds = Column<Double>()
        var arrivalRank = Column<Int32>()
        /// Per old index: a leaving glyph's rank in the stagger, in an order other than reading order.
        var exitRank = Column<Int32>()
        /// Per new index: an arrival's rank in the stagger, in an order other than reading order.
        var enterRank = Column<Int32>()
        /// The glyphs of one role with their order's keys, sorted to rank them.
        var rankKeys: [(key: Int64, index: Int32)] = []
        var leaving = Column<Sprite>()
        var current = Column<Sprite>()
        /// While the new text is written in place: the old span's sprites, by old index from
        /// the span's start (what the span's glyphs continue).
        var spare = Column<Sprite>()
        /// Interrupting: what the old text's sprites and the leaving ones show, and which leaving ones are caught.
        var shown = Column<Presented>()
        var oldLeaving = Column<Sprite>()
        var leavingShown = Column<Presented>()
        var caught = Column<Bool>()
        /// The own motions of this change's sprites, and of the last change's (read while planning).
        var owns = Column<Own>()
        var oldOwns = Column<Own>()
        /// The track variations of this change's sprites, and of the last change's.
        var variations = Column<TrackVariation>()
        var oldVariations = Column<TrackVariation>()
        var follows = Column<FollowRecord>()
        var oldFollows = Column<FollowRecord>()
        var lanes = Column<LaneRecord>()
        var oldLanes = Column<LaneRecord>()
        /// Per index of the new text: the lane of the persisting run it is in (half lines, 0 none).
        var laneSide = Column<Int8>()
        /// Glyphs of the old text caught at rest away from their place: new index, old index.
        var heldOwn = Column<Int32>()
        var heldFrom = Column<Int32>()
        /// Beside them: what each shows, and how far along a glyph whose drawing changes starts.
        var heldShown = Column<Presented>()
        var heldShift = Column<Double>()
        var heldReshapes = Column<Reshape>()
        /// Per index of the new text: its nearest persisting glyph, how it rides (−2 its anchor as it is,
        /// −1 in place, else the index it follows, with `rideDX`), its follow record or none.
        var nearest = Column<Int32>()
        var ride = Column<Int32>()
        var rideDX = Column<Double>()
        var followOf = Column<RecordID<FollowRecord>>()
        /// Per leaving sprite of the change: its index in the old text (`exitFrom`); per index of
        /// the old text: the index in the new one of the glyph that stays there, or −1.
        var exitFrom = Column<Int32>()
        var stayingAt = Column<Int32>()
        /// Per index of the old text: the index of its nearest glyph that stays, or −1.
        var exitAnchor = Column<Int32>()
        /// The leaving sprites of the change that leave from what they show, as their motion was
        /// asked for (`OwnExit`): planned again once they ride their anchors.
        var ownExits = Column<OwnExit>()
        var firstLeaving = Column<Int32>()
        var nextLeaving = Column<Int32>()
        /// The marks in reading order (line, then x), for the holds' sweep.
        var order = Column<Int32>()
        /// Persisting glyphs kept as they are (on their way to rest where they stay): new index, sprite.
        var keptAt = Column<Int32>()
        /// Per index of the new text: the old index of the glyph it continues (a transform's,
        /// or a letter's that only gained or lost marks), or −1 for an arrival; per old index:
        /// whether its removal is a letter fused with its new marks.
        var fromIndex = Column<Int32>()
        var fused = Column<Bool>()
        /// Per index of the new text: whether it was kept at rest where it stays (not written).
        var rested = Column<Bool>()
        /// Per mark: the arrival order of the arrival that caught its sprite (arrivals
        /// planned after it see it cleared), or `Int32.max`; per index of the new text:
        /// its order among the arrivals (inserts, then the broken moves' arrivals).
        var released = Column<Int32>()
        var arrivalOrder = Column<Int32>()
        var kept = Column<Sprite>()
        /// The movers indexed by line band and x, for the arrivals' holds (`holdArrivals`),
        /// and the marks, for the moves' (`placeNewText`).
        var moverBands = MarkBands()
        var markBands = MarkBands()
        /// The stretch of the new text and of the old the change is planned on glyph by glyph:
        /// all of it but the glyphs at the ends kept as they are (the same glyph in the same
        /// place, at rest, where staying changes nothing). Per-index columns hold values for
        /// these indices only.
        var span = 0..<0
        var oldSpan = 0..<0
        /// The one block the columns of a stage made to plan one change have their room in
        /// (`carve`), or nil.
        private var block: UnsafeMutableRawPointer?

        /// Room in one block for the columns a change from `oldCount` glyphs to `newCount` plans
        /// with, as much as each would reserve, for a scratch none of whose columns has room: a
        /// stage made to plan one change then allocates its working memory once, not column by
        /// column (about thirty allocations and as many frees a plan, a sixteenth of planning 40
        /// glyphs afresh). A column that needs more later grows out of the block as usual.
        /// (Not in an Embedded build, the browser's: its Director keeps one stage, and carving
        /// took 0.7 KB of its gzipped module, whose budget is 300 KB.)
        mutating func carve(oldCount: Int, newCount: Int, symbolCount: Int) {
            #if !hasFeature(Embedded)
            guard block == nil, current.capacity == 0 else { return }
            var measured = Carving()
            carveColumns(oldCount, newCount, symbolCount, in: &measured)
            guard measured.offset > 0 else { return }
            let start = UnsafeMutableRawPointer.allocate(byteCount: measured.offset, alignment: Carving.alignment)
            block = start
            var carving = Carving(block: start)
            carveColumns(oldCount, newCount, symbolCount, in: &carving)
            #endif
        }

        /// The columns `carve(oldCount:newCount:symbolCount:)` carves, each as the planner sizes
        /// it: by the old text's glyphs, the new text's, or both (marks and leaving sprites by the
        /// old text's: a stage planning one change has none leaving before it), or by the glyph
        /// ids (the copies each glyph leaves).
        private mutating func carveColumns(_ o: Int, _ n: Int, _ s: Int, in carving: inout Carving) {
            firstCopy.carve(s, in: &carving)
            pairedCopies.carve(s, in: &carving)
            leaves.carve(o, in: &carving)
            fused.carve(o, in: &carving)
            rested.carve(n, in: &carving)
            marks.carve(o, in: &carving)
            leaving.carve(o, in: &carving)
            spare.carve(o, in: &carving)
            current.carve(max(o, n), in: &carving)
            shown.carve(o, in: &carving)
            heldShown.carve(n, in: &carving)
            owns.carve(o + n, in: &carving)
            nextCopy.carve(o, in: &carving)
            exitFrom.carve(o, in: &carving)
            order.carve(o, in: &carving)
            stayingAt.carve(o, in: &carving)
            touched.carve(o, in: &carving)
            pairing.carve(n, in: &carving)
            moverList.carve(n, in: &carving)
            arrivalRank.carve(n, in: &carving)
            heldOwn.carve(n, in: &carving)
            heldFrom.carve(n, in: &carving)
            nearest.carve(n, in: &carving)
            ride.carve(n, in: &carving)
            fromIndex.carve(n, in: &carving)
            arrivalOrder.carve(n, in: &carving)
            follows.carve(n, in: &carving)
            lanes.carve(n, in: &carving)
            heldShift.carve(n, in: &carving)
            rideDX.carve(n, in: &carving)
            heldReshapes.carve(n, in: &carving)
            followOf.carve(n, in: &carving)
        }

        /// Gives back every column's storage (the stage's deinit).
        mutating func release() {
            leaves.release()
            marks.release()
            firstCopy.release()
            nextCopy.release()
            pairedCopies.release()
            touched.release()
            pairing.release()
            moverList.release()
            lineHolds.release()
            arrivalRank.release()
            leaving.release()
            current.release()
            spare.release()
            shown.release()
            oldLeaving.release()
            leavingShown.release()
            caught.release()
            exitRank.release()
            enterRank.release()
            owns.release()
            oldOwns.release()
            variations.release()
            oldVariations.release()
            follows.release()
            oldFollows.release()
            lanes.release()
            oldLanes.release()
            laneSide.release()
            heldOwn.release()
            heldFrom.release()
            heldShown.release()
            heldShift.release()
            heldReshapes.release()
            nearest.release()
            ride.release()
            rideDX.release()
            followOf.release()
            exitFrom.release()
            stayingAt.release()
            exitAnchor.release()
            ownExits.release()
            firstLeaving.release()
            nextLeaving.release()
            order.release()
            keptAt.release()
            fromIndex.release()
            fused.release()
            rested.release()
            released.release()
            arrivalOrder.release()
            kept.release()
            block?.deallocate()
            block = nil
        }
    }

    // The stage's state below (marked `@exclusivity(unchecked)`) is not checked for exclusive
    // access at run time: the settings are read a dozen times a change, the tables and the
    // scratch hundreds (about 80 instructions a check). Measured with callgrind, every mark
    // taken out against kept: the label's settled `setText` 124,023 instructions against
    // 118,528, interrupting 198,168 against 192,887, a word streamed onto 4,000 glyphs
    // 272,844 against 269,956, a frame of 10,000 glyphs 994,926 against 953,745. Only the
    // stage's own methods and its package's callers touch it, and none passes it `inout` to a
    // call into the stage (run with the checks on, the tests and the bench's cases find no
    // overlapping access).

    /// Lays out each new text; the text shown is laid out again only where it changed
    /// while this is the layout that laid it out (`laidOutBy`).
    @exclusivity(unchecked) package var layout: AnyLayout
    @exclusivity(unchecked) private var laidOutBy: AnyLayout
    /// The effect, motion style, diff mode, motion preference and seed of the next changes.
    @exclusivity(unchecked) package var effect: AnyEffect
    @exclusivity(unchecked) package var style: MotionStyle
    @exclusivity(unchecked) package var mode: DiffMode
    @exclusivity(unchecked) package var preference: MotionPreference
    @exclusivity(unchecked) package var seed: UInt64
    /// The root of every glyph's random traits (the seed's when the last change was planned).
    @exclusivity(unchecked) private var root: SeededRandom
    /// The effect and the motion the last change was planned with: the stage's effect, or
    /// under reduced motion the cross-fade (no stagger, no drift, no riding).
    @exclusivity(unchecked) private var planned: AnyEffect
    @exclusivity(unchecked) package private(set) var motion = ResolvedMotion.full
    /// The variation a glyph's effect writes, its storage kept from glyph to glyph.
    @exclusivity(unchecked) private var glyphVariation = GlyphVariation(template: RoleTemplate(timing: .instant))
    /// The delay of the glyph last varied (`vary`): its template's with its own added;
    /// and how far it moves on its template's scaled channels (1: as the template says).
    @exclusivity(unchecked) private var variedDelay = 0.0
    @exclusivity(unchecked) private var variedScale = 1.0
    /// The ends of the glyph last scaled (`scaleEnds`).
    @exclusivity(unchecked) private var scaledFrom = GlyphState()
    @exclusivity(unchecked) private var scaledTo = GlyphState()
    /// The contexts the change's templates were made in, per role (what a glyph's variation is asked in).
    struct RoleContexts {
        var entering = TransitionContext(role: .entering)
        var exiting = TransitionContext(role: .exiting)
        var moving = TransitionContext(role: .persisting, moves: true)
        var still = TransitionContext(role: .persisting)
    }
    @exclusivity(unchecked) private var contexts = RoleContexts()
    /// The pen's ink per glyph of the change planned, when a layout writes with a pen.
    @exclusivity(unchecked) private var ink: InkLedger?
    /// Per glyph of the text before the change planned and of the text after: its word
    /// (what an effect's per-glyph step is told), and how many words each has.
    @exclusivity(unchecked) private var words = (old: [Int32](), new: [Int32](), oldCount: 1, newCount: 1)
    @exclusivity(unchecked) private var rules: Choreography
    package let workspace = TextChangeAnalyzer.Workspace()
    /// The glyph table of a change planned afresh from a caller's analysis (nil: the workspace's).
    @exclusivity(unchecked) private(set) var givenSymbols: GlyphTable?
    /// The glyphs the sprites' ids name.
    var symbols: GlyphTable { givenSymbols ?? workspace.symbols }
    /// `symbols` while a change is planned (`vary` reads it for every glyph it varies).
    @exclusivity(unchecked) private var planSymbols: GlyphTable?

    /// Whether a change sets `glyph` on a tile: it has tiles (`tiled`) and the glyph draws
    /// something (a blank glyph never has one). The glyph table is read only on tiles: fetching
    /// it at every change cost a text without tiles 540 instructions.
    @inline(__always)
    static func setsOnTile(_ glyph: GlyphID, tiled: Bool, symbols: @autoclosure () -> GlyphTable) -> Bool {
        tiled && !symbols().isWhitespace(glyph)
    }
    @exclusivity(unchecked) package private(set) var text: String
    @exclusivity(unchecked) package private(set) var laidOut: TextLayoutResult
    @exclusivity(unchecked) private var recycled = RecycledFrames()
    @exclusivity(unchecked) private(set) var nextID: Int32 = 0
    /// The templates, read in place (a template copied is a dozen retains).
    @exclusivity(unchecked) private(set) var templates = StableStorage<Template>()
    /// The templates' curves where they lie, read in place (a template copied is a dozen retains).
    @exclusivity(unchecked) private(set) var timings = StableStorage<TimingCurve>()
    @exclusivity(unchecked) private(set) var fades = StableStorage<TimingCurve>()
    /// Per template: rest and change of the pose channels.
    @exclusivity(unchecked) private(set) var poses = StableStorage<(rest: GlyphState, change: GlyphState)>()
    /// The looks sprites rest with (`Sprite.look`): the first a glyph's own (untinted, all
    /// drawn), the others as changes ended on them (never dropped).
    @exclusivity(unchecked) private(set) var looks = [Look(tint: .none, strokeEnd: 1, fill: 1)]
    /// Per template: the look its glyphs rest with.
    @exclusivity(unchecked) private(set) var templateLooks: [UInt16] = []
    /// Per template: what a motion of its own needs of it.
    struct Info {
        var transformDuration: Double
        var opacityDuration: Double
        var timingSlope: Double
        var opacitySlope: Double
        var spring: Spring?
        /// The pose its glyphs start from (to tell a sprite caught mid-fade).
        var from: GlyphState
        /// Its tracks: `tracks[trackStart ..< trackStart + trackCount]`.
        var trackStart = 0
        var trackCount = 0
        /// Whether its pose is its rest all along (no change, the rest within the channels' bounds).
        var constantPose = false
        /// Whether its glyphs start from a glyph's rest (natural size, upright, visible, untinted,
        /// all drawn; placed anywhere): a glyph at rest starts from what it shows otherwise.
        var startsAtRest = true
        /// Seconds after its motion starts when its particles are gone, or −1 without particles.
        var emitterEnd = -1.0
        /// How many particles a glyph of it shows at most (0 without particles).
        var particleCount = 0
        /// Whether it moves whatever a sprite shows (tracks or particles).
        var animates: Bool { trackCount > 0 || emitterEnd >= 0 }
        /// Whether it has a track on the transition's clock: its glyphs keep their tracks'
        /// offsets as their own (from their start), as glyphs that vary do.
        var clocksTransition = false
        /// Whether its particles have its emitter's seed (a glyph's own), not one drawn per sprite.
        var ownsSeed = false
        /// Whether it has a track that loops (its glyphs move for ever).
        var loops = false
        /// Whether a glyph of it has a track variation of its own (it varies per glyph, or it
        /// has a track on the transition's clock).
        var variesTracks = false
        /// Its key's channels summed (`RunStage.channelSum(of:)`): a template equal to its key
        /// has the same, so most keys are told apart without comparing them whole.
        var channelSum = 0.0
    }
    @exclusivity(unchecked) private(set) var info = StableStorage<Info>()
    /// The lanes' curves (one per move template), read in place.
    @exclusivity(unchecked) private(set) var laneCurves = StableStorage<TimingCurve>()
    /// A template's curves' `CrossingScan`s: its fade's, made when a sprite caught on its own
    /// pose first looks for its clear time on it, and its transform curve's, made when a hold
    /// first looks for when a glyph on it passes a place (nil before).
    struct Scans {
        var fade: TimingCurve.CrossingScan?
        var timing: TimingCurve.CrossingScan?
    }
    /// Per template, its scans (the array as long as the last asked for).
    @exclusivity(unchecked) private var scans: [Scans] = []
    /// Template `k`'s transform curve's scan and its fade's. (Read, not passed `inout`: a hold
    /// asks for one for each mover it looks at, and an `inout` access is checked each time.)
    @inline(__always) private func timingScan(_ k: Int) -> TimingCurve.CrossingScan {
        k < scans.count ? scans[k].timing ?? makeScan(k, fade: false) : makeScan(k, fade: false)
    }
    @inline(__always) private func fadeScan(_ k: Int) -> TimingCurve.CrossingScan {
        k < scans.count ? scans[k].fade ?? makeScan(k, fade: true) : makeScan(k, fade: true)
    }
    /// Makes template `k`'s scan of its fade or its transform curve, and keeps it.
    @inline(never) private func makeScan(_ k: Int, fade: Bool) -> TimingCurve.CrossingScan {
        if scans.count <= k { scans += repeatElement(Scans(), count: k + 1 - scans.count) }
        let scan = (fade ? fades[k] : timings[k]).pointee.crossingScan()
        if fade { scans[k].fade = scan } else { scans[k].timing = scan }
        return scan
    }
    /// Lane curve `id`, where it lies.
    @inline(__always) func laneCurve(_ id: LaneCurveID) -> UnsafeMutablePointer<TimingCurve> { laneCurves[id.index] }
    /// The templates' tracks and their curves, read in place.
    @exclusivity(unchecked) private(set) var tracks = StableStorage<TrackRecord>()
    @exclusivity(unchecked) private(set) var trackCurves = StableStorage<TimingCurve>()
    /// Per template, its lane's curve once one was made for it (`none` until then).
    @exclusivity(unchecked) private(set) var laneCurveOf: [LaneCurveID] = []
    @exclusivity(unchecked) private(set) var templateKeys: [RoleTemplate] = []
    /// Whether unused templates are let go (a test's stage that keeps them all shows what
    /// letting go must not change).
    private var releasesTemplates = true
    /// Whether the holds search every crossing to the end instead of stopping once their
    /// answer is decided (the way to check that they decide the same), and how many steps the
    /// searches of the holds have taken. (Beside `releasesTemplates`, in the room its alignment
    /// leaves: with them a word larger, a stage made to plan one change cost some 500
    /// instructions more, the C library's allocator sorting its free lists for it.)
    @exclusivity(unchecked) package var searchesCrossingsWhole = false
    @exclusivity(unchecked) package private(set) var crossingSearchSteps: UInt32 = 0
    /// How many templates the stage holds before `releaseUnusedTemplates` looks them over.
    @exclusivity(unchecked) private var templatesToLookOver = 32
    @exclusivity(unchecked) package private(set) var origin = 0.0
    @exclusivity(unchecked) package private(set) var end = 0.0
    /// How long the last change lasts, in the plan's time.
    @exclusivity(unchecked) private var duration = 0.0
    /// Starts are rounded to this step (seconds) so that staggered sprites start together and
    /// share their curves' samples: about 2 ms, under a quarter of a 120 Hz frame.
    package static let quantum = 1.0 / 480

    /// How far entering and exiting glyphs drift, in points: the style's drift in ems,
    /// scaled by the change ratio in morph mode; none without full motion.
    static func drift(style: MotionStyle, fontSize: Double, change: TextChange, motion: ResolvedMotion) -> Double {
        guard motion == .full else { return 0 }
        // A ratio from a hand-made change may be anything; the analyzer's lies in 0…1.
        let ratio = change.changeRatio.isFinite ? min(max(change.changeRatio, 0), 1) : 1
        return style.drift * fontSize * (change.mode == .morph ? ratio : 1)
    }

    /// The seconds between successive glyphs' starts and the distance arrivals and exits
    /// drift, in points, as the last change was planned.
    @exclusivity(unchecked) package private(set) var plannedStagger = 0.0
    @exclusivity(unchecked) package private(set) var plannedDrift = 0.0
    /// How long the last change lasts, in the plan's time (its `end` less its `origin`).
    package var plannedDuration: Double { duration }
    /// How many glyphs the last change brings in, takes out and keeps.
    @exclusivity(unchecked) package private(set) var roleCounts = (entering: 0, exiting: 0, persisting: 0)

    /// How long the last change lasts, in the caller's time (a retimed style plays it faster or slower).
    package var callerDuration: Double { clock.callerSeconds(duration) }
    /// The caller's time and the plan's (they part while a style retimes a change).
    @exclusivity(unchecked) package private(set) var clock = PlaybackClock()
    /// Whether a frame has shown the last change over (its text at rest from then on).
    @exclusivity(unchecked) private var isOver = false
    /// Whether a sprite of the new text has a track that loops: it moves past `end`, for ever.
    @exclusivity(unchecked) package private(set) var looping = false
    /// When the last sprite's motion is over (`end`, or an ulp after it).
    @exclusivity(unchecked) private var settled = 0.0
    @exclusivity(unchecked) private(set) var scratch = Scratch()
    /// The boxes the sprites draw in (a sprite's `box`).
    @exclusivity(unchecked) private(set) var boxes = BoxTable()
    /// How many boxes the stage holds (its sprites' and those not let go of yet).
    package var boxCount: Int { boxes.count }
    /// The new text's glyphs the last change wrote (all but those kept at rest where they
    /// stay): glyphs outside rest exactly on their places.
    @exclusivity(unchecked) private var dirty = 0..<0
    /// Tiles under the glyphs (nil: none), from the next change on: each visible glyph's tile
    /// shows as its glyph does (a frame's `tileFrames`); with `pulse`, the glyph's tint is its
    /// tile's. Setting them counts the whole text as written (none of its glyphs is kept as it is
    /// at the next change), as the Director does.
    package var tiles: TileStyle? {
        didSet { dirty = 0..<scratch.current.count }
    }
    /// The last tiles there were, the style frames draw: a sprite written on a tile
    /// (`Sprite.tiled`) keeps it until a change writes it again.
    @exclusivity(unchecked) package private(set) var tileStyle: TileStyle?


    /// - Parameter capacity: sprites to make room for up front.
    /// - Parameter indexedFrom: how many marks (or movers) a glyph's hold looks at one by one;
    ///   beyond, through an index of those near its way (the fuzz target lowers it, so that
    ///   both ways plan its short texts).
    /// - Parameter releasesTemplates: whether templates no sprite uses are let go (the tests
    ///   compare a stage that keeps them all).
    package init(
        text: String, layout: AnyLayout, effect: AnyEffect = .scale, style: MotionStyle = .snappy, mode: DiffMode = .morph,
        preference: MotionPreference = .system, seed: UInt64 = 0, tiles: TileStyle? = nil, capacity: Int = 0,
        indexedFrom: Int = RunStage.indexedFrom, releasesTemplates: Bool = true
    ) {
        self.indexedFrom = indexedFrom
        self.releasesTemplates = releasesTemplates
        // (Room for `capacity` sprites up front: the text's and as many leaving.)
        scratch.current.reserve(max(capacity, 0))
        scratch.leaving.reserve(max(capacity, 0))
        self.tiles = tiles
        tileStyle = tiles
        self.layout = layout
        laidOutBy = layout
        self.effect = effect
        planned = effect
        rules = effect.choreography
        self.style = style
        self.mode = mode
        self.preference = preference
        root = SeededRandom(seed: seed)
        self.seed = seed
        self.text = text
        let change = TextChangeAnalyzer(mode: mode).analyze(from: "", to: text, in: workspace)
        laidOut = layout.layout(change.newGlyphs)
        // A number rests anchored where it stands (numeric mode).
        if let anchor = mode.numberAnchor(in: change.newGlyphs) { laidOut = laidOut.anchoringNumber(at: anchor) }
        rest(change.newGlyphs, symbols: change.symbols)
        countSprites()
    }

    /// A stage for planning one change from `old` to `new` afresh (what
    /// `GlyphAnimator.plan(from:to:layout:)` does): one analysis, both texts laid out.
    package init(
        planning old: String, to new: String, layout: AnyLayout, effect: AnyEffect = .scale,
        style: MotionStyle = .snappy, mode: DiffMode = .morph, seed: UInt64 = 0
    ) {
        indexedFrom = Self.indexedFrom
        self.layout = layout
        laidOutBy = layout
        self.effect = effect
        planned = effect
        rules = effect.choreography
        self.style = style
        self.mode = mode
        preference = .alwaysAnimate
        root = SeededRandom(seed: seed)
        self.seed = seed
        text = old
        let change = TextChangeAnalyzer(mode: mode).analyze(from: old, to: new, in: workspace)
        laidOut = layout.layout(change.oldGlyphs)
        reservePlanningTemplates()
        scratch.carve(
            oldCount: change.oldGlyphs.count, newCount: change.newGlyphs.count, symbolCount: change.symbols.count)
        rest(change.oldGlyphs, symbols: change.symbols)
        plan(change, to: new, at: 0, laidOut: ReusedLayout(layout: layout.layout(change.newGlyphs), samePrefix: 0, sameSuffix: 0))
    }

    /// A stage that plans one change a caller analysed and laid out (what `GlyphAnimator`
    /// plans on): the old text at rest on `oldLayout`, then the change to `newLayout` planned at
    /// `startTime` with `motion` (under reduced motion the cross-fade, under none the new text
    /// at rest at once). Sprites name glyphs by the change's own table.
    package init(
        planning change: TextChange, from oldLayout: TextLayoutResult, to newLayout: TextLayoutResult,
        effect: AnyEffect, style: MotionStyle, motion: ResolvedMotion, seed: UInt64, tiles: TileStyle?,
        startTime: Double
    ) {
        indexedFrom = Self.indexedFrom
        // (The layout lays out later changes, and there are none: the one that laid out the texts is the caller's.)
        layout = AnyLayout(MonospaceLayout())
        laidOutBy = layout
        self.effect = effect
        self.motion = motion
        planned = motion == .reduced ? .minimal : effect
        rules = planned.choreography
        self.style = style
        mode = change.mode
        preference = .alwaysAnimate
        root = SeededRandom(seed: seed)
        self.seed = seed
        self.tiles = tiles
        tileStyle = tiles
        givenSymbols = change.symbols
        text = ""
        laidOut = oldLayout
        reservePlanningTemplates()
        scratch.carve(
            oldCount: change.oldGlyphs.count, newCount: change.newGlyphs.count, symbolCount: change.symbols.count)
        rest(change.oldGlyphs, symbols: change.symbols)
        let t = startTime.isFinite ? startTime : 0
        (origin, end, settled) = (t, t, t)
        let reused = ReusedLayout(layout: newLayout, samePrefix: 0, sameSuffix: 0)
        if motion == .none {
            _ = swapInstantly(change, to: "", at: t, laidOut: reused)
        } else {
            plan(change, to: "", at: t, laidOut: reused)
        }
        countSprites()
    }

    deinit {
        scratch.release()
        boxes.release()
        samples.release()
        sharedStates.release()
        trackSamples.release()
        rows.release()
        particleRows.release()
        reshapeRows.release()
        tileRows.release()
        shapeRows.release()
        sceneSprites.release()
        sceneOwns.release()
        arrivalRows.release()
    }

    /// The change to `newText` under no motion: the new text at rest on its layout at once,
    /// nothing leaving; a glyph that stays keeps its sprite (its id and the traits it was born with).
    private func swapInstantly(
        _ change: TextChange, to newText: String, at t: Double, laidOut reused: ReusedLayout
    ) -> Int {
        var newLayout = reused.layout
        if let anchors = change.numberAnchors {
            newLayout = laidOut.aligningNumber(of: newLayout, at: anchors.new, with: anchors.old)
        }
        if let tiles { tileStyle = tiles }
        let old = Array(UnsafeBufferPointer(start: scratch.current.base, count: scratch.current.count))
        recycled = RecycledFrames(frames: laidOut.frames, sameAsPrevious: reused.samePrefix)
        laidOut = newLayout
        (origin, end, duration, settled, looping) = (t, t, 0, t, false)
        scratch.leaving.count = 0
        scratch.owns.count = 0
        scratch.variations.count = 0
        scratch.follows.count = 0
        scratch.lanes.count = 0
        // Which old glyph each new one continues: its own, or the letter it is with marks gained or lost.
        let mutations = change.mutations, newCount = change.newGlyphCount
        scratch.span = 0..<newCount
        scratch.oldSpan = 0..<change.oldGlyphCount
        scratch.broken.removeAll(keepingCapacity: true)
        scratch.broken.append(contentsOf: repeatElement(false, count: mutations.count))
        scratch.fromIndex.reset(newCount)
        for k in 0..<newCount {
            scratch.fromIndex.append(mutations.action(at: k) == .transform ? Int32(mutations.indexFrom(at: k)) : -1)
        }
        let fused = fuseMarkedLetters(&scratch, change: change)
        var entering = 0
        for k in 0..<newCount where scratch.fromIndex[k] < 0 { entering += 1 }
        rest(change.newGlyphs, symbols: change.symbols, continuing: (scratch.fromIndex, old))
        roleCounts = (entering, mutations.count - newCount - fused, newCount - entering)
        text = newText
        return scratch.current.count
    }

    /// Puts the glyphs of `glyphs` at rest on `laidOut`, each keyed by where it stands, or
    /// (`continuing`) keeping the sprite of the old glyph it continues.
    private func rest(
        _ glyphs: GlyphSequence, symbols: GlyphTable, continuing: (fromIndex: Column<Int32>, old: [Sprite])? = nil
    ) {
        let frames = AnchoredFrames(laidOut)
        words.newCount = WordNumbers.write(glyphs, symbols: symbols, into: &words.new)
        dirty = 0..<glyphs.count
        scratch.current.reset(glyphs.count)
        arrivalRows.reset(0)
        glyphs.withUnsafeIDs { ids in
            for i in ids.indices {
                let box = frames[i]
                var s = Sprite(
                    id: nextID, glyph: ids[i], kind: 0, tiled: Self.setsOnTile(ids[i], tiled: tiles != nil, symbols: symbols),
                    template: .none, ownIndex: .none, box: boxes.id(of: Box(box)),
                    x: box.rect.midX, y: box.rect.midY,
                    dx: 0, dy: 0, start: 0, hide: .infinity, settle: 0,
                    drawing: laidOut.drawings.map { i < $0.count ? $0[i] : -1 } ?? -1,
                    bornGlyph: ids[i], bornIndex: Int32(i))
                if let (fromIndex, old) = continuing, fromIndex[i] >= 0 {
                    let from = old[Int(fromIndex[i])]
                    (s.id, s.bornGlyph, s.bornIndex) = (from.id, from.bornGlyph, from.bornIndex)
                } else {
                    nextID += 1
                }
                scratch.current.append(s)
            }
        }
    }

    /// The number of sprites of the change planned.
    package var spriteCount: Int { scratch.leaving.count + scratch.current.count }
    /// How many templates the stage keeps (the unused ones are let go, see `releaseUnusedTemplates`).
    package var templateCount: Int { templateKeys.count }
    /// How many sprites the text shown (or heading in) has.
    package var textSpriteCount: Int { scratch.current.count }

    /// Room for the templates one change is planned with (a few per role): a stage made to plan
    /// one change would otherwise grow its table of them (each a large value, copied) three times.
    private func reservePlanningTemplates() {
        templateKeys.reserveCapacity(8)
        templateLooks.reserveCapacity(8)
    }

    /// The template `t` is, made when the stage has none equal; `ownsSeed`: its particles
    /// have the seed its emitter has (a glyph's own), not one drawn for each sprite.
    private func template(_ t: RoleTemplate, ownsSeed: Bool = false) -> Int {
        // (A channel an effect left not a number, or infinite, is at rest: a template that is not
        // equal to itself would be made again at every change. One sum tells: NaN and the
        // infinities survive addition; a sum that overflows is looked at channel by channel.)
        let channelSum = Self.channelSum(of: t)
        guard channelSum.isFinite || t.from.isFinite && t.to.isFinite else {
            var finite = t
            (finite.from, finite.to) = (t.from.finite(or: GlyphState()), t.to.finite(or: GlyphState()))
            return template(finite, ownsSeed: ownsSeed)
        }
        for k in templateKeys.indices {
            let i = info[k]
            // (The sums first: comparing two templates whole copies the stored one out of its table.)
            if i.pointee.channelSum == channelSum && i.pointee.ownsSeed == ownsSeed && templateKeys[k] == t { return k }
        }
        // (A sprite names its template in 16 bits.)
        precondition(templateKeys.count < TemplateID.limit, "more templates than a sprite can name")
        templateKeys.append(t)
        let made = Template(t, level: rules.visibleOpacity)
        timings.append(t.timing)
        fades.append(t.opacityTiming)
        poses.append((made.rest, made.change))
        let clocksTransition = t.tracks.contains { $0.clock == .transition }
        if (t.emitter?.count ?? 0) > 0 { emittingTemplates += 1 }
        info.append(
            Info(
                transformDuration: made.transformDuration, opacityDuration: made.opacityDuration,
                timingSlope: made.timingSlope, opacitySlope: made.opacitySlope, spring: t.timing.spring,
                from: t.from, trackStart: tracks.count, trackCount: t.tracks.count,
                constantPose: made.change == GlyphState.zero && { var r = made.rest; r.bound(); return r == made.rest }(),
                startsAtRest: t.from.isIdentical(to: .resting(at: t.from.position)),
                emitterEnd: t.emitter.map { $0.endTime } ?? -1, particleCount: t.emitter?.count ?? 0,
                clocksTransition: clocksTransition, ownsSeed: ownsSeed,
                loops: t.tracks.contains { $0.loops },
                variesTracks: !t.tracks.isEmpty && (t.variesPerGlyph || clocksTransition), channelSum: channelSum))
        let q = Self.quantum
        for track in t.tracks {
            tracks.append(
                TrackRecord(
                    channel: track.channel, onTransitionClock: track.clock == .transition, amplitude: track.amplitude,
                    bias: track.bias,
                    offset: (track.timeOffset / q).rounded() * q, loops: track.loops,
                    duration: track.curve.duration, timeOffset: track.timeOffset))
            trackCurves.append(track.curve)
        }
        templates.append(made)
        templateLooks.append(look(of: made.rest))
        return templates.count - 1
    }

    /// The look of a sprite resting in `pose`: 0 when its rare channels are at their defaults
    /// (bit for bit), else where `looks` keeps them.
    @inline(__always)
    private func look(of pose: GlyphState) -> UInt16 {
        Self.restsAwayFromDefaults(pose) ? interned(pose) : 0
    }

    /// The sum of the channels of `t`'s two poses; NaN (from infinities of both signs) is
    /// given as +∞, so that templates equal channel by channel have equal sums.
    @inline(__always)
    static func channelSum(of t: RoleTemplate) -> Double {
        let sum = Self.sum(t.from) + Self.sum(t.to)
        return sum.isNaN ? .infinity : sum
    }

    /// The sum of `s`'s channels.
    @inline(__always)
    private static func sum(_ s: GlyphState) -> Double {
        s.position.x + s.position.y + s.scaleX + s.scaleY + s.rotation + s.skew + s.opacity + s.blur + s.tint.red
            + s.tint.green + s.tint.blue + s.tint.alpha + s.strokeEnd + s.fill
    }

    /// Whether `pose`'s rare channels (tint, stroke end, fill) are away from their defaults,
    /// bit for bit.
    @inline(__always)
    private static func restsAwayFromDefaults(_ pose: GlyphState) -> Bool {
        let tint = pose.tint, none = Tint.none
        return tint.red.bitPattern != none.red.bitPattern || tint.green.bitPattern != none.green.bitPattern
            || tint.blue.bitPattern != none.blue.bitPattern || tint.alpha.bitPattern != none.alpha.bitPattern
            || pose.strokeEnd.bitPattern != (1.0).bitPattern || pose.fill.bitPattern != (1.0).bitPattern
    }

    /// The look of `pose` in `looks`, added when it is not there yet.
    @inline(never)
    private func interned(_ pose: GlyphState) -> UInt16 {
        for k in 1..<looks.count {
            let l = looks[k]
            if l.strokeEnd.bitPattern == pose.strokeEnd.bitPattern && l.fill.bitPattern == pose.fill.bitPattern
                && l.tint.red.bitPattern == pose.tint.red.bitPattern
                && l.tint.green.bitPattern == pose.tint.green.bitPattern
                && l.tint.blue.bitPattern == pose.tint.blue.bitPattern
                && l.tint.alpha.bitPattern == pose.tint.alpha.bitPattern
            {
                return UInt16(k)
            }
        }
        // (A sprite names its look in 16 bits.)
        precondition(looks.count < Int(UInt16.max), "more looks at rest than a sprite can name")
        looks.append(Look(tint: pose.tint, strokeEnd: pose.strokeEnd, fill: pose.fill))
        return UInt16(looks.count - 1)
    }

    /// A glyph at rest at `place` with look `look`.
    @inline(__always)
    private func resting(at place: Point, look: UInt16) -> GlyphState {
        var state = GlyphState.resting(at: place)
        if look != 0 { wear(look, on: &state) }
        return state
    }

    /// `state` given look `look` (out of line: the frame's sweep calls it, and most sprites have none).
    @inline(never)
    func wear(_ look: UInt16, on state: inout GlyphState) {
        let l = looks[Int(look)]
        state.tint = l.tint
        state.strokeEnd = l.strokeEnd
        state.fill = l.fill
    }

    /// What sprite `s` shows at rest where it is.
    @inline(__always)
    private func resting(_ s: Sprite) -> Presented {
        Presented(state: resting(at: Point(x: s.x, y: s.y), look: s.look), velocity: .zero)
    }

    /// The pose template `k` leaves a glyph in, at `place`.
    private func rest(of k: Int, at place: Point) -> GlyphState {
        var rest = poses[k].pointee.rest
        rest.position = place
        return rest
    }

    /// Where a persisting glyph of template `k` starts vertically, as the template places it
    /// (what the timing rules take for the line it moves along): its old box's centre, or
    /// its new one's when the template starts glyphs at their new place, plus its offset.
    private func startY(of k: Int, old: Double, new: Double) -> Double {
        (templateKeys[k].startsAtNewPlace ? new : old) + templateKeys[k].from.position.y
    }

    /// Per template: its spring's overshoot (NaN until asked) and its calmer variants, step by step.
    @exclusivity(unchecked) private var calmerOf: [(overshoot: Double, steps: [Int])] = []

    /// The template a staying glyph of template `k` moves on, moving by (`dx`, `dy`)
    /// with a box `height` tall: `k`, unless its spring would carry it more than a
    /// tenth of its height past its place; then `k` with the spring damped in steps
    /// that each halve its overshoot, the first step within that limit (long moves share a few).
    private func calmer(_ k: Int, dx: Double, dy: Double, height: Double) -> Int {
        let distance = max(abs(dx), abs(dy)), limit = 0.1 * height
        guard distance > limit else { return k }
        while calmerOf.count <= k { calmerOf.append((.nan, [])) }
        if calmerOf[k].overshoot.isNaN { calmerOf[k].overshoot = timings[k].pointee.springOvershoot }
        let overshoot = calmerOf[k].overshoot
        var step = 0, past = overshoot * distance
        while past > limit && step < 8 {
            past /= 2
            step += 1
        }
        guard step > 0 else { return k }
        while calmerOf[k].steps.count < step {
            let n = calmerOf[k].steps.count + 1
            var damped = templateKeys[k]
            damped.timing = damped.timing.damped(toOvershoot: n == 8 ? 0 : overshoot / Double(1 << n))
            let made = template(damped)
            while calmerOf.count <= k { calmerOf.append((.nan, [])) }
            calmerOf[k].steps.append(made)
        }
        return calmerOf[k].steps[step - 1]
    }

    /// Starts the change to `newText` at the caller's `time`. Returns the sprite count.
    @discardableResult
    package func setText(_ newText: String, at time: Double) -> Int {
        let (t, caller) = fence(time)
        guard newText != text else { return scratch.current.count }
        return setText(newText, atPlanTime: t, callerTime: caller)
    }

    /// Starts the change to `newText` at the plan's time `t` (a fence: not before the last
    /// one), which is the caller's `callerTime` when given. Returns the sprite count.
    @discardableResult
    package func setText(_ newText: String, atPlanTime t: Double, callerTime: Double?) -> Int {
        start(newText, at: t, callerTime: callerTime)
    }

    /// Plays the text on screen onto itself at the caller's `time`: its glyphs start from
    /// what they show then, and an effect that moves at rest (the dance) starts moving.
    /// Returns the sprite count.
    @discardableResult
    package func restage(at time: Double) -> Int {
        let (t, caller) = fence(time)
        return start(text, at: t, callerTime: caller)
    }

    /// When a change asked at the caller's `time` starts on the plan's clock (not before the
    /// last one), and the caller's time for it when that is `time`.
    private func fence(_ time: Double) -> (t: Double, callerTime: Double?) {
        let planned = planTime(time), t = max(planned, origin, sceneOrigin)
        return (t, t == planned ? time : nil)
    }

    /// Plans the change to `newText` at the plan's time `t` and plays it as the style
    /// says: faster or slower until it settles when the style retimes it.
    private func start(_ newText: String, at t: Double, callerTime: Double?) -> Int {
        releaseUnusedGlyphs()
        releaseUnusedTemplates()
        releaseUnusedBoxes()
        let change = TextChangeAnalyzer(mode: mode).analyze(from: text, to: newText, in: workspace)
        // (Laid out afresh by a layout other than the one that laid out the text shown.)
        let reused =
            laidOutBy.isSame(as: layout)
            ? layout.layout(change.newGlyphs, reusing: laidOut, unchanged: change.unchanged, recycling: &recycled)
            : ReusedLayout(layout: layout.layout(change.newGlyphs), samePrefix: 0, sameSuffix: 0)
        laidOutBy = layout
        // The motion it is planned with: the effect's, the cross-fade (reduced) or none at all.
        motion = preference.resolved()
        planned = motion == .reduced ? .minimal : effect
        rules = planned.choreography
        root = SeededRandom(seed: seed)
        isOver = false
        let count =
            motion == .none
            ? swapInstantly(change, to: newText, at: t, laidOut: reused)
            : plan(change, to: newText, at: t, laidOut: reused)
        // (Only full motion is retimed: reduced motion's cross-fade takes its own time.)
        let rate = motion == .full ? style.playbackRate(ofDuration: duration, looping: looping) : 1
        clock.restart(atPlanTime: t, callerTime: callerTime, rate: rate)
        countSprites()
        return count
    }

    /// Forgets the templates no sprite moves on or rides with (effects, styles and changes each
    /// ask for their own) once more than 16 are unused, so a long run keeps the tables small
    /// (a template and its curves take about 1.5 KB) and looking one up quick: those kept are
    /// renumbered, in order, their tracks and lane curves with them, and the sprites follow.
    /// They are looked over when the stage holds more than 32 and more than twice as many as
    /// were used the last time, so the look costs a change little however many are used.
    private func releaseUnusedTemplates() {
        guard releasesTemplates && templateKeys.count > templatesToLookOver else { return }
        // The templates (and lane curves) a sprite or a ride names.
        var used = [Bool](repeating: false, count: templateKeys.count)
        var usedLanes = [Bool](repeating: false, count: laneCurves.count)
        func mark(_ sprites: Column<Sprite>) {
            for k in 0..<sprites.count where sprites[k].template.exists { used[sprites[k].template.index] = true }
        }
        mark(scratch.current)
        mark(scratch.leaving)
        mark(sceneSprites)
        for r in 0..<scratch.follows.count { used[scratch.follows[r].template.index] = true }
        for r in 0..<scratch.lanes.count { usedLanes[scratch.lanes[r].curve.index] = true }
        let kept = used.indices.filter { used[$0] }
        templatesToLookOver = max(32, 2 * kept.count)
        guard templateKeys.count - kept.count > 16 else { return }
        // Renumbered in order: templates, their tracks (each with its curve), lane curves.
        var newIndex = [Int](repeating: -1, count: templateKeys.count)
        for (j, k) in kept.enumerated() { newIndex[k] = j }
        var keptTracks: [Int] = []
        for k in kept {
            let i = info[k]
            let start = keptTracks.count
            keptTracks.append(contentsOf: i.pointee.trackStart..<i.pointee.trackStart + i.pointee.trackCount)
            i.pointee.trackStart = start
        }
        for k in kept where k < laneCurveOf.count && laneCurveOf[k].exists { usedLanes[laneCurveOf[k].index] = true }
        let keptLanes = usedLanes.indices.filter { usedLanes[$0] }
        var newLane = [Int](repeating: -1, count: laneCurves.count)
        for (j, c) in keptLanes.enumerated() { newLane[c] = j }
        templates.keep(kept)
        timings.keep(kept)
        fades.keep(kept)
        poses.keep(kept)
        info.keep(kept)
        emittingTemplates = (0..<info.count).count { info[$0].pointee.particleCount > 0 }
        tracks.keep(keptTracks)
        trackCurves.keep(keptTracks)
        laneCurves.keep(keptLanes)
        templateKeys = kept.map { templateKeys[$0] }
        templateLooks = kept.map { templateLooks[$0] }
        scans = kept.map { $0 < scans.count ? scans[$0] : Scans() }
        laneCurveOf = kept.map { k in k < laneCurveOf.count && laneCurveOf[k].exists ? LaneCurveID(newLane[laneCurveOf[k].index]) : .none }
        // (A cache of templates: made again as they are asked for.)
        calmerOf.removeAll()
        keptWrittenOf.removeAll()
        func renumber(_ sprites: Column<Sprite>) {
            for k in 0..<sprites.count where sprites[k].template.exists {
                sprites.base[k].template = TemplateID(newIndex[sprites[k].template.index])
            }
        }
        renumber(scratch.current)
        renumber(scratch.leaving)
        renumber(sceneSprites)
        for r in 0..<scratch.follows.count { scratch.follows.base[r].template = TemplateID(newIndex[scratch.follows[r].template.index]) }
        for r in 0..<scratch.lanes.count { scratch.lanes.base[r].curve = LaneCurveID(newLane[scratch.lanes[r].curve.index]) }
    }

    /// Forgets the glyphs no sprite shows or was born as once the glyph table holds many more
    /// than the sprites, so a long run over ever new glyphs keeps the table bounded: the
    /// workspace renumbers what is left and the sprites follow.
    /// Lets go of the boxes no sprite draws in once they far outnumber the sprites (a text in
    /// a proportional font streamed for long names a box per glyph it ever showed).
    private func releaseUnusedBoxes() {
        guard boxes.count > 2 * (spriteCount + sceneSprites.count) + 64 else { return }
        let bands = [scratch.leaving, scratch.current, sceneSprites]
        let renumbered = boxes.compact { mark in
            for band in bands { for k in 0..<band.count { mark(band[k].box) } }
        }
        for band in bands {
            for k in 0..<band.count { band.base[k].box = RecordID(Int(renumbered[band[k].box.index])) }
        }
    }

    private func releaseUnusedGlyphs() {
        let count = scratch.leaving.count + scratch.current.count
        guard workspace.glyphCount - 128 > 2 * count + 64 else { return }
        var live: [GlyphID] = []
        live.reserveCapacity(2 * count)
        for band in [scratch.leaving, scratch.current] {
            for k in 0..<band.count {
                live.append(band[k].glyph)
                live.append(band[k].bornGlyph)
            }
        }
        // (The copies each glyph left, by glyph, are forgotten before their ids change.)
        for k in 0..<scratch.touched.count {
            scratch.firstCopy[Int(scratch.touched[k])] = -1
            scratch.pairedCopies[Int(scratch.touched[k])] = 0
        }
        scratch.touched.count = 0
        let renumbered = workspace.compact(keeping: live)
        for band in [scratch.leaving, scratch.current] {
            for k in 0..<band.count {
                band.base[k].glyph = renumbered[Int(band[k].glyph)]
                band.base[k].bornGlyph = renumbered[Int(band[k].bornGlyph)]
            }
        }
    }

    /// The plan's time at the caller's `time` (the last fence, the text's or the scene's, for
    /// a time that is not a number). A retimed change over by then is played at its own pace
    /// no more: from its end on, the two times run together again, this time included.
    package func planTime(_ time: Double) -> Double {
        guard time.isFinite else { return max(origin, sceneOrigin) }
        let t = clock.planTime(time)
        guard t >= end && clock.rate != 1 else { return t }
        clock.restart(atPlanTime: end, rate: 1)
        return clock.planTime(time)
    }

    /// Sorts `sprites` by id, `shown` (one per sprite) alongside: their order found on the ids
    /// alone, then each moved once (sorting the pairs themselves moved 300 bytes a swap).
    @inline(never)
    private static func sortByID(_ sprites: inout Column<Sprite>, with shown: inout Column<Presented>) {
        let n = sprites.count
        let order = (0..<Int32(n)).sorted { sprites[Int($0)].id < sprites[Int($1)].id }
        let (oldSprites, oldShown) = (Array(UnsafeBufferPointer(start: sprites.base, count: n)),
                                      Array(UnsafeBufferPointer(start: shown.base, count: n)))
        for (k, i) in order.enumerated() { (sprites[k], shown[k]) = (oldSprites[Int(i)], oldShown[Int(i)]) }
    }

    /// The samples of one template's curves from one start: sprites started together share them.
    struct Memo {
        var template = -1
        var start = Double.nan
        var transform = TimingSample.start
        var appearance = TimingSample.start
        /// Whether the template has tracks.
        var tracked = false
    }

    /// Adds template `k`'s tracks at `t`, their clocks from `start`, with a glyph's own
    /// amplitudes and clocks (`varied`, one per track) or the template's: their offsets
    /// to `state`, and (with `rates`) their rates to `velocity`. `t` and `start` are on
    /// the clock `clock` seconds behind the absolute one (a varied track on the
    /// transition's clock starts at an absolute instant).
    @inline(__always)
    private func addTracks(
        of k: Int, varied: UnsafeMutablePointer<TrackVariation>?, from start: Double, at t: Double, inLane: Bool,
        to state: inout GlyphState, rates: Bool = false, velocity: inout GlyphState, clock: Double = 0
    ) {
        let i = info[k].pointee
        for n in 0..<i.trackCount {
            let r = tracks[i.trackStart + n].pointee
            // In a lane the lane alone moves it up or down (a track on top would carry it onto the line it passes).
            if inLane && r.channel == .y { continue }
            let amplitude = varied?[n].amplitude ?? r.amplitude
            let begin = Self.begin(of: r, varied: varied.map { $0 + n }, from: start, clock: clock)
            let sample = TimingCurve.sample(trackCurves[i.trackStart + n], at: t - begin)
            state[r.channel] += amplitude * (sample.progress + r.bias)
            if rates { velocity[r.channel] += amplitude * sample.velocity }
        }
    }

    /// When track `r`'s curve starts, for a glyph whose clock starts at `start` (on the clock
    /// `clock` seconds behind the absolute one): its own variation's (`varied`) or its template's
    /// offset behind that, or, varied on the transition's clock, the absolute instant it keeps.
    @inline(__always)
    static func begin(
        of r: TrackRecord, varied: UnsafeMutablePointer<TrackVariation>?, from start: Double, clock: Double = 0
    ) -> Double {
        guard let varied else { return start - r.offset }
        return r.onTransitionClock ? varied.pointee.offset - clock : start - varied.pointee.offset
    }

    /// `addTracks` for a frame, out of line: the sweep that draws sprites stays small enough
    /// to be inlined into `frame(at:)` (with the tracks in it, it was not: 15 % more a frame).
    /// Each curve's progress comes from the frame's track samples: sprites whose tracks start
    /// together (a line of a wave, a beat of a dance) sample each curve once between them.
    @inline(never)
    private func addTracks(
        of k: Int, varied: UnsafeMutablePointer<TrackVariation>?, from start: Double, at t: Double, inLane: Bool,
        to state: inout GlyphState, samples: UnsafeMutablePointer<TrackSlot>
    ) {
        let i = info[k].pointee, shift = trackSampleShift
        for n in 0..<i.trackCount {
            let r = tracks[i.trackStart + n]
            if inLane && r.pointee.channel == .y { continue }
            let amplitude = varied?[n].amplitude ?? r.pointee.amplitude
            let begin = Self.begin(of: r.pointee, varied: varied.map { $0 + n }, from: start)
            let progress = trackProgress(i.trackStart + n, at: t - begin, in: samples, shift: shift)
            state[r.pointee.channel] += amplitude * (progress + r.pointee.bias)
        }
    }

    /// A frame's progress of track curve `curve` at `local` seconds into it, direct-mapped by
    /// the curve and the time (to the bit: the same curve at the same time is the same sample).
    @inline(__always)
    private func trackProgress(
        _ curve: Int, at local: Double, in samples: UnsafeMutablePointer<TrackSlot>, shift: UInt64
    ) -> Double {
        let key = local.bitPattern &+ UInt64(curve) &* 0x9E37_79B9
        let slot = samples + Int((key &* 0x9E37_79B9_7F4A_7C15) >> shift)
        if slot.pointee.curve != curve || slot.pointee.time.bitPattern != local.bitPattern {
            let sample = TimingCurve.sample(trackCurves[curve], at: local, velocity: false)
            slot.pointee = TrackSlot(time: local, curve: curve, progress: sample.progress)
        }
        return slot.pointee.progress
    }

    /// Counts the finite tracks of template `k` (offset as `varied` says, when a glyph's
    /// own), their clocks from `start`, into `end`.
    @inline(__always)
    private func includeTracks(
        of k: Int, varied: UnsafeMutablePointer<TrackVariation>?, from start: Double, motionStart: Double? = nil,
        inLane: Bool = false, into end: inout MotionEnd
    ) {
        let i = info[k].pointee
        // Its particles live from its motion's start.
        if i.emitterEnd >= 0 { end.include(motionStart ?? start, lasting: i.emitterEnd) }
        for n in 0..<i.trackCount {
            let r = tracks[i.trackStart + n].pointee
            guard !r.loops && !(inLane && r.channel == .y) else { continue }
            end.include(Self.begin(of: r, varied: varied.map { $0 + n }, from: start), lasting: r.duration)
        }
    }

    /// Sprite `s` going on as it is into this change: its track variation (one per track of
    /// its template) copied from the last change's `old` into `variations`.
    private func carryVariation(
        _ s: inout Sprite, from old: Column<TrackVariation>, into variations: inout Column<TrackVariation>
    ) {
        guard s.variation.exists else { return }
        let first = s.variation.index, count = info[s.template.index].pointee.trackCount
        s.variation = variations.nextRecord
        variations.reserve(variations.count + count)
        for n in 0..<count { variations.append(old[first + n]) }
    }

    /// Ranks the leaving glyphs (per old index, into `w.exitRank`) and the arrivals (per
    /// new index, into `w.enterRank`) in the stagger `order`, as the Director's planner
    /// does: sorted on the order's key, equal keys sharing a rank. Returns how many ranks
    /// each role spans.
    private func rankStagger(
        _ w: inout Scratch, order: StaggerOrder, weighted: Bool, mutations: MutationList, oldCount: Int, newCount: Int,
        fusedCount: Int, old: AnchoredFrames, new: AnchoredFrames
    ) -> (entering: Int, exiting: Int) {
        let texts = StaggerRanks.Texts(
            oldCount: oldCount, newCount: newCount, oldWords: words.old, newWords: words.new, old: old, new: new,
            seed: seed)
        // The arrivals: the new text's glyphs that continue none of the old one's.
        var weights: [Double] = []
        w.rankKeys.removeAll(keepingCapacity: true)
        for k in w.span where w.fromIndex[k] < 0 {
            if weighted { weights.append(mutations.priorityWeight(at: k)) }
            w.rankKeys.append((StaggerRanks.key(index: k, entering: true, order: order, texts: texts), Int32(k)))
        }
        if weighted { Self.keyByWeight(&w.rankKeys, weights) }
        w.enterRank.fill(-1, in: w.span, count: newCount)
        let entering = Self.rank(&w.rankKeys, into: w.enterRank)
        // The leaving glyphs: the removes (but letters fused with their new marks) and the broken moves.
        weights.removeAll()
        w.rankKeys.removeAll(keepingCapacity: true)
        for k in newCount..<mutations.count where !(fusedCount > 0 && w.fused[mutations.indexFrom(at: k)]) {
            let i = mutations.indexFrom(at: k)
            if weighted { weights.append(mutations.priorityWeight(at: k)) }
            w.rankKeys.append((StaggerRanks.key(index: i, entering: false, order: order, texts: texts), Int32(i)))
        }
        for k in w.span where w.broken[k] && mutations.action(at: k) == .transform {
            let i = mutations.indexFrom(at: k)
            if weighted { weights.append(mutations.weight(ofOld: i)) }
            w.rankKeys.append((StaggerRanks.key(index: i, entering: false, order: order, texts: texts), Int32(i)))
        }
        if weighted { Self.keyByWeight(&w.rankKeys, weights) }
        w.exitRank.fill(-1, in: w.oldSpan, count: oldCount)
        let exiting = Self.rank(&w.rankKeys, into: w.exitRank)
        return (entering, exiting)
    }

    /// Keys `keys` by their glyphs' priority weights (`weights`, one each), lower first, then
    /// by index: each glyph its own rank, in that order (a hand-made change's reading order).
    private static func keyByWeight(_ keys: inout [(key: Int64, index: Int32)], _ weights: [Double]) {
        let order = keys.indices.sorted { a, b in
            // (A weight that is not a number goes last.)
            let (x, y) = (weights[a].isNaN ? .infinity : weights[a], weights[b].isNaN ? .infinity : weights[b])
            return x != y ? x < y : keys[a].index < keys[b].index
        }
        for (position, n) in order.enumerated() { keys[n].key = Int64(position) }
    }

    /// Sorts `keys` and writes each index's dense rank into `ranks`; returns how many ranks.
    private static func rank(_ keys: inout [(key: Int64, index: Int32)], into ranks: Column<Int32>) -> Int {
        guard !keys.isEmpty else { return 0 }
        keys.sort { $0.key != $1.key ? $0.key < $1.key : $0.index < $1.index }
        var rank: Int32 = 0
        for n in keys.indices {
            if n > 0 && keys[n].key != keys[n - 1].key { rank += 1 }
            ranks[Int(keys[n].index)] = rank
        }
        return Int(rank) + 1
    }

    /// A staying glyph's template `k`, varied for sprite `s` (at `index` of the new text, in
    /// `box`) when the effect varies its glyphs: the template it follows (its own motion's,
    /// or `k`), its variation written into `s` and appended to `variations`.
    private func varyStaying(
        _ k: Int, _ s: inout Sprite, index: Int, box: GlyphFrame, moves: Bool,
        into variations: inout Column<TrackVariation>
    ) -> Int {
        s.variation = .none
        guard varies(k) else { return k }
        let (template, variation) = vary(
            k, moves ? contexts.moving : contexts.still, box: box, index: index, rank: 0, glyph: s.glyph, born: s,
            into: &variations)
        s.variation = variation
        return template
    }

    /// Template `k`'s start and end scaled for the glyph last varied, into `scaledFrom` and
    /// `scaledTo`, when its variation scales how far it moves (`variedScale`, on the
    /// template's scaled channels: an arrival's start, an exit's end). Returns whether it did.
    private func scaleEnds(of k: Int, role: SpriteRole) -> Bool {
        guard variedScale != 1 else { return false }
        (scaledFrom, scaledTo) = (templateKeys[k].from, templateKeys[k].to)
        templateKeys[k].scale(&scaledFrom, &scaledTo, by: variedScale, role: role)
        return true
    }

    /// The glyph last scaled (`scaleEnds`) moving from `from` to `to` on its template's
    /// curves from `start`, with nothing to carry: its own record, appended to `owns`.
    /// Returns where that is, and whether its pose and its appearance change.
    private func ownScaled(
        from: Point, to: Point, start: Double, into owns: inout Column<Own>
    ) -> (index: RecordID<Own>, changesPose: Bool, changesAppearance: Bool) {
        (scaledFrom.position, scaledTo.position) = (from, to)
        let change = scaledTo - scaledFrom
        owns.append(Own(rest: scaledTo, change: change, velocity: .zero, trackStart: start))
        return (RecordID(owns.count - 1), Template.changesPose(change), change.hasAppearance)
    }

    /// Whether glyphs of template `k` are varied one by one (`vary`).
    private func varies(_ k: Int) -> Bool { templateKeys[k].variesPerGlyph || info[k].pointee.variesTracks }

    /// Where track variation `record` (a sprite's `variation`) lies in `variations`; nil for
    /// none (its template's tracks as they are).
    @inline(__always)
    static func varied(
        _ record: RecordID<TrackVariation>, in variations: UnsafeMutablePointer<TrackVariation>
    ) -> UnsafeMutablePointer<TrackVariation>? {
        record.exists ? variations + record.index : nil
    }

    /// The track variation of a glyph of template `k` in the context `c` (its box, its
    /// index and rank; `born`, its sprite, keys its random traits), when the template
    /// varies per glyph (the effect asked) or has a track on the transition's clock:
    /// its amplitudes and offsets appended to `variations`. Returns
    /// the template the glyph follows (its own motion's, when the effect gives it one)
    /// and where its variation is, or none; its delay, the template's with the glyph's
    /// own added (0 at the least), is `variedDelay`.
    private func vary(
        _ k: Int, _ c: TransitionContext, box: GlyphFrame, index: Int, rank: Int, glyph: GlyphID, born: Sprite,
        into variations: inout Column<TrackVariation>
    ) -> (template: Int, variation: RecordID<TrackVariation>) {
        // (The template read where it lies: a copy of it, or of a track, is a copy of its curves.)
        let given = templates[k]
        let delay = given.pointee.template.delay
        variedDelay = delay.isFinite ? delay : 0
        variedScale = 1
        let i = info[k].pointee
        guard given.pointee.template.variesPerGlyph else {
            // Its tracks on the transition's clock: the template's amplitudes and offsets, as its own.
            guard i.variesTracks else { return (k, .none) }
            let first = variations.count
            variations.reserve(first + i.trackCount)
            for n in 0..<i.trackCount {
                let r = tracks[i.trackStart + n].pointee
                variations.append(TrackVariation(amplitude: r.amplitude, offset: r.onTransitionClock ? origin - r.offset : r.offset))
            }
            return (k, RecordID(first))
        }
        let exiting = c.role == .exiting
        let symbols = planSymbols ?? self.symbols
        let key = StableHash.of(glyph: born.bornGlyph, in: symbols, index: Int(born.bornIndex))
        let random = root.derived(key ^ (exiting ? 0x5EED : 0))
        var draw = random
        let drawnSeed = draw.next()
        glyphVariation.reset(tracks: i.trackCount, seed: drawnSeed) { n in
            let r = tracks[i.trackStart + n]
            return (r.pointee.amplitude, r.pointee.timeOffset)
        }
        let numbers = exiting ? words.old : words.new
        let context = EffectContext(
            role: c.role, frame: box.rect, moves: c.moves, index: index, count: c.count, rank: rank, peers: c.peers,
            word: index < numbers.count ? Int(numbers[index]) : 0, wordCount: c.wordCount, line: box.line,
            lineCount: c.lineCount, lineHeight: c.lineHeight, changeRatio: c.changeRatio, trend: c.trend, mode: c.mode,
            style: c.style, drift: c.drift, fontSize: c.fontSize, textBounds: c.textBounds, random: random,
            stableHash: StableHash.of(glyph: glyph, in: symbols, index: index), startTime: c.startTime,
            ink: ink?.ink(role: c.role, index: index) ?? c.ink)
        planned.vary(&glyphVariation, context: context)
        // Its own motion, with its own delay: nothing of the variation applies to it but the delay.
        // (Looked at only when there is one: a template is a few hundred bytes to copy.)
        let hasOwn = glyphVariation.hasMotion
        if hasOwn, let delay = glyphVariation.motion?.delay { variedDelay = delay.isFinite ? delay : 0 }
        if glyphVariation.delay.isFinite { variedDelay = max(variedDelay + glyphVariation.delay, 0) }
        if !variedDelay.isFinite { variedDelay = 0 }
        // A seed of its own for its particles, when the effect gave one: a template of its own, its
        // emitter seeded so (it moves as the template does).
        let seed = glyphVariation.seed, ownSeed = seed != drawnSeed
        if hasOwn, var own = glyphVariation.motion {
            own.variesPerGlyph = false
            if ownSeed, own.emitter != nil { own.emitter!.seed = seed }
            return (template(own, ownsSeed: ownSeed && own.emitter != nil), .none)
        }
        var k = k
        if ownSeed, given.pointee.template.emitter != nil {
            var seeded = templateKeys[k]
            seeded.emitter!.seed = seed
            k = template(seeded, ownsSeed: true)
        }
        let scale = glyphVariation.scale
        if scale != 1, scale.isFinite, !templates[k].pointee.template.scaledChannels.isEmpty { variedScale = scale }
        guard i.trackCount > 0 else { return (k, .none) }
        let first = variations.count, q = Self.quantum
        variations.reserve(first + i.trackCount)
        let (amplitudes, offsets) = (glyphVariation.amplitudes, glyphVariation.trackOffsets)
        for n in 0..<i.trackCount {
            let r = tracks[i.trackStart + n].pointee
            var varied = TrackVariation(amplitude: r.amplitude, offset: r.offset)
            if n < amplitudes.count, amplitudes[n].isFinite { varied.amplitude = amplitudes[n] }
            if n < offsets.count, offsets[n].isFinite { varied.offset = (offsets[n] / q).rounded() * q }
            if r.onTransitionClock { varied.offset = origin - varied.offset }
            variations.append(varied)
        }
        return (k, RecordID(first))
    }

    /// What sprite `s` shows at `t`, and how fast it changes.
    @inline(__always)
    private func present(
        _ s: Sprite, at t: Double, owns: UnsafeMutablePointer<Own>, variations: UnsafeMutablePointer<TrackVariation>,
        follows: UnsafeMutablePointer<FollowRecord>, lanes: UnsafeMutablePointer<LaneRecord>, memo: inout Memo
    ) -> Presented {
        if s.kind == 0 && !s.own { return resting(s) }
        let k = s.template.index
        if memo.template != k || memo.start != s.start {
            memo = Memo(
                template: k, start: s.start, transform: TimingCurve.sample(timings[k], at: t - s.start),
                appearance: TimingCurve.sample(fades[k], at: t - s.start), tracked: info[k].pointee.trackCount > 0)
        }
        let T = memo.transform, O = memo.appearance
        let (rest, change) = s.own ? (owns[s.ownIndex.index].rest, owns[s.ownIndex.index].change) : poses[k].pointee
        let tr = 1 - T.progress, or = 1 - O.progress
        var p = Presented(state: rest.receding(change, transform: tr, appearance: or), velocity: .zero)
        p.velocity.add(change, transform: T.velocity, appearance: O.velocity)
        // The sprite's place, not its pose's (a template's is an offset).
        p.state.position = Point(x: s.x - s.dx * tr, y: s.y - s.dy * tr)
        p.velocity.position = Point(x: s.dx * T.velocity, y: s.dy * T.velocity)
        if s.own && t < s.settle {
            // Bounded before the carried velocity is added, and again after (as the store evaluates).
            p.state.boundPrimary()
            let o = owns[s.ownIndex.index]
            p.state.add(o.velocity, transform: T.carry, appearance: O.carry)
            p.velocity.add(o.velocity, transform: T.carryVelocity, appearance: O.carryVelocity)
        }
        if memo.tracked {
            p.state.boundPrimary()
            addTracks(
                of: k, varied: Self.varied(s.variation, in: variations), from: s.own ? owns[s.ownIndex.index].trackStart : s.start,
                at: t, inLane: s.laneIndex.exists, to: &p.state, rates: true, velocity: &p.velocity)
        }
        if s.followIndex.exists {
            let f = follows[s.followIndex.index]
            let A = TimingCurve.sample(timings[f.template.index], at: t - f.start)
            p.state.position.x += f.dx * (A.progress + f.bias)
            p.state.position.y += f.dy * (A.progress + f.bias)
            p.velocity.position.x += f.dx * A.velocity
            p.velocity.position.y += f.dy * A.velocity
        }
        if s.laneIndex.exists {
            let l = lanes[s.laneIndex.index]
            p.state.position.y += l.amplitude * laneCurve(l.curve).pointee.progress(at: t - l.start)
            p.velocity.position.y += l.amplitude * laneCurve(l.curve).pointee.velocity(at: t - l.start)
        }
        p.state.bound()
        // (Rounding left in a velocity does not make it move, as the Director's store reads it.)
        p.velocity.dropNoise()
        return p
    }

    /// A sprite of template `k` moving from what it shows (`p`) to `to` (its
    /// place) and `rest` (its pose) from `start`, with the velocity it shows
    /// carried; its own pose and velocity go into `owns`. Its tracks are varied as
    /// `varied` says (its variation, `s.variation`, written already) or its template's.
    /// A leaving sprite whose exit starts at `leavingFrom` keeps the appearance channels
    /// the exit does not change as it shows them (less its tracks' offsets). Without `fadesBack`
    /// (a scene's shape), one caught mid-fade by a template that does not fade goes on as it is.
    @inline(__always) @discardableResult
    private func own(
        _ s: inout Sprite, from p: Presented, to: Point, rest: GlyphState, template k: Int, start: Double,
        into owns: inout Column<Own>, varied: UnsafeMutablePointer<TrackVariation>? = nil, persisting: Bool = true,
        shiftX: Double = 0, reshape: Reshape = .none, blends: Bool = false, trackStart: Double? = nil,
        startsNow: Bool = true, inLane: Bool = false, leavingFrom: GlyphState? = nil, fadesBack: Bool = true,
        ride: (offset: Point, rate: Point)? = nil
    ) -> Double {
        var k = k, rest = rest
        let trackStart = trackStart ?? start
        // Its tracks give offsets of their own at the instant it is caught: what it
        // shows less those is where its motion starts, what it shows moving less
        // their rates what it carries.
        // (Whether it moves, and the fade's way, are read off what it shows, its tracks' included.)
        let moving = !p.isStill, shownRate = p.velocity
        var p = p
        if let ride {
            // So is the way it rides with its anchor (`ride`: the offset and rate that adds now).
            p.state.position.x -= ride.offset.x
            p.state.position.y -= ride.offset.y
            p.velocity.position.x -= ride.rate.x
            p.velocity.position.y -= ride.rate.y
        }
        if info[k].pointee.trackCount > 0 {
            if startsNow { k = keepingWritten(k, shows: p.state, rest: &rest, varied: varied) }
            var offset = GlyphState.zero, rate = GlyphState.zero
            addTracks(
                of: k, varied: varied, from: trackStart, at: origin, inLane: inLane, to: &offset, rates: true,
                velocity: &rate)
            p.state = p.state - offset
            p.velocity = p.velocity - rate
        }
        // Leaving as it shows (its exit starting at `leavingFrom`).
        if let start = leavingFrom {
            rest = rest.keepingAppearance(of: p.state, unchangedFrom: start)
            // (An exit that moves nothing keeps the turn and scale it shows, as it keeps its place.)
            if info[k].pointee.transformDuration == 0 { rest = rest.keepingTransform(of: p.state, unchangedFrom: start) }
        }
        let f = info[k].pointee.from, shown = p.state
        if fadesBack && info[k].pointee.opacityDuration == 0
            && (abs(shown.opacity - f.opacity) > 1e-9 || abs(shown.blur - f.blur) > 1e-9
                || abs(shown.tint.red - f.tint.red) > 1e-9 || abs(shown.tint.green - f.tint.green) > 1e-9
                || abs(shown.tint.blue - f.tint.blue) > 1e-9 || abs(shown.tint.alpha - f.tint.alpha) > 1e-9
                || abs(shown.strokeEnd - f.strokeEnd) > 1e-9 || abs(shown.fill - f.fill) > 1e-9)
        {
            // Caught mid-fade by a template that does not fade: it fades back over the style's fade.
            var faded = templateKeys[k]
            faded.opacityTiming = .bezier(.easeInOut, duration: style.fade)
            k = template(faded)
        }
        // (A glyph whose drawing changes starts `shiftX` along, its start edge where the old
        // drawing's was; the velocity it carries is worked out before that.)
        let from = shown.position
        if persisting { k = calmer(k, dx: to.x - from.x - shiftX, dy: to.y - from.y, height: boxes[s.box].height) }
        let x = info[k].pointee
        s.template = TemplateID(k)
        s.x = to.x
        s.y = to.y
        s.dx = to.x - from.x - shiftX
        s.dy = to.y - from.y
        rest.position = to
        var change = rest - shown
        // What it shows moving, less what the curves give at their start; a fade carried only the way it goes.
        // (A sprite shown at rest carries nothing.)
        var v = p.velocity
        v.add(change, transform: -x.timingSlope, appearance: -x.opacitySlope)
        if shownRate.opacity * change.opacity <= 0 { v.opacity = 0 }
        if shownRate.blur * change.blur <= 0 { v.blur = 0 }
        if shownRate.tint.red * change.tint.red <= 0 { v.tint.red = 0 }
        if shownRate.tint.green * change.tint.green <= 0 { v.tint.green = 0 }
        if shownRate.tint.blue * change.tint.blue <= 0 { v.tint.blue = 0 }
        if shownRate.tint.alpha * change.tint.alpha <= 0 { v.tint.alpha = 0 }
        if shownRate.strokeEnd * change.strokeEnd <= 0 { v.strokeEnd = 0 }
        if shownRate.fill * change.fill <= 0 { v.fill = 0 }
        if !moving { v = .zero }
        // How far it moves (its shift not carried).
        change.position.x = s.dx
        s.followIndex = .none
        s.laneIndex = .none
        s.ownIndex = owns.nextRecord
        owns.append(Own(rest: rest, change: change, velocity: v, trackStart: trackStart, reshape: reshape))
        s.start = start
        let thrown = !v.isZero
        var end = MotionEnd(atLeast: start)
        // (A glyph whose drawing changes blends on its transform curve, whether or not it moves;
        // so does a scene's shape whose outline changes, `blends`.)
        if change.hasTransform || (thrown && v.hasTransform)
            || ((blends || !reshape.isNone) && x.transformDuration.isFinite)
        {
            end.include(start, lasting: x.transformDuration)
        }
        if change.hasAppearance || (thrown && v.hasAppearance) {
            end.include(start, lasting: x.opacityDuration)
        }
        if thrown, let spring = x.spring {
            // Thrown: its spring may take longer than the unit step to settle.
            var speed = 0.0
            speed = max(speed, abs(v.position.x) / max(abs(change.position.x), 1))
            speed = max(speed, abs(v.position.y) / max(abs(change.position.y), 1))
            speed = max(speed, abs(v.scaleX) / max(abs(change.scaleX), 0.01))
            speed = max(speed, abs(v.scaleY) / max(abs(change.scaleY), 0.01))
            speed = max(speed, abs(v.rotation) / max(abs(change.rotation), 0.01))
            speed = max(speed, abs(v.skew) / max(abs(change.skew), 0.01))
            end.include(start, lasting: spring.settleBound(displacement: 1, velocity: speed, tolerance: 0.001))
        }
        includeTracks(of: k, varied: varied, from: trackStart, motionStart: start, inLane: inLane, into: &end)
        s.settle = end.settle
        return end.over
    }

    /// The template a sprite of template `k` caught showing `shown` moves on, and
    /// its `rest`: an appearance channel it already shows as its finite tracks
    /// would leave it (a glyph caught fully written) stays there, those tracks
    /// dropped (they would take it away and bring it back).
    /// With a glyph's own track variation (`varied`), its amplitudes count, and the
    /// entries of the tracks dropped go (those of the others close up).
    private func keepingWritten(
        _ k: Int, shows shown: GlyphState, rest: inout GlyphState, varied: UnsafeMutablePointer<TrackVariation>?
    ) -> Int {
        let i = info[k].pointee
        var dropped: [GlyphChannel] = [], droppedMask = 0
        for (j, channel) in GlyphChannel.appearance.enumerated() {
            var final = 0.0, found = false, loops = false
            for n in 0..<i.trackCount where tracks[i.trackStart + n].pointee.channel == channel {
                let r = tracks[i.trackStart + n].pointee
                found = true
                loops = loops || r.loops
                let amplitude = varied?[n].amplitude ?? r.amplitude
                final += amplitude * (trackCurves[i.trackStart + n].pointee.progress(at: r.duration) + r.bias)
            }
            let written = rest[channel] + final
            guard found, !loops, abs(shown[channel] - written) < 1e-9 else { continue }
            rest[channel] = written
            dropped.append(channel)
            droppedMask |= 1 << j
        }
        guard !dropped.isEmpty else { return k }
        if let varied {
            var kept = 0
            for n in 0..<i.trackCount where !dropped.contains(tracks[i.trackStart + n].pointee.channel) {
                varied[kept] = varied[n]
                kept += 1
            }
        }
        // (Made once for the template and the channels: each caught sprite made it again, a copy of
        // the template, and `template` then compared its tracks, curve by curve, with every one kept.)
        let key = k << 16 | droppedMask
        if let made = keptWrittenOf[key] { return made }
        var kept = templateKeys[k]
        kept.tracks.removeAll { dropped.contains($0.channel) }
        let made = template(kept)
        keptWrittenOf[key] = made
        return made
    }

    /// `keepingWritten`'s templates, by the template and the appearance channels it dropped
    /// (`k << 16 | mask`, bit j for `GlyphChannel.appearance[j]`); let go of when templates
    /// are renumbered.
    @exclusivity(unchecked) private var keptWrittenOf: [Int: Int] = [:]

    /// When sprite `s` falls below the visible opacity for good, in seconds after
    /// `origin`: 0 when it is not visible, its settle when it never falls below.
    private func clearTime(of s: Sprite, owns: UnsafeMutablePointer<Own>, after origin: Double) -> Double {
        let k = s.template.index, level = rules.visibleOpacity
        // (On its template's pose, the template's crossing, solved once.)
        if !s.own && templates[k].pointee.level == level && templates[k].pointee.clearAfter > 0 {
            return s.start - origin + templates[k].pointee.clearAfter
        }
        let (rest, change) = s.own ? (owns[s.ownIndex.index].rest, owns[s.ownIndex.index].change) : poses[k].pointee
        let b = rest.opacity, a = b - change.opacity
        guard a >= level else { return 0 }
        guard b < level, a > b else { return s.settle - origin }
        // (Each such sprite crosses its template's fade at a level of its own: the fade's first
        // samples are kept for them, beside the template.)
        let fade = fades[k].pointee
        return s.start - origin + (fade.firstTime(reaching: (a - level) / (a - b), scan: fadeScan(k)) ?? fade.duration)
    }

    /// The new text, in its order: staying glyphs at rest where they stay, moving as runs
    /// (their holds collected per line and direction), caught ones carrying what they show,
    /// kept ones as they are; arrivals put in place to be planned later. Returns how many
    /// move, how many arrive and the widest arrival.
    @inline(never)
    private func placeNewText(
        _ w: inout Scratch, newCount: Int, mutations: MutationList, old oldFrames: AnchoredFrames,
        new newFrames: AnchoredFrames, move: Int, still: Int, enter: Int, stillChangesNothing: Bool, at t: Double,
        interrupted: Bool, drawings newDrawings: [Int32]?, rightToLeft: Bool
    ) -> (movers: Int, arrivals: Int32, widestArrival: Double) {
        let q = Self.quantum
        @inline(__always) func onStep(_ s: Double) -> Double { t + (s / q).rounded() * q }
        let oldOwns = w.oldOwns.base, oldFollows = w.oldFollows.base, oldLanes = w.oldLanes.base
        // The new text, in its order: staying glyphs at rest where they stay, moving
        // as runs; arrivals are written below (their rank is their place among them).
        // Written in place: the glyphs kept at the start stay where they are, those kept at the
        // end move to their new places, and the old span's sprites (what the span's glyphs
        // continue) are read from a copy, by old index from the span's start.
        let (span, oldSpan) = (w.span, w.oldSpan), oldLow = oldSpan.lowerBound
        w.spare.reset(oldSpan.count)
        w.spare.base.initialize(from: w.current.base + oldLow, count: oldSpan.count)
        w.spare.count = oldSpan.count
        w.current.reserve(newCount)
        UnsafeMutableRawPointer(w.current.base + span.upperBound).copyMemory(
            from: w.current.base + oldSpan.upperBound, byteCount: (newCount - span.upperBound) * MemoryLayout<Sprite>.stride)
        w.current.count = span.lowerBound
        // (The arrival ranks of the glyphs kept are not read.)
        w.arrivalRank.reset(newCount)
        w.arrivalRank.count = span.lowerBound
        defer {
            w.current.count = newCount
            w.arrivalRank.count = newCount
        }
        var movers = 0, arrivals: Int32 = 0, widestArrival = 0.0
        w.moverList.reset(newCount)
        w.heldOwn.reset(newCount)
        w.heldFrom.reset(newCount)
        w.heldShown.reset(newCount)
        w.heldShift.reset(newCount)
        w.heldReshapes.reset(newCount)
        w.keptAt.reset(interrupted ? newCount : 0)
        w.kept.reset(interrupted ? newCount : 0)
        // Whether a persisting glyph on its way to rest where it stays keeps its motion as it is:
        // when the still template is plain and changes nothing. (On tiles too, when it shows
        // the tile this change would give it: written again, a glyph caught growing in on
        // its tile would be put at rest at once by a still template that moves nothing.)
        let keepsStill = interrupted && templateKeys[still].changesNothing
        // The marks, indexed by line band and x when there are many (a paragraph's exits: each
        // move then looks only at those near its way).
        let marks = w.marks.count > indexedFrom
            ? Self.index(w.marks.count, into: &w.markBands) { n in
                let m = w.marks[n]
                return (m.y, m.x, m.width, m.height, 0)
            } : nil
        /// How long a persisting glyph shown at rest at `x0` must wait before moving to `to`
        /// on template `k`'s transform curve, so that it passes no leaving glyph still clearly
        /// visible; `floor` if that is longer (the hold its run has already).
        func neededHold(
            from x0: Double, to: Point, oldY: Double, box: GlyphFrame, template k: Int, atLeast floor: Double
        ) -> Double {
            var needed = max(floor, 0)
            let dx = to.x - x0
            // (Only a choreography that clears the way before filling it holds anything.)
            guard rules.clearBeforeFill, abs(dx) > 1e-9, abs(to.y - oldY) < 0.5 * box.rect.height else { return needed }
            let timing = timings[k]
            @inline(__always) func passes(_ n: Int) {
                let mark = w.marks[n]
                guard mark.clear > 0 && abs(mark.y - to.y) < 0.5 * max(box.rect.height, mark.height) else { return }
                let reach = rules.reach(box.rect.width, mark.width)
                guard reach > 0 else { return }
                var low = (mark.x - reach - x0) / dx, high = (mark.x + reach - x0) / dx
                if low > high { swap(&low, &high) }
                // When the glyph reaches the mark, searched as an arrival's hold searches a mover's
                // (`wait(_:for:started:passing:arrival:)`): only while the answer could make the
                // hold longer (it reaches the mark no sooner than it starts), and until the glyph
                // would start on the same step wherever in its bounds the answer lies, in a lane
                // or not (`needed` is then the longest it can be: what the run's other glyphs
                // decide is the same either way).
                guard low > 0, low < 1, searchesCrossingsWhole || mark.clear > needed else { return }
                var search = timing.pointee.crossingSearch(reaching: low, scan: timingScan(k))
                if searchesCrossingsWhole {
                    needed = max(needed, mark.clear - searchedWhole(&search, on: timing))
                    return
                }
                while true {
                    let bounds = search.bounds(otherwise: timing.pointee.duration)
                    let longest = mark.clear - bounds.low
                    if longest <= needed { return }
                    let shortest = max(needed, mark.clear - bounds.high)
                    if search.isDone
                        || Self.heldStart(waiting: shortest, at: t) == Self.heldStart(waiting: longest, at: t)
                            && Self.heldStart(waiting: shortest + Self.laneOpening, at: t)
                                == Self.heldStart(waiting: longest + Self.laneOpening, at: t)
                    {
                        needed = longest
                        return
                    }
                    narrow(&search, on: timing)
                }
            }
            if let marks {
                // Only the marks on its line within the widest reach of its way.
                let above = 0.5 * max(box.rect.height, marks.tallest), reach = (box.rect.width + marks.widest) / 2
                w.markBands.visit(y: to.y - above, to.y + above, x: min(x0, to.x) - reach, max(x0, to.x) + reach) { passes($0) }
            } else {
                for n in 0..<w.marks.count { passes(n) }
            }
            return needed
        }
        // A run of persisting glyphs (consecutive in both texts) holds as one, in the slot of
        // its first glyph's line and direction (none when that glyph does not move).
        var runSlot = -1, lastFrom = -2
        for k in span {
            let box = newFrames[k]
            let to = Point(x: box.rect.midX, y: box.rect.midY)
            guard w.fromIndex[k] >= 0 else {
                lastFrom = -2
                w.arrivalRank.append(arrivals)
                arrivals += 1
                widestArrival = max(widestArrival, box.rect.width)
                w.current.append(
                    Sprite(
                        id: -1, glyph: mutations.glyph(at: k), kind: 3, template: TemplateID(enter), ownIndex: .none,
                        box: boxes.id(of: Box(box)), x: to.x, y: to.y, dx: 0, dy: 0, start: 0, hide: .infinity, settle: 0,
                        drawing: newDrawings.map { k < $0.count ? $0[k] : -1 } ?? -1,
                        bornGlyph: mutations.glyph(at: k), bornIndex: Int32(k)))
                continue
            }
            w.arrivalRank.append(-1)
            let i = Int(w.fromIndex[k])
            if i != lastFrom + 1 {
                let from = oldFrames[i].rect
                let runDX = box.rect.midX - from.midX
                runSlot = -1
                if abs(runDX) > 1e-9 || abs(box.rect.midY - from.midY) > 1e-9 {
                    runSlot = 2 * min(max(box.line, 0), newFrames.lineCount) + (runDX > 0 ? 1 : 0)
                    if w.lineHolds.count <= runSlot {
                        w.lineHolds.reserve(runSlot + 1)
                        for n in w.lineHolds.count...runSlot { w.lineHolds[n] = 0 }
                        w.lineHolds.count = runSlot + 1
                    }
                }
            }
            lastFrom = i
            var s = w.spare[i - oldLow]
            // A glyph whose drawing changes (a letter taking another form) starts with its start
            // edge where the old drawing's was: half what its box grew along (back, right to left).
            let drawing = newDrawings.map { k < $0.count ? $0[k] : -1 } ?? -1
            let reshapes = s.drawing >= 0 && s.drawing != drawing
            let oldWidth = boxes[s.box].width
            let shift = reshapes ? (rightToLeft ? -1 : 1) * (box.rect.width - oldWidth) / 2 : 0
            let reshape = reshapes ? Reshape(s, width: oldWidth, to: box.rect.width, rightToLeft: rightToLeft) : .none
            s.drawing = drawing
            s.box = boxes.id(of: Box(box))
            s.glyph = mutations.glyph(at: k)
            // At rest where the old text has it (its motion over): it moves as any glyph at rest does.
            // (At rest means its motion is over, not only that it shows the rest state.) One whose
            // drawing changes moves from what it shows, as one caught does; so does one whose
            // template has tracks on the transition's clock (a dance joined mid-swing: what it
            // shows less their offsets now is where its motion starts) or does not start at a
            // glyph's rest (a pen's text, unfilled).
            let staying = info[oldFrames[i] == box ? still : move]
            let atRest =
                !interrupted || s.kind == 0 && !s.own
                || t >= s.settle && w.shown[i].isStill
                    && w.shown[i].state == resting(at: oldFrames[i].rect.center, look: s.look)
            let joinsLoop =
                atRest && (staying.pointee.clocksTransition || !staying.pointee.startsAtRest || s.look != 0)
            if reshapes || joinsLoop || !atRest {
                let shown = interrupted ? w.shown[i] : resting(s)
                if !reshapes && keepsStill && s.tiled == Self.setsOnTile(s.glyph, tiled: tiles != nil, symbols: self.symbols) && oldFrames[i] == box && s.x.bitPattern == to.x.bitPattern
                    && s.y.bitPattern == to.y.bitPattern && s.glyph == w.spare[i - oldLow].glyph
                    && (s.template.isNone  // (set at rest before any change: as drawn, still)
                        || Self.restsAsDrawn(s.own ? oldOwns[s.ownIndex.index].rest : poses[s.template.index].pointee.rest)
                            && !info[s.template.index].pointee.loops)
                {
                    // On its way to rest exactly where it stays: it keeps its motion as it is (an
                    // arrival under way stays one; a loop never comes to rest: it is caught), its
                    // records carried into this change's columns.
                    if s.own {
                        let record = oldOwns[s.ownIndex.index]
                        s.ownIndex = w.owns.nextRecord
                        w.owns.append(record)
                    }
                    carryVariation(&s, from: w.oldVariations, into: &w.variations)
                    if s.followIndex.exists {
                        let record = oldFollows[s.followIndex.index]
                        s.followIndex = w.follows.nextRecord
                        w.follows.append(record)
                    }
                    if s.laneIndex.exists {
                        let record = oldLanes[s.laneIndex.index]
                        s.laneIndex = w.lanes.nextRecord
                        w.lanes.append(record)
                    }
                    w.keptAt.append(Int32(k))
                    w.kept.append(s)
                    if w.shown[i].isStill && runSlot >= 0 {
                        // Not moving yet (an arrival held back, shown away from its place): its way
                        // counts in its run's hold, as a glyph at rest's does.
                        w.lineHolds[runSlot] = neededHold(
                            from: w.shown[i].state.position.x, to: to, oldY: oldFrames[i].rect.midY, box: box, template: still,
                            atLeast: w.lineHolds[runSlot])
                    }
                    // Planned around as a glyph at rest on its place until it is put back.
                    s.rest(at: t)
                    w.current.append(s)
                    continue
                }
                // Caught on its way: from what it shows to its new place, at once if it moves.
                let p = shown
                if p.isStill {
                    // At rest elsewhere: it waits as glyphs at rest do (its line's hold, its lane), decided below.
                    let k0 = oldFrames[i] == box ? still : move
                    let slot = runSlot
                    if slot >= 0 {
                        w.lineHolds[slot] = neededHold(
                            from: p.state.position.x, to: to, oldY: startY(of: k0, old: oldFrames[i].rect.midY, new: to.y),
                            box: box, template: k0, atLeast: w.lineHolds[slot])
                    }
                    s.x = to.x
                    s.y = to.y
                    s.kind = 1
                    s.start = Double(slot)
                    s.template = TemplateID(oldFrames[i] == box ? still : move)
                    w.heldOwn.append(Int32(k))
                    w.heldFrom.append(Int32(i))
                    w.heldShown.append(p)
                    w.heldShift.append(shift)
                    w.heldReshapes.append(reshape)
                } else {
                    let varied = varyStaying(
                        oldFrames[i] == box ? still : move, &s, index: k, box: box,
                        moves: oldFrames[i].rect.center != to, into: &w.variations)
                    own(&s, from: p, to: to, rest: rest(of: varied, at: to), template: varied,
                        start: p.isStill ? onStep(0) : t, into: &w.owns, varied: Self.varied(s.variation, in: w.variations.base),
                        shiftX: shift, reshape: reshape)
                    s.kind = 1
                    // A mover too: arrivals wait for it to sweep past their place.
                    w.moverList.append(Int32(k))
                }
                w.current.append(s)
                continue
            }
            s.x = to.x
            s.y = to.y
            if oldFrames[i] == box && !info[still].pointee.animates && templateLooks[still] == 0 {
                // At rest where it stays: kept as it is (not written) when the still template changes nothing.
                if stillChangesNothing { w.rested[k] = true }
                s.rest(at: t)
                w.current.append(s)
                continue
            }
            if oldFrames[i] == box {
                // Where it stays, its tracks moving it (a hop): written on the still template, when its run goes.
                s.kind = 1
                s.template = TemplateID(still)
                s.ownIndex = .none
                s.followIndex = .none
                s.laneIndex = .none
                s.dx = 0
                s.dy = 0
                s.start = Double(runSlot)
                w.current.append(s)
                movers += 1
                w.moverList.append(Int32(k))
                continue
            }
            // A move: late enough to pass no leaving glyph still clearly visible.
            let fromX = oldFrames[i].rect.midX, fromY = oldFrames[i].rect.midY
            s.kind = 1
            s.template = TemplateID(move)
            s.ownIndex = .none
            s.followIndex = .none
            s.laneIndex = .none
            s.dx = to.x - fromX
            s.dy = to.y - fromY
            // (On its line, as its template places it: one that starts at its new place is.)
            // Runs shifting the same way along a line wait for the one that waits longest.
            let slot = runSlot
            if slot >= 0 {
                w.lineHolds[slot] = neededHold(
                    from: fromX, to: to, oldY: startY(of: move, old: fromY, new: to.y), box: box, template: move,
                    atLeast: w.lineHolds[slot])
            }
            s.start = Double(slot)
            w.current.append(s)
            movers += 1
            w.moverList.append(Int32(k))
        }
        return (movers, arrivals, widestArrival)
    }

    /// The leaving glyphs (`leaves`), in the old text's order, each fading where it rests (or,
    /// caught in motion, carrying what it shows), and their marks; returns the widest
    /// and tallest mark and how far an exit reaches off its line.
    @inline(never)
    private func planExits(
        _ w: inout Scratch, old oldFrames: AnchoredFrames, exit: Int, exitCount: Int, exitStep: Double, at t: Double,
        interrupted: Bool, ordered: Bool
    ) -> (widest: Double, tallest: Double, reach: Double) {
        let q = Self.quantum
        @inline(__always) func onStep(_ s: Double) -> Double { t + (s / q).rounded() * q }
        // Leaving glyphs, in the old text's order: each fades where it rests.
        let varies = self.varies(exit)
        w.leaving.reset(exitCount + w.oldLeaving.count)
        w.exitFrom.reset(exitCount)
        // (Under a choreography that does not clear the way first, it rides its anchor: planned again then.)
        let ridesAnchors = !rules.clearBeforeFill && motion == .full
        w.ownExits.reset(ridesAnchors ? exitCount : 0)
        w.marks.reset(exitCount + w.oldLeaving.count)
        var sequence = 0
        var widestExit = 0.0, tallestExit = 0.0, exitReach = 0.0
        for i in w.oldSpan where w.leaves[i] {
            var s = w.current[i]
            // Its rank: its place among the leaving glyphs, or in the effect's order.
            let rank = ordered ? Int(w.exitRank[i]) : sequence
            sequence += 1
            // Its template, varied for it when the effect varies its glyphs.
            var kx = exit, variation = RecordID<TrackVariation>.none
            if varies {
                (kx, variation) = vary(
                    exit, contexts.exiting, box: oldFrames[i], index: i, rank: rank, glyph: s.glyph, born: s,
                    into: &w.variations)
            }
            let x = templates[kx]
            let delayX = varies ? variedDelay : x.pointee.template.delay.isFinite ? x.pointee.template.delay : 0
            // Its ends: the template's, or its own when its variation scales how far it goes.
            let scaled = varies && scaleEnds(of: kx, role: .exiting)
            let fromOffset = scaled ? scaledFrom.position : x.pointee.template.from.position
            let toOffset = scaled ? scaledTo.position : x.pointee.template.to.position
            let from = Point(x: s.x + fromOffset.x, y: s.y + fromOffset.y)
            var to = Point(x: s.x + toOffset.x, y: s.y + toOffset.y)
            let begin = onStep(exitStep * Double(rank) + delayX)
            var mark: Mark
            // (At rest, on a template with tracks on the transition's clock, or one that does not
            // start at a glyph's rest (a pen un-writing), it leaves as one caught: from what it shows
            // (less the tracks' offsets now).)
            let joinsLoop =
                (!interrupted || s.kind == 0 && !s.own)
                && (info[kx].pointee.clocksTransition || !info[kx].pointee.startsAtRest || s.look != 0)
            if joinsLoop || interrupted && (s.kind != 0 || s.own) {
                let p = interrupted ? w.shown[i] : resting(s)
                // (An exit that moves nothing leaves from where the sprite shows, not from its place.)
                if x.pointee.transformDuration == 0 {
                    to = Point(
                        x: p.state.position.x + toOffset.x - fromOffset.x, y: p.state.position.y + toOffset.y - fromOffset.y)
                }
                let atRest = p.isStill
                // (An exit with tracks moves whatever it shows: neither rule below holds for it.)
                let tracked = info[kx].pointee.animates
                // An arrival turned back before it showed would show nothing on its way out: gone at
                // once (on a tile, it leaves as any glyph does, its tile unseen; riding its anchor, once
                // its ride is known not to move it).
                let unseen = atRest && p.state.opacity == 0 && x.pointee.rest.opacity == 0 && !tracked && tiles == nil
                if unseen && !ridesAnchors {
                    // Its mark stays, cleared from the start: an arrival of its glyph pairs with it and need not wait.
                    w.marks.append(
                        Mark(
                            x: p.state.position.x, y: p.state.position.y, y1: p.state.position.y,
                            width: boxes[s.box].width * abs(p.state.scaleX), height: boxes[s.box].height * abs(p.state.scaleY),
                            clear: 0, glyph: s.glyph))
                    continue
                }
                let restsExactly =
                    atRest && !tracked && p.state == .resting(at: from)
                    && x.pointee.template.from.isIdentical(to: .resting(at: x.pointee.template.from.position))
                if !restsExactly {
                    // It leaves as it shows: the appearance channels its exit does not change stay
                    // where they are (a stroke half written, a tint), less its tracks' offsets.
                    let start = scaled ? scaledFrom : x.pointee.template.from, end = scaled ? scaledTo : x.pointee.rest
                    s.variation = variation
                    if ridesAnchors {
                        w.ownExits.append(
                            OwnExit(
                                leaving: Int32(w.leaving.count), sprite: s, shown: p, to: to, rest: end, template: TemplateID(kx),
                                start: atRest ? begin : t, trackStart: begin, leavingFrom: start, unseen: unseen,
                                plain: false))
                    }
                    let over = own(
                        &s, from: p, to: to, rest: end, template: kx, start: atRest ? begin : t, into: &w.owns,
                        varied: Self.varied(s.variation, in: w.variations.base), persisting: false, trackStart: begin,
                        startsNow: false, leavingFrom: start)
                    s.kind = 2
                    s.hide = over
                    w.leaving.append(s)
                    w.exitFrom.append(Int32(i))
                    // Its mark where its motion starts: what it shows less its tracks' offsets then.
                    let o = w.owns[s.ownIndex.index]
                    mark = Mark(
                        x: s.x - s.dx, y: s.y - s.dy, y1: to.y, width: boxes[s.box].width * abs(o.rest.scaleX - o.change.scaleX),
                        height: boxes[s.box].height * abs(o.rest.scaleY - o.change.scaleY),
                        clear: clearTime(of: s, owns: w.owns.base, after: t), glyph: s.glyph)
                    w.marks.append(mark)
                    widestExit = max(widestExit, mark.width)
                    tallestExit = max(tallestExit, mark.height)
                    exitReach = max(exitReach, abs(mark.y1 - mark.y))
                    continue
                }
            }
            if ridesAnchors {
                // (Should its anchor's ride be under way already, it leaves from where it shows,
                // less what the ride adds then, as one leaving from what it shows: planned again.)
                var before = s
                before.variation = variation
                w.ownExits.append(
                    OwnExit(
                        leaving: Int32(w.leaving.count), sprite: before, shown: interrupted ? w.shown[i] : resting(s),
                        to: to, rest: scaled ? scaledTo : x.pointee.rest, template: TemplateID(kx), start: begin, trackStart: begin,
                        leavingFrom: scaled ? scaledFrom : x.pointee.template.from, unseen: false, plain: true))
            }
            var over = MotionEnd(atLeast: begin)
            s.ownIndex = .none
            var changesPose = x.pointee.changesPose, changesAppearance = x.pointee.changesAppearance
            if scaled {
                // Its own ends: its own pose, moving from its start.
                (s.ownIndex, changesPose, changesAppearance) = ownScaled(from: from, to: to, start: begin, into: &w.owns)
            }
            if changesPose || to != from { over.include(begin, lasting: x.pointee.transformDuration) }
            if changesAppearance { over.include(begin, lasting: x.pointee.opacityDuration) }
            s.variation = variation
            includeTracks(of: kx, varied: Self.varied(s.variation, in: w.variations.base), from: begin, into: &over)
            s.kind = 2
            s.template = TemplateID(kx)
            s.followIndex = .none
            s.laneIndex = .none
            s.x = to.x
            s.y = to.y
            s.dx = to.x - from.x
            s.dy = to.y - from.y
            s.start = begin
            s.hide = over.over
            s.settle = over.settle
            w.leaving.append(s)
            w.exitFrom.append(Int32(i))
            mark = Mark(
                x: from.x, y: from.y, y1: to.y, width: boxes[s.box].width * abs(x.pointee.rest.scaleX - x.pointee.change.scaleX),
                height: boxes[s.box].height * abs(x.pointee.rest.scaleY - x.pointee.change.scaleY),
                clear: x.pointee.clearAfter > 0 ? begin - t + x.pointee.clearAfter : 0,
                glyph: s.glyph)
            w.marks.append(mark)
            widestExit = max(widestExit, mark.width)
            tallestExit = max(tallestExit, mark.height)
            exitReach = max(exitReach, abs(mark.y1 - mark.y))
        }
        return (widestExit, tallestExit, exitReach)
    }

    /// What planning an arrival reads of its template: read once for all the arrivals of a
    /// change when they share one (reached through the template's pointer, its fields would be
    /// loaded again for each glyph: the row stores between them may alias them), again for each
    /// glyph when the effect varies its glyphs.
    private struct ArrivalTerms {
        /// Its delay, and how far from its place it starts and ends.
        var delay: Double, fromOffset: Point, toOffset: Point
        /// Whether it fades in past the visible level (or is visible from the first).
        var shows: Bool
        /// When it shows clearly, after its start (its crossing of the level when it fades in
        /// from under it; its stagger's start, its delay not waited for, when it is visible from
        /// the first), and how far it has come then.
        var visibleAfter: Double, progressWhenVisible: Double
        /// Whether it has tracks, and whether tracks or particles extend its end.
        var hasTracks: Bool, animates: Bool
        /// Whether its pose and its appearance change, and for how long.
        var changesPose: Bool, changesAppearance: Bool, transformDuration: Double, opacityDuration: Double

        /// Template `a`'s terms (`i` its info); `delay` the glyph's own when its variation gives one.
        init(_ a: UnsafeMutablePointer<Template>, _ i: UnsafeMutablePointer<Info>, level: Double, delay: Double?) {
            // (Read as a value, the copy left out by the optimiser: each field read through the
            // pointer instead measured 230 instructions dearer a label's change, and no cheaper
            // for dance, whose arrivals make their terms once a glyph.)
            let t = a.pointee
            self.delay = delay ?? (t.template.delay.isFinite ? t.template.delay : 0)
            fromOffset = t.template.from.position
            toOffset = t.template.to.position
            let (fromOpacity, toOpacity) = (t.template.from.opacity, t.template.to.opacity)
            shows = fromOpacity >= level || (toOpacity >= level && toOpacity > fromOpacity)
            visibleAfter = fromOpacity < level ? t.visibleAfter : -self.delay
            progressWhenVisible = t.progressWhenVisible
            hasTracks = i.pointee.trackCount > 0
            animates = i.pointee.animates
            changesPose = t.changesPose
            changesAppearance = t.changesAppearance
            transformDuration = t.transformDuration
            opacityDuration = t.opacityDuration
        }
    }

    /// An arrival's `ready` (when its way is clear) once a mover on template `k` that started
    /// `started` seconds after the change passes it: gone past its reach at `fraction` of its
    /// way (its curve's first crossing of it), and 0.02 s more. `arrival`: when the arrival is
    /// due to start and to show.
    ///
    /// The crossing is searched only as far as the arrival's start depends on it. Each step of
    /// the search narrows where the answer lies, so it stops once the arrival would wait no
    /// longer whatever the answer (it is at most `ready`, or before the arrival shows), or would
    /// start on the same step wherever in its bounds the answer lies: `ready` is then the latest
    /// it can be, which decides what any later mover's wait decides as the answer would.
    @inline(never)
    private func wait(
        _ ready: Double, for k: Int, started: Double, passing fraction: Double,
        arrival: (start: Double, visible: Double)
    ) -> Double {
        let timing = timings[k]
        var search = timing.pointee.crossingSearch(reaching: fraction, scan: timingScan(k))
        if searchesCrossingsWhole { return max(ready, started + searchedWhole(&search, on: timing) + 0.02) }
        let floor = max(ready, arrival.visible)
        while true {
            let bounds = search.bounds(otherwise: timing.pointee.duration)
            let latest = started + bounds.high + 0.02
            if latest <= floor { return ready }
            if search.isDone
                || Self.arrivalStart(due: arrival.start, visible: arrival.visible, readyAt: max(ready, started + bounds.low + 0.02))
                    == Self.arrivalStart(due: arrival.start, visible: arrival.visible, readyAt: latest)
            {
                return latest
            }
            narrow(&search, on: timing)
        }
    }

    /// `search` taken to its end, as a stage that searches every crossing whole takes it: its
    /// answer (the curve's duration when it never crosses), what `firstTime(reaching:)` gives.
    private func searchedWhole(
        _ search: inout TimingCurve.CrossingSearch, on curve: UnsafeMutablePointer<TimingCurve>
    ) -> Double {
        while !search.isDone { narrow(&search, on: curve) }
        return search.answer ?? curve.pointee.duration
    }

    /// A step of a hold's search for a crossing of `curve`.
    @inline(__always) private func narrow(_ search: inout TimingCurve.CrossingSearch, on curve: UnsafeMutablePointer<TimingCurve>) {
        search.narrow(on: curve.pointee)
        crossingSearchSteps &+= 1
    }

    /// The arrivals' holds, as a sweep: arrivals and exits both in reading order (line,
    /// then x), each arrival looking only at the exits within reach of its place; each
    /// arrival is written with its start and settle (`last`: the latest settle so far).
    @inline(never)
    private func holdArrivals(
        _ w: inout Scratch, newCount: Int, mutations: MutationList, symbols: GlyphTable, new newFrames: AnchoredFrames,
        enter: Int, step: Double, at t: Double, interrupted: Bool, releases: Bool,
        exits: (widest: Double, tallest: Double, reach: Double), widestArrival: Double, last: inout Double
    ) {
        let q = Self.quantum, level = rules.visibleOpacity
        let varies = self.varies(enter)
        let (widestExit, tallestExit, exitReach) = exits
        @inline(__always) func onStep(_ s: Double) -> Double { t + (s / q).rounded() * q }
        // The holds, as a sweep: arrivals and exits both in reading order (line, then x),
        // each arrival looks only at the exits within reach of its place.
        var lo = 0, lastY = -Double.infinity, lastX = -Double.infinity
        let marks = w.marks.count
        // The movers, indexed by line band and the left end of their way when there are many
        // (a paragraph's: each arrival then looks only at those near its place).
        let movers = w.moverList.count > indexedFrom
            ? Self.index(w.moverList.count, into: &w.moverBands) { n in
                let s = w.current[Int(w.moverList[n])]
                let box = boxes[s.box]
                return (s.y, min(s.x - s.dx, s.x), box.width, box.height, abs(s.dx))
            } : nil
        // What the arrivals' template says, read once when they share it (an effect that does
        // not vary its glyphs), again for each when it varies.
        var terms = ArrivalTerms(templates[enter], info[enter], level: level, delay: nil)
        for k in w.span where w.current[k].kind >= 3 {
            if w.current[k].kind == 4 {
                w.current[k].kind = 3
                last = max(last, w.current[k].settle)
                continue
            }
            let box = newFrames[k]
            // Its template, varied for it when the effect varies its glyphs.
            var ka = enter, variation = RecordID<TrackVariation>.none
            if varies {
                (ka, variation) = vary(
                    enter, contexts.entering, box: box, index: k, rank: Int(w.arrivalRank[k]), glyph: w.current[k].glyph,
                    born: w.current[k], into: &w.variations)
                terms = ArrivalTerms(templates[ka], info[ka], level: level, delay: variedDelay)
            }
            let delayA = terms.delay
            // Its start: the template's, or its own when its variation scales how far it comes.
            let scaled = varies && scaleEnds(of: ka, role: .entering)
            let center = Point(x: box.rect.midX, y: box.rect.midY)
            let offset = scaled ? scaledFrom.position : terms.fromOffset
            let from = Point(x: center.x + offset.x, y: center.y + offset.y)
            let to = Point(x: center.x + terms.toOffset.x, y: center.y + terms.toOffset.y)
            // Its rank is its place among the arrivals in the new text's order.
            let start = step * Double(w.arrivalRank[k]) + delayA
            // When it shows clearly: from its stagger's start when it is visible from the first
            // (its delay not waited for); never, when it does not fade in past the level.
            let shows = terms.shows
            let visible = start + terms.visibleAfter
            var seen: Double, seenY: Double
            if terms.hasTracks {
                // With tracks, where it is then is read off its motion with them.
                let time = visible - (start - delayA), p = timings[ka].pointee.progress(at: time - delayA)
                var state = GlyphState.zero, unused = GlyphState.zero
                // (Its motion read from its stagger's start: a track on the transition's clock starts there.)
                state.position = Point(x: to.x - (to.x - from.x) * (1 - p), y: to.y - (to.y - from.y) * (1 - p))
                addTracks(
                    of: ka, varied: Self.varied(variation, in: w.variations.base), from: delayA, at: time, inLane: false,
                    to: &state, velocity: &unused, clock: origin)
                (seen, seenY) = (state.position.x, state.position.y)
            } else {
                seen = from.x + (to.x - from.x) * terms.progressWhenVisible
                seenY = from.y + (to.y - from.y) * terms.progressWhenVisible
            }
            let follow = w.followOf[k]
            if follow.exists {
                // Riding its neighbour, it is behind by what the neighbour has still to go.
                let r = w.follows[follow]
                seen += r.dx * (timings[r.template.index].pointee.progress(at: t + visible - r.anchorStart) - 1)
            }
            let lowX = min(seen, to.x), highX = max(seen, to.x), lowY = min(seenY, to.y), highY = max(seenY, to.y)
            // Exits near its way, up or down as far as an exit rolls (a glyph leaving a
            // neighbouring line towards it is on its way too).
            let band = 0.5 * max(box.rect.height, tallestExit) + exitReach, widest = (widestArrival + widestExit) / 2
            var ready = 0.0
            // (An arrival that stays on its line, when no exit leaves its own: the marks left of
            // it on its line are left of every later arrival that can reach them.)
            let flat = exitReach == 0 && lowY == highY
            // Marks whose sprites an arrival planned before this one caught are clear.
            let order = releases ? w.arrivalOrder[k] : Int32.min
            // The marks in reading order (put in it above; caught ones sit a little off their line).
            @inline(__always) func at(_ n: Int) -> Int { Int(w.order[n]) }
            if lowY < lastY || (lowY == lastY && lowX < lastX) { lo = 0 }
            (lastY, lastX) = (lowY, lowX)
            // Passed for good: marks above every later arrival's band, and marks on this arrival's
            // own line left of its reach when nothing leaves its line.
            while lo < marks {
                let mark = w.marks[at(lo)]
                guard mark.y < lowY - band || (flat && mark.y == lowY && mark.x < lowX - widest) else { break }
                lo += 1
            }
            var j = lo
            while j < marks {
                let m = at(j)
                let mark = w.marks[m]
                guard mark.y < highY + band else { break }
                if mark.x < lowX - widest {
                    j += 1
                    continue
                }
                if mark.x >= highX + widest {
                    // Past its reach on its line: the next line's marks next, unless they may reach
                    // it (exits leaving their line, an arrival that changes line) or the line's marks
                    // are not in order of x (sprites caught in motion sit a little off their line).
                    if flat && !interrupted { break }
                    j += 1
                    continue
                }
                let clear = releases && w.released[m] < order ? 0 : mark.clear
                if clear > ready {
                    // (Two-argument `max`s: the variadic one is a call with an array when not inlined.)
                    let gap = max(max(min(mark.y, mark.y1) - highY, lowY - max(mark.y, mark.y1)), 0)
                    if gap < 0.5 * max(box.rect.height, mark.height) {
                        let reach = rules.reach(box.rect.width, mark.width)
                        if reach > 0 && mark.x > lowX - reach && mark.x < highX + reach { ready = clear }
                    }
                }
                j += 1
            }
            if w.pairing[k] >= 0 {
                let m = Int(w.pairing[k])
                ready = max(ready, releases && w.released[m] < order ? 0 : w.marks[m].clear)
            }
            // Movers sweeping through its place.
            @inline(__always) func sweeps(_ n: Int) {
                let s = w.current[Int(w.moverList[n])]
                let sBox = boxes[s.box]
                guard abs(s.dx) > 0.25 * max(sBox.width, 1e-9) && abs(s.dy) < 0.5 * sBox.height
                    && !symbols.isWhitespace(s.glyph) && abs(s.y - to.y) < 0.5 * max(box.rect.height, sBox.height)
                else { return }
                let reach = rules.reach(box.rect.width, sBox.width)
                // (Its way as the Director's planner reads it: from where it starts to where it ends,
                // each end as written, the move between them worked out again; an ulp decides
                // whether a way that ends at the edge of the arrival's reach passes it.)
                let x0 = s.x - s.dx, dx = s.x - x0
                guard reach > 0, abs(dx) > 1e-9 else { return }
                var low = (to.x - reach - x0) / dx, high = (to.x + reach - x0) / dx
                if low > high { swap(&low, &high) }
                guard high > 0, low < 1, high < 1 else { return }
                if shows && rules.clearBeforeFill {
                    ready = wait(
                        ready, for: s.template.index, started: s.start - t, passing: high,
                        arrival: (start: start, visible: visible))
                }
            }
            if let movers {
                // Only those on its line whose way comes within the widest reach of its place.
                let above = 0.5 * max(box.rect.height, movers.tallest), reach = (box.rect.width + movers.widest) / 2
                w.moverBands.visit(y: to.y - above, to.y + above, x: to.x - reach - movers.longest, to.x + reach) { sweeps($0) }
            } else {
                for n in 0..<w.moverList.count { sweeps(n) }
            }
            if !shows || !rules.clearBeforeFill { ready = 0 }
            let begin = onStep(Self.arrivalStart(due: start, visible: visible, readyAt: ready))
            w.current[k].x = to.x
            w.current[k].y = to.y
            w.current[k].dx = to.x - from.x
            w.current[k].dy = to.y - from.y
            w.current[k].start = begin
            w.current[k].followIndex = follow
            var end = MotionEnd(atLeast: begin)
            if follow.exists {
                let r = w.follows[follow]
                end.include(r.start, lasting: info[r.template.index].pointee.transformDuration)
            }
            var changesPose = terms.changesPose, changesAppearance = terms.changesAppearance
            if scaled {
                // Its own start: its own pose, moving from its start.
                (w.current[k].ownIndex, changesPose, changesAppearance) = ownScaled(
                    from: from, to: to, start: begin, into: &w.owns)
            }
            if changesPose || to != from { end.include(begin, lasting: terms.transformDuration) }
            if changesAppearance { end.include(begin, lasting: terms.opacityDuration) }
            w.current[k].template = TemplateID(ka)
            w.current[k].variation = variation
            if terms.animates {
                includeTracks(of: ka, varied: Self.varied(w.current[k].variation, in: w.variations.base), from: begin, into: &end)
            }
            w.current[k].settle = end.settle
            last = max(last, end.settle)
        }
    }

    /// Marks which old glyphs leave (`leaves`, by old index): the removes not fused into a
    /// letter that gains or loses marks, and the broken transforms.
    private static func markLeaving(
        _ w: inout Scratch, mutations: MutationList, oldCount: Int, newCount: Int, fusedCount: Int
    ) {
        w.leaves.fill(false, in: w.oldSpan, count: oldCount)
        for k in newCount..<mutations.count where !(fusedCount > 0 && w.fused[mutations.indexFrom(at: k)]) {
            w.leaves[mutations.indexFrom(at: k)] = true
        }
        for k in w.span where w.broken[k] && mutations.action(at: k) == .transform {
            w.leaves[mutations.indexFrom(at: k)] = true
        }
    }

    /// Letters that only gain or lose marks keep their sprites (morph mode): an insert
    /// that stands in for the removed glyph right after the old partner of the glyph
    /// before it, the same letter with other marks, continues that glyph. Returns how
    /// many removals were fused (`w.fused` marks them by old index).
    private func fuseMarkedLetters(_ w: inout Scratch, change: TextChange) -> Int {
        let mutations = change.mutations, symbols = change.symbols
        let newCount = change.newGlyphCount, oldCount = change.oldGlyphCount
        // (A table of ASCII glyphs alone has no letter that can gain or lose a mark.)
        guard change.mode == .morph, !symbols.holdsOnlyASCII else { return 0 }
        var foreign = false
        for k in w.span where w.fromIndex[k] < 0 && !symbols.isASCII(mutations.glyph(at: k)) { foreign = true }
        for k in newCount..<mutations.count where !symbols.isASCII(mutations.glyph(at: k)) { foreign = true }
        for k in w.span where w.broken[k] && !symbols.isASCII(mutations.glyph(at: k)) { foreign = true }
        guard foreign else { return 0 }
        w.fused.fill(false, in: w.oldSpan, count: oldCount)
        // Removals by old index (`fused` doubles as "removed, not yet fused" until the end).
        var removed = [Bool](repeating: false, count: oldCount)
        for k in newCount..<mutations.count { removed[mutations.indexFrom(at: k)] = true }
        var count = 0
        for j in w.span where mutations.action(at: j) == .insert {
            let i = j == 0 ? 0 : w.fromIndex[j - 1] >= 0 ? Int(w.fromIndex[j - 1]) + 1 : -1
            guard i >= 0, i < oldCount, removed[i] else { continue }
            guard MarkedLetters.sameLetter(symbols[change.oldGlyphs.id(at: i)], symbols[mutations.glyph(at: j)]) else { continue }
            w.fromIndex[j] = Int32(i)
            removed[i] = false
            w.fused[i] = true
            count += 1
        }
        return count
    }

    /// How arrivals ride in (see the planner's rides): per arrival, its follow record or none.
    @inline(never)
    private func planRides(
        _ w: inout Scratch, newCount: Int, arrivals: Int, mutations: MutationList, old oldFrames: AnchoredFrames,
        new newFrames: AnchoredFrames
    ) {
            // How arrivals ride in: with their nearest persisting glyph as it moves, or,
            // where neighbours riding apart would start on one another or pass each other,
            // stretched with the room between two glyphs of one line, or in place.
            w.followOf.fill(.none, in: w.span, count: newCount)
            // (Under reduced motion nothing rides.)
            // (Under a choreography that does not clear the way first, each rides its nearest as it is.)
            if arrivals > 0 && motion == .full {
                w.nearest.fill(-1, in: w.span, count: newCount)
                // (Within the span: its ends persist when glyphs beyond them are kept.)
                let span = w.span
                var lastP: Int32 = -1
                for i in span {
                    if w.current[i].kind < 2 { lastP = Int32(i) }
                    w.nearest[i] = lastP
                }
                var nextP = -1
                for i in span.reversed() {
                    if w.current[i].kind < 2 {
                        nextP = i
                        continue
                    }
                    let before = Int(w.nearest[i])
                    if nextP >= 0, before < 0 || nextP - i < i - before { w.nearest[i] = Int32(nextP) }
                }
                w.ride.fill(-2, in: w.span, count: newCount)
                w.rideDX.fill(0, in: w.span, count: newCount)
                @inline(__always) func shift(_ anchor: Int) -> Double { anchor >= 0 ? w.current[anchor].dx : 0 }
                @inline(__always) func persists(_ i: Int) -> Bool { span.contains(i) && w.current[i].kind < 2 }
                if rules.clearBeforeFill {
                    var i = span.lowerBound
                    while i < span.upperBound {
                        guard w.current[i].kind >= 3 else {
                            i += 1
                            continue
                        }
                        var end = i + 1
                        while end < span.upperBound, w.current[end].kind >= 3 { end += 1 }
                        defer { i = end }
                        // A word that changed line arrives where it lands.
                        var far = false
                        for k in i..<end where mutations.action(at: k) == .transform {
                            if abs(shift(Int(w.nearest[k]))) > 8 * max(newFrames[k].rect.width, 1e-9) { far = true }
                        }
                        if far {
                            for k in i..<end { w.ride[k] = -1 }
                            continue
                        }
                        var crossing = false
                        var anchorA = Int(w.nearest[i]), shiftA = shift(anchorA)
                        for k in i..<(end - 1) {
                            let anchorB = Int(w.nearest[k + 1])
                            guard anchorB != anchorA else { continue }
                            let shiftB = shift(anchorB)
                            defer { (anchorA, shiftA) = (anchorB, shiftB) }
                            let fa = newFrames[k], fb = newFrames[k + 1]
                            guard fa.line == fb.line, shiftA != shiftB else { continue }
                            let sa = fa.rect.midX - shiftA, sb = fb.rect.midX - shiftB
                            let along = fb.rect.midX - fa.rect.midX
                            let reach = rules.reach(fa.rect.width, fb.rect.width)
                            if (sb - sa) * along <= 0 || abs(sb - sa) < reach {
                                crossing = true
                                break
                            }
                        }
                        guard crossing else { continue }
                        let line = newFrames[i].line
                        if persists(i - 1), persists(end), newFrames[i - 1].line == line, newFrames[end].line == line,
                            newFrames[end - 1].line == line,
                            oldFrames[Int(w.fromIndex[i - 1])].line == oldFrames[Int(w.fromIndex[end])].line
                        {
                            let left = (index: i - 1, dx: w.current[i - 1].dx), right = (index: end, dx: w.current[end].dx)
                            let l1 = newFrames[i - 1].rect.midX, r1 = newFrames[end].rect.midX
                            let l0 = l1 - left.dx, r0 = r1 - right.dx
                            let squeeze = (r0 - l0) / (r1 - l1)
                            var stretchable = r1 != l1 && squeeze > 0
                            if stretchable {
                                for k in i..<(end - 1) {
                                    let fa = newFrames[k].rect, fb = newFrames[k + 1].rect
                                    if abs(fb.midX - fa.midX) * squeeze < rules.reach(fa.width, fb.width) { stretchable = false }
                                }
                            }
                            if stretchable {
                                for k in i..<end {
                                    let x = newFrames[k].rect.midX
                                    let share = (x - l1) / (r1 - l1)
                                    let nearer = share <= 0.5 ? left : right, farther = share <= 0.5 ? right : left
                                    let leader = nearer.dx != 0 ? nearer : farther
                                    w.ride[k] = Int32(leader.index)
                                    w.rideDX[k] = x - (l0 + share * (r0 - l0))
                                }
                                continue
                            }
                        }
                        for k in i..<end { w.ride[k] = -1 }
                    }
                }
                for k in span where w.current[k].kind >= 3 && w.ride[k] != -1 {
                    let anchor = w.ride[k] >= 0 ? Int(w.ride[k]) : Int(w.nearest[k])
                    guard anchor >= 0 else { continue }
                    let an = w.current[anchor]
                    let dx = w.ride[k] >= 0 ? w.rideDX[k] : an.dx, dy = an.dy
                    guard dx != 0 || dy != 0, an.kind == 1, info[an.template.index].pointee.transformDuration > 0 else { continue }
                    w.followOf[k] = w.follows.nextRecord
                    let q = Self.quantum
                    w.follows.append(
                        FollowRecord(
                            template: an.template, start: origin + ((an.start - origin) / q).rounded() * q,
                            anchorStart: an.start, dx: dx, dy: dy))
                }
            }
    }

    /// What riding with `r` adds at `t` to a sprite's place, and to its rate when it is `moving`
    /// (a sprite shown at rest carries nothing): read as the general writer reads it, the
    /// curve's own progress and rate at that time.
    private func ride(_ r: FollowRecord, at t: Double, moving: Bool) -> (offset: Point, rate: Point) {
        // (On the curve's start as the frames read it: what the ride adds then is what they show.)
        let timing = timings[r.template.index]
        let progress = timing.pointee.progress(at: t - r.start) + r.bias
        let rate = moving ? timing.pointee.velocity(at: t - r.start) : 0
        return (Point(x: r.dx * progress, y: r.dy * progress), Point(x: r.dx * rate, y: r.dy * rate))
    }

    /// Under a choreography that does not clear the way first, each leaving glyph of the change
    /// goes along with its anchor as it moves: the nearest glyph of the old text that stays (by
    /// index, a tie to the one before). Run once the staying glyphs' moves are planned.
    @inline(never)
    private func rideExits(_ w: inout Scratch, oldCount: Int, at t: Double) {
        guard !rules.clearBeforeFill, motion == .full, w.exitFrom.count > 0 else { return }
        let oldSpan = w.oldSpan
        w.stayingAt.fill(-1, in: oldSpan, count: oldCount)
        for k in w.span where w.fromIndex[k] >= 0 && w.current[k].kind < 2 { w.stayingAt[Int(w.fromIndex[k])] = Int32(k) }
        // The nearest staying glyph before each index, then the one after where it is nearer.
        w.exitAnchor.reserve(oldCount)
        var before: Int32 = -1
        for i in oldSpan {
            if w.stayingAt[i] >= 0 { before = Int32(i) }
            w.exitAnchor[i] = before
        }
        var after = -1
        for i in oldSpan.reversed() {
            if w.stayingAt[i] >= 0 {
                after = i
                continue
            }
            let b = Int(w.exitAnchor[i])
            if after >= 0, b < 0 || after - i < i - b { w.exitAnchor[i] = Int32(after) }
        }
        let q = Self.quantum
        w.follows.reserve(w.follows.count + w.exitFrom.count)
        for n in 0..<w.exitFrom.count {
            let j = Int(w.exitAnchor[Int(w.exitFrom[n])])
            guard j >= 0 else { continue }
            let an = w.current[Int(w.stayingAt[j])]
            guard an.dx != 0 || an.dy != 0, an.kind == 1, info[an.template.index].pointee.transformDuration > 0 else { continue }
            let record = FollowRecord(
                template: an.template, start: origin + ((an.start - origin) / q).rounded() * q,
                anchorStart: an.start, dx: an.dx, dy: an.dy, bias: 0)
            w.leaving[n].followIndex = w.follows.nextRecord
            w.follows.append(record)
        }
        // One leaving from what it shows starts there: its motion less what the ride adds then
        // (`ride(_:at:moving:)`), planned again.
        // (Room for their motions planned again, beside what the change planned room for.)
        w.owns.reserve(w.owns.capacity + w.ownExits.count)
        for m in 0..<w.ownExits.count {
            let e = w.ownExits[m], n = Int(e.leaving), f = w.leaving[n].followIndex
            guard f.exists else {
                if e.unseen {
                    w.leaving[n].hide = t
                    w.leaving[n].settle = t
                }
                continue
            }
            let ride = ride(w.follows[f], at: t, moving: !e.shown.isStill)
            if e.plain && ride.offset.x == 0 && ride.offset.y == 0 { continue }
            var s = e.sprite
            // (An exit that moves nothing rests where it shows less what the ride adds now: it
            // has no motion of its own to make up for the ride, which carries it on from there.)
            var to = e.to
            if info[e.template.index].pointee.transformDuration == 0 {
                to = Point(x: to.x - ride.offset.x, y: to.y - ride.offset.y)
            }
            s.hide = own(
                &s, from: e.shown, to: to, rest: e.rest, template: e.template.index, start: e.start, into: &w.owns,
                varied: Self.varied(s.variation, in: w.variations.base), persisting: false, trackStart: e.trackStart,
                startsNow: false, leavingFrom: e.leavingFrom, ride: ride)
            s.kind = 2
            s.followIndex = f
            w.leaving[n] = s
        }
        // (Its motion is over, and it is gone, once its ride is over too.)
        for n in 0..<w.exitFrom.count where w.leaving[n].followIndex.exists {
            let r = w.follows[w.leaving[n].followIndex.index]
            let lasting = info[r.template.index].pointee.transformDuration
            var end = MotionEnd(atLeast: w.leaving[n].settle), gone = MotionEnd(atLeast: w.leaving[n].hide)
            end.include(r.start, lasting: lasting)
            gone.include(r.start, lasting: lasting)
            w.leaving[n].settle = end.settle
            w.leaving[n].hide = gone.over
        }
    }

    /// Interrupting: each arrival catches the nearest leaving sprite of its glyph on
    /// screen (on its place only, where nothing moves) and continues it.
    @inline(never)
    private func catchLeaving(
        _ w: inout Scratch, newCount: Int, mutations: MutationList, new newFrames: AnchoredFrames, newExits: Int,
        enter: Int, step: Double, at t: Double, rightToLeft: Bool
    ) {
        let q = Self.quantum, varies = self.varies(enter)
        let symbolCount = symbols.count
        @inline(__always) func onStep(_ s: Double) -> Double { t + (s / q).rounded() * q }
        // The leaving sprites by glyph: a chain through each glyph's, from its first.
        w.firstLeaving.reserve(symbolCount)
        for g in w.firstLeaving.count..<max(symbolCount, w.firstLeaving.count) { w.firstLeaving[g] = -1 }
        w.firstLeaving.count = max(symbolCount, w.firstLeaving.count)
        w.nextLeaving.reset(w.oldLeaving.count)
        for j in (0..<w.oldLeaving.count).reversed() {
            let g = Int(w.oldLeaving[j].glyph)
            w.nextLeaving[j] = w.firstLeaving[g]
            w.firstLeaving[g] = Int32(j)
        }
        let arrivesInPlace = templates[enter].pointee.transformDuration == 0
        @inline(__always) func catchSprite(_ k: Int) {
            let g = w.current[k].glyph, target = Point(x: w.current[k].x, y: w.current[k].y)
            var best = -1, bestDistance = Double.infinity
            // Where the choreography moves nothing, only a copy on its place (within half its
            // width) is caught back; where the arrival's template moves nothing, only a copy
            // right on its place: one from elsewhere would jump there.
            let radius =
                arrivesInPlace ? 1e-9 * max(1, abs(target.x), abs(target.y))
                : rules.allowsMoves ? Double.infinity : 0.5 * boxes[w.current[k].box].width
            var j = Int(w.firstLeaving[Int(g)])
            while j >= 0 {
                if !w.caught[j] {
                    let q = w.leavingShown[j].state.position
                    let d = ((q.x - target.x) * (q.x - target.x) + (q.y - target.y) * (q.y - target.y)).squareRoot()
                    // Of two copies as near, the older (the lower id).
                    if d <= radius, best < 0 || d < bestDistance || (d == bestDistance && w.oldLeaving[j].id < w.oldLeaving[best].id) {
                        best = j
                        bestDistance = d
                    }
                }
                j = Int(w.nextLeaving[j])
            }
            guard best >= 0 else { return }
            w.caught[best] = true
            // No longer leaving: cleared for the arrivals planned after this one.
            w.released[newExits + best] = w.arrivalOrder[k]
            var s = w.oldLeaving[best]
            let p = w.leavingShown[best]
            // Its drawing changing (a copy drawn in another form), its start edge stays where it was.
            let reshapes = s.drawing >= 0 && s.drawing != w.current[k].drawing
            let (oldWidth, width) = (boxes[s.box].width, boxes[w.current[k].box].width)
            let shift = reshapes ? (rightToLeft ? -1 : 1) * (width - oldWidth) / 2 : 0
            let reshape = reshapes ? Reshape(s, width: oldWidth, to: width, rightToLeft: rightToLeft) : .none
            s.drawing = w.current[k].drawing
            s.box = w.current[k].box
            // Its template, varied for it (its random traits the sprite's) when the effect varies its glyphs.
            var ka = enter
            s.variation = .none
            if varies {
                (ka, s.variation) = vary(
                    enter, contexts.entering, box: newFrames[k], index: k, rank: Int(w.arrivalRank[k]), glyph: g,
                    born: s, into: &w.variations)
            }
            let a = templates[ka]
            // It rides its neighbour where its template moves it (less what riding adds now). One
            // whose template moves nothing stays where it shows, on its place: the ride would
            // carry it off at once, with no motion of its own to make up for it.
            let f = a.pointee.transformDuration > 0 ? w.followOf[k] : .none
            own(
                &s, from: p, to: target, rest: a.pointee.rest, template: ka, start: p.isStill ? onStep(0) : t,
                into: &w.owns, varied: Self.varied(s.variation, in: w.variations.base), persisting: false,
                shiftX: shift, reshape: reshape,
                trackStart: onStep(
                    step * Double(w.arrivalRank[k])
                        + (varies ? variedDelay : a.pointee.template.delay.isFinite ? a.pointee.template.delay : 0)),
                ride: f.exists ? ride(w.follows[f], at: t, moving: !p.isStill) : nil)
            if f.exists {
                s.followIndex = f
                let r = w.follows[f]
                var end = MotionEnd(atLeast: s.settle)
                end.include(r.start, lasting: info[r.template.index].pointee.transformDuration)
                s.settle = end.settle
            }
            s.kind = 4
            s.hide = .infinity
            w.current[k] = s
        }
        w.released.fill(.max, count: w.marks.count)
        w.arrivalOrder.fill(.max, in: w.span, count: newCount)
        var order: Int32 = 0
        for k in w.span where w.current[k].kind == 3 && mutations.action(at: k) == .insert {
            w.arrivalOrder[k] = order
            order += 1
            catchSprite(k)
        }
        for k in w.span where w.current[k].kind == 3 && mutations.action(at: k) == .transform {
            w.arrivalOrder[k] = order
            order += 1
            catchSprite(k)
        }
        for j in 0..<w.oldLeaving.count { w.firstLeaving[Int(w.oldLeaving[j].glyph)] = -1 }
    }

    /// Indexes `count` marks or movers into `bands` by line band (the tallest's height) and
    /// `x`, each `item(k)` (its y, x, box and how far it moves); returns the widest, the
    /// tallest and the longest move, which bound the index's visits.
    private static func index(
        _ count: Int, into bands: inout MarkBands,
        _ item: (Int) -> (y: Double, x: Double, width: Double, height: Double, move: Double)
    ) -> (widest: Double, tallest: Double, longest: Double) {
        var widest = 0.0, tallest = 0.0, longest = 0.0
        for k in 0..<count {
            let i = item(k)
            widest = max(widest, i.width)
            tallest = max(tallest, i.height)
            longest = max(longest, i.move)
        }
        bands.index(count: count, height: tallest) { k in
            let i = item(k)
            return (i.y, i.x)
        }
        return (widest, tallest, longest)
    }

    /// How many movers an arrival's hold, and marks a move's, looks at one by one by default;
    /// beyond, through an index (sorting them costs more than it saves for a label's).
    package static let indexedFrom = 128
    private let indexedFrom: Int

    static let laneOpening = 0.06
    static let laneClosing = 0.1

    /// When an arrival due to start at `start` (after the change's start) and to show at
    /// `visible` starts, its way clear at `ready`: held by what `ready` is past `visible`,
    /// rounded up to the grouping step. (Put on the step with the change's start after.)
    @inline(__always) static func arrivalStart(due start: Double, visible: Double, readyAt ready: Double) -> Double {
        let q = quantum
        return ready > visible ? ((start + (ready - visible) + q / 2) / q).rounded(.up) * q : start
    }

    /// When a glyph waiting `wait` seconds on its line (its run's hold, and its lane's opening)
    /// starts in a change planned at `t`: the wait rounded up to the grouping step.
    @inline(__always) static func heldStart(waiting wait: Double, at t: Double) -> Double {
        let q = quantum
        return t + ((wait > 0 ? ((wait + q / 2) / q).rounded(.up) * q : 0) / q).rounded() * q
    }

    /// The lane's curve for glyphs moving on template `k`: open, held until they
    /// have all but passed (97 % of the way), closed.
    private func laneCurve(_ k: Int) -> LaneCurveID {
        while laneCurveOf.count <= k { laneCurveOf.append(.none) }
        if laneCurveOf[k].exists { return laneCurveOf[k] }
        let passed = timings[k].pointee.firstTime(reaching: 0.97) ?? timings[k].pointee.duration
        let (opening, closing) = (Self.laneOpening, Self.laneClosing)
        let curve =
            (try? TimingCurve.keyframes([
                Keyframe(time: 0, value: 0), Keyframe(time: opening, value: 1, curve: .easeOut),
                Keyframe(time: opening + passed, value: 1),
                Keyframe(time: opening + passed + closing, value: 0, curve: .easeInOut),
            ])) ?? .instant
        laneCurveOf[k] = LaneCurveID(laneCurves.count)
        laneCurves.append(curve)
        return laneCurveOf[k]
    }

    /// The lanes of the persisting runs that pass one another on their line
    /// (`laneSide` per index of the new text, in half lines, negative above);
    /// false when no run passes another (the persisting glyphs keep their order).
    private func planLanes(
        _ w: inout Scratch, newCount: Int, mutations: MutationList, old oldFrames: AnchoredFrames,
        new newFrames: AnchoredFrames
    ) -> Bool {
        var last = -1, reordered = false
        for k in w.span where w.current[k].kind < 2 {
            let i = Int(w.fromIndex[k])
            if i < last { reordered = true }
            last = i
        }
        guard reordered else { return false }
        var runs: [LaneRun] = []
        var spans: [Range<Int>] = []
        var k = w.span.lowerBound
        while k < w.span.upperBound {
            guard w.current[k].kind < 2 else {
                k += 1
                continue
            }
            var end = k + 1
            while end < w.span.upperBound, w.current[end].kind < 2, w.fromIndex[end] == w.fromIndex[end - 1] + 1 {
                end += 1
            }
            runs.append(
                LaneRun(
                    old: oldFrames[Int(w.fromIndex[k])].rect, oldFrames[Int(w.fromIndex[end - 1])].rect,
                    new: newFrames[k].rect, newFrames[end - 1].rect))
            spans.append(k..<end)
            k = end
        }
        guard let lanes = LaneRun.lanes(of: runs) else { return false }
        w.laneSide.fill(0, in: w.span, count: newCount)
        for i in runs.indices where lanes[i] != 0 {
            for k in spans[i] { w.laneSide[k] = lanes[i] }
        }
        return true
    }

    @discardableResult
    private func plan(_ change: TextChange, to newText: String, at t: Double, laidOut reused: ReusedLayout) -> Int {
        // (Let go of at the end: a copy of the table kept past the plan would make the next
        // analysis copy it to number a glyph.)
        planSymbols = symbols
        defer { planSymbols = nil }
        // Numbers line up by place value: the new layout anchored where its number stands,
        // lined up with the old number where the old text stands.
        var newLayout = reused.layout
        if let anchors = change.numberAnchors {
            newLayout = laidOut.aligningNumber(of: newLayout, at: anchors.new, with: anchors.old)
        }
        let oldFrames = AnchoredFrames(laidOut), newFrames = AnchoredFrames(newLayout)
        let mutations = change.mutations
        // How far arrivals and exits drift, in points (the Director's planner's rule).
        let ratio = change.changeRatio.isFinite ? min(max(change.changeRatio, 0), 1) : 1
        let drift = Self.drift(style: style, fontSize: reused.layout.fontSize, change: change, motion: motion)
        plannedDrift = drift
        let oldCount = change.oldGlyphCount, newCount = change.newGlyphCount
        // Interrupted while any sprite's motion runs: a sprite may settle an ulp after the
        // end (the end is its origin plus the duration, a round trip that can lose the last bit).
        // (Or while a sprite loops: it moves for ever.)
        let interrupted = t < max(end, settled) || looping
        origin = t
        if let tiles { tileStyle = tiles }
        // The new text's words: the old text's, numbered again where it changed.
        // (One access to `words`: swapping two of its parts would be two overlapping ones.)
        (words.old, words.new) = (words.new, words.old)
        words.oldCount = words.newCount
        words.newCount = WordNumbers.update(&words.new, from: words.old, change: change, unchanged: change.unchanged)
        var w = Scratch()
        swap(&w, &scratch)
        defer { swap(&w, &scratch) }

        swap(&w.owns, &w.oldOwns)
        swap(&w.variations, &w.oldVariations)
        w.variations.reset(0)
        let oldVariations = w.oldVariations.base
        swap(&w.follows, &w.oldFollows)
        w.follows.reset(newCount)
        let oldFollows = w.oldFollows.base
        swap(&w.lanes, &w.oldLanes)
        w.lanes.reset(newCount)
        let oldLanes = w.oldLanes.base
        // Own motions: of sprites caught in motion (interrupting) and of glyphs whose drawing
        // changes (settled too).
        w.owns.reset(oldCount + w.leaving.count + newCount)
        let oldOwns = w.oldOwns.base
        // Coherence: which shared glyphs leave and enter instead of moving (run by run), read
        // within the window between the glyphs at the ends that rest where they stay (when
        // a glyph kept so changes nothing); a run broken into those ends has the whole read.
        let stillContext = TransitionContext(
            role: .persisting, moves: false, count: newCount, peers: 1, wordCount: words.newCount,
            lineCount: newFrames.lineCount,
            lineHeight: newFrames.lineHeight, changeRatio: ratio,
            trend: change.trend, mode: change.mode, style: style,
            drift: drift,
            fontSize: reused.layout.fontSize, textBounds: newFrames.bounds, startTime: t)
        var stillTemplate = planned.persisting(in: stillContext)
        // (A pen's text is planned whole: what a glyph staying is given depends on all the ink;
        // so is a text on tiles, whose coherence the Director reads over it all.)
        let writes = laidOut.ink != nil || newLayout.ink != nil
        let stillChangesNothing = stillTemplate.changesNothing && !writes && tiles == nil
        w.broken.removeAll(keepingCapacity: true)
        w.broken.append(contentsOf: repeatElement(false, count: mutations.count))
        var window = PlanWindow.whole(old: oldCount, new: newCount)
        if stillChangesNothing {
            window = PlanWindow.narrowed(
                change, old: oldFrames, new: newFrames, drawings: (laidOut.drawings, reused.layout.drawings),
                same: (reused.samePrefix, reused.sameSuffix), dirty: dirty, shortestRun: rules.shortestRun)
        }
        if rules.coherence {
            var coherence = Coherence(
                mutations: mutations, window: window, oldIDs: change.oldGlyphs, newIDs: change.newGlyphs,
                visible: change.visible, symbols: change.symbols, old: oldFrames, new: newFrames, rules: rules)
            if coherence.breakIncoherentMoves(broken: &w.broken, still: &w.still) == nil {
                // (Planned whole instead: what the narrow window marked is decided again.)
                window = .whole(old: oldCount, new: newCount)
                for k in 0..<newCount { w.broken[k] = false }
                coherence = Coherence(
                    mutations: mutations, window: window, oldIDs: change.oldGlyphs, newIDs: change.newGlyphs,
                    visible: change.visible, symbols: change.symbols, old: oldFrames, new: newFrames, rules: rules)
                _ = coherence.breakIncoherentMoves(broken: &w.broken, still: &w.still)
            }
        }
        // The stretch planned glyph by glyph: the coherence rule's window (the glyphs at the ends
        // kept as they are, when staying changes nothing).
        w.span = window.newRange
        w.oldSpan = window.oldRange

        // Interrupting: what everything on screen shows now (the glyphs kept rest where they are);
        // the leaving sprites gone by now go.
        w.oldLeaving.reset(w.leaving.count)
        w.leavingShown.reset(w.leaving.count)
        w.shown.reset(oldCount)
        if interrupted {
            var memo = Memo()
            var inOrder = true
            for k in 0..<w.leaving.count where t < w.leaving[k].hide {
                let n = w.oldLeaving.count
                w.oldLeaving.append(w.leaving[k])
                w.leavingShown.append(
                    present(
                        w.leaving[k], at: t, owns: oldOwns, variations: oldVariations, follows: oldFollows, lanes: oldLanes,
                        memo: &memo))
                if n > 0 && w.oldLeaving[n - 1].id > w.oldLeaving[n].id { inOrder = false }
            }
            // Oldest first (their ids): two copies of a glyph that clear at the same instant pair
            // with arrivals in that order, as the Director pairs them.
            if !inOrder { Self.sortByID(&w.oldLeaving, with: &w.leavingShown) }
            w.shown.count = oldCount
            for i in w.oldSpan {
                w.shown[i] = present(
                    w.current[i], at: t, owns: oldOwns, variations: oldVariations, follows: oldFollows, lanes: oldLanes,
                    memo: &memo)
            }
        }
        w.caught.fill(false, count: w.oldLeaving.count)


        // Which glyph of the old text each new one continues; a letter that only gains or loses
        // marks (another grapheme, so the diff removes and inserts it) keeps its sprite.
        w.fromIndex.reset(newCount)
        w.fromIndex.count = newCount
        for k in w.span {
            w.fromIndex[k] = mutations.action(at: k) == .transform && !w.broken[k] ? Int32(mutations.indexFrom(at: k)) : -1
        }
        let fusedCount = fuseMarkedLetters(&w, change: change)
        w.rested.fill(false, in: w.span, count: newCount)
        // Counts, for the stagger: leaving are the removes and the broken, arriving the inserts and the broken.
        var exitCount = mutations.count - newCount - fusedCount, enterCount = 0
        for k in w.span where w.fromIndex[k] < 0 {
            enterCount += 1
            if mutations.action(at: k) == .transform { exitCount += 1 }
        }
        Self.markLeaving(&w, mutations: mutations, oldCount: oldCount, newCount: newCount, fusedCount: fusedCount)
        roleCounts = (enterCount, exitCount, newCount - enterCount)
        // A pen's ink: each arrival's and each leaving glyph's share, summed in reading order.
        ink = nil
        if writes {
            ink = InkLedger(old: laidOut, new: newLayout) { entering, exiting in
                for k in w.span where w.fromIndex[k] < 0 && k < entering.count { entering[k] = 0 }
                for i in w.oldSpan where w.leaves[i] && i < exiting.count { exiting[i] = 0 }
            }
        }
        // Their ranks in the stagger: in reading order their places (the analyzer's weights rise
        // with them; a hand-made change's weights may not, and order them), else as the
        // effect's order sorts them.
        let order = motion == .full ? planned.staggerOrder : .reading
        let weighted = order == .reading && change.isHandMade
        let ordered = order != .reading && order != .simultaneous || weighted
        var (enterRanks, exitRanks) = (enterCount, exitCount)
        if ordered {
            (enterRanks, exitRanks) = rankStagger(
                &w, order: order, weighted: weighted, mutations: mutations, oldCount: oldCount, newCount: newCount,
                fusedCount: fusedCount, old: oldFrames, new: newFrames)
        }
        // The templates, once per role.
        func context(_ role: SpriteRole, moves: Bool = false) -> TransitionContext {
            let exiting = role == .exiting
            let frames = exiting ? oldFrames : newFrames
            return TransitionContext(
                role: role, moves: moves, count: exiting ? oldCount : newCount,
                peers: role == .entering ? enterRanks : exiting ? exitRanks : 1,
                wordCount: exiting ? words.oldCount : words.newCount,
                lineCount: frames.lineCount, lineHeight: frames.lineHeight, changeRatio: ratio, trend: change.trend,
                mode: change.mode, style: style, drift: drift,
                fontSize: reused.layout.fontSize, textBounds: frames.bounds, startTime: t,
                ink: ink?.totals(role: role) ?? .none)
        }
        var stillInContext = stillContext
        if let ink {
            stillInContext.ink = ink.totals(role: .persisting)
            stillTemplate = planned.persisting(in: stillInContext)
        }
        contexts = RoleContexts(
            entering: context(.entering), exiting: context(.exiting), moving: context(.persisting, moves: true),
            still: stillInContext)
        let enter = template(planned.entering(in: contexts.entering))
        let exit = template(planned.exiting(in: contexts.exiting))
        let move = template(planned.persisting(in: contexts.moving))
        // (The still template is the one the coherence rule read: the same context.)
        let still = stillTemplate == templateKeys[move] ? move : template(stillTemplate)
        // (Glyphs that start together do not stagger.)
        let staggers = order != .simultaneous && motion == .full
        var step = staggers ? style.stagger * (change.mode == .morph ? max(ratio, 0.3) : 1) : 0
        let widest = max(enterRanks, exitRanks)
        if widest > 1, step * Double(widest - 1) > style.maximumStaggerSpread {
            step = style.maximumStaggerSpread / Double(widest - 1)
        }
        plannedStagger = step
        // With clear before fill the old text is out of the way quickly, however long it is.
        let exitStep = rules.clearBeforeFill && exitRanks > 1 ? min(step, rules.exitSpread / Double(exitRanks - 1)) : step
        let q = Self.quantum
        @inline(__always) func onStep(_ s: Double) -> Double { t + (s / q).rounded() * q }
        let level = rules.visibleOpacity

        var (widestExit, tallestExit, exitReach) = planExits(
            &w, old: oldFrames, exit: exit, exitCount: exitCount, exitStep: exitStep, at: t, interrupted: interrupted,
            ordered: ordered)
        let newExits = w.marks.count
        // The leaving sprites on screen: when each clears, from how fast it is fading.
        let fade = style.fade
        for k in 0..<w.oldLeaving.count {
            let p = w.leavingShown[k], s = w.oldLeaving[k]
            let opacity = p.state.opacity
            var clear = opacity < level ? 0 : p.velocity.opacity < 0 ? min((opacity - level) / -p.velocity.opacity, fade) : fade
            if clear >= fade {
                clear = max(clearTime(of: s, owns: oldOwns, after: t), 0)
            }
            let mark = Mark(
                x: p.state.position.x, y: p.state.position.y, y1: p.state.position.y,
                width: boxes[s.box].width * abs(p.state.scaleX), height: boxes[s.box].height * abs(p.state.scaleY),
                clear: clear, glyph: s.glyph)
            w.marks.append(mark)
            widestExit = max(widestExit, mark.width)
            tallestExit = max(tallestExit, mark.height)
        }
        // The copies each glyph leaves, in the order their arrivals pair with them (clear time).
        for k in 0..<w.touched.count {
            w.firstCopy[Int(w.touched[k])] = -1
            w.pairedCopies[Int(w.touched[k])] = 0
        }
        w.touched.reset(w.marks.count)
        let symbolCount = change.symbols.count
        if w.firstCopy.count < symbolCount {
            w.firstCopy.reserve(symbolCount)
            w.pairedCopies.reserve(symbolCount)
            for g in w.firstCopy.count..<symbolCount {
                w.firstCopy[g] = -1
                w.pairedCopies[g] = 0
            }
            w.firstCopy.count = symbolCount
            w.pairedCopies.count = symbolCount
        }
        w.nextCopy.reset(w.marks.count)
        // Chained from the last, each chain in mark order; in clear order where the marks are.
        for k in (0..<w.marks.count).reversed() {
            let g = Int(w.marks[k].glyph)
            if w.firstCopy[g] == -1 { w.touched.append(w.marks[k].glyph) }
            if interrupted || ordered {
                // Into its place by clear time (the leaving sprites' marks are not in that order, nor
                // are the exits' in an order other than reading order).
                var prev = -1, c = Int(w.firstCopy[g])
                while c >= 0 && w.marks[c].clear < w.marks[k].clear {
                    prev = c
                    c = Int(w.nextCopy[c])
                }
                w.nextCopy[k] = Int32(c)
                if prev < 0 { w.firstCopy[g] = Int32(k) } else { w.nextCopy[prev] = Int32(k) }
            } else {
                w.nextCopy[k] = w.firstCopy[g]
                w.firstCopy[g] = Int32(k)
            }
        }

        let (movers, arrivals, widestArrival) = placeNewText(
            &w, newCount: newCount, mutations: mutations, old: oldFrames, new: newFrames, move: move, still: still,
            enter: enter, stillChangesNothing: stillChangesNothing, at: t, interrupted: interrupted,
            drawings: newLayout.drawings, rightToLeft: newLayout.isRightToLeft)
        if ordered { for k in w.span where w.fromIndex[k] < 0 { w.arrivalRank[k] = w.enterRank[k] } }
        let lanesOpen = (movers > 0 || w.heldOwn.count > 0) && rules.lanes == .arc && planLanes(&w, newCount: newCount, mutations: mutations, old: oldFrames, new: newFrames)
        for n in 0..<w.moverList.count where !w.current[Int(w.moverList[n])].own {
            let k = Int(w.moverList[n])
            var wait = w.current[k].start >= 0 ? w.lineHolds[Int(w.current[k].start)] : 0
            let side = lanesOpen ? w.laneSide[k] : 0
            if side != 0 {
                // Its lane opens before it moves sideways, and closes once it has passed.
                wait += Self.laneOpening
            }
            w.current[k].start = Self.heldStart(waiting: wait, at: t)
            let hops = w.current[k].template.index == still && still != move
            // (A glyph that keeps its place is varied as one that stays.)
            let base = hops ? still : move
            let varied = varyStaying(
                base, &w.current[k], index: k, box: newFrames[k], moves: w.current[k].dx != 0 || w.current[k].dy != 0,
                into: &w.variations)
            let calm =
                varied != base ? varied
                : hops ? still : calmer(move, dx: w.current[k].dx, dy: w.current[k].dy, height: boxes[w.current[k].box].height)
            w.current[k].template = TemplateID(calm)
            var end = MotionEnd(atLeast: w.current[k].start)
            // (Its curves count where they move it: a glyph that keeps its place moves by its tracks alone.)
            let c = templates[calm]
            if w.current[k].dx != 0 || w.current[k].dy != 0 || c.pointee.changesPose {
                end.include(w.current[k].start, lasting: c.pointee.transformDuration)
            }
            if c.pointee.changesAppearance { end.include(w.current[k].start, lasting: c.pointee.opacityDuration) }
            includeTracks(
                of: calm, varied: Self.varied(w.current[k].variation, in: w.variations.base), from: w.current[k].start,
                inLane: side != 0, into: &end)
            if side != 0 {
                let curve = laneCurve(move)
                let start = onStep(w.current[k].start - t - Self.laneOpening)
                w.current[k].laneIndex = w.lanes.nextRecord
                w.lanes.append(LaneRecord(amplitude: 0.5 * boxes[w.current[k].box].height * Double(side), curve: curve, start: start))
                end.include(start, lasting: laneCurve(curve).pointee.duration)
            }
            w.current[k].settle = end.settle
        }
        for n in 0..<w.heldOwn.count {
            let k = Int(w.heldOwn[n])
            let p = w.heldShown[n], shift = w.heldShift[n], reshape = w.heldReshapes[n]
            var s = w.current[k]
            let slot = Int(s.start)
            var wait = slot >= 0 ? w.lineHolds[slot] : 0
            let side = lanesOpen ? w.laneSide[k] : 0
            if side != 0 { wait += Self.laneOpening }
            let target = Point(x: s.x, y: s.y)
            // (Varied first: its own motion may end elsewhere.)
            let varied = varyStaying(
                s.template.index, &s, index: k, box: newFrames[k],
                moves: oldFrames[Int(w.heldFrom[n])].rect.center != target, into: &w.variations)
            if side == 0 && reshape.isNone && p.state == rest(of: varied, at: target)
                && !info[varied].pointee.animates
            {
                // Showing its new rest already: at rest, in that rest's look (not the one it had).
                s.rest(at: t)
                s.settle = t
                s.look = templateLooks[varied]
            } else {
                let start = Self.heldStart(waiting: wait, at: t)
                own(
                    &s, from: p, to: target, rest: rest(of: varied, at: target), template: varied, start: start,
                    into: &w.owns,
                    varied: Self.varied(s.variation, in: w.variations.base), shiftX: shift, reshape: reshape,
                    inLane: side != 0)
                s.kind = 1
                if side != 0 {
                    let curve = laneCurve(move)
                    let laneStart = onStep(start - t - Self.laneOpening)
                    s.laneIndex = w.lanes.nextRecord
                    w.lanes.append(LaneRecord(amplitude: 0.5 * boxes[s.box].height * Double(side), curve: curve, start: laneStart))
                    var end = MotionEnd(atLeast: s.settle)
                    end.include(laneStart, lasting: laneCurve(curve).pointee.duration)
                    s.settle = end.settle
                }
                w.moverList.append(Int32(k))
            }
            w.current[k] = s
        }
        for n in 0..<w.lineHolds.count { w.lineHolds[n] = 0 }

        // The kept glyphs back as they are: anchors moving as they move for the arrivals riding
        // them (an arrival under way among them as a mover until the rides are planned), and
        // one still moving sweeps past what may wait for it.
        for n in 0..<w.keptAt.count {
            let k = Int(w.keptAt[n])
            var s = w.kept[n]
            if s.kind == 3 { s.kind = 1 }
            w.current[k] = s
            if t < s.settle { w.moverList.append(Int32(k)) }
        }
        planRides(&w, newCount: newCount, arrivals: Int(arrivals), mutations: mutations, old: oldFrames, new: newFrames)
        rideExits(&w, oldCount: oldCount, at: t)
        // An arrival under way, kept, is planned already (4).
        for n in 0..<w.keptAt.count where w.kept[n].kind == 3 { w.current[Int(w.keptAt[n])].kind = 4 }


        // Arrivals: each catches a leaving sprite of its glyph, the nearest, wherever it is;
        // the others wait for their place to clear (inserts, then the broken moves' arrivals).
        let releases = interrupted && w.oldLeaving.count > 0
        if releases {
            catchLeaving(
                &w, newCount: newCount, mutations: mutations, new: newFrames, newExits: newExits, enter: enter, step: step, at: t,
                rightToLeft: newLayout.isRightToLeft)
        }
        // Which leaving copy each arrival waits for: the k-th arrival of a glyph
        // (inserts first, then the broken moves' arrivals) the k-th copy to clear.
        w.pairing.fill(-1, in: w.span, count: newCount)
        if w.touched.count > 0 {
            @inline(__always) func pair(_ k: Int) {
                let g = Int(mutations.glyph(at: k))
                guard g < w.firstCopy.count, w.firstCopy[g] >= 0 else { return }
                var c = Int(w.firstCopy[g])
                for _ in 0..<w.pairedCopies[g] where c >= 0 { c = Int(w.nextCopy[c]) }
                w.pairing[k] = Int32(c)
                w.pairedCopies[g] += 1
            }
            for k in w.span where w.current[k].kind == 3 && mutations.action(at: k) == .insert { pair(k) }
            for k in w.span where w.current[k].kind == 3 && mutations.action(at: k) == .transform { pair(k) }
        }
        var last = interrupted ? t : end
        do {
            // Insertion into reading order (line, then x). The marks come in runs that are in order
            // already (the old text's, but for right-to-left runs), save the interrupted change's
            // leaving sprites, which lie anywhere: a mark out of order finds its place by halving
            // and the later ones move up as a block (walked back one by one, an interrupted label's
            // cost some 4,700 instructions).
            w.order.reset(w.marks.count)
            let marks = w.marks.base, order = w.order.base
            @inline(__always) func after(_ before: Int32, _ mark: Mark) -> Bool {
                let before = marks[Int(before)]
                return before.y > mark.y || (before.y == mark.y && before.x > mark.x)
            }
            for k in 0..<w.marks.count {
                let mark = marks[k]
                // After every mark in order before it that is not past it (as a walk back would put it).
                var place = k
                if k > 0 && after(order[k - 1], mark) {
                    place = partitionPoint(in: 0..<(k - 1)) { after(order[$0], mark) }
                    (order + place + 1).update(from: order + place, count: k - place)
                }
                order[place] = Int32(k)
            }
            w.order.count = w.marks.count
        }
        holdArrivals(
            &w, newCount: newCount, mutations: mutations, symbols: change.symbols, new: newFrames, enter: enter,
            step: step, at: t, interrupted: interrupted, releases: releases,
            exits: (widest: widestExit, tallest: tallestExit, reach: exitReach), widestArrival: widestArrival,
            last: &last)
        // New sprites are numbered in the order the Director makes them: the inserts, then
        // the broken moves' arrivals (an equally near leaving copy is caught by age).
        // (The inserts here; the broken moves' arrivals, still without one, in the pass over the
        // new glyphs below.)
        for k in w.span where w.current[k].kind == 3 && w.current[k].id < 0 && mutations.action(at: k) == .insert {
            w.current[k].id = nextID
            nextID += 1
        }
        // This change's exits last until they settle; the leaving sprites no arrival
        // caught go on leaving, and last until they are gone.
        for k in 0..<w.leaving.count { last = max(last, w.leaving[k].settle) }
        let exitSprites = w.leaving.count
        // What this change writes is on a tile when it has tiles (a blank glyph never is); the
        // sprites it carries on keep theirs.
        if tileStyle != nil {
            let tiled = tiles != nil, symbols = change.symbols
            for k in 0..<exitSprites { w.leaving[k].tiled = Self.setsOnTile(w.leaving[k].glyph, tiled: tiled, symbols: symbols) }
            for k in w.span { w.current[k].tiled = Self.setsOnTile(w.current[k].glyph, tiled: tiled, symbols: symbols) }
        }
        for j in 0..<w.oldLeaving.count where !w.caught[j] {
            var s = w.oldLeaving[j]
            if s.own {
                let kept = oldOwns[s.ownIndex.index]
                s.ownIndex = w.owns.nextRecord
                w.owns.append(kept)
            }
            carryVariation(&s, from: w.oldVariations, into: &w.variations)
            if s.followIndex.exists {
                // (Riding its anchor still, as the change that made it planned.)
                let record = oldFollows[s.followIndex.index]
                s.followIndex = w.follows.nextRecord
                w.follows.reserve(w.follows.count + 1)
                w.follows.append(record)
            }
            w.leaving.append(s)
        }
        for k in exitSprites..<w.leaving.count { last = max(last, w.leaving[k].hide) }
        // One pass over the new glyphs: the rows written (`dirty`), the movers' settle (the
        // movers, those caught, and those held to move from what they show), the rest of the
        // arrivals' ids, and how each sprite looks once its motion is over.
        let moversLast = movers > 0 || interrupted || w.heldOwn.count > 0
        var low = newCount, high = 0
        looping = false
        arrivalRows.reset(w.current.count)
        for k in w.span {
            if !w.rested[k] {
                low = min(low, k)
                high = k + 1
            }
            let s = w.current[k]
            guard s.kind != 0 else { continue }
            if s.kind == 1 && moversLast { last = max(last, s.settle) }
            if s.kind == 3 {
                if s.id < 0 {
                    w.current[k].id = nextID
                    nextID += 1
                }
                arrivalRows.append(Int32(k))
            }
            // As its own motion or its template ends.
            w.current[k].look = s.own ? look(of: w.owns[s.ownIndex.index].rest) : templateLooks[s.template.index]
            if info[s.template.index].pointee.loops { looping = true }
        }
        dirty = low < high ? low..<high : 0..<0
        // As the Director keeps it: its origin plus the duration (the round trip can move the last bit).
        duration = max(last - t, 0)
        end = t + duration
        settled = last
        // The old layout's frames are where the next layout is made.
        recycled = RecycledFrames(frames: laidOut.frames, sameAsPrevious: reused.samePrefix)
        laidOut = newLayout
        text = newText
        return w.leaving.count + w.current.count
    }

    /// A frame's samples by template and start, direct-mapped: sprites of one
    /// template started on the same step share one sample of its curves.
    struct SampleSlot: BitwiseCopyable {
        var start: Double
        var template: Int
        var transform: TimingSample
        var appearance: TimingSample
        /// Whether the template has tracks or particles (`Info.animates`), and where its pose is:
        /// kept beside the sample, for the frame's loop to read with it.
        var animates = false
        var pose: UnsafeMutablePointer<(rest: GlyphState, change: GlyphState)>?
    }
    /// A frame's sample of one track curve at one time into it (`trackProgress`): `curve` −1
    /// when empty.
    struct TrackSlot: BitwiseCopyable {
        var time: Double
        var curve: Int
        var progress: Double
    }
    /// The table's slots: a power of two, at least twice the sprites (64 at the least, 1,024 at
    /// the most: a label's frame keeps and clears a small table), and the shift that keys them.
    @exclusivity(unchecked) private var sampleSlots = 0
    @exclusivity(unchecked) private var sampleShift: UInt64 = 64
    @exclusivity(unchecked) private var samples = Column<SampleSlot>()
    /// Beside each slot, for a template without tracks or particles: the state its sprites show but
    /// for their places (bounded: the bounds leave the place alone).
    @exclusivity(unchecked) private var sharedStates = Column<GlyphState>()
    /// The track samples' slots (four for each sample slot: a template may have several tracks)
    /// and the shift that keys them; cleared only in a frame whose templates have tracks.
    @exclusivity(unchecked) private var trackSampleShift: UInt64 = 64
    @exclusivity(unchecked) private var trackSamples = Column<TrackSlot>()

    /// Adds to a sprite's place at `t` what riding its neighbour and its lane add (a frame's
    /// part of `present`: no velocity).
    @inline(__always)
    private func addRide(
        of s: UnsafeMutablePointer<Sprite>, at t: Double, follows: UnsafeMutablePointer<FollowRecord>,
        lanes: UnsafeMutablePointer<LaneRecord>, x: inout Double, y: inout Double
    ) {
        // (Most sprites ride nothing: both records none, their raw indices −1, one test.)
        if s.pointee.followIndex.raw & s.pointee.laneIndex.raw < 0 { return }
        if s.pointee.followIndex.exists {
            let f = follows + s.pointee.followIndex.index
            let progress = TimingCurve.sample(timings[f.pointee.template.index], at: t - f.pointee.start).progress
            x += f.pointee.dx * (progress + f.pointee.bias)
            y += f.pointee.dy * (progress + f.pointee.bias)
        }
        if s.pointee.laneIndex.exists {
            let l = lanes + s.pointee.laneIndex.index
            y += l.pointee.amplitude * laneCurve(l.pointee.curve).pointee.progress(at: t - l.pointee.start)
        }
    }

    /// The slot holding template `template`'s sample at `t` for sprites started at `start`,
    /// filled unless a sprite of that template and start filled it this frame (the table is
    /// direct-mapped, keyed by the start itself: starts of earlier changes lie on their own
    /// origins' steps), and, unless the template `animates` (tracks or particles), the row
    /// its sprites share.
    @inline(__always)
    private func sample(
        _ template: Int, from start: Double, at t: Double, in slots: UnsafeMutablePointer<SampleSlot>
    ) -> UnsafeMutablePointer<SampleSlot> {
        let key = start.bitPattern &+ UInt64(template) &* 0x9E37_79B9
        let slot = slots + Int((key &* 0x9E37_79B9_7F4A_7C15) >> sampleShift)
        if slot.pointee.template == template && slot.pointee.start == start { return slot }
        fill(slot, template: template, from: start, at: t, in: slots)
        return slot
    }

    /// Fills `slot` with template `template`'s sample (see `sample`): out of the frame's loop,
    /// which calls it once per template and start.
    @inline(never)
    private func fill(
        _ slot: UnsafeMutablePointer<SampleSlot>, template: Int, from start: Double, at t: Double,
        in slots: UnsafeMutablePointer<SampleSlot>
    ) {
        // (A frame reads the samples' progress and carry, never their velocity.)
        let transform = TimingCurve.sample(timings[template], at: t - start, velocity: false)
        let appearance = TimingCurve.sample(fades[template], at: t - start, velocity: false)
        let animates = info[template].pointee.animates, d = poses[template]
        if !animates {
            // A pose that does not change (a glyph moving as it is) is its rest, as bounded as it is.
            let shared = sharedStates.base + (slot - slots)
            if info[template].pointee.constantPose {
                shared.pointee = d.pointee.rest
            } else {
                shared.pointee = d.pointee.rest.receding(
                    d.pointee.change, transform: 1 - transform.progress, appearance: 1 - appearance.progress)
                shared.pointee.bound()
            }
        }
        slot.initialize(
            to: SampleSlot(
                start: start, template: template, transform: transform, appearance: appearance, animates: animates,
                pose: d))
    }

    /// The frame's rows, written in place (`frame(at:)` returns a view of them).
    @exclusivity(unchecked) private var rows = Column<SpriteFrame>()
    /// Where the new text's arrivals are (drawn above the text while the change runs).
    @exclusivity(unchecked) private var arrivalRows = Column<Int32>()
    /// The particles of the last frame (`frame(at:)` writes them beside its rows).
    @exclusivity(unchecked) private var particleRows = Column<Particle>()
    /// The rows of the last frame whose drawing changes, in its rows' order.
    @exclusivity(unchecked) private var reshapeRows = Column<SpriteReshape>()
    /// The tiles of the last frame, in its sprites' order.
    @exclusivity(unchecked) private var tileRows = Column<ShownShape>()

    /// A shape in a frame, its role and state: a tile (under glyph sprite `glyphSprite`, made for
    /// its glyph's `box` by `TileStyle.shape(for:)`; its state its glyph's, with the tint the glyph
    /// gives it when the tiles pulse, none otherwise, drawn whole whatever its glyph's stroke and
    /// fill) or a scene's (`sceneShape` names it, `sceneShape(_:)` says what it draws; its outline
    /// `blend`ed that far). The other's index is −1.
    package struct ShownShape: BitwiseCopyable {
        package var glyphSprite: Int32 = -1
        package var sceneShape: Int32 = -1
        package var role: SpriteRole
        package var box = Size.zero
        package var blend = 1.0
        package var state: GlyphState
    }

    /// The tiles the last `frame(at:)` showed (under every visible glyph but blank ones), in
    /// its sprites' order: a view valid until the next call or change.
    package var tileFrames: UnsafeBufferPointer<ShownShape> {
        UnsafeBufferPointer(start: tileRows.base, count: tileRows.count)
    }

    /// Whether a frame at `t` draws sprite `s` in its band: a leaving one (`hides`) until it is
    /// gone; in the new text's band its glyphs but those leaving and, while the change runs
    /// (`skipsArrivals`), arrivals, which are drawn above (`picked`).
    @inline(__always)
    private static func isDrawn(
        _ s: UnsafePointer<Sprite>, at t: Double, hides: Bool, picked: Bool, skipsArrivals: Bool
    ) -> Bool {
        let kind = s.pointee.kind
        return !(hides ? t >= s.pointee.hide : !picked && (kind == 2 || (kind == 3 && skipsArrivals)))
    }

    /// The tiles of the rows from `out` a frame at `t` wrote (`rest`: every sprite of the new
    /// text at rest), band by band as the frame drew them.
    @inline(never)
    private func addTiles(to out: UnsafeMutablePointer<SpriteFrame>, at t: Double, rest: Bool, skipsArrivals: Bool) {
        let pulse = tileStyle?.pulse ?? false
        let leaving = scratch.leaving, current = scratch.current
        tileRows.reset(leaving.count + current.count)
        var n = 0
        if !rest {
            for k in 0..<leaving.count
            where Self.isDrawn(leaving.base + k, at: t, hides: true, picked: false, skipsArrivals: false) {
                addTile(of: leaving.base + k, row: out + n, pulse: pulse)
                n += 1
            }
        }
        for k in 0..<current.count
        where rest || Self.isDrawn(current.base + k, at: t, hides: false, picked: false, skipsArrivals: skipsArrivals) {
            addTile(of: current.base + k, row: out + n, pulse: pulse)
            n += 1
        }
        guard !rest && skipsArrivals else { return }
        for a in 0..<arrivalRows.count {
            addTile(of: current.base + Int(arrivalRows[a]), row: out + n, pulse: pulse)
            n += 1
        }
    }

    /// The tile under row `row` (sprite `s`'s, just written) when it is on one and shows;
    /// with `pulse`, the row's tint goes to the tile.
    @inline(never)
    private func addTile(of s: UnsafePointer<Sprite>, row: UnsafeMutablePointer<SpriteFrame>, pulse: Bool) {
        guard s.pointee.tiled else { return }
        var state = row.pointee.state
        if pulse { row.pointee.state.tint = .none } else { state.tint = .none }
        guard state.opacity > 0 else { return }
        state.strokeEnd = 1
        state.fill = 1
        tileRows.append(
            ShownShape(
                glyphSprite: row.pointee.id, role: row.pointee.role,
                box: boxes[s.pointee.box].size, state: state))
    }

    /// The particles the last `frame(at:)` showed, in its sprites' order: a view valid
    /// until the next call or change.
    package var particles: UnsafeBufferPointer<Particle> { UnsafeBufferPointer(start: particleRows.base, count: particleRows.count) }

    /// The rows of the last `frame(at:)` whose drawing changes (a glyph taking another form),
    /// in its rows' order: a view valid until the next call or change.
    package var reshapes: UnsafeBufferPointer<SpriteReshape> {
        UnsafeBufferPointer(start: reshapeRows.base, count: reshapeRows.count)
    }

    /// Row `row` of the frame blends from `reshape`'s drawing, `progress` of the way.
    @inline(never)
    private func addReshape(_ reshape: Reshape, row: Int, progress: Double) {
        reshapeRows.reserve(reshapeRows.count + 1)
        reshapeRows.append(
            SpriteReshape(
                sprite: Int32(row), from: reshape.drawing, progress: progress, offset: reshape.offset,
                width: reshape.width))
    }

    /// Sprite `s`'s row in a frame, in `role`, showing `state`.
    @inline(__always)
    private static func row(
        of s: UnsafePointer<Sprite>, role: SpriteRole, state: GlyphState, boxes: UnsafeMutablePointer<Box>
    ) -> SpriteFrame {
        let box = boxes + s.pointee.box.index
        return SpriteFrame(
            id: s.pointee.id, glyph: s.pointee.glyph, role: role, state: state,
            boxSize: Size(width: box.pointee.width, height: box.pointee.height),
            baselineOffset: box.pointee.baselineOffset, drawing: s.pointee.drawing)
    }

    /// Adds the particles sprite `s` (of template `k`, shown centred on `center`, in band
    /// `band`) emits at `t`: its template's emitter, seeded as its random traits are (where
    /// it was born, and whether it leaves), from when its motion starts.
    @inline(never)
    private func emit(_ s: UnsafeMutablePointer<Sprite>, template k: Int, band: Int, center: Point, at t: Double) {
        guard let template = templates[k].pointee.template.emitter else { return }
        let local = t - s.pointee.start
        guard local >= template.start && local < template.endTime else { return }
        guard let emitter = emitter(of: s.pointee, template: k, leaving: band == 0) else { return }
        particleRows.reserve(particleRows.count + emitter.count)
        let box = boxes[s.pointee.box].size
        for i in 0..<emitter.count {
            if let particle = emitter.particle(i, at: local, center: center, boxSize: box) { particleRows.append(particle) }
        }
    }

    /// Template `k`'s emitter, seeded for sprite `s` as its random traits are (by where it was
    /// born, and whether it leaves), or nil when the template emits nothing.
    func emitter(of s: Sprite, template k: Int, leaving: Bool) -> ParticleEmitter? {
        guard var emitter = templates[k].pointee.template.emitter else { return nil }
        guard !info[k].pointee.ownsSeed else { return emitter }
        let key = StableHash.of(glyph: s.bornGlyph, in: symbols, index: Int(s.bornIndex))
        var draw = root.derived(key ^ (leaving ? 0x5EED : 0))
        emitter.seed = draw.next()
        return emitter
    }

    // MARK: - Counters

    /// The stage's sprites at the plan's time `t`, counted as a pool counts them
    /// (`PoolStats`'s fields): `capacity`, the most its columns have had room for; `inUse`,
    /// the glyph sprites shown or still to show (a leaving one until its exit is over) and the
    /// scene's shapes (a tile is its glyph's: not counted); `highWater`, the most there were
    /// after a change; `checkouts`, the sprites ever made (each takes a new id); `checkins`,
    /// those let go; `growths`, how many changes grew the capacity.
    package func spriteCounts(
        at t: Double
    ) -> (capacity: Int, inUse: Int, highWater: Int, checkouts: Int, checkins: Int, growths: Int) {
        var inUse = scratch.current.count + sceneSprites.count
        for k in 0..<scratch.leaving.count where t < scratch.leaving[k].hide { inUse += 1 }
        return (spriteCapacity, inUse, max(highWater, inUse), Int(nextID), Int(nextID) - inUse, growths)
    }
    @exclusivity(unchecked) private var highWater = 0
    @exclusivity(unchecked) private var spriteCapacity = 0
    @exclusivity(unchecked) private var growths = 0

    /// The most particles a frame of the last change can show: what a frame's particles
    /// are given room for when the change is planned, so that drawing them allocates nothing.
    @exclusivity(unchecked) package private(set) var particleBound = 0
    /// How many of the templates emit particles.
    @exclusivity(unchecked) private(set) var emittingTemplates = 0

    /// The most particles `sprites` show at once: their templates' particle counts.
    func particlesShown(by sprites: Column<Sprite>) -> Int {
        var count = 0
        for k in 0..<sprites.count where sprites[k].template.exists {
            count += info[sprites[k].template.index].pointee.particleCount
        }
        return count
    }

    /// Notes the sprites after a change: the most there were, whether their room grew, and
    /// the particles they can show (counted only while a template emits any).
    private func countSprites() {
        highWater = max(highWater, spriteCount + sceneSprites.count)
        particleBound = 0
        if emittingTemplates > 0 {
            particleBound = particlesShown(by: scratch.leaving) + particlesShown(by: scratch.current)
            particleRows.reserve(particleBound)
        }
        let capacity = scratch.leaving.capacity + scratch.current.capacity + sceneSprites.capacity
        if capacity > spriteCapacity {
            if spriteCapacity > 0 { growths += 1 }
            spriteCapacity = capacity
        }
        #if KINETYPE_INVARIANTS
        _checkInvariants()
        #endif
    }

    // MARK: - What the sprites do

    /// One glyph sprite's motion as the stage planned it, for inspectors, motion logs and the
    /// legibility check. From `start` on, its channels are `rest − change × (1 − progress)`:
    /// the transform channels (position, scale, rotation, skew) on `transform`'s progress, the
    /// appearance channels (opacity, blur, tint, stroke end, fill) on `appearance`'s; except
    /// where something adds to a group (a velocity carried, tracks, a ride with a neighbour or
    /// in a lane), which `transformIsExact` and `appearanceIsExact` say. A sprite `isAtRest`
    /// shows `rest` whatever the time.
    package struct Motion {
        package var id: Int32
        package var glyph: GlyphID
        package var role: SpriteRole
        /// Its template: sprites of one template that start together share their curves' samples
        /// (−1 for none: a sprite set at rest before any change).
        package var template: Int
        package var rest: GlyphState
        package var change: GlyphState
        package var transform: TimingCurve
        package var appearance: TimingCurve
        /// When its curves start, when its finite motion is over and when it is gone (a leaving
        /// sprite; +infinity for the others), in the plan's time.
        package var start: Double
        package var settle: Double
        package var hide: Double
        package var isAtRest: Bool
        package var carriesVelocity: Bool
        package var transformIsExact: Bool
        package var appearanceIsExact: Bool
        package var boxSize: Size
        package var baselineOffset: Double
    }

    /// Calls `body` with each glyph sprite's motion in the frame's order: those leaving (until
    /// gone at the caller's `time`), the new text's, then its arrivals, which count as `.entering`
    /// until the change is over.
    ///
    /// - Complexity: O(sprites).
    package func forEachMotion(at time: Double, _ body: (Motion) -> Void) {
        forEachMotion(atPlanTime: planTime(time), body)
    }

    /// Calls `body` with each glyph sprite's motion at the plan's time `t` (see `forEachMotion(at:_:)`).
    package func forEachMotion(atPlanTime t: Double, _ body: (Motion) -> Void) {
        // (Over as the frames count it: once one has shown it over, earlier times too.)
        let over = t >= end || isOver
        let leaving = scratch.leaving, current = scratch.current
        for k in 0..<leaving.count where t < leaving[k].hide {
            body(motion(of: leaving.base + k, role: .exiting))
        }
        for k in 0..<current.count where current[k].kind != 2 && (over || current[k].kind != 3) {
            body(motion(of: current.base + k, role: .persisting))
        }
        guard !over else { return }
        for a in 0..<arrivalRows.count {
            body(motion(of: current.base + Int(arrivalRows[a]), role: .entering))
        }
    }

    /// The periods (seconds) of the loops the sprites run: each track that repeats for ever
    /// and moves its channel, of a template a live sprite moves on, one entry per period.
    package var loopPeriods: [Double] {
        var periods: [Double] = []
        func include(_ sprites: Column<Sprite>) {
            let variations = scratch.variations.base
            for k in 0..<sprites.count where sprites[k].kind != 0 || sprites[k].own {
                let i = info[sprites[k].template.index].pointee
                guard i.loops else { continue }
                // (A glyph that varies has amplitudes of its own.)
                let varied = Self.varied(sprites[k].variation, in: variations)
                for r in 0..<i.trackCount {
                    let track = tracks[i.trackStart + r].pointee
                    let amplitude = varied.map { $0[r].amplitude } ?? track.amplitude
                    guard track.loops && amplitude != 0,
                        let period = trackCurves[i.trackStart + r].pointee.loopPeriod, !periods.contains(period)
                    else { continue }
                    periods.append(period)
                }
            }
        }
        include(scratch.leaving)
        include(scratch.current)
        return periods
    }

    /// Sprite `s`'s motion (see `Motion`), in `role`.
    private func motion(of s: UnsafePointer<Sprite>, role: SpriteRole) -> Motion {
        // (A sprite at rest may have no template: the text a stage starts with has none.)
        let place = Point(x: s.pointee.x, y: s.pointee.y), k = s.pointee.template.exists ? s.pointee.template.index : -1
        let isAtRest = s.pointee.kind == 0 && !s.pointee.own
        var motion = Motion(
            id: s.pointee.id, glyph: s.pointee.glyph, role: role, template: k,
            rest: resting(at: place, look: s.pointee.look), change: .zero,
            transform: isAtRest ? .instant : timings[k].pointee, appearance: isAtRest ? .instant : fades[k].pointee,
            start: s.pointee.start, settle: s.pointee.settle, hide: role == .exiting ? s.pointee.hide : .infinity,
            isAtRest: isAtRest, carriesVelocity: false, transformIsExact: true, appearanceIsExact: true,
            boxSize: boxes[s.pointee.box].size, baselineOffset: boxes[s.pointee.box].baselineOffset)
        guard !isAtRest else { return motion }
        if s.pointee.own {
            let o = scratch.owns[s.pointee.ownIndex.index]
            (motion.rest, motion.change) = (o.rest, o.change)
            motion.carriesVelocity = !o.velocity.isZero
            motion.transformIsExact = !o.velocity.hasTransform
            motion.appearanceIsExact = !o.velocity.hasAppearance
        } else {
            (motion.rest, motion.change) = poses[k].pointee
        }
        motion.rest.position = place
        motion.change.position = Point(x: s.pointee.dx, y: s.pointee.dy)
        let i = info[k].pointee
        for r in i.trackStart..<i.trackStart + i.trackCount {
            if tracks[r].pointee.channel.isTransform { motion.transformIsExact = false } else { motion.appearanceIsExact = false }
        }
        if s.pointee.followIndex.exists || s.pointee.laneIndex.exists { motion.transformIsExact = false }
        return motion
    }

    // MARK: - Scenes

    /// A scene's shape: its key, what it draws (blending from `from` to `to` on its transform
    /// curve), where, and its role; its sprite (`sceneSprites`, same index) moves it on its own
    /// motion (`sceneOwns`), or rests (kind 0) in its own motion's rest.
    struct SceneShape {
        var key: String
        var from: Shape
        var to: Shape
        var layer: ShapeLayer
        var role: SpriteRole
    }

    /// The scene's shapes in drawing order.
    @exclusivity(unchecked) private(set) var sceneShapes: [SceneShape] = []
    @exclusivity(unchecked) private(set) var sceneSprites = Column<Sprite>()
    @exclusivity(unchecked) private(set) var sceneOwns = Column<Own>()
    /// When the scene change under way started and when it is over (−∞: none runs).
    @exclusivity(unchecked) package private(set) var sceneOrigin = -Double.infinity
    /// When the scene change under way ends (−infinity: none runs), in the plan's time.
    @exclusivity(unchecked) package private(set) var sceneEnd = -Double.infinity
    @exclusivity(unchecked) private var shapeRows = Column<ShownShape>()

    /// The id, key, shapes and layer of scene shape `i` (a frame's `ShownShape.sceneShape`).
    package func sceneShape(_ i: Int32) -> (id: Int32, key: String, from: Shape, to: Shape, layer: ShapeLayer) {
        let shape = sceneShapes[Int(i)]
        return (sceneSprites[Int(i)].id, shape.key, shape.from, shape.to, shape.layer)
    }

    /// The id of the tile under glyph sprite `id`: its own, never a glyph's or a scene shape's
    /// (theirs count up from 0), and the same for as long as the glyph's sprite lives.
    package static func tileID(under id: Int32) -> Int32 { id | (1 << 30) }

    /// The scene's shapes the last `frame(at:)` showed, in drawing order: a view valid until
    /// the next call or change.
    package var shapeFrames: UnsafeBufferPointer<ShownShape> {
        UnsafeBufferPointer(start: shapeRows.base, count: shapeRows.count)
    }

    /// Shows a scene state at once: its shapes at rest, keeping their identities by key; no
    /// change runs after (one under way is dropped). Its text, if any, is set as by `setText`.
    package func showScene(_ state: SceneState) {
        sceneEnd = -.infinity
        var next: [SceneShape] = [], sprites = Column<Sprite>(), owns = Column<Own>()
        sprites.reserve(state.elements.count)
        owns.reserve(state.elements.count)
        var seen: [String] = []
        for element in state.elements where !seen.contains(element.key) {
            seen.append(element.key)
            let id = sceneShapes.firstIndex { $0.key == element.key }.map { sceneSprites[$0].id } ?? takeID()
            next.append(
                SceneShape(key: element.key, from: element.shape, to: element.shape, layer: element.layer, role: .persisting))
            sprites.append(resting(id: id, at: element.state, own: owns.nextRecord))
            owns.append(Own(rest: element.state, change: .zero, velocity: .zero, trackStart: 0))
        }
        install(next, sprites, owns)
        if let text = state.text { setText(text, at: clock.callerTime(max(origin, sceneOrigin))) }
    }

    /// Starts the change to another scene state at the caller's `time`, as the Director's
    /// `setScene` does: shapes with the same key move and blend from what they show to the new
    /// state (a shape in motion turns at once, its velocity kept; one at rest waits `delay` and
    /// its element's), new keys fade in where they belong, keys the state lacks fade out where
    /// they are, in their place in the drawing order. Returns the sprite count of the scene.
    @discardableResult
    package func setScene(
        _ state: SceneState, at time: Double, timing: TimingCurve = .instant, delay: Double = 0
    ) -> Int {
        if let text = state.text { setText(text, at: time) }
        return setScene(state, atPlanTime: fence(time).t, timing: timing, delay: delay)
    }

    /// Starts the change to another scene state at the plan's time `t` (a fence), its text
    /// left as it is (see `setScene(_:at:timing:delay:)`).
    @discardableResult
    package func setScene(
        _ state: SceneState, atPlanTime t: Double, timing: TimingCurve = .instant, delay: Double = 0
    ) -> Int {
        settleScene(at: t)
        sceneOrigin = t
        // (On the curve and after the delay the motion preference allows.)
        let (timing, wait) = preference.resolved().adjusted(timing, delay: delay.isFinite ? max(delay, 0) : 0)
        let k = template(RoleTemplate(timing: timing))
        let q = Self.quantum
        @inline(__always) func onStep(_ s: Double) -> Double { t + (s / q).rounded() * q }
        // What each live shape shows now, and the shape it draws.
        var shown: [Presented] = [], drawn: [Shape] = []
        var memo = Memo()
        for i in sceneShapes.indices {
            let s = sceneSprites[i]
            let p =
                s.kind == 0
                ? Presented(state: sceneOwns[i].rest, velocity: .zero)
                : present(s, at: t, owns: sceneOwns.base, memo: &memo)
            shown.append(p)
            drawn.append(s.kind == 0 ? sceneShapes[i].to : shape(i, at: t))
        }
        // The new drawing order: the state's elements, each leaving shape after those that preceded it.
        var order: [(key: String, element: SceneElement?)] = []
        var seen: [String] = []
        for element in state.elements where !seen.contains(element.key) {
            seen.append(element.key)
            order.append((element.key, element))
        }
        for (n, shape) in sceneShapes.enumerated() where !seen.contains(shape.key) && t < sceneSprites[n].hide {
            let before = sceneShapes[..<n].map { $0.key }
            let slot = order.lastIndex { before.contains($0.key) }.map { $0 + 1 } ?? 0
            order.insert((shape.key, nil), at: slot)
        }
        var next: [SceneShape] = [], sprites = Column<Sprite>(), owns = Column<Own>()
        sprites.reserve(order.count)
        owns.reserve(order.count)
        var end = t
        for item in order {
            let was = sceneShapes.indices.first { sceneShapes[$0].key == item.key && t < sceneSprites[$0].hide }
            var s = resting(id: was.map { sceneSprites[$0].id } ?? takeID(), at: GlyphState(), own: .none)
            let p: Presented, rest: GlyphState, start: Double, role: SpriteRole
            if let element = item.element {
                if let was {
                    p = shown[was]
                    role = .persisting
                } else {
                    var hidden = element.state
                    hidden.opacity = 0
                    p = Presented(state: hidden, velocity: .zero)
                    role = .entering
                }
                rest = element.state
                start = p.isStill ? onStep(wait + (element.delay.isFinite ? max(element.delay, 0) : 0)) : t
                next.append(
                    SceneShape(
                        key: item.key, from: was.map { drawn[$0] } ?? element.shape, to: element.shape, layer: element.layer,
                        role: role))
            } else {
                // Gone from the new state: it fades out where it is, as it is.
                let leaving = was!
                p = shown[leaving]
                var gone = p.state
                gone.opacity = 0
                rest = gone
                start = p.isStill ? onStep(wait) : t
                role = .exiting
                next.append(
                    SceneShape(
                        key: item.key, from: drawn[leaving], to: drawn[leaving], layer: sceneShapes[leaving].layer, role: role))
            }
            s.kind = role == .exiting ? 2 : role == .entering ? 3 : 1
            // (A shape that blends does so on its transform curve, whether or not it moves.)
            let blends = next[next.count - 1].from != next[next.count - 1].to
            let over = own(
                &s, from: p, to: rest.position, rest: rest, template: k, start: start, into: &owns, persisting: false,
                blends: blends, fadesBack: false)
            s.hide = role == .exiting ? over : .infinity
            end = max(end, s.settle)
            sprites.append(s)
        }
        install(next, sprites, owns)
        sceneEnd = end
        return sceneShapes.count
    }

    /// Makes `shapes`, `sprites` and `owns` the scene's.
    private func install(_ shapes: [SceneShape], _ sprites: Column<Sprite>, _ owns: Column<Own>) {
        sceneShapes = shapes
        sceneSprites.release()
        sceneOwns.release()
        sceneSprites = sprites
        sceneOwns = owns
        countSprites()
    }

    /// Once the scene change is over (at `t`): leaving shapes gone, the others at rest.
    private func settleScene(at t: Double) {
        guard sceneEnd > -.infinity, t >= sceneEnd else { return }
        sceneEnd = -.infinity
        var n = 0
        for i in sceneShapes.indices where sceneShapes[i].role != .exiting {
            sceneShapes[n] = sceneShapes[i]
            sceneShapes[n].from = sceneShapes[n].to
            sceneShapes[n].role = .persisting
            var s = sceneSprites[i]
            s.kind = 0
            sceneSprites[n] = s
            var o = sceneOwns[i]
            o.rest.position = Point(x: s.x, y: s.y)
            sceneOwns[n] = o
            n += 1
        }
        sceneShapes.removeLast(sceneShapes.count - n)
        sceneSprites.count = n
        sceneOwns.count = n
    }

    /// What scene sprite `s` (its own motion in `owns`) shows at `t`: a shape has no tracks,
    /// rides no neighbour and takes no lane.
    func present(_ s: Sprite, at t: Double, owns: UnsafeMutablePointer<Own>, memo: inout Memo) -> Presented {
        present(
            s, at: t, owns: owns, variations: scratch.variations.base, follows: scratch.follows.base,
            lanes: scratch.lanes.base, memo: &memo)
    }

    /// A sprite at rest in state `state` (its own record `own`).
    private func resting(id: Int32, at state: GlyphState, own: RecordID<Own>) -> Sprite {
        Sprite(
            id: id, glyph: 0, kind: 0, template: .none, ownIndex: own,
            box: boxes.id(of: Box(width: 0, height: 0, baselineOffset: 0)), x: state.position.x, y: state.position.y,
            dx: 0, dy: 0, start: -.infinity, hide: .infinity, settle: -.infinity)
    }

    /// The next sprite id (glyphs and shapes share them, as the Director's do).
    private func takeID() -> Int32 {
        defer { nextID += 1 }
        return nextID
    }

    /// The shape scene shape `i` draws at `t`: blended as far as its transform curve has gone.
    private func shape(_ i: Int, at t: Double) -> Shape {
        let shape = sceneShapes[i]
        guard shape.from != shape.to else { return shape.to }
        let s = sceneSprites[i]
        let progress = s.kind == 0 ? 1 : TimingCurve.sample(timings[s.template.index], at: t - s.start).progress
        return shape.from.interpolated(to: shape.to, min(max(progress, 0), 1))
    }

    /// The scene's shapes at plan time `t` into `shapeRows`.
    private func drawScene(at t: Double) {
        settleScene(at: t)
        shapeRows.reset(sceneShapes.count)
        var memo = Memo()
        for i in sceneShapes.indices {
            let s = sceneSprites[i]
            guard t < s.hide else { continue }
            if s.kind == 0 {
                shapeRows.append(ShownShape(sceneShape: Int32(i), role: .persisting, state: sceneOwns[i].rest))
                continue
            }
            let p = present(s, at: t, owns: sceneOwns.base, memo: &memo)
            let progress = TimingCurve.sample(timings[s.template.index], at: t - s.start).progress
            shapeRows.append(
                ShownShape(
                    sceneShape: Int32(i), role: sceneShapes[i].role,
                    blend: sceneShapes[i].from == sceneShapes[i].to ? 1 : progress, state: p.state))
        }
    }

    /// The sprites shown at the caller's `time`, leaving under staying under arriving: a view of
    /// rows the stage keeps, valid until the next call or change.
    package func frame(at time: Double) -> UnsafeBufferPointer<SpriteFrame> {
        frame(atPlanTime: planTime(time))
    }

    /// The sprites shown at the plan's time `t` (see `frame(at:)`).
    package func frame(atPlanTime t: Double) -> UnsafeBufferPointer<SpriteFrame> {
        rows.reset(spriteCount)
        rows.count = draw(atPlanTime: t, into: rows.base)
        return UnsafeBufferPointer(start: rows.base, count: rows.count)
    }

    /// Writes the sprites shown at the plan's time `t` into `out`, which has room for
    /// `spriteCount` of them, leaving under staying under arriving; returns how many it wrote.
    /// The frame's particles, reshapes, tiles and scene shapes are the stage's to read until
    /// the next call or change.
    package func draw(atPlanTime t: Double, into out: UnsafeMutablePointer<SpriteFrame>) -> Int {
        if sceneShapes.isEmpty { shapeRows.count = 0 } else { drawScene(at: t) }
        particleRows.count = 0
        tileRows.count = 0
        reshapeRows.count = 0
        var n = 0
        let leaving = scratch.leaving, current = scratch.current, owns = scratch.owns.base
        let variations = scratch.variations.base
        let follows = scratch.follows.base, lanes = scratch.lanes.base
        // Over: every sprite at rest, but those that loop; and once a frame has shown it over,
        // a frame asked for earlier in it shows the text at rest too, as the Director puts a
        // settled text to rest.
        if t >= end { isOver = true }
        let over = isOver
        // (The tiles once the rows are written: a frame without them pays nothing for them.)
        defer { if tileStyle != nil { addTiles(to: out, at: t, rest: over && !looping, skipsArrivals: !over) } }
        if over && !looping {
            for k in 0..<current.count {
                let s = current.base + k
                let state = resting(at: Point(x: s.pointee.x, y: s.pointee.y), look: s.pointee.look)
                out[n] = Self.row(of: s, role: .persisting, state: state, boxes: boxes.base)
                n += 1
            }
            return n
        }
        let wanted = min(max(2 * (leaving.count + current.count), 64), 1024)
        if sampleSlots < wanted {
            sampleSlots = 1 << (Int.bitWidth - (wanted - 1).leadingZeroBitCount)
            sampleShift = UInt64(64 - sampleSlots.trailingZeroBitCount)
            // (One slot more than the table's, never filled: where each band starts looking.)
            samples.fill(
                SampleSlot(start: .nan, template: -1, transform: .start, appearance: .start), count: sampleSlots + 1)
            sharedStates.fill(GlyphState(), count: sampleSlots + 1)
            trackSampleShift = sampleShift - 2
            trackSamples.fill(TrackSlot(time: .nan, curve: -1, progress: 0), count: 4 * sampleSlots)
        }
        let slots = samples.base
        for k in 0..<sampleSlots { slots[k].template = -1 }
        if trackCurves.count > 0 {
            let tracked = trackSamples.base
            for k in 0..<4 * sampleSlots { tracked[k].curve = -1 }
        }
        let pass = FramePass(
            t: t, over: over, out: out, slots: slots, owns: owns, variations: variations, follows: follows,
            lanes: lanes, boxes: boxes.base)
        n = sweep(LeavingBand.self, leaving.base, count: leaving.count, picks: nil, skipsArrivals: false, pass, n)
        n = sweep(TextBand.self, current.base, count: current.count, picks: nil, skipsArrivals: !over, pass, n)
        // Once the change is over, arrivals are shown as what they are now: the text, in its order.
        if !over {
            n = sweep(
                ArrivalBand.self, current.base, count: arrivalRows.count, picks: arrivalRows.base,
                skipsArrivals: false, pass, n)
        }
        return n
    }

    /// What every band of a frame reads: its time, whether the change is over, where rows go
    /// and the change's records.
    struct FramePass {
        var t: Double
        var over: Bool
        var out: UnsafeMutablePointer<SpriteFrame>
        var slots: UnsafeMutablePointer<SampleSlot>
        var owns: UnsafeMutablePointer<Own>
        var variations: UnsafeMutablePointer<TrackVariation>
        var follows: UnsafeMutablePointer<FollowRecord>
        var lanes: UnsafeMutablePointer<LaneRecord>
        var boxes: UnsafeMutablePointer<Box>
    }

    /// A band of a frame, drawn in `role`: the leaving sprites, until hidden (`hides`); the new
    /// text's; its arrivals, drawn above the text while the change runs (`picked`: the band
    /// lists them). `index` seeds the particles (as the Director's bands do).
    struct BandTraits {
        var index: Int
        var role: SpriteRole
        var hides: Bool
        var picked: Bool
    }
    protocol FrameBand { static var traits: BandTraits { get } }
    enum LeavingBand: FrameBand { static var traits: BandTraits { .init(index: 0, role: .exiting, hides: true, picked: false) } }
    enum TextBand: FrameBand { static var traits: BandTraits { .init(index: 1, role: .persisting, hides: false, picked: false) } }
    enum ArrivalBand: FrameBand { static var traits: BandTraits { .init(index: 2, role: .entering, hides: false, picked: true) } }

    /// One band of a frame: `count` sprites from `base` (or those `picks` names) drawn into
    /// the rows from `n` on, the new text's glyphs but those leaving and, while the change
    /// runs (`skipsArrivals`), arrivals. Returns how many rows there are then. (Generic over
    /// the band, so that each band's copy has its tests folded: one copy taking them as
    /// arguments cost 7 % more a frame.)
    private func sweep<Band: FrameBand>(
        _: Band.Type, _ base: UnsafeMutablePointer<Sprite>, count: Int, picks: UnsafeMutablePointer<Int32>?,
        skipsArrivals: Bool, _ pass: FramePass, _ n: Int
    ) -> Int {
        let t = pass.t, out = pass.out, owns = pass.owns, role = Band.traits.role
        var n = n
        // The sample of the last sprite's template and start (sprites started together come
        // together); the slot past the table's never matches.
        var memo = pass.slots + sampleSlots, shared = sharedStates.base
        @inline(__always) func sprite(_ k: Int) -> UnsafeMutablePointer<Sprite> {
            Band.traits.picked ? base + Int(picks.unsafelyUnwrapped[k]) : base + k
        }
        @inline(__always) func isDrawn(_ s: UnsafeMutablePointer<Sprite>) -> Bool {
            Self.isDrawn(s, at: t, hides: Band.traits.hides, picked: Band.traits.picked, skipsArrivals: skipsArrivals)
        }
        var k = 0
        while k < count {
            // Read in place: a sprite copied is a dozen words, most of them not needed here.
            let s = sprite(k)
            k &+= 1
            let kind = s.pointee.kind, own = s.pointee.ownIndex
            if !isDrawn(s) { continue }
            if kind == 0 && own.isNone {
                out[n] = Self.row(
                    of: s, role: role, state: .resting(at: Point(x: s.pointee.x, y: s.pointee.y)), boxes: pass.boxes)
                if s.pointee.look != 0 { wear(s.pointee.look, on: &out[n].state) }
                n += 1
                continue
            }
            let start = s.pointee.start, template = s.pointee.template.index
            if memo.pointee.start != start || memo.pointee.template != template {
                memo = sample(template, from: start, at: t, in: pass.slots)
                shared = sharedStates.base + (memo - pass.slots)
            }
            // (`animates`: its template has tracks or particles.)
            let animates = memo.pointee.animates
            // The state alone (a frame needs no velocity).
            let tr = 1 - memo.pointee.transform.progress
            var x = s.pointee.x - s.pointee.dx * tr, y = s.pointee.y - s.pointee.dy * tr
            if own.isNone && !animates {
                // This sprite and those drawn after it that move on the same sample (arrivals: or
                // on another, staggered as they are), the shared state made each one's: the frame's
                // tightest loop, where most sprites go.
                var s = s, start = start, template = template, tr = tr
                while true {
                    addRide(of: s, at: t, follows: pass.follows, lanes: pass.lanes, x: &x, y: &y)
                    let row = out + n
                    row.pointee.state = shared.pointee
                    row.pointee.id = s.pointee.id
                    row.pointee.glyph = s.pointee.glyph
                    row.pointee.role = role
                    row.pointee.state.position = Point(x: x, y: y)
                    let box = pass.boxes + s.pointee.box.index
                    row.pointee.boxSize = Size(width: box.pointee.width, height: box.pointee.height)
                    row.pointee.baselineOffset = box.pointee.baselineOffset
                    row.pointee.drawing = s.pointee.drawing
                    n &+= 1
                    // The next one, unless it needs more than this loop does (the outer loop takes it).
                    var next: UnsafeMutablePointer<Sprite>?
                    while k < count {
                        let c = sprite(k)
                        guard isDrawn(c) else {
                            k &+= 1
                            continue
                        }
                        if Band.traits.picked {
                            guard c.pointee.ownIndex.isNone && c.pointee.kind != 0 else { break }
                            if c.pointee.start != start || c.pointee.template.index != template {
                                start = c.pointee.start
                                template = c.pointee.template.index
                                memo = sample(template, from: start, at: t, in: pass.slots)
                                guard !memo.pointee.animates else { break }
                                shared = sharedStates.base + (memo - pass.slots)
                                tr = 1 - memo.pointee.transform.progress
                            }
                        } else {
                            guard c.pointee.ownIndex.isNone && c.pointee.start == start && c.pointee.kind != 0
                                && c.pointee.template.index == template
                            else { break }
                        }
                        next = c
                        k &+= 1
                        break
                    }
                    guard let c = next else { break }
                    s = c
                    x = s.pointee.x - s.pointee.dx * tr
                    y = s.pointee.y - s.pointee.dy * tr
                }
                continue
            }
            let transform = memo.pointee.transform, appearance = memo.pointee.appearance
            let or = 1 - appearance.progress
            var p: GlyphState
            if own.exists {
                let o = owns + own.index
                p = o.pointee.rest.receding(o.pointee.change, transform: tr, appearance: or)
                p.position = Point(x: x, y: y)
                if t < s.pointee.settle {
                    p.boundPrimary()
                    p.add(o.pointee.velocity, transform: transform.carry, appearance: appearance.carry)
                }
                // (Its blend over with the change: a sprite that loops on shows its new drawing alone.)
                if !pass.over && !o.pointee.reshape.isNone {
                    addReshape(o.pointee.reshape, row: n, progress: transform.progress)
                }
            } else {
                let d = memo.pointee.pose.unsafelyUnwrapped
                p = d.pointee.rest.receding(d.pointee.change, transform: tr, appearance: or)
                p.position = Point(x: x, y: y)
            }
            let i = info[template]
            if animates && i.pointee.trackCount > 0 {
                p.boundPrimary()
                addTracks(
                    of: template, varied: Self.varied(s.pointee.variation, in: pass.variations),
                    from: own.exists ? owns[own.index].trackStart : start, at: t, inLane: s.pointee.laneIndex.exists,
                    to: &p, samples: trackSamples.base)
            }
            addRide(of: s, at: t, follows: pass.follows, lanes: pass.lanes, x: &p.position.x, y: &p.position.y)
            p.bound()
            if animates && i.pointee.emitterEnd >= 0 {
                emit(s, template: template, band: Band.traits.index, center: p.position, at: t)
            }
            out[n] = Self.row(of: s, role: role, state: p, boxes: pass.boxes)
            n += 1
        }
        return n
    }
}
