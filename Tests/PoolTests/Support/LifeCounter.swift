/// Counts how many `Tracked` payloads have been deinitialized; one per test.
final class LifeCounter {
    var deinits = 0
}

/// A class payload that reports its deinitialization, to catch leaks and
/// double releases.
final class Tracked {
    let counter: LifeCounter
    let id: Int

    init(_ counter: LifeCounter, id: Int) {
        self.counter = counter
        self.id = id
    }

    deinit {
        counter.deinits += 1
    }
}
