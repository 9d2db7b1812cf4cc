extension EffectRegistry {
    /// Reads an effect file (see ``DataEffect``) and registers it under its name,
    /// replacing an effect of the same name. Its `base` is looked up in this
    /// registry, so a file can build on effects registered before it.
    ///
    /// ```swift
    /// var effects = EffectRegistry.standard
    /// try effects.register(json: dropFileText)        // "drop"
    /// let layered = try effects.effect(named: "drop+mist")
    /// ```
    ///
    /// - Returns: the effect read.
    /// - Throws: ``EffectFileError`` naming the line, the column and the field at fault;
    ///   the registry is unchanged then.
    /// - Complexity: O(n) in the text's length.
    @discardableResult
    public mutating func register(json: String) throws(EffectFileError) -> DataEffect {
        let effect = try DataEffect(json: json, registry: self)
        register(effect)
        return effect
    }
}
