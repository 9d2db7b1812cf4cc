// The identifiers of a `MotionStore`'s parts. Each is a small struct around
// an index, with a `none` (or, for curves, `rest`) of its own, so that a row
// can never be passed where a curve entry is meant, nor a snapshot index where
// a row is. What they share comes from `StoreIndex` and `OptionalStoreIndex`.

/// An index into one of a store's tables, typed by what it indexes.
@usableFromInline
package protocol StoreIndex: Hashable, Sendable {
    /// The index as stored (rows hold these, 4 bytes each).
    var raw: Int32 { get }
    init(raw: Int32)
}

extension StoreIndex {
    /// The index into the table.
    @inlinable @inline(__always)
    package var index: Int { Int(raw) }
}

/// A store index that may name nothing (`none`, stored as −1).
@usableFromInline
package protocol OptionalStoreIndex: StoreIndex {}

extension OptionalStoreIndex {
    /// Nothing: the entry's channels are at their defaults.
    @inlinable @inline(__always)
    package static var none: Self { Self(raw: -1) }

    /// Whether this names nothing.
    @inlinable @inline(__always)
    package var isNone: Bool { raw < 0 }
}

/// A row of a `MotionStore`: one sprite, a slot of the store's pool.
@frozen @usableFromInline
package struct RowID: OptionalStoreIndex {
    @usableFromInline package let raw: Int32

    @inlinable @inline(__always)
    package init(slot: Int) { raw = Int32(truncatingIfNeeded: slot) }

    @inlinable @inline(__always)
    package init(raw: Int32) { self.raw = raw }

    /// The pool slot (the index into the store's columns).
    @inlinable @inline(__always)
    package var slot: Int { Int(raw) }
}

/// An entry of a `CurveTable`: a curve value with the absolute time it starts.
@frozen @usableFromInline
package struct CurveID: StoreIndex {
    @usableFromInline package let raw: Int32

    @inlinable @inline(__always)
    package init(raw: Int32) { self.raw = raw }

    /// The entry at rest: progress 1, no motion.
    @usableFromInline package static let rest = CurveID(raw: 0)

    @inlinable @inline(__always)
    package var isRest: Bool { raw == 0 }
}

/// A distinct curve value of a `CurveTable` (a curve without a start).
@frozen @usableFromInline
package struct CurveValueID: StoreIndex {
    @usableFromInline package let raw: Int32

    @inlinable @inline(__always)
    package init(raw: Int32) { self.raw = raw }

    /// The value of the rest entry (an instant change).
    @usableFromInline package static let instant = CurveValueID(raw: 0)
}

/// A pose entry of a `MotionStore`'s tables (see `MotionPose`); `none`: the
/// channels are at their defaults.
@frozen @usableFromInline
package struct PoseID: OptionalStoreIndex {
    @usableFromInline package let raw: Int32

    @inlinable @inline(__always)
    package init(raw: Int32) { self.raw = raw }
}

/// An extras entry of a `MotionStore`'s tables (see `MotionExtras`); `none`: no extras.
@frozen @usableFromInline
package struct ExtrasID: OptionalStoreIndex {
    @usableFromInline package let raw: Int32

    @inlinable @inline(__always)
    package init(raw: Int32) { self.raw = raw }
}

/// A particle emitter of a `MotionStore`'s tables; `none`: no particles.
@frozen @usableFromInline
package struct EmitterID: OptionalStoreIndex {
    @usableFromInline package let raw: Int32

    @inlinable @inline(__always)
    package init(raw: Int32) { self.raw = raw }
}
