// The identifiers of a `MotionStore`'s parts. Each is a small struct around
// an index, with a `none` (or, for curves, `rest`) of its own, so that a row
// can never be passed where a curve entry is meant, nor a snapshot index where
// a row is.

/// A row of a `MotionStore`: one sprite, a slot of the store's pool.
@frozen @usableFromInline
package struct RowID: Hashable, Sendable {
    @usableFromInline package let raw: Int32

    @inlinable @inline(__always)
    package init(slot: Int) { raw = Int32(truncatingIfNeeded: slot) }

    @inlinable @inline(__always)
    init(raw: Int32) { self.raw = raw }

    /// No row.
    @usableFromInline package static let none = RowID(raw: -1)

    /// Whether this is no row.
    @inlinable @inline(__always)
    package var isNone: Bool { raw < 0 }

    /// The pool slot (the index into the store's columns).
    @inlinable @inline(__always)
    package var slot: Int { Int(raw) }
}

/// An entry of a `CurveTable`: a curve value with the absolute time it starts.
@frozen @usableFromInline
package struct CurveID: Hashable, Sendable {
    @usableFromInline package let raw: Int32

    @inlinable @inline(__always)
    init(raw: Int32) { self.raw = raw }

    /// The entry at rest: progress 1, no motion.
    @usableFromInline package static let rest = CurveID(raw: 0)

    @inlinable @inline(__always)
    package var isRest: Bool { raw == 0 }

    @inlinable @inline(__always)
    package var index: Int { Int(raw) }
}

/// A distinct curve value of a `CurveTable` (a curve without a start).
@frozen @usableFromInline
package struct CurveValueID: Hashable, Sendable {
    @usableFromInline package let raw: Int32

    @inlinable @inline(__always)
    init(raw: Int32) { self.raw = raw }

    /// The value of the rest entry (an instant change).
    @usableFromInline package static let instant = CurveValueID(raw: 0)

    @inlinable @inline(__always)
    package var index: Int { Int(raw) }
}

/// A pose entry of a `MotionStore`'s tables (see `MotionPose`).
@frozen @usableFromInline
package struct PoseID: Hashable, Sendable {
    @usableFromInline package let raw: Int32

    @inlinable @inline(__always)
    init(raw: Int32) { self.raw = raw }

    /// No pose: the channels are at their defaults.
    @usableFromInline package static let none = PoseID(raw: -1)

    @inlinable @inline(__always)
    package var isNone: Bool { raw < 0 }

    @inlinable @inline(__always)
    package var index: Int { Int(raw) }
}

/// An extras entry of a `MotionStore`'s tables (see `MotionExtras`).
@frozen @usableFromInline
package struct ExtrasID: Hashable, Sendable {
    @usableFromInline package let raw: Int32

    @inlinable @inline(__always)
    init(raw: Int32) { self.raw = raw }

    /// No extras.
    @usableFromInline package static let none = ExtrasID(raw: -1)

    @inlinable @inline(__always)
    package var isNone: Bool { raw < 0 }

    @inlinable @inline(__always)
    package var index: Int { Int(raw) }
}

/// A particle emitter of a `MotionStore`'s tables.
@frozen @usableFromInline
package struct EmitterID: Hashable, Sendable {
    @usableFromInline package let raw: Int32

    @inlinable @inline(__always)
    init(raw: Int32) { self.raw = raw }

    /// No particles.
    @usableFromInline package static let none = EmitterID(raw: -1)

    @inlinable @inline(__always)
    package var isNone: Bool { raw < 0 }

    @inlinable @inline(__always)
    package var index: Int { Int(raw) }
}
