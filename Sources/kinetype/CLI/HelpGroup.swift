/// The headings a command's help lists its options under, in this order.
enum HelpGroup: CaseIterable {
    case input, text, motion, output, other

    var title: String {
        switch self {
        case .input: "Input"
        case .text: "Text and layout"
        case .motion: "Motion"
        case .output: "Output"
        case .other: "Options"
        }
    }

    /// The heading of an option, by its name: one table for every command.
    static func of(_ option: OptionSpec) -> HelpGroup {
        switch option.name {
        case "text-file", "to-file", "max-glyphs", "path": .input
        case "font", "weight", "italic", "size", "align", "wrap", "tracking", "tiles", "pen": .text
        case "effect", "effect-file", "no-fill", "duration", "speed", "style", "spring", "mode", "decimal", "reduce-motion", "seed",
            "interval", "hold", "scene", "toggle", "mass", "stiffness", "damping", "loop":
            .motion
        case "output", "format", "fps", "width", "height", "scale", "even", "background", "color", "at", "frames", "loop-count",
            "stroke-width", "gradient", "json", "no-preview":
            .output
        default: .other
        }
    }
}
