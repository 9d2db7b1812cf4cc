import Analyzer
import Pool

/// The Pool's target (the README's performance table).
enum PoolCases {
    static let all: [BenchmarkCase] = [checkoutCheckin]

    /// A plain-data payload the size of a small sprite record.
    struct Payload {
        var x = 0.0, y = 0.0, opacity = 1.0, id = 0
    }

    static let checkoutCheckin = BenchmarkCase("pool: checkout + checkin") { context in
        let pool = SpritePool<Payload>(capacity: 16_384)
        var live: [SpriteHandle] = []
        for i in 0..<8_192 { live.append(pool.checkout(Payload(id: i), role: .persisting, order: i)) }
        var order = 0
        let timing = context.measure { () -> Int in
            order &+= 1
            let handle = pool.checkout(Payload(id: order), role: .entering, order: order)
            try? pool.checkin(handle)
            return handle.slot
        }
        context.report(timing, target: .atMost(20, .nanoseconds))
        context.note("8,192 live sprites; the pool never grows in the loop (growths \(pool.stats.growths))")
        blackHole(live.count)
    }
}
