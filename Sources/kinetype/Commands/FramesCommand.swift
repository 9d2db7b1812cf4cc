import Analyzer
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
            Frames are sampled at --fps from 0 until the last transition settles
            (plus --hold: a looping effect such as dance is sampled dancing for that
            long). --tiles sets each letter on a tile; --scene NAME shows a control
            (menu, play, check) beside the texts, or alone when no TEXT is given, and
            --toggle T1,T2,… taps it at those times. With --json every sprite's kind,
            id (its identity), glyph or shape and state is printed per frame (tiles
            and scene shapes too), with the pool's counters, the settle/cancel
            events and the legibility of the frames (docs/json.md). Frames are
            written as they are sampled. A TEXT of "-" is read from standard input.
            """,
        positionals: [TimelineOptions.textsSpec],
        options: TimelineOptions.motionSpecs + TimelineOptions.playbackSpecs + [
            .flag("json", help: "Print JSON instead of the readable timeline.")
        ],
        run: run)

    static func run(_ arguments: ParsedArguments, _ output: inout CommandOutput) throws(CommandLineError) {
        let (options, texts) = try TimelineOptions.parse(arguments).readTexts(arguments, command: command.name)
        let playback = try options.playback(texts)
        let director = options.director(showing: playback.texts[0])
        if arguments.flag("json") {
            director.enableLegibilityCheck()
            var head = "{\n  \"fps\": "
            JSONValue.number(playback.fps).write(to: &head, indent: 2)
            output.write(head + ",\n  \"frames\": [")
            var first = true
            try options.play(director, playback) { (frame: Frame) throws(CommandLineError) in
                var text = first ? "\n    " : ",\n    "
                first = false
                json(frame).write(to: &text, indent: 4)
                output.write(text)
                try output.check()
            }
            output.write(first ? "],\n" : "\n  ],\n")
            var tail = "  \"pool\": "
            StateJSON.pool(director.poolStats).write(to: &tail, indent: 2)
            tail += ",\n  \"events\": "
            events(director).write(to: &tail, indent: 2)
            tail += ",\n  \"legibility\": "
            legibility(director.legibility).write(to: &tail, indent: 2)
            output.write(tail + "\n}\n")
        } else {
            let rest = try finalStates(options, playback)
            try options.play(director, playback) { (frame: Frame) throws(CommandLineError) in
                readable(frame, rest: rest, into: &output)
                try output.check()
            }
            let events = director.events.map { event in
                "\(event.kind.rawValue)\(event.isScene ? " (scene)" : "") at \(NumberFormat.fixed(event.time, 3)) s"
            }
            output.line("events: \(events.isEmpty ? "none" : events.joined(separator: ", "))")
            let stats = director.poolStats
            output.line("pool: capacity \(stats.capacity), in use \(stats.inUse), high water \(stats.highWater), growths \(stats.growths)")
        }
    }

    /// One frame as JSON (docs/json.md): the glyph sprites, then the shapes in drawing order.
    static func json(_ frame: Frame) -> JSONValue {
        .object([
            ("t", StateJSON.number(frame.time)),
            ("sprites", .array(frame.sprites.map { sprite(frame, $0) } + frame.shapes.map(shape))),
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
    }

    static func events(_ director: TransitionDirector) -> JSONValue {
        .array(
            director.events.map { event in
                .object([
                    ("t", StateJSON.number(event.time)), ("kind", .string(event.kind.rawValue)),
                    ("transition", .int(event.transition)), ("text", .string(event.text)),
                ] + (event.isScene ? [("scene", .bool(true))] : []))
            })
    }

    /// The legibility of the frames sampled during transitions (docs/json.md).
    static func legibility(_ status: LegibilityStatus?) -> JSONValue {
        let report = status?.total ?? LegibilityReport()
        return .object([
            ("frames", .int(report.framesSampled)), ("garbled", .int(report.garbledFrames)),
            ("doubled", .int(report.doubledFrames)), ("gaps", .int(report.spaceGapFrames)),
            ("garbledShare", StateJSON.number(report.garbledShare)),
            ("transitions", .int(status?.transitionCount ?? 0)),
            ("meanGarbledShare", StateJSON.number(status?.meanGarbledShare ?? 0)),
            ("worstGarbledShare", StateJSON.number(status?.worstTransition.garbledShare ?? 0)),
            ("timeToRead", .array((status?.timesToRead ?? []).map { $0.map(StateJSON.number) ?? .null })),
        ])
    }

    static func sprite(_ frame: Frame, _ sprite: SpriteFrame) -> JSONValue {
        .object(
            [
                ("kind", .string(SpriteKind.glyph.rawValue)),
                ("id", .int(Int(sprite.id))),
                ("symbol", .string(String(frame.symbol(of: sprite)))),
                ("role", .string(role(sprite.role))),
            ] + StateJSON.state(sprite.state))
    }

    /// A shape sprite (a tile or a scene's shape): its kind, identity, box and
    /// state, with the same channels as a glyph's.
    static func shape(_ sprite: ShapeSprite) -> JSONValue {
        var fields: [(String, JSONValue)] = [
            ("kind", .string(sprite.kind.rawValue)),
            ("id", .int(Int(sprite.id))),
            ("key", .string(sprite.key)),
            ("role", .string(role(sprite.role))),
            ("layer", .string(sprite.layer.rawValue)),
            ("width", StateJSON.number(sprite.shape.size.width)),
            ("height", StateJSON.number(sprite.shape.size.height)),
            ("cornerRadius", StateJSON.number(sprite.shape.cornerRadius)),
        ]
        if sprite.glyphSprite >= 0 { fields.append(("glyphSprite", .int(Int(sprite.glyphSprite)))) }
        return .object(fields + StateJSON.state(sprite.state))
    }

    static func role(_ role: SpriteRole) -> String {
        switch role {
        case .exiting: "exiting"
        case .persisting: "persisting"
        case .entering: "entering"
        }
    }

    /// The state every sprite rests in at the end: a first, silent run of the
    /// same playback (a Director is deterministic), so the readable view can
    /// stream and still say which glyphs are in flight.
    static func finalStates(_ options: TimelineOptions, _ playback: Playback) throws(CommandLineError) -> [Int32: GlyphState] {
        var last: Frame?
        try options.play(options.director(showing: playback.texts[0]), playback) { last = $0 }
        var rest: [Int32: GlyphState] = [:]
        for s in last?.sprites ?? [] { rest[s.id] = s.state }
        return rest
    }

    /// One line per frame: the time, the live sprites, shapes (tiles and a
    /// scene's, when there are any), and the glyphs in flight (not yet at their
    /// final state, or leaving) by role: "0.100 s  live 5  exiting "99"  entering "100"".
    static func readable(_ frame: Frame, rest: [Int32: GlyphState], into output: inout CommandOutput) {
        let flying = frame.sprites.filter { $0.role == .exiting || rest[$0.id] != $0.state }
        var line = NumberFormat.padded(frame.time, 3) + " s  live \(frame.sprites.count)"
        if !frame.shapes.isEmpty { line += "  shapes \(frame.shapes.count)" }
        for role in [SpriteRole.exiting, .persisting, .entering] {
            let moving = flying.filter { $0.role == role }
            guard !moving.isEmpty else { continue }
            var glyphs = ""
            for sprite in moving.prefix(200) { glyphs += TerminalEscape.visible(frame.symbol(of: sprite)) }
            if moving.count > 200 { glyphs += "…" }
            line += "  \(role.name) \"\(glyphs)\""
        }
        if flying.isEmpty { line += "  at rest" }
        output.line(line)
    }
}
