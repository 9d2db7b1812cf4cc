import Analyzer
import Animator

/// An effect written as data: a JSON document that says, for each of the three
/// roles (entering, exiting, persisting), which channels move, how far and on
/// which curve, over which part of the text, and in which order the glyphs
/// start. Designers write it; the command line loads it with `--effect-file`;
/// Swift loads the same file into this blueprint, which registers like any other.
///
/// ```swift
/// let drop = try DataEffect(json: """
///     {
///       "name": "drop",
///       "entering": {
///         "channels": {
///           "y": { "from": -0.6, "spring": { "stiffness": 260, "damping": 11 } },
///           "opacity": { "from": 0, "curve": "easeOut", "duration": 0.2 }
///         }
///       }
///     }
///     """)
/// var effects = EffectRegistry.standard
/// effects.register(drop)
/// let director = TransitionDirector(text: "Hi", effect: try effects.effect(named: "drop"))
/// ```
///
/// The format, field by field, is in `docs/effects.md` and its JSON Schema in
/// `docs/schemas/effect-file.schema.json`. In short:
/// - A channel of an entering glyph starts `from` a value and arrives at rest;
///   of an exiting glyph it leaves rest for `to`; of a persisting glyph it moves
///   `by` an amount on the way and comes back. Positions are offsets of the
///   glyph's box centre in ems (`"unit": "pt"` for points), y pointing down;
///   rotation and skew in degrees; scale a factor; opacity, stroke end and fill
///   0…1; blur in ems; tint a colour whose alpha is its strength.
/// - Timing: the motion style's spring for transform channels and its fade for
///   the others, unless the role or the channel says `spring`, `curve` with
///   `duration`, or `keyframes` whose values are progress from the start value to
///   the end value (0 at the start, 1 at the end; past 1 overshoots).
/// - `order` is the planner's stagger order (`StaggerOrder`); `range` weighs
///   each glyph by where its glyph, word or line sits in the text (a shape from
///   `start` to `end`), scaling how far it moves.
/// - `base` composes with a built-in (or any registered) effect: roles start
///   from its motion and the file's channels replace those they name; roles the
///   file leaves out move as the base does (as `scale` without a base).
///
/// Like every blueprint it describes one glyph's motion from the glyph's own
/// start; the planner staggers the glyphs and keeps every frame readable.
public struct DataEffect: EffectBlueprint {
    /// The largest effect file read, in bytes (1 MiB).
    public static let maximumBytes = 1 << 20
    /// The most keyframes one curve may have.
    public static let maximumKeyframes = 1_000

    public let name: String
    public let summary: String
    public let staggerOrder: StaggerOrder
    /// The effect the roles start from (and that moves the roles the file leaves out).
    let base: AnyEffect
    /// Whether the file named a base (roles it gives then start from the base's motion, else from rest).
    let composes: Bool
    let entering: DataEffectRole?
    let exiting: DataEffectRole?
    let persisting: DataEffectRole?

    /// Reads an effect from its JSON text.
    ///
    /// - Parameters:
    ///   - json: the document (UTF-8 text of at most ``maximumBytes`` bytes).
    ///   - registry: where `base` names are looked up (the built-ins by default;
    ///     pass your registry to build on effects you registered).
    /// - Throws: ``EffectFileError`` naming the line, the column and the field at fault.
    /// - Complexity: O(n) in the text's length.
    public init(json: String, registry: EffectRegistry = .standard) throws(EffectFileError) {
        let bytes = Array(json.utf8)
        guard bytes.count <= Self.maximumBytes else {
            throw .tooLarge("the file has " + String(bytes.count) + " bytes; an effect file holds at most " + String(Self.maximumBytes))
        }
        var reader = DataEffectReader(registry: registry)
        self = try reader.effect(from: JSONReader.parse(bytes: bytes))
    }

    init(
        name: String, summary: String, staggerOrder: StaggerOrder, base: AnyEffect?,
        entering: DataEffectRole?, exiting: DataEffectRole?, persisting: DataEffectRole?
    ) {
        // The summary first: the roles are then moved into place, not copied.
        self.summary = summary.isEmpty ? Self.describe(entering: entering, exiting: exiting, persisting: persisting, base: base) : summary
        self.name = name
        self.staggerOrder = staggerOrder
        self.base = base ?? .scale
        composes = base != nil
        self.entering = entering
        self.exiting = exiting
        self.persisting = persisting
    }

    public var cost: Double { base.cost + 0.1 * Double(trackCount) }
    public var revealsFirstText: Bool { base.revealsFirstText }
    public var movesAtRest: Bool { base.movesAtRest }
    public var choreography: Choreography { base.choreography }

    private var trackCount: Int {
        Self.trackCount(entering) + Self.trackCount(exiting) + Self.trackCount(persisting)
    }

    /// The channels of a role with a timing of their own.
    private static func trackCount(_ role: DataEffectRole?) -> Int {
        guard let channels = role?.channels else { return 0 }
        var count = 0
        for k in channels.indices where channels[k].hasTiming { count += 1 }
        return count
    }

    public func entering(in context: TransitionContext) -> RoleTemplate { template(context) }

    public func exiting(in context: TransitionContext) -> RoleTemplate { template(context) }

    public func persisting(in context: TransitionContext) -> RoleTemplate { template(context) }

    /// The file's role, if it gives one.
    private func spec(_ role: SpriteRole) -> DataEffectRole? {
        switch role {
        case .entering: entering
        case .exiting: exiting
        case .persisting: persisting
        }
    }

    /// A role the file gives starts from the base's motion when it composes
    /// (a persisting glyph always glides as the base says), else from rest.
    private func template(_ context: TransitionContext) -> RoleTemplate {
        guard let spec = spec(context.role) else { return base.template(in: context) }
        let start = composes || context.role == .persisting ? base.template(in: context) : nil
        return spec.template(context, base: start)
    }

    /// A glyph weighed by the range; on a base that varies per glyph, the
    /// base's variation of the glyph with the file's channels over it.
    public func vary(_ glyph: inout GlyphVariation, context: EffectContext) {
        let role = context.role
        guard let spec = spec(role) else {
            base.vary(&glyph, context: context)
            return
        }
        let weight = spec.range?.weight(context) ?? 1
        let transition = TransitionContext(context)
        if composes || role == .persisting {
            let start = base.template(in: transition)
            if start.variesPerGlyph {
                var variation = GlyphVariation(template: start, seed: glyph.seed)
                base.vary(&variation, context: context)
                var own = spec.template(transition, base: start.applying(variation, role: role))
                own.variesPerGlyph = false
                var weighed = GlyphVariation(template: own, seed: glyph.seed)
                spec.weigh(&weighed, by: weight, role: role)
                glyph.motion = own.applying(weighed, role: role)
                return
            }
        }
        spec.weigh(&glyph, by: weight, role: role)
    }

    /// "Entering: y, opacity. Exiting: opacity. On slide.": what a file without a summary does.
    static func describe(
        entering: DataEffectRole?, exiting: DataEffectRole?, persisting: DataEffectRole?, base: AnyEffect?
    ) -> String {
        // The first title is written capitalised (not uppercased here, which
        // would put the standard library's case tables into kinetype.wasm).
        var text = ""
        describe(entering, "Entering: ", "entering: ", into: &text)
        describe(exiting, "Exiting: ", "exiting: ", into: &text)
        describe(persisting, "Persisting: ", "persisting: ", into: &text)
        if let base { text += (text.isEmpty ? "Like " : " (on ") + base.name + (text.isEmpty ? "" : ")") }
        return text.isEmpty ? "An effect file with no channels." : text + "."
    }

    /// Adds a role's channels to `text` ("Entering: y, opacity"), after "; "
    /// when a role came before (and then with its title in lower case).
    @inline(never)
    private static func describe(_ role: DataEffectRole?, _ capitalised: String, _ title: String, into text: inout String) {
        guard let channels = role?.channels else { return }
        text += text.isEmpty ? capitalised : "; " + title
        if channels.isEmpty { text += "as at rest" }
        for k in channels.indices { text += (k == 0 ? "" : ", ") + channels[k].name.rawValue }
    }
}
