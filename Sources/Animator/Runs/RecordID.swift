/// Where one of a sprite's records beside its row is in the stage's column of them (its own
/// motion, its ride, its lane, the first of its track variations), or `none`: the sprite has
/// no such record. Typed by the record, so that an index into one column cannot be read
/// from another; as small as the `Int32` it wraps, so that a sprite stays as compact.
package struct RecordID<Record>: Equatable, BitwiseCopyable {
    /// The index, or −1 for `none`.
    private(set) var raw: Int32

    /// No record.
    static var none: RecordID { RecordID(raw: -1) }

    /// The record at `index` (a stage holds fewer than `Int32.max` of a kind: far fewer
    /// sprites than that are planned).
    init(_ index: Int) {
        assert(index >= 0 && index <= Int(Int32.max), "a record index out of range")
        raw = Int32(truncatingIfNeeded: index)
    }

    private init(raw: Int32) { self.raw = raw }

    var exists: Bool { raw >= 0 }
    var isNone: Bool { raw < 0 }
    /// Its index in the column (only for one that exists).
    var index: Int {
        assert(raw >= 0, "the index of no record")
        return Int(raw)
    }
}

/// What a `LaneCurveID` names: one of the stage's lane curves (`RunStage.laneCurves`), one
/// per template whose moving glyphs take lanes.
package enum LaneCurve {}

/// Which of the stage's lane curves a lane rides, or `none`.
package typealias LaneCurveID = RecordID<LaneCurve>
