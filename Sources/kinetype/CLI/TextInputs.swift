import Render
import Animator

/// Reads the texts a command was given: literal arguments, `-` (standard
/// input) and `--text-file PATH`, in command-line order.
///
/// Text read from standard input or a file must be UTF-8; one trailing line
/// break is dropped (what an editor or `echo` adds), everything else is kept.
enum TextInputs {
    static func read(_ inputs: [TextInput], limits: InputLimits) throws(CommandLineError) -> [String] {
        if inputs.filter({ $0 == .standardInput }).count > 1 {
            throw .usage("'-' (standard input) can be given only once")
        }
        var texts: [String] = []
        for input in inputs {
            let text: String
            switch input {
            case .literal(let literal):
                text = literal
            case .standardInput:
                text = try decode(Platform.readStandardInput(limit: limits.textBytes), source: "standard input", limits: limits)
            case .file(let path):
                text = try decode(Platform.readFile(path, limit: limits.textBytes), source: "'\(TerminalEscape.escaped(path))'", limits: limits)
            }
            guard text.utf8.count <= limits.textBytes else {
                throw InputLimits.exceeded("a text's size in bytes", count: text.utf8.count, limit: limits.textBytes, variable: "KINETYPE_MAX_TEXT_BYTES")
            }
            texts.append(text)
        }
        return texts
    }

    /// Checks every text against the character limit of the animating
    /// commands. It counts Unicode scalars, not glyphs: what shaping, outlines
    /// and drawing cost grows with every mark a glyph carries, and a letter
    /// with ninety accents is one glyph but ninety-one scalars.
    static func checkGlyphs(_ texts: [String], limits: InputLimits) throws(CommandLineError) {
        for text in texts {
            // Counting stops one past the limit: a huge text is not walked to its end.
            var count = 0
            for _ in text.unicodeScalars {
                count += 1
                if count > limits.glyphs { break }
            }
            if count > limits.glyphs {
                throw .failure(
                    "a text has more than \(limits.glyphs) characters (Unicode scalars: a letter with two accents counts three), the limit for animating; raise it with --max-glyphs N or KINETYPE_MAX_GLYPHS=N (see docs/limits.md)")
            }
        }
    }

    private static func decode(_ result: Platform.ReadResult, source: String, limits: InputLimits) throws(CommandLineError) -> String {
        switch result {
        case .failed(let reason):
            throw .failure("cannot read \(source): \(reason)")
        case .tooLarge:
            throw .failure(
                "\(source) holds more than \(limits.textBytes) bytes, the limit for one text; raise it with KINETYPE_MAX_TEXT_BYTES=N (see docs/limits.md)")
        case .bytes(var bytes):
            if bytes.last == 0x0A {
                bytes.removeLast()
                if bytes.last == 0x0D { bytes.removeLast() }
            }
            guard let text = String(validating: bytes, as: UTF8.self) else {
                throw .failure("\(source) is not UTF-8 text")
            }
            return text
        }
    }
}
