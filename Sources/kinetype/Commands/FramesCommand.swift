import Animator
import Director

/// `kinetype frames TEXT... [options] [--json]`
enum FramesCommand {
    static let command = Command(
        name: "frames",
        summary: "Sample the animation of a sequence of texts, frame by frame.",
        discussion: """
            The first TEXT rests at t = 0; TEXT k is set at k × interval, or, without
            --interval, when the previous transition has settled. An interval shorter
            than a transition interrupts it: glyphs carry on from where they are.
            Frames are sampled at --fps from 0 until the last transition settles.
            With --json every sprite's id (its identity), glyph and state is printed
            per frame, with the pool's counters and the settle/cancel events.
            """,
        positionals: [PositionalSpec(name: "TEXT", arity: .oneOrMore, help: "The texts, in order.")],
        options: TimelineOptions.motionSpecs + TimelineOptions.playbackSpecs + [
            .flag("json", help: "Print JSON instead of the readable timeline.")
        ],
        run: run)

    static func run(_ arguments: ParsedArguments, _ output: inout CommandOutput) throws(CommandLineError) {
        let options = try TimelineOptions.parse(arguments)
        let playback = try options.playback(arguments.positionals)
        let director = options.director(showing: playback.texts[0])
        var frames: [Frame] = []
        director.play(playback) { frames.append($0) }
        if arguments.flag("json") {
            output.write(json(frames, director: director, fps: playback.fps).serialized())
        } else {
            readable(frames, director: director, into: &output)
        }
    }

    static func json(_ frames: [Frame], director: TransitionDirector, fps: Double) -> JSONValue {
        .object([
            ("fps", .number(fps)),
            (
                "frames",
                .array(
                    frames.map { frame in
                        .object([
                            ("t", StateJSON.number(frame.time)),
                            ("sprites", .array(frame.sprites.map { sprite(frame, $0) })),
                            (
                                "particles",
                                .array(
                                    frame.particles.map { p in
                                        .object([
                                            ("x", StateJSON.number(p.position.x)), ("y", StateJSON.number(p.position.y)),
                                            ("radius", StateJSON.number(p.radius)), ("opacity", StateJSON.number(p.opacity)),
                                        ])
                                    })
                            ),
                        ])
                    })
            ),
            ("pool", StateJSON.pool(director.poolStats)),
            (
                "events",
                .array(
                    director.events.map { event in
                        .object([
                            ("t", StateJSON.number(event.time)), ("kind", .string(event.kind.rawValue)),
                            ("transition", .int(event.transition)), ("text", .string(event.text)),
                        ])
                    })
            ),
        ])
    }

    static func sprite(_ frame: Frame, _ sprite: SpriteFrame) -> JSONValue {
        .object(
            [
                ("id", .int(Int(sprite.id))),
                ("symbol", .string(String(frame.symbol(of: sprite)))),
                ("role", .string(role(sprite.role))),
            ] + StateJSON.state(sprite.state))
    }

    static func role(_ role: SpriteRole) -> String {
        switch role {
        case .exiting: "exiting"
        case .persisting: "persisting"
        case .entering: "entering"
        }
    }

    /// One line per frame: time, live sprites, and the glyphs in flight (not yet at
    /// their final state, or leaving).
    static func readable(_ frames: [Frame], director: TransitionDirector, into output: inout CommandOutput) {
        var rest: [Int32: GlyphState] = [:]
        if let last = frames.last {
            for s in last.sprites { rest[s.id] = s.state }
        }
        for frame in frames {
            let flying = frame.sprites.filter { $0.role == .exiting || rest[$0.id] != $0.state }
            let glyphs = flying.map { TerminalText.visible(frame.symbol(of: $0)) }.joined()
            let time = SpringCommand.format(frame.time, 3)
            let padded = time + String(repeating: " ", count: max(0, 7 - time.count))
            output.line("\(padded) s  live \(frame.sprites.count)  in flight \(flying.count)\(glyphs.isEmpty ? "" : "  \(glyphs)")")
        }
        let events = director.events.map { "\($0.kind.rawValue) at \(SpringCommand.format($0.time, 3)) s" }
        output.line("events: \(events.isEmpty ? "none" : events.joined(separator: ", "))")
        let stats = director.poolStats
        output.line("pool: capacity \(stats.capacity), in use \(stats.inUse), high water \(stats.highWater), growths \(stats.growths)")
    }
}
