#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FuzzSupport

// Differential libFuzzer target for the planner: the same case (texts in
// several scripts, every built-in effect and effect files, styles,
// interruptions, scenes and tiles) is played by the frozen copy of the old
// planner and by the current one, and every frame must agree: the same
// sprites in the same order, every channel within 1e-9 (relative beyond 1).
//
// Built plainly it replays files, or, with `--sweep N [--from K]`, plays N
// cases made from a seeded generator and reports every difference instead
// of stopping at the first (the tool for reviewing a planner change).

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPlanner(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let difference = PlannerDifference.find(Scenario(bytes)) {
        require(false, difference)
    }
    return 0
}

enum PlannerDifference {
    nonisolated(unsafe) static var refused = 0
    nonisolated(unsafe) static var frames = 0
    /// The first difference between the two engines' frames, described; nil when they agree.
    static func find(_ scenario: Scenario) -> String? {
        guard let old = LegacyRun.run(scenario) else { refused += 1; return nil }
        guard let new = CurrentRun.run(scenario) else { return "the current engine refused a case the old one played\n\(scenario)" }
        frames += old.frames.count
        if let d = compare(old, new) { return "\(d)\n\(scenario)" }
        return nil
    }

    static func close(_ a: Double, _ b: Double) -> Bool {
        if a.bitPattern == b.bitPattern || a == b { return true }
        if a.isNaN || b.isNaN { return false }
        return abs(a - b) <= 1e-9 * max(1, abs(a), abs(b))
    }

    static let channelNames = [
        "x", "y", "scaleX", "scaleY", "rotation", "skew", "opacity", "blur", "red", "green", "blue", "alpha",
        "strokeEnd", "fill",
    ]

    static func compare(_ old: RunRecord, _ new: RunRecord) -> String? {
        if old.events != new.events { return "events differ: \(old.events) vs \(new.events)" }
        if old.plan != new.plan { return "plans differ: \(old.plan) vs \(new.plan)" }
        for (k, (a, b)) in zip(old.planStates, new.planStates).enumerated() {
            guard a.count == b.count else { return "plan states \(k): \(a.count) vs \(b.count) numbers" }
            for i in a.indices where !close(a[i], b[i]) {
                return "plan state \(k), glyph \(i / 14) \(channelNames[i % 14]): \(a[i]) vs \(b[i])"
            }
        }
        // Sprite ids may be numbered differently; a sprite keeps its id, so the pairing must be one to one.
        var ids: [Int32: Int32] = [:]
        for (a, b) in zip(old.frames, new.frames) {
            let t = a.time
            guard a.sprites.count == b.sprites.count else {
                return "t \(t): \(a.sprites.count) sprites vs \(b.sprites.count): "
                    + "\(a.sprites.map { $0.symbol + ":" + $0.role }) vs \(b.sprites.map { $0.symbol + ":" + $0.role })"
            }
            for (k, (p, q)) in zip(a.sprites, b.sprites).enumerated() {
                if p.symbol != q.symbol || p.role != q.role || p.drawing != q.drawing {
                    return "t \(t) sprite \(k): \(p.symbol) \(p.role) vs \(q.symbol) \(q.role)"
                }
                if let known = ids[p.id], known != q.id { return "t \(t) sprite \(k) \(p.symbol): id \(p.id) was \(known), now \(q.id)" }
                ids[p.id] = q.id
                for c in p.channels.indices where !close(p.channels[c], q.channels[c]) {
                    return "t \(t) sprite \(k) \(p.symbol) (\(p.role)) \(channelNames[c]): \(p.channels[c]) vs \(q.channels[c])"
                }
                for c in p.box.indices where !close(p.box[c], q.box[c]) {
                    return "t \(t) sprite \(k) \(p.symbol) box: \(p.box) vs \(q.box)"
                }
            }
            guard a.shapes.count == b.shapes.count else { return "t \(t): \(a.shapes.count) shapes vs \(b.shapes.count)" }
            for (k, (p, q)) in zip(a.shapes, b.shapes).enumerated() {
                if p.key != q.key || p.role != q.role { return "t \(t) shape \(k): \(p.key) \(p.role) vs \(q.key) \(q.role)" }
                if !close(p.blend, q.blend) { return "t \(t) shape \(k) \(p.key) blend: \(p.blend) vs \(q.blend)" }
                for c in p.channels.indices where !close(p.channels[c], q.channels[c]) {
                    return "t \(t) shape \(k) \(p.key) \(channelNames[c]): \(p.channels[c]) vs \(q.channels[c])"
                }
            }
            guard a.particles.count == b.particles.count else {
                return "t \(t): \(a.particles.count) particles vs \(b.particles.count)"
            }
            for (k, (p, q)) in zip(a.particles, b.particles).enumerated() {
                for c in p.indices where !close(p[c], q[c]) { return "t \(t) particle \(k): \(p) vs \(q)" }
            }
        }
        return nil
    }
}

/// `--sweep N [--from K]`: N seeded cases, every difference reported.
enum Sweep {
    static func run(_ arguments: [String]) -> Bool {
        guard let at = arguments.firstIndex(of: "--sweep"), at + 1 < arguments.count, let count = Int(arguments[at + 1])
        else { return false }
        var first = 0
        if let from = arguments.firstIndex(of: "--from"), from + 1 < arguments.count { first = Int(arguments[from + 1]) ?? 0 }
        let verbose = arguments.contains("--verbose")
        var differing = 0
        for k in first..<(first + count) {
            var state = UInt64(k) &* 0x9E37_79B9_7F4A_7C15 &+ 1
            var bytes: [UInt8] = []
            for _ in 0..<96 {
                state &+= 0x9E37_79B9_7F4A_7C15
                var z = state
                z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
                z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
                bytes.append(UInt8(truncatingIfNeeded: z ^ (z >> 31)))
            }
            if arguments.contains("--show") {
                print("case \(k):\n\(Scenario(bytes))")
                fflush(nil)  // a case that traps has said which it was
            }
            if let difference = PlannerDifference.find(Scenario(bytes)) {
                differing += 1
                print("case \(k): " + (verbose ? difference : String(difference.split(separator: "\n").first ?? "")))
            }
        }
        print("\(differing) of \(count) cases differ (\(PlannerDifference.refused) refused, \(PlannerDifference.frames) frames compared)")
        return true
    }
}

@main
struct PlannerFuzzerMain {
    static func main() {
        if Sweep.run(CommandLine.arguments) { return }
        FuzzDriver.main(fuzz: fuzzPlanner) { bytes in
            if let difference = PlannerDifference.find(Scenario(bytes)) { print(difference) } else { print("agree") }
        }
    }
}
