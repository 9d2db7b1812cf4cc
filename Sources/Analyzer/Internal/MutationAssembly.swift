/// The compact result of one analysis: the ids of both texts and the match of
/// each new glyph, copied into one `ChangeStorage`, with the removed old
/// glyphs listed and the weights' scales set. Returns it with the number of
/// persisting glyphs. The first `knownPrefix` new glyphs persist from the old
/// ones at their own index (a continued analysis's shared start): they are
/// counted, not walked, and `matchOfNew` holds the matches of the new glyphs
/// after them (`matchOfNew[j − knownPrefix]` is new glyph j's). Likewise the
/// last `knownSuffix` new glyphs persist from the last `knownSuffix` old ones
/// (a continued analysis's shared end): `matchOfNew` stops before them.
///
/// - Complexity: O(*n* + *m*) to copy, O(*n* + *m* − 2 · (`knownPrefix` +
///   `knownSuffix`)) besides.
func assembleChange(
    old: UnsafeBufferPointer<Int32>, new: UnsafeBufferPointer<Int32>, matchOfNew: UnsafePointer<Int32>,
    scheme: WeightScheme, columns: (old: UnsafePointer<Int32>, new: UnsafePointer<Int32>, count: Int)?,
    knownPrefix: Int = 0, knownSuffix: Int = 0, arena: inout ScratchArena
) -> (storage: ChangeStorage, persisting: Int) {
    let n = old.count, m = new.count
    // The first `knownPrefix` glyphs persist in place (matchOfNew[j] == j) and
    // the last `knownSuffix` from the old text's last ones: counted, not walked.
    let prefix = min(max(knownPrefix, 0), n, m)
    let suffix = min(max(knownSuffix, 0), n - prefix, m - prefix)
    let oldKept = arena.allocate(repeating: false, count: n)
    var persisting = prefix + suffix
    for j in prefix..<(m - suffix) {
        let from = Int(matchOfNew[j - prefix])
        if from >= 0 {
            oldKept[from] = true
            persisting &+= 1
        }
    }
    let newScale: Double, oldScale: Double
    switch scheme {
    case .readingOrder:
        newScale = m > 1 ? 1 / Double(m - 1) : 0
        oldScale = n > 1 ? 1 / Double(n - 1) : 0
    case .slots:
        let slots = max(n, m)
        newScale = slots > 1 ? 1 / Double(slots - 1) : 0
        oldScale = newScale
    case .columns:
        let count = columns?.count ?? 0
        newScale = count > 1 ? 1 / Double(count - 1) : 0
        oldScale = newScale
    }
    let storage = ChangeStorage.make(
        old: n, new: m, removed: n - persisting, scheme: scheme, newScale: newScale, oldScale: oldScale)
    if n > 0 { storage.oldIDs.initialize(from: old.baseAddress!, count: n) }
    if m > 0 {
        storage.newIDs.initialize(from: new.baseAddress!, count: m)
        let match = storage.matchOfNew
        for j in 0..<prefix { (match + j).initialize(to: Int32(truncatingIfNeeded: j)) }
        (match + prefix).initialize(from: matchOfNew, count: m - suffix - prefix)
        let shift = Int32(truncatingIfNeeded: n - m)
        for j in (m - suffix)..<m { (match + j).initialize(to: Int32(truncatingIfNeeded: j) &+ shift) }
    }
    var removed = storage.removed
    for i in prefix..<(n - suffix) where !oldKept[i] {
        removed.initialize(to: Int32(truncatingIfNeeded: i))
        removed += 1
    }
    if let columns {
        storage.oldColumns.initialize(from: columns.old, count: n)
        storage.newColumns.initialize(from: columns.new, count: m)
    }
    return (storage, persisting)
}
