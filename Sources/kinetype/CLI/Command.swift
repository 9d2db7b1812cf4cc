import Animator

/// A subcommand: its name, what it takes, and what it does.
///
/// A command lives in its own file under Commands/ as a static `command`
/// property and is registered with one line in `CommandList.all`.
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

    /// Options the short usage line names before "[options]" (render's `-o FILE`).
    var usageOptions: [String] = []

    /// The widest usage line that lists every option; past it the line names
    /// the arguments and ``usageOptions`` and says "[options]".
    static let usageWidth = 80

    /// The usage line: `kinetype diff OLD NEW [options]`, or every option when they fit.
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
        let full = parts + options.map(Self.usageForm)
        if full.joined(separator: " ").count + "Usage: ".count <= Self.usageWidth { return full.joined(separator: " ") }
        let named = usageOptions.compactMap { name in options.first { $0.name == name } }
        return (parts + named.map(Self.usageForm) + ["[options]"]).joined(separator: " ")
    }

    /// `[--mode M]`, `[-o FILE]`, `[--text-file PATH]...`.
    private static func usageForm(_ option: OptionSpec) -> String {
        let flag = option.short.map { "-\($0)" } ?? "--\(option.name)"
        switch option.kind {
        case .flag: return "[\(flag)]"
        case .value(let placeholder): return "[\(flag) \(placeholder)]"
        case .textFile: return "[\(flag) PATH]..."
        case .finalTextFile: return "[\(flag) PATH]"
        }
    }

    /// The full `--help` text: usage, summary, discussion, then the arguments
    /// and the options under their headings (``HelpGroup``).
    var help: String {
        var lines = ["Usage: \(usage)", "", summary]
        if !discussion.isEmpty { lines += ["", discussion] }
        func row(_ option: OptionSpec) -> (String, String) {
            (option.label, option.help + option.aliases.map { " (also --\($0))" }.joined())
        }
        // One column width for every section, so the help reads as one table.
        var sections: [(String, [(String, String)])] = []
        if !positionals.isEmpty { sections.append(("Arguments", positionals.map { ($0.name, $0.help) })) }
        for group in HelpGroup.allCases {
            var rows = options.filter { HelpGroup.of($0) == group }.map(row)
            if group == .other { rows.append(("-h, --help", "Show this help.")) }
            if !rows.isEmpty { sections.append((group.title, rows)) }
        }
        let width = sections.flatMap { $0.1.map(\.0.count) }.max() ?? 0
        for (title, rows) in sections {
            lines += ["", title + ":"] + HelpTable.rows(rows, labelWidth: width)
        }
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

/// Two aligned columns for help text; the right one wraps to fit 100 columns.
enum HelpTable {
    /// The width help text wraps at.
    static let width = 100

    static func rows(_ rows: [(String, String)], labelWidth: Int? = nil) -> [String] {
        let labels = labelWidth ?? rows.map(\.0.count).max() ?? 0
        let indent = 2 + labels + 2
        return rows.flatMap { left, right -> [String] in
            let lines = WordWrap.lines(right, width: max(width - indent, 30))
            let first = "  " + left + String(repeating: " ", count: max(labels - left.count, 0) + 2) + lines[0]
            return [first] + lines.dropFirst().map { String(repeating: " ", count: indent) + $0 }
        }
    }

}
