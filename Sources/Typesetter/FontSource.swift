/// Where a font comes from: a family name that fontconfig resolves, or a font file.
///
/// ```swift
/// let a = FontSource.family("DejaVu Sans")
/// let b = FontSource(parsing: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf") // .file
/// let c = FontSource(parsing: "monospace")                                       // .family
/// ```
public enum FontSource: Hashable, Sendable {
    /// A family name or a generic family ("sans-serif", "serif", "monospace"),
    /// resolved through fontconfig. Fontconfig pattern syntax is accepted too,
    /// for example `"DejaVu Sans:bold"`.
    case family(String)
    /// A path to a TrueType or OpenType font file (`.ttf`, `.otf`, or the first
    /// face of a `.ttc` collection).
    case file(String)

    /// Reads the CLI's `--font FAMILY|PATH` argument: a value containing "/" or
    /// ending in `.ttf`, `.otf` or `.ttc` (any case) is a file, anything else a family.
    public init(parsing argument: String) {
        let lowered = argument.lowercased()
        let isPath = argument.contains("/")
            || lowered.hasSuffix(".ttf") || lowered.hasSuffix(".otf") || lowered.hasSuffix(".ttc")
        self = isPath ? .file(argument) : .family(argument)
    }
}

extension FontSource: CustomStringConvertible {
    /// The family name or the path, as the user wrote it.
    public var description: String {
        switch self {
        case .family(let name): name
        case .file(let path): path
        }
    }
}
