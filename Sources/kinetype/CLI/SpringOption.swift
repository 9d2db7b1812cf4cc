import Animator

/// `--spring MASS,STIFFNESS,DAMPING`: a spring of one's own wherever `--style`
/// is taken, checked as `kinetype spring` checks its numbers.
enum SpringOption {
    static let spec = OptionSpec.value(
        "spring", placeholder: "M,K,C",
        help: "A spring of your own for the motion: mass, stiffness, damping (try them with 'kinetype spring'); the style keeps its stagger and fade.")

    /// The spring `--spring` gives, or nil when it is absent.
    static func parse(_ arguments: ParsedArguments) throws(CommandLineError) -> Spring? {
        guard let list = arguments.value("spring") else { return nil }
        let parts = list.split(separator: ",", omittingEmptySubsequences: false)
        let expected = "three numbers, mass,stiffness,damping (e.g. 1,170,26)"
        guard parts.count == 3 else { throw .invalidValue(list, option: "spring", expected: expected) }
        var numbers: [Double] = []
        for (part, (name, range)) in zip(parts, [("mass", SpringCommand.massRange), ("stiffness", SpringCommand.stiffnessRange), ("damping", SpringCommand.dampingRange)]) {
            guard let value = Double(part.filter { $0 != " " }), range.contains(value) else {
                throw .invalidValue(list, option: "spring", expected: "\(expected), the \(name) in \(range.description)")
            }
            numbers.append(value)
        }
        return try validated(mass: numbers[0], stiffness: numbers[1], damping: numbers[2])
    }

    /// A spring of these numbers that settles within `SpringCommand.maximumSettle`
    /// seconds, or a usage error saying which number to change.
    static func validated(mass: Double, stiffness: Double, damping: Double) throws(CommandLineError) -> Spring {
        let spring: Spring
        do {
            spring = try Spring(mass: mass, stiffness: stiffness, damping: damping)
        } catch {
            throw .usage(TerminalEscape.sanitized(error.message))
        }
        // The settling time decides how long an animation or a chart runs: check it first.
        let settle = spring.settlingDuration()
        let format = NumberFormat.fixed
        guard settle.isFinite, settle >= 0, settle <= SpringCommand.maximumSettle else {
            throw .usage(
                "this spring (mass \(format(mass, 6)), stiffness \(format(stiffness, 6)), damping \(format(damping, 6))) settles after "
                    + (settle.isFinite ? "\(format(settle, 1)) s" : "no finite time")
                    + ", longer than \(Int(SpringCommand.maximumSettle)) s; raise the damping or the stiffness")
        }
        return spring
    }
}
