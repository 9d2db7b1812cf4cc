/// One `--name` a command accepts.
struct OptionSpec: Sendable {
    enum Kind: Sendable {
        /// `--name`, true when present.
        case flag
        /// `--name VALUE` or `--name=VALUE`; the placeholder names VALUE in help.
        case value(placeholder: String)
    }

    var name: String
    var kind: Kind
    var help: String

    static func flag(_ name: String, help: String) -> OptionSpec {
        OptionSpec(name: name, kind: .flag, help: help)
    }

    static func value(_ name: String, placeholder: String, help: String) -> OptionSpec {
        OptionSpec(name: name, kind: .value(placeholder: placeholder), help: help)
    }
}

/// One positional argument a command takes.
struct PositionalSpec: Sendable {
    enum Arity: Sendable {
        case required
        case optional
        /// One or more: only as the last positional.
        case oneOrMore
    }

    var name: String
    var arity: Arity
    var help: String
}

/// The arguments of one command, checked against its specs.
struct ParsedArguments: Sendable {
    /// Positional arguments in order.
    var positionals: [String] = []
    /// Values of value options, in the order given.
    var values: [String: [String]] = [:]
    /// Flags that were given.
    var flags: Set<String> = []
    /// Whether `--help` or `-h` was given.
    var wantsHelp = false

    /// The last value given for an option.
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

/// Parses `--opt value`, `--opt=value`, `--flag` and positionals.
///
/// `--` ends the options: everything after it is positional, so a text that
/// starts with "--" can still be passed. A single "-" or a token like "-5" is
/// positional (texts are often negative numbers); only "-h" is special.
enum ArgumentParser {
    static func parse(
        _ arguments: [String], command: String, options: [OptionSpec], positionals: [PositionalSpec]
    ) throws(CommandLineError) -> ParsedArguments {
        var parsed = ParsedArguments()
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" || (!argument.hasPrefix("--") && argument != "-h") {
                parsed.positionals.append(argument)
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
            let body = argument.dropFirst(2)
            let name: String
            var inlineValue: String?
            if let equals = body.firstIndex(of: "=") {
                name = String(body[..<equals])
                inlineValue = String(body[body.index(after: equals)...])
            } else {
                name = String(body)
            }
            guard let spec = options.first(where: { $0.name == name }) else {
                throw .unknownOption("--" + name, command: command)
            }
            switch spec.kind {
            case .flag:
                guard inlineValue == nil else { throw .usage("--\(name) does not take a value") }
                parsed.flags.insert(name)
            case .value(let placeholder):
                if let inlineValue {
                    parsed.values[name, default: []].append(inlineValue)
                } else {
                    guard index < arguments.count else { throw .usage("missing value for --\(name) (expected \(placeholder))") }
                    parsed.values[name, default: []].append(arguments[index])
                    index += 1
                }
            }
        }
        if parsed.wantsHelp { return parsed }
        try checkPositionals(parsed.positionals, specs: positionals, command: command)
        return parsed
    }

    private static func checkPositionals(
        _ given: [String], specs: [PositionalSpec], command: String
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
            }
        }
        if given.count < minimum {
            var needed = 0
            for spec in specs where spec.arity != .optional {
                needed += 1
                if needed > given.count {
                    throw .usage("missing argument \(spec.name) (see 'kinetype \(command) --help')")
                }
            }
        }
        if given.count > maximum {
            throw .usage("unexpected argument '\(given[maximum])' for '\(command)'")
        }
    }
}

extension PositionalSpec.Arity: Equatable {}
