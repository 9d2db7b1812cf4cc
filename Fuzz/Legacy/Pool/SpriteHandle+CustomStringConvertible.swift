extension SpriteHandle: CustomStringConvertible {
    /// The slot and generation, as in `SpriteHandle(slot: 3, generation: 5)`.
    public var description: String {
        "SpriteHandle(slot: \(_slot), generation: \(generation))"
    }
}
