extension UnsafeMutablePointer {
    /// Memory of its own holding `value`, for a class that keeps some of its
    /// state behind one pointer it owns (read and written without the
    /// exclusivity checks of stored properties). Freed with `free()`.
    @inline(__always)
    static func owning(_ value: Pointee) -> UnsafeMutablePointer<Pointee> {
        let pointer = allocate(capacity: 1)
        pointer.initialize(to: value)
        return pointer
    }

    /// Deinitialises and frees memory made by `owning(_:)`.
    @inline(__always)
    func free() {
        deinitialize(count: 1)
        deallocate()
    }
}
