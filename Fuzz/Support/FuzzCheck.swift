/// Stops the run when an invariant does not hold. libFuzzer treats the trap as a
/// crash and saves the input that caused it; the message says which rule broke.
@inline(__always)
public func require(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() { fatalError("invariant broken: \(message())") }
}
