import Analyzer
import Animator
import Effects

/// The options of `director({…})` but the effect and the text, read from the
/// JSON `kinetype.js` sends: the style (or a spring of one's own), the diff
/// mode, the motion preference, the seed and the layout.
///
/// Every field is checked here, so a bad value is an error naming the field and
/// what it takes, never a trap.
struct DirectorOptions {
    var style = MotionStyle.snappy
    var mode = DiffMode.morph
    var preference = MotionPreference.alwaysAnimate
    var seed: UInt64 = 0
    var layout = LayoutOption.monospace(MonospaceLayout())

    enum LayoutOption {
        case monospace(MonospaceLayout)
        /// A layout of advances the host measures, in a font the host names (CSS `font-family`).
        case measured(MeasuredLayout, font: String)
    }

    /// The defaults: snappy, morph, always animating, seed 0, a monospace grid.
    init() {}

    static let fields = ["style", "spring", "mode", "decimal", "preference", "seed", "layout"]
    static let modes = ["morph", "replace", "numeric"]
    static let springFields = ["mass", "stiffness", "damping"]
    static let layoutFields = ["kind", "font", "cellWidth", "cellHeight", "size", "lineHeight", "ascent", "wrap", "align"]
    /// The names of the alignments: three each for leading, center and trailing.
    static let alignments = ["leading", "left", "start", "center", "centre", "trailing", "right", "end"]

    /// Reads `json`, an object whose fields are all optional.
    init(json: String) throws(WebError) {
        let root: JSONNode
        do {
            root = try JSONReader.parse(json)
        } catch {
            throw .invalidOption("options: ", error.message)
        }
        let fields = try Self.members(root, "options", known: Self.fields)
        if let name = fields["style"] {
            let preset = try Self.string(name, "style")
            guard let style = MotionStyle.presets.first(where: { $0.name.equals(preset) }) else {
                throw .invalidOption("style: unknown style \"", preset, "\"; use snappy, smooth or bouncy")
            }
            self.style = style
        }
        if let spring = fields["spring"] { style = try Self.style(style, spring: spring) }
        let decimal = try fields["decimal"].map { node throws(WebError) in try Self.character(node, "decimal") } ?? "."
        if let mode = fields["mode"] {
            let name = try Self.string(mode, "mode")
            switch Self.modes.position(of: name) {
            case 0: self.mode = .morph
            case 1: self.mode = .replace
            case 2: self.mode = .numeric(decimalSeparator: decimal)
            default: throw .invalidOption("mode: unknown mode \"", name, "\"; use morph, replace or numeric")
            }
        }
        if let preference = fields["preference"] {
            let name = try Self.string(preference, "preference")
            guard let value = MotionPreference(rawValue: name) else {
                throw .invalidOption(
                    "preference: unknown preference \"", name, "\"; use system, reduceMotion, alwaysAnimate or neverAnimate")
            }
            self.preference = value
        }
        if let seed = fields["seed"] {
            let value = try Self.number(seed, "seed")
            guard value >= 0, value <= 0x1p53, value.rounded(.towardZero) == value else {
                throw .invalidOption("seed: use a whole number from 0 to 2^53")
            }
            self.seed = UInt64(value)
        }
        if let layout = fields["layout"] { self.layout = try Self.layout(layout) }
    }

    /// The style with its spring replaced: `{mass, stiffness, damping}` or `[mass, stiffness, damping]`.
    private static func style(_ style: MotionStyle, spring node: JSONNode) throws(WebError) -> MotionStyle {
        var given: [JSONNode?] = []
        switch node.value {
        case .array(let items) where items.count == 3:
            for item in items { given.append(item) }
        case .object:
            let fields = try members(node, "spring", known: springFields)
            for name in springFields { given.append(fields[name]) }
        default:
            throw .invalidOption("spring: use {mass, stiffness, damping} or [mass, stiffness, damping]")
        }
        var numbers = [0.0, 0, 0]
        for k in 0..<3 {
            guard let value = given[k] else {
                throw .invalidOption("spring: give mass, stiffness and damping (missing ", springFields[k], ")")
            }
            numbers[k] = try number(value, "spring.", springFields[k])
        }
        let spring: Spring
        do {
            spring = try Spring(mass: numbers[0], stiffness: numbers[1], damping: numbers[2])
        } catch {
            throw .invalidOption("spring: ", error.message)
        }
        // A spring that takes minutes to settle keeps the page animating for as long.
        let settle = spring.settlingDuration()
        guard settle.isFinite, settle <= maximumSettle else {
            throw .invalidOption("spring: this spring settles after more than 60 s; raise the damping or the stiffness")
        }
        // The style's other numbers were checked when it was made: only the spring and the name change.
        var custom = style
        custom.name = "custom"
        custom.spring = spring
        return custom
    }

    /// The longest a spring may take to settle, in seconds (the message of a slower spring says it).
    static let maximumSettle = 60.0

    private static func layout(_ node: JSONNode) throws(WebError) -> LayoutOption {
        if case .string(let name) = node.value {
            guard name.equals("monospace") else {
                throw .invalidOption("layout: unknown layout \"", name, "\"; use \"monospace\" or {font, size, wrap, align}")
            }
            return .monospace(MonospaceLayout())
        }
        let fields = try members(node, "layout", known: layoutFields)
        let wrap = try fields["wrap"].flatMap { node throws(WebError) in try optionalNumber(node, "layout.wrap") }
        var alignment = TextAlignment.leading
        if let align = fields["align"] {
            let name = try string(align, "layout.align")
            guard let k = alignments.position(of: name) else {
                throw .invalidOption("layout.align: unknown alignment \"", name, "\"; use leading, center or trailing")
            }
            alignment = k < 3 ? .leading : k < 5 ? .center : .trailing
        }
        let kind = try fields["kind"].map { node throws(WebError) in try string(node, "layout.kind") } ?? "monospace"
        func positive(_ name: String) throws(WebError) -> Double? {
            guard let node = fields[name] else { return nil }
            let value = try number(node, "layout.", name)
            guard value > 0, value <= MonospaceLayout.cellSizeRange.upperBound else {
                throw .invalidOption("layout.", name, ": use a number of points above 0 and at most 100000")
            }
            return value
        }
        if kind.equals("monospace") {
            return .monospace(
                MonospaceLayout(
                    cellWidth: try positive("cellWidth") ?? 10, cellHeight: try positive("cellHeight") ?? 20, wrapWidth: wrap,
                    alignment: alignment))
        }
        guard kind.equals("measured") else {
            throw .invalidOption("layout.kind: unknown kind \"", kind, "\"; use monospace or measured")
        }
        let ascent = try fields["ascent"].map { node throws(WebError) in try number(node, "layout.ascent") }
        let font = try fields["font"].map { node throws(WebError) in try string(node, "layout.font") } ?? ""
        return .measured(
            MeasuredLayout(
                fontSize: try positive("size") ?? 16, lineHeight: try positive("lineHeight"), ascent: ascent,
                wrapWidth: wrap, alignment: alignment),
            font: font)
    }

    // MARK: Reading fields

    /// An object's fields, refusing names not in `known`; a name given twice is read from its last value.
    @inline(never)
    private static func members(_ node: JSONNode, _ name: String, known: [String]) throws(WebError) -> JSONFields {
        guard case .object(let members) = node.value else { throw .invalidOption(name, ": use an object") }
        var fields: [JSONNode.Member] = []
        for member in members {
            guard known.position(of: member.key) != nil else {
                throw .invalidOption(name, ": unknown field \"", member.key, "\"; known fields: " + known.joined(separator: ", "))
            }
            // A null field is an absent one (JavaScript's undefined is dropped, null is sent).
            if case .null = member.node.value { continue }
            fields.append(member)
        }
        return JSONFields(fields)
    }

    @inline(never)
    private static func string(_ node: JSONNode, _ name: String) throws(WebError) -> String {
        guard case .string(let value) = node.value else { throw .invalidOption(name, ": use a string") }
        return value
    }

    @inline(never)
    private static func character(_ node: JSONNode, _ name: String) throws(WebError) -> Character {
        let value = try string(node, name)
        guard value.count == 1, let first = value.first else { throw .invalidOption(name, ": use one character") }
        return first
    }

    /// The number of the field `name` + `detail` (a path in two parts, joined only for the message).
    @inline(never)
    private static func number(_ node: JSONNode, _ name: String, _ detail: String = "") throws(WebError) -> Double {
        guard case .number(let value) = node.value, value.isFinite else { throw .invalidOption(name, detail, ": use a number") }
        return value
    }

    @inline(never)
    private static func optionalNumber(_ node: JSONNode, _ name: String) throws(WebError) -> Double? {
        let value = try number(node, name)
        guard value > 0 else { throw .invalidOption(name, ": use a width above 0, or leave it out for no wrapping") }
        return value
    }
}
