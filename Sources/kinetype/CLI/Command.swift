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
            case .zeroOrMore: parts.append("[\(positional.name)...]")
            }
        }
        for option in options {
            switch option.kind {
            case .flag: parts.append("[--\(option.name)]")
            case .value(let placeholder): parts.append("[--\(option.name) \(placeholder)]")
            case .textFile: parts.append("[--\(option.name) PATH]...")
            case .finalTextFile: parts.append("[--\(option.name) PATH]")
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
                let aliases = option.aliases.map { " (also --\($0))" }.joined()
                return (option.label, option.help + aliases)
            } + [("-h, --help", "Show this help.")]
        lines += ["", "Arguments and options:"] + HelpTable.rows(rows)
        return lines.joined(separator: "\n") + "\n"
    }
}

/// What a command writes to standard output.
///
/// Text is collected and, when a sink is attached (the real process), handed
/// on in chunks as it grows, so a long stream (`frames --json`) never sits in
/// memory whole. The first failed write is kept: later writes are dropped,
/// ``check()`` throws it, and the tool reports it with a non-zero exit.
struct CommandOutput {
    /// Whether standard output is a terminal (colour and the like are allowed).
    var isTerminal: Bool
    /// Text not yet handed to the sink (all of it when there is none).
    var buffer = ""

    /// Everything written so far (without a sink) or not yet handed on.
    var text: String { buffer }
    /// Receives chunks of output; returns an error message when it could not write them.
    private let sink: ((String) -> String?)?
    /// The first write failure, as a message.
    private(set) var failure: String?

    /// Chunks handed to the sink are about this big.
    static let chunkSize = 1 << 16

    init(isTerminal: Bool, sink: ((String) -> String?)? = nil) {
        self.isTerminal = isTerminal
        self.sink = sink
    }

    mutating func write(_ string: String) {
        guard failure == nil else { return }
        buffer += string
        if sink != nil, buffer.utf8.count >= Self.chunkSize { flush() }
    }

    mutating func line(_ string: String = "") {
        write(string)
        write("\n")
    }

    /// Hands everything collected to the sink.
    mutating func flush() {
        guard let sink, failure == nil, !buffer.isEmpty else { return }
        failure = sink(buffer)
        buffer = ""
    }

    /// Throws the first write failure, so that a long loop stops when its reader has gone.
    func check() throws(CommandLineError) {
        if let failure { throw .failure(failure) }
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
