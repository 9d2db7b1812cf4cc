import Animator

/// One option a command accepts: `--name`, maybe a one-letter `-x` and older aliases.
struct OptionSpec: Sendable {
    enum Kind: Sendable {
        /// `--name`, true when present.
        case flag
        /// `--name VALUE`, `--name=VALUE`, `-x VALUE` or `-xVALUE`; the placeholder names VALUE in help.
        case value(placeholder: String)
        /// Like `value`, but each occurrence is one more input text read from a file (`--text-file PATH`),
        /// in command-line order with the positional texts.
        case textFile
        /// `--to-file PATH`: the text to change to, read from a file; it comes after
        /// every other text wherever it stands (given twice, the last wins).
        case finalTextFile
    }

    var name: String
    var kind: Kind
    var help: String
    /// The one-letter form (`o` for `-o`), parsed exactly like the long one.
    var short: Character?
    /// Other long names meaning the same (`preset` for `style`); not listed in the usage line.
    var aliases: [String] = []
    /// Shells may complete this option's value from these words.
    var choices: [String] = []

    static func flag(_ name: String, short: Character? = nil, help: String) -> OptionSpec {
        OptionSpec(name: name, kind: .flag, help: help, short: short)
    }

    static func value(
        _ name: String, short: Character? = nil, placeholder: String, aliases: [String] = [], choices: [String] = [],
        help: String
    ) -> OptionSpec {
        OptionSpec(
            name: name, kind: .value(placeholder: placeholder), help: help, short: short, aliases: aliases, choices: choices)
    }

    /// `--name` and its short form, as help shows them: "-o, --output FILE".
    var label: String {
        var text = short.map { "-\($0), " } ?? ""
        text += "--" + name
        switch kind {
        case .flag: break
        case .value(let placeholder): text += " " + placeholder
        case .textFile, .finalTextFile: text += " PATH"
        }
        return text
    }
}

/// One positional argument a command takes.
struct PositionalSpec: Sendable {
    enum Arity: Sendable {
        case required
        case optional
        /// One or more: only as the last positional.
        case oneOrMore
        /// Any number, none included: only as the last positional (the command
        /// checks what it needs, e.g. texts unless `render --path` draws a path).
        case zeroOrMore
    }

    var name: String
    var arity: Arity
    var help: String
}

/// Where one input text comes from.
enum TextInput: Equatable, Sendable {
    /// Given on the command line.
    case literal(String)
    /// `-`: read from standard input.
    case standardInput
    /// `--text-file PATH`.
    case file(String)
}

/// The arguments of one command, checked against its specs.
struct ParsedArguments: Sendable {
    /// The texts (positionals, `-` and `--text-file` paths) in the order given.
    var inputs: [TextInput] = []
    /// Values of value options under their canonical name, in the order given.
    var values: [String: [String]] = [:]
    /// Flags that were given, by canonical name.
    var flags: Set<String> = []
    /// Whether `--help` or `-h` was given.
    var wantsHelp = false

    /// Positional arguments as typed (`-` stays `-`; `--text-file` paths are left out).
    var positionals: [String] {
        inputs.compactMap {
            switch $0 {
            case .literal(let text): return text
            case .standardInput: return "-"
            case .file: return nil
            }
        }
    }

    /// The last value given for an option: a repeated option's last occurrence wins.
    func value(_ name: String) -> String? { values[name]?.last }

    /// Whether a flag was given.
    func flag(_ name: String) -> Bool { flags.contains(name) }

    /// An option's value converted by `convert`, `nil` when absent, a usage
    /// error naming `expected` when the conversion fails.
    func value<T>(_ name: String, expected: String, _ convert: (String) -> T?) throws(CommandLineError) -> T? {
        guard let text = value(name) else { return nil }
        guard let converted = convert(text) else {
            throw .invalidValue(text, option: name, expected: expected)
        }
        return converted
    }
}

/// Parses `--opt value`, `--opt=value`, `-o value`, `-ovalue`, `--flag` and positionals.
///
/// - `--` ends the options: everything after it is positional, so a text that
///   starts with "-" can still be passed.
/// - A lone "-" is a text read from standard input; a token that looks like a
///   negative number ("-5", "-0.5", "-.5") is a positional text (texts are often
///   numbers). Any other token starting with "-" is an option, and an unknown
///   one is an error that suggests the nearest known name.
/// - A short option takes its value from the next argument or glued on
///   (`-s48`); a single-dash word that is a long option's name (`-output`)
///   is an error that says so, not `-o` with the value "utput".
/// - Aliases are stored under the option's canonical name, so the last of
///   `--preset a --style b` wins whatever spelling each used.
enum ArgumentParser {
    static func parse(
        _ arguments: [String], command: String, options: [OptionSpec], positionals: [PositionalSpec]
    ) throws(CommandLineError) -> ParsedArguments {
        var parsed = ParsedArguments()
        var finalFile: String?
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || argument == "-" || !argument.hasPrefix("-") || looksNumeric(argument) {
                parsed.inputs.append(argument == "-" && !optionsEnded ? .standardInput : .literal(argument))
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            if argument == "-h" || argument == "--help" {
                parsed.wantsHelp = true
                continue
            }
            let spec: OptionSpec
            var inlineValue: String?
            let spelled: String
            if argument.hasPrefix("--") {
                let body = argument.dropFirst(2)
                let name: String
                if let equals = body.firstIndex(of: "=") {
                    name = String(body[..<equals])
                    inlineValue = String(body[body.index(after: equals)...])
                } else {
                    name = String(body)
                }
                spelled = "--" + name
                guard let found = options.first(where: { $0.name == name || $0.aliases.contains(name) }) else {
                    throw .unknownOption(spelled, command: command, hint: suggestion(for: name, in: options).map { "did you mean '\($0)'?" })
                }
                spec = found
            } else {
                let body = String(argument.dropFirst())
                // "-output" is a long option typed with one dash, not "-o utput".
                if body.count > 1, let long = options.first(where: { $0.name == body || $0.aliases.contains(body) }) {
                    throw .unknownOption(argument, command: command, hint: "did you mean '--\(long.name)'?")
                }
                let letter = argument.dropFirst().first!
                spelled = "-" + String(letter)
                guard let found = options.first(where: { $0.short == letter }) else {
                    throw .unknownOption(argument, command: command, hint: shortHint(for: argument, in: options))
                }
                spec = found
                let rest = argument.dropFirst(2)
                if !rest.isEmpty {
                    inlineValue = String(rest.hasPrefix("=") ? rest.dropFirst() : rest)
                }
            }
            switch spec.kind {
            case .flag:
                guard inlineValue == nil else { throw .usage("\(spelled) does not take a value") }
                parsed.flags.insert(spec.name)
            case .value, .textFile, .finalTextFile:
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else {
                    guard index < arguments.count else {
                        throw .usage("missing value for \(spelled) (expected \(spec.label.split(separator: " ").last!))")
                    }
                    value = arguments[index]
                    index += 1
                }
                if case .textFile = spec.kind {
                    parsed.inputs.append(.file(value))
                } else if case .finalTextFile = spec.kind {
                    finalFile = value
                } else {
                    parsed.values[spec.name, default: []].append(value)
                }
            }
        }
        if let finalFile { parsed.inputs.append(.file(finalFile)) }
        if parsed.wantsHelp { return parsed }
        try checkPositionals(parsed.inputs.count, given: parsed.positionals, specs: positionals, command: command)
        return parsed
    }

    /// "-5", "-0.25", "-.5", "-1e3", "-1,000": a negative number, taken as a text.
    static func looksNumeric(_ argument: String) -> Bool {
        let rest = argument.unicodeScalars.dropFirst()
        guard let first = rest.first else { return false }
        if ("0"..."9").contains(first) { return true }
        if first == ".", let second = rest.dropFirst().first, ("0"..."9").contains(second) { return true }
        return false
    }

    private static func checkPositionals(
        _ count: Int, given: [String], specs: [PositionalSpec], command: String
    ) throws(CommandLineError) {
        var minimum = 0
        var maximum = 0
        for spec in specs {
            switch spec.arity {
            case .required:
                minimum += 1
                maximum += 1
            case .optional:
                maximum += 1
            case .oneOrMore:
                minimum += 1
                maximum = .max
            case .zeroOrMore:
                maximum = .max
            }
        }
        if count < minimum {
            var needed = 0
            for spec in specs where spec.arity != .optional && spec.arity != .zeroOrMore {
                needed += 1
                if needed > count {
                    throw .usage("missing argument \(spec.name) (see 'kinetype \(command) --help')")
                }
            }
        }
        if count > maximum {
            let extra = maximum < given.count ? "'\(TerminalEscape.escaped(given[maximum]))'" : "text"
            throw .usage("unexpected argument \(extra) for '\(command)'")
        }
    }

    /// The nearest option name to a mistyped one, as "--name"; or, when the
    /// name is a value an option takes ("--bold", "--wave"), that option with
    /// it ("--weight bold"), which a near spelling ("--hold") would hide.
    static func suggestion(for name: String, in options: [OptionSpec]) -> String? {
        let lowered = name.lowercased()
        if let option = options.first(where: { $0.choices.contains(lowered) }) { return "--\(option.name) \(lowered)" }
        let names = options.flatMap { [$0.name] + $0.aliases } + ["help"]
        return NearestName.find(name, among: names).map { "--" + $0 }
    }

    /// For "-x…": the long option the token nearly spells ("-output" → "--output"),
    /// else the short options there are.
    private static func shortHint(for argument: String, in options: [OptionSpec]) -> String? {
        let body = String(argument.dropFirst())
        if body.count > 1, let near = suggestion(for: body, in: options) { return "did you mean '\(near)'?" }
        let shorts = options.compactMap { $0.short.map { "-" + String($0) } } + ["-h"]
        return "short options here: " + shorts.joined(separator: ", ")
    }
}

extension PositionalSpec.Arity: Equatable {}
