/// A subcommand: its name, what it takes, and what it does.
///
/// A command lives in its own file under Commands/ as a static `command`
/// property and is registered with one line in main.swift.
struct Command: Sendable {
    /// The word after `kinetype`.
    var name: String
    /// One line for the command list.
    var summary: String
    /// Longer help shown by `kinetype NAME --help`, after the usage line.
    var discussion: String = ""
    var positionals: [PositionalSpec] = []
    var options: [OptionSpec] = []
    /// Does the work, writing to `output`.
    var run: @Sendable (ParsedArguments, inout CommandOutput) throws(CommandLineError) -> Void

    /// The usage line: `kinetype diff OLD NEW [--mode M] [--json]`.
    var usage: String {
        var parts = ["kinetype", name]
        for positional in positionals {
            switch positional.arity {
            case .required: parts.append(positional.name)
            case .optional: parts.append("[\(positional.name)]")
            case .oneOrMore: parts.append("\(positional.name)...")
            }
        }
        for option in options {
            switch option.kind {
            case .flag: parts.append("[--\(option.name)]")
            case .value(let placeholder): parts.append("[--\(option.name) \(placeholder)]")
            }
        }
        return parts.joined(separator: " ")
    }

    /// The full `--help` text.
    var help: String {
        var lines = ["Usage: \(usage)", "", summary]
        if !discussion.isEmpty { lines += ["", discussion] }
        let rows: [(String, String)] =
            positionals.map { ($0.name, $0.help) }
            + options.map { option in
                switch option.kind {
                case .flag: return ("--\(option.name)", option.help)
                case .value(let placeholder): return ("--\(option.name) \(placeholder)", option.help)
                }
            } + [("-h, --help", "Show this help.")]
        lines += ["", "Arguments and options:"] + HelpTable.rows(rows)
        return lines.joined(separator: "\n") + "\n"
    }
}

/// What a command writes; collected so that output is written in one piece.
struct CommandOutput {
    /// Text for standard output.
    var text = ""
    /// Whether standard output is a terminal (colour and the like are allowed).
    var isTerminal: Bool

    mutating func write(_ string: String) { text += string }

    mutating func line(_ string: String = "") {
        text += string
        text += "\n"
    }
}

/// Two aligned columns for help text.
enum HelpTable {
    static func rows(_ rows: [(String, String)]) -> [String] {
        let width = rows.map(\.0.count).max() ?? 0
        return rows.map { left, right in
            "  " + left + String(repeating: " ", count: width - left.count + 2) + right
        }
    }
}
