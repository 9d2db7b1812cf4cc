import Animator

/// `kinetype completions bash|zsh|fish`
enum CompletionsCommand {
    static let shells = ["bash", "zsh", "fish"]

    static let command = Command(
        name: "completions",
        summary: "Print a shell completion script for bash, zsh or fish.",
        discussion: """
            Completes commands, options (long and short) and the values of options
            with a fixed set (effects, scenes, styles, modes, alignments, shells); files after
            -o, --text-file, --font and --frames. Install with, for example:
              bash   kinetype completions bash > ~/.local/share/bash-completion/completions/kinetype
              zsh    kinetype completions zsh > ~/.zfunc/_kinetype   (with ~/.zfunc in fpath)
              fish   kinetype completions fish > ~/.config/fish/completions/kinetype.fish
            """,
        positionals: [PositionalSpec(name: "SHELL", arity: .required, help: "bash, zsh or fish.")],
        run: run)

    static func run(_ arguments: ParsedArguments, _ output: inout CommandOutput) throws(CommandLineError) {
        let shell = arguments.positionals[0]
        switch shell {
        case "bash": output.write(bash(CommandList.all))
        case "zsh": output.write(zsh(CommandList.all))
        case "fish": output.write(fish(CommandList.all))
        default:
            var message = "unknown shell '\(TerminalEscape.escaped(shell))'; expected bash, zsh or fish"
            if let near = NearestName.find(shell, among: shells) { message += " (did you mean '\(near)'?)" }
            throw .usage(message)
        }
    }

    /// The words an option's value completes from; nil for a file, "" for nothing in particular.
    static func valueWords(_ option: OptionSpec, command: Command) -> String? {
        if command.name == "completions" { return shells.joined(separator: " ") }
        if !option.choices.isEmpty { return option.choices.joined(separator: " ") }
        switch option.name {
        case "output", "text-file", "to-file", "font", "frames", "path": return nil
        default: return ""
        }
    }

    static func bash(_ commands: [Command]) -> String {
        var out = """
            # bash completion for kinetype (kinetype completions bash)
            _kinetype() {
                local cur prev words cword
                cur="${COMP_WORDS[COMP_CWORD]}"
                prev="${COMP_WORDS[COMP_CWORD-1]}"
                if [ "$COMP_CWORD" -eq 1 ]; then
                    COMPREPLY=($(compgen -W "\(commands.map(\.name).joined(separator: " ")) --help --version" -- "$cur"))
                    return
                fi
                case "${COMP_WORDS[1]}" in

            """
        for command in commands {
            out += "        \(command.name))\n            case \"$prev\" in\n"
            for option in command.options {
                if case .flag = option.kind { continue }
                let names = (["--" + option.name] + option.aliases.map { "--" + $0 } + (option.short.map { ["-" + String($0)] } ?? []))
                    .joined(separator: "|")
                if let words = valueWords(option, command: command) {
                    out += "                \(names)) COMPREPLY=($(compgen -W \"\(words)\" -- \"$cur\")); return ;;\n"
                } else {
                    out += "                \(names)) COMPREPLY=($(compgen -f -- \"$cur\")); return ;;\n"
                }
            }
            let flags = command.options.flatMap { ["--" + $0.name] + ($0.short.map { ["-" + String($0)] } ?? []) } + ["--help"]
            out += "            esac\n"
            if command.name == "completions" {
                out += "            COMPREPLY=($(compgen -W \"\(shells.joined(separator: " "))\" -- \"$cur\")) ;;\n"
            } else {
                out += "            COMPREPLY=($(compgen -W \"\(flags.joined(separator: " "))\" -- \"$cur\")) ;;\n"
            }
        }
        out += "    esac\n}\ncomplete -o default -F _kinetype kinetype\n"
        return out
    }

    static func zsh(_ commands: [Command]) -> String {
        var out = "#compdef kinetype\n# zsh completion for kinetype (kinetype completions zsh)\n_kinetype() {\n"
        out += "  local -a commands\n  commands=(\n"
        for command in commands { out += "    '\(command.name):\(quoted(command.summary))'\n" }
        out += "  )\n  if (( CURRENT == 2 )); then\n    _describe 'command' commands\n    return\n  fi\n"
        out += "  case ${words[2]} in\n"
        for command in commands {
            out += "    \(command.name))\n      _arguments \\\n"
            for option in command.options {
                let help = quoted(option.help)
                var action = ""
                if case .flag = option.kind {} else {
                    if let words = valueWords(option, command: command) {
                        action = words.isEmpty ? ":value: " : ":value:(\(words))"
                    } else {
                        action = ":file:_files"
                    }
                }
                for name in ["--" + option.name] + option.aliases.map({ "--" + $0 }) + (option.short.map { ["-" + String($0)] } ?? []) {
                    out += "        '\(name)[\(help)]\(action)' \\\n"
                }
            }
            out += command.name == "completions" ? "        '1:shell:(bash zsh fish)' \\\n" : "        '*:text: ' \\\n"
            out += "        '(-h --help)'{-h,--help}'[Show help.]'\n      ;;\n"
        }
        out += "  esac\n}\n_kinetype \"$@\"\n"
        return out
    }

    static func fish(_ commands: [Command]) -> String {
        var out = "# fish completion for kinetype (kinetype completions fish)\n"
        out += "complete -c kinetype -f\n"
        out += "complete -c kinetype -n '__fish_use_subcommand' -l version -d 'Print the version'\n"
        for command in commands {
            out += "complete -c kinetype -n '__fish_use_subcommand' -a \(command.name) -d '\(quoted(command.summary))'\n"
        }
        for command in commands {
            let condition = "-n '__fish_seen_subcommand_from \(command.name)'"
            if command.name == "completions" {
                out += "complete -c kinetype \(condition) -a 'bash zsh fish'\n"
            }
            for option in command.options {
                var line = "complete -c kinetype \(condition) -l \(option.name)"
                if let short = option.short { line += " -s \(short)" }
                if case .flag = option.kind {} else {
                    if let words = valueWords(option, command: command) {
                        line += words.isEmpty ? " -x" : " -x -a '\(words)'"
                    } else {
                        line += " -r -F"
                    }
                }
                out += line + " -d '\(quoted(option.help))'\n"
                for alias in option.aliases {
                    out += "complete -c kinetype \(condition) -l \(alias) -x -d '\(quoted(option.help))'\n"
                }
            }
        }
        return out
    }

    /// Text inside single quotes in a shell script (and zsh's brackets).
    static func quoted(_ text: String) -> String {
        var out = ""
        for c in text {
            switch c {
            case "'": out += "’"
            case "[", "]": out += c == "[" ? "(" : ")"
            case ":": out += " -"
            default: out.append(c)
            }
        }
        return out
    }
}
