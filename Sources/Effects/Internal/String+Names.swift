/// Names compared by a call. A comparison of two strings written in place is
/// inlined whole (about 200 bytes of WebAssembly each); the readers of effect
/// files and of the web options compare a name at nearly every field they read.
extension String {
    /// Whether the two strings are equal (`==`).
    @inline(never)
    package func equals(_ other: String) -> Bool { self == other }
}

extension Array where Element == String {
    /// The index of the first element equal to `name` (`firstIndex(of:)`).
    @inline(never)
    package func position(of name: String) -> Int? { firstIndex(of: name) }
}
