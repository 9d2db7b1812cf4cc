import Analyzer
import Animator

/// `kinetype plan OLD NEW [--effect NAME] [--style PRESET] [--mode M] [--json]`
enum PlanCommand {
    static let command = Command(
        name: "plan",
        summary: "Show each glyph's planned motion: from and to states, delay and duration.",
        discussion: """
            Diffs OLD against NEW, lays both out with the font, and plans the transition
            with the effect and style: every glyph's start and end state, its delay
            (stagger) and how long its motion takes, with the curves it follows.
            """,
        positionals: [
            PositionalSpec(name: "OLD", arity: .required, help: "The text before the change."),
            PositionalSpec(name: "NEW", arity: .required, help: "The text after the change."),
        ],
        options: TimelineOptions.motionSpecs + [.flag("json", help: "Print JSON instead of the readable table.")],
        run: run)

    static func run(_ arguments: ParsedArguments, _ output: inout CommandOutput) throws(CommandLineError) {
        let (options, texts) = try TimelineOptions.parse(arguments).readTexts(arguments, revealing: false)
        let change = TextChangeAnalyzer(mode: options.mode).analyze(from: texts[0], to: texts[1])
        let animator = GlyphAnimator(
            effect: options.effect, style: options.style, preference: options.preference, seed: options.seed)
        let plan = animator.plan(
            change, from: options.layout.layout(change.oldGlyphs), to: options.layout.layout(change.newGlyphs))
        if arguments.flag("json") {
            output.write(json(plan, options: options).serialized())
        } else {
            readable(plan, options: options, into: &output)
        }
    }

    static func json(_ plan: TransitionPlan, options: TimelineOptions) -> JSONValue {
        let glyphs = (0..<plan.count).map { k -> JSONValue in
            let d = plan.descriptor(of: k)
            let (from, to) = plan.indices(of: k)
            return .object([
                ("action", .string(action(plan.role(of: k)))),
                ("from", from.map { .int($0) } ?? .null),
                ("to", to.map { .int($0) } ?? .null),
                ("symbol", .string(String(d.symbol))),
                ("delay", StateJSON.number(d.delay)),
                ("duration", StateJSON.number(d.settleTime - d.delay)),
                ("timing", .string(d.timing.description)),
                ("opacityTiming", .string(d.opacityTiming.description)),
                ("start", .object(StateJSON.state(d.state(at: 0)))),
                ("end", .object(StateJSON.state(d.to))),
                ("tracks", .int(d.tracks.count)),
                ("loops", .bool(d.isLooping)),
                ("particles", .int(d.emitter?.count ?? 0)),
            ])
        }
        return .object([
            ("effect", .string(options.effect.name)),
            ("style", .string(options.style.name)),
            ("mode", .string(options.modeName)),
            ("motion", .string(plan.motion.rawValue)),
            ("changeRatio", .number(plan.change.changeRatio)),
            ("duration", StateJSON.number(plan.duration)),
            ("playbackRate", StateJSON.number(options.style.playbackRate(of: plan))),
            ("stagger", StateJSON.number(plan.stagger)),
            ("drift", StateJSON.number(plan.drift)),
            ("glyphs", .array(glyphs)),
        ])
    }

    static func readable(_ plan: TransitionPlan, options: TimelineOptions, into output: inout CommandOutput) {
        output.line(
            "\(options.effect.name) · \(options.style.name) · \(options.modeName) · \(plan.motion.rawValue) motion"
                + " · \(NumberFormat.fixed(plan.duration * 1000, 0)) ms")
        output.line()
        var rows: [(String, String)] = []
        for k in 0..<plan.count {
            let d = plan.descriptor(of: k)
            let start = d.state(at: 0)
            let mark: String
            switch plan.role(of: k) {
            case .persisting: mark = "="
            case .entering: mark = "+"
            case .exiting: mark = "-"
            }
            let glyph = "\(mark) \(TerminalEscape.visible(d.symbol))"
            let timing = "delay \(ms(d.delay))  for \(ms(d.settleTime - d.delay))  \(d.timing)"
            rows.append((glyph, timing))
            rows.append(("", "\(describe(start))  →  \(describe(d.to))"))
        }
        output.write(HelpTable.rows(rows).joined(separator: "\n") + "\n")
    }

    /// The JSON action of a planned glyph: a glyph the choreography replaced
    /// appears as a remove and an insert.
    static func action(_ role: SpriteRole) -> String {
        switch role {
        case .persisting: "transform"
        case .entering: "insert"
        case .exiting: "remove"
        }
    }

    static func ms(_ seconds: Double) -> String {
        NumberFormat.fixed(seconds * 1000, 0) + " ms"
    }

    static func describe(_ s: GlyphState) -> String {
        let f = { (v: Double) in NumberFormat.fixed(v, 1) }
        var parts = ["(\(f(s.position.x)), \(f(s.position.y)))", "opacity \(NumberFormat.fixed(s.opacity, 2))"]
        if s.scaleX != 1 || s.scaleY != 1 { parts.append("scale \(NumberFormat.fixed(s.scale, 2))") }
        if s.rotation != 0 { parts.append("rotation \(NumberFormat.fixed(s.rotation * 180 / .pi, 1))°") }
        if s.blur != 0 { parts.append("blur \(f(s.blur))") }
        return parts.joined(separator: " ")
    }
}
