import Animator
import Effects
import Render

/// `--effect-file PATH`: an effect written as JSON (docs/effects.md), read into
/// the registry the command chooses its effect from.
enum EffectFileInput {
    /// The largest effect file read.
    static let maximumBytes = DataEffect.maximumBytes

    static let spec = OptionSpec.value(
        "effect-file", placeholder: "PATH",
        help: "Load an effect from a JSON file (see docs/effects.md) and use it; --effect may then name it, or layer it (NAME+mist).")

    /// Reads the file at `path` and registers its effect; returns the effect's name.
    ///
    /// An unreadable file is a failure (exit 1); a file that is not a valid effect
    /// is a bad argument (exit 2) whose message names the line, the column and the field.
    static func load(_ path: String, into registry: inout EffectRegistry) throws(CommandLineError) -> String {
        let shown = "--effect-file '\(TerminalEscape.escaped(path))'"
        let text: String
        switch Platform.readFile(path, limit: maximumBytes) {
        case .failed(let reason): throw .failure("cannot read \(shown): \(reason)")
        case .tooLarge: throw .usage("\(shown) holds more than \(maximumBytes) bytes, the most an effect file may have")
        case .bytes(let bytes):
            guard let decoded = String(validating: bytes, as: UTF8.self) else { throw .usage("\(shown) is not UTF-8 text") }
            text = decoded
        }
        do {
            return try registry.register(json: text).name
        } catch {
            throw .usage("\(shown): \(TerminalEscape.sanitized(error.message))")
        }
    }
}
