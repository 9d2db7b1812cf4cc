import Analyzer
import Animator

/// `kinetype diff OLD NEW [--mode morph|replace|numeric] [--decimal SEP] [--json]`
enum DiffCommand {
    static let command = Command(
        name: "diff",
        summary: "Show which glyphs persist, leave and enter when OLD becomes NEW.",
        discussion: """
            Modes: morph (whole words, then characters between them; the default),
            replace (every slot leaves and enters), numeric (digits pair by place
            value, for counters, prices and clocks). With --json the result is the
            TextChange as JSON (docs/json.md). Put texts that start with "-" after a
            "--" argument; "-" alone reads a text from standard input,
            --text-file reads one from a file and --to-file reads NEW from a file.
            """,
        positionals: [
            PositionalSpec(name: "OLD", arity: .required, help: "The text before the change."),
            PositionalSpec(name: "NEW", arity: .required, help: "The text after the change."),
        ],
        options: [
            .value("mode", placeholder: "morph|replace|numeric", choices: ["morph", "replace", "numeric"],
                   help: "How glyphs are paired (default numeric when both texts read as numbers, else morph)."),
            .value("decimal", placeholder: "SEP", help: "Decimal separator for numeric mode, one character (default \".\")."),
            .flag("json", help: "Print JSON instead of the readable view."),
            TimelineOptions.textFileSpec,
            TimelineOptions.toFileSpec,
        ],
        run: run)

    static func run(_ arguments: ParsedArguments, _ output: inout CommandOutput) throws(CommandLineError) {
        var (mode, modeName) = try TimelineOptions.parseMode(arguments)
        let texts = try TextInputs.read(arguments.inputs, limits: InputLimits.current())
        if let numeric = try TimelineOptions.numericByDefault(texts, arguments) { (mode, modeName) = (numeric, "numeric") }
        let old = texts[0]
        let new = texts[1]
        let change = TextChangeAnalyzer(mode: mode).analyze(from: old, to: new)
        if arguments.flag("json") {
            try writeJSON(change, modeName: modeName, to: &output)
        } else {
            readable(change, modeName: modeName, into: &output)
        }
    }

    /// The JSON of docs/json.md, keys in contract order.
    static func json(_ change: TextChange, modeName: String) -> JSONValue {
        .object([
            ("mode", .string(modeName)),
            ("changeRatio", .number(change.changeRatio)),
            ("trend", .int(change.trend)),
            ("old", .array(change.oldGlyphs.map { .string(String($0)) })),
            ("new", .array(change.newGlyphs.map { .string(String($0)) })),
            (
                "mutations",
                .array(change.mutations.map(mutationJSON))
            ),
        ])
    }

    /// ``json(_:modeName:)`` written piece by piece, the same bytes without the
    /// whole document in memory (a megabyte of text has a million mutations).
    static func writeJSON(_ change: TextChange, modeName: String, to output: inout CommandOutput) throws(CommandLineError) {
        var head = "{\n  \"mode\": "
        JSONValue.string(modeName).write(to: &head, indent: 2)
        head += ",\n  \"changeRatio\": "
        JSONValue.number(change.changeRatio).write(to: &head, indent: 2)
        head += ",\n  \"trend\": \(change.trend)"
        output.write(head)
        for (key, glyphs) in [("old", change.oldGlyphs), ("new", change.newGlyphs)] {
            output.write(",\n  \"\(key)\": [")
            var chunk = ""
            for (i, glyph) in glyphs.enumerated() {
                if i > 0 { chunk += ", " }
                JSONValue.string(String(glyph)).write(to: &chunk, indent: 4)
                if chunk.utf8.count >= CommandOutput.chunkSize {
                    output.write(chunk)
                    chunk = ""
                    try output.check()
                }
            }
            output.write(chunk + "]")
        }
        output.write(",\n  \"mutations\": [")
        var chunk = ""
        var first = true
        for mutation in change.mutations {
            chunk += first ? "\n    " : ",\n    "
            first = false
            mutationJSON(mutation).write(to: &chunk, indent: 4)
            if chunk.utf8.count >= CommandOutput.chunkSize {
                output.write(chunk)
                chunk = ""
                try output.check()
            }
        }
        output.write(chunk + (first ? "]\n}\n" : "\n  ]\n}\n"))
    }

    static func mutationJSON(_ mutation: GlyphMutation) -> JSONValue {
        .object([
            ("action", .string(mutation.action.rawValue)),
            ("from", mutation.indexFrom.map { .int($0) } ?? .null),
            ("to", mutation.indexTo.map { .int($0) } ?? .null),
            ("symbol", .string(String(mutation.symbol))),
            ("priority", .number(mutation.priorityWeight)),
        ])
    }

    /// Both texts with a mark under every glyph: "=" persisting, "-" exiting, "+" entering.
    static func readable(_ change: TextChange, modeName: String, into output: inout CommandOutput) {
        let color = TerminalText.colorEnabled(isTerminal: output.isTerminal)
        var oldKept = Array(repeating: false, count: change.oldGlyphs.count)
        var newKept = Array(repeating: false, count: change.newGlyphs.count)
        for mutation in change.mutations where mutation.action == .transform {
            if let from = mutation.indexFrom { oldKept[from] = true }
            if let to = mutation.indexTo { newKept[to] = true }
        }
        func rows(_ glyphs: [Character], kept: [Bool], change mark: Character, style: TerminalText.Style) -> (String, String) {
            var text = ""
            var marks = ""
            for (glyph, isKept) in zip(glyphs, kept) {
                let visible = TerminalEscape.visible(glyph)
                text += (isKept ? TerminalText.Style.kept : style).apply(visible, enabled: color)
                marks += String(repeating: isKept ? "=" : mark, count: max(1, TerminalText.width(visible)))
            }
            return (text, marks)
        }
        let (oldText, oldMarks) = rows(Array(change.oldGlyphs), kept: oldKept, change: "-", style: .leaving)
        let (newText, newMarks) = rows(Array(change.newGlyphs), kept: newKept, change: "+", style: .entering)
        output.line("old  " + oldText)
        output.line("     " + oldMarks)
        output.line("new  " + newText)
        output.line("     " + newMarks)
        let kept = newKept.filter { $0 }.count
        let percent = Int((change.changeRatio * 100).rounded())
        let summary =
            "\(modeName): \(kept) persisting, \(change.newGlyphs.count - kept) entering, "
            + "\(change.oldGlyphs.count - kept) exiting; \(percent) % changes (ratio \(NumberFormat.fixed(change.changeRatio, 2))), trend "
            + (change.trend < 0 ? "down" : "up")
        output.line(TerminalText.Style.dim.apply(summary, enabled: color))
        output.line(TerminalText.Style.dim.apply("(= persisting, - exiting, + entering; the diff's transform, remove, insert)", enabled: color))
    }
}
