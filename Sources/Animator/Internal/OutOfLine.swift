/// A value kept behind one reference, for rarely used parts of large values:
/// as an optional, an absent part costs one pointer to copy and nothing to
/// destroy, where the part itself would be copied byte by byte every time.
///
/// The box is never mutated, so the value semantics of the enclosing type stand.
@usableFromInline
enum OutOfLine<Value> {
    indirect case boxed(Value)

    @inlinable
    init(_ value: Value) { self = .boxed(value) }

    @inlinable
    var value: Value {
        switch self {
        case .boxed(let value): value
        }
    }
}

extension OutOfLine: Sendable where Value: Sendable {}
