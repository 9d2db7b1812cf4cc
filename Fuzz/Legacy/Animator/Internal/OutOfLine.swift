/// A value kept behind one reference, for rarely used parts of large values:
/// as an optional, an absent part costs one pointer to copy and a pointer
/// comparison to test, where the part itself would be copied byte by byte every
/// time.
///
/// The box is never mutated (its value is a `let`), so the value semantics of
/// the enclosing type stand, and it is `Sendable` when its value is.
@usableFromInline
final class OutOfLine<Value> {
    @usableFromInline let value: Value

    @inlinable
    init(_ value: Value) { self.value = value }
}

extension OutOfLine: Sendable where Value: Sendable {}
