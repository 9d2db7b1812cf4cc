import Animator

/// `kinetype spring [--style snappy|smooth|bouncy] [--spring M,K,C] [--mass M --stiffness K --damping C] [--json]`
enum SpringCommand {
    static let command = Command(
        name: "spring",
        summary: "Show a spring's damping ratio, overshoot, settling time and curve.",
        discussion: """
            The spring moves a unit step from 0 to 1. Start from a style (default snappy)
            and override any of its numbers; mass defaults to 1. The settling time is
            when the value stays within 0.001 of the target. With --json, samples are
            [t, x] pairs every 1/120 s up to the settling time, which must be at most
            \(Int(maximumSettle)) s.
            """,
        options: [
            TimelineOptions.styleSpec,
            SpringOption.spec,
            .value("mass", placeholder: "M", help: "Mass, in \(massRange.description)."),
            .value("stiffness", placeholder: "K", help: "Stiffness, in \(stiffnessRange.description)."),
            .value("damping", placeholder: "C", help: "Damping, in \(dampingRange.description)."),
            .flag("json", help: "Print JSON instead of the readable view."),
        ],
        run: run)

    static let sampleRate = 120.0
    static let massRange = NumberRange.closed(0.001, 1_000)
    static let stiffnessRange = NumberRange.closed(0.001, 1_000_000)
    static let dampingRange = NumberRange.closed(0.001, 100_000)
    /// The longest settling time sampled: 72,000 samples at most.
    static let maximumSettle = 600.0

    static func run(_ arguments: ParsedArguments, _ output: inout CommandOutput) throws(CommandLineError) {
        var preset = try TimelineOptions.parseStyle(arguments)
        if let given = try SpringOption.parse(arguments) { preset.spring = given }
        let mass = try arguments.number("mass", in: massRange, unit: "") ?? preset.spring.mass
        let stiffness = try arguments.number("stiffness", in: stiffnessRange, unit: "") ?? preset.spring.stiffness
        let damping = try arguments.number("damping", in: dampingRange, unit: "") ?? preset.spring.damping
        let spring = try SpringOption.validated(mass: mass, stiffness: stiffness, damping: damping)
        let settle = spring.settlingDuration()
        let count = Int((settle * sampleRate).rounded(.up))
        let samples = (0...count).map { i -> (Double, Double) in
            let t = min(Double(i) / sampleRate, settle)
            return (t, spring.value(at: t))
        }
        if arguments.flag("json") {
            output.write(
                JSONValue.object([
                    ("mass", .number(spring.mass)),
                    ("stiffness", .number(spring.stiffness)),
                    ("damping", .number(spring.damping)),
                    ("dampingRatio", .number(spring.dampingRatio)),
                    ("overshoot", .number(spring.overshoot)),
                    ("settle", .number(settle)),
                    ("samples", .array(samples.map { .array([.number($0.0), .number($0.1)]) })),
                ]).serialized())
            return
        }
        let regime = spring.dampingRatio < 1 - 1e-8 ? "underdamped" : (spring.dampingRatio > 1 + 1e-8 ? "overdamped" : "critically damped")
        output.line("spring  mass \(NumberFormat.fixed(spring.mass, 3))  stiffness \(NumberFormat.fixed(spring.stiffness, 3))  damping \(NumberFormat.fixed(spring.damping, 3))")
        output.line("damping ratio  \(NumberFormat.fixed(spring.dampingRatio, 4)) (\(regime))")
        output.line("overshoot      \(NumberFormat.fixed(spring.overshoot * 100, 2)) %")
        output.line("settles in     \(NumberFormat.fixed(settle * 1000, 1)) ms (within 0.001 of the target)")
        output.line()
        plot(samples, settle: settle, into: &output)
    }

    /// A small text chart of the step response: time across, value up.
    static func plot(_ samples: [(Double, Double)], settle: Double, into output: inout CommandOutput) {
        let width = 60, height = 12
        let values = samples.map(\.1)
        let top = max(values.max() ?? 1, 1), bottom = min(values.min() ?? 0, 0)
        var grid = Array(repeating: Array(repeating: Character(" "), count: width), count: height)
        let targetRow = Int(((top - 1) / (top - bottom) * Double(height - 1)).rounded())
        for x in 0..<width { grid[targetRow][x] = "·" }
        for x in 0..<width {
            let t = settle * Double(x) / Double(width - 1)
            let index = min(Int((t / settle * Double(samples.count - 1)).rounded()), samples.count - 1)
            let row = Int(((top - samples[index].1) / (top - bottom) * Double(height - 1)).rounded())
            grid[min(max(row, 0), height - 1)][x] = "•"
        }
        for (i, row) in grid.enumerated() {
            let label = i == targetRow ? "1 ┤" : (i == height - 1 ? "\(NumberFormat.fixed(bottom, 0)) ┤" : "  │")
            output.line(String(repeating: " ", count: max(0, 4 - label.count)) + label + String(row))
        }
        output.line("    └" + String(repeating: "─", count: width))
        output.line("     0 s" + String(repeating: " ", count: width - 12) + "\(NumberFormat.fixed(settle, 3)) s")
    }
}
