import Analyzer
import Animator

/// Reads a parsed effect file into a ``DataEffect``, checking every field and
/// naming the one at fault (with its line and column) when it is wrong.
///
/// Written for a small browser build: the path of the field being read is a
/// stack of components, joined only when an error names it (rather than a
/// string built and released for every field), and every message is made by a
/// call out of line, so each check is a comparison and a call.
struct DataEffectReader {
    /// Where `base` names are looked up.
    let registry: EffectRegistry
    /// The path from the top of the document to the field being read, one
    /// component per level: `entering`, `.channels`, `.y`, `[0]`.
    private var path: [String] = []

    init(registry: EffectRegistry) {
        self.registry = registry
    }

    static let topFields = ["$schema", "format", "name", "summary", "base", "order", "entering", "exiting", "persisting"]
    static let roleFields = ["channels", "range", "motion", "fade"]
    static let timingFields = ["spring", "curve", "duration", "keyframes"]
    /// A channel's fields, by role (the index of ``valueKeys``): its value, its unit and its timing.
    static let channelFields = valueKeys.map { [$0, "unit"] + timingFields }
    static let rangeFields = ["over", "shape", "start", "end", "amount"]
    static let springFields = ["mass", "stiffness", "damping"]
    /// The field of a channel's value: entering from, exiting to, persisting by.
    static let valueKeys = ["from", "to", "by"]
    /// The curves a file names, and (at the same index) what they are.
    static let curveNames = ["linear", "ease", "easeIn", "easeOut", "easeInOut", "expoOut"]
    static let curves: [CubicBezier] = [.linear, .ease, .easeIn, .easeOut, .easeInOut, .expoOut]
    /// What a curve may be, as the message of an unknown curve lists it.
    static let curveForms = curveNames + ["[x1, y1, x2, y2]"]
    /// Stagger orders by their names in the file (and, at the same index, the orders).
    static let orderNames = ["reading", "reversed", "fromCenter", "fromEdges", "byWords", "byLines", "random", "simultaneous"]
    static let orders: [StaggerOrder] = [.reading, .reversed, .fromCenter, .fromEdges, .byWords, .byLines, .random, .simultaneous]
    static let channelNames = DataEffectChannel.Name.allCases.map { $0.rawValue }
    static let rangeUnitNames = RangeSelector.Unit.allCases.map { $0.rawValue }
    static let rangeShapeNames = RangeSelector.Shape.allCases.map { $0.rawValue }
    /// The longest name an effect may have (the message of a bad name says it).
    static let maximumNameLength = 64
    /// The longest duration a curve may have, in seconds (the messages of a
    /// duration and a keyframe's time say it).
    static let maximumDuration = 60.0

    mutating func effect(from document: JSONNode) throws(EffectFileError) -> DataEffect {
        let top = try object(document, known: Self.topFields)
        if let format = top["format"] {
            guard case .number(let version) = format.value, version == 1 else {
                push("format")
                throw invalid(format, "this is version 1 of the format; write 1 or leave the field out")
            }
        }
        guard let nameNode = top["name"] else {
            throw missing("name", at: document, "the name the effect is chosen by (--effect NAME)")
        }
        push("name")
        let name = try string(nameNode)
        guard Self.isName(name) else {
            throw invalid(
                nameNode, "a name is 1 to 64 letters, digits, '-' or '_' (\"+\" joins two effects' names, so it cannot be part of one)")
        }
        pop()
        var summary = ""
        if let node = top["summary"] {
            push("summary")
            summary = try string(node)
            pop()
        }
        var base: AnyEffect?
        if let node = top["base"] {
            push("base")
            let baseName = try string(node)
            do {
                base = try registry.effect(named: baseName)
            } catch {
                throw unknownName(baseName, at: node, what: "effect", known: registry.names)
            }
            pop()
        }
        var order = base?.staggerOrder ?? .reading
        if let node = top["order"] {
            push("order")
            order = Self.orders[try choice(node, what: "order", among: Self.orderNames)]
            pop()
        }
        let entering = try role(in: top, .entering)
        let exiting = try role(in: top, .exiting)
        let persisting = try role(in: top, .persisting)
        return DataEffect(
            name: name, summary: summary, staggerOrder: order, base: base, entering: entering, exiting: exiting,
            persisting: persisting)
    }

    /// Whether `name` is 1 to ``maximumNameLength`` letters, digits, '-' or '_'.
    /// These are ASCII: a name's bytes are its scalars.
    private static func isName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard !bytes.isEmpty, bytes.count <= maximumNameLength else { return false }
        for c in bytes {
            guard (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(c) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(c)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(c) || c == UInt8(ascii: "-") || c == UInt8(ascii: "_")
            else { return false }
        }
        return true
    }

    /// The role's object of the document, read; nil when the document has none.
    @inline(never)
    private mutating func role(in top: JSONFields, _ role: SpriteRole) throws(EffectFileError) -> DataEffectRole? {
        guard let node = top[role.name] else { return nil }
        push(role.name)
        let members = try object(node, known: Self.roleFields)
        var result = DataEffectRole(channels: [])
        if let range = members["range"] {
            push("range")
            result.range = try self.range(range)
            pop()
        }
        if let motion = members["motion"] {
            push("motion")
            let timing = try timingObject(motion, role)
            if role == .persisting, case .keyframes = timing {
                throw invalid(motion, "a persisting glyph glides on a spring or a curve, not keyframes")
            }
            result.motion = timing
            pop()
        }
        if let fade = members["fade"] {
            push("fade")
            guard role != .persisting else {
                throw invalid(fade, "a persisting glyph stays visible: give its appearance channels their own curves instead")
            }
            result.fade = try timingObject(fade, role)
            pop()
        }
        if let channels = members["channels"] {
            push("channels")
            guard case .object(let entries) = channels.value else {
                throw wrongType(channels, "an object of channels (\"y\": {…}, \"opacity\": {…})")
            }
            var seen = ChannelSet()
            for member in entries {
                push(member.key)
                guard let name = DataEffectChannel.Name(rawValue: member.key) else {
                    throw unknownName(member.key, at: member.keyNode, what: "channel", known: Self.channelNames)
                }
                for target in name.channels where seen.contains(ChannelSet(target)) {
                    throw invalid(
                        member.keyNode,
                        "moves " + target.rawValue + ", which another channel of this role moves already (scale moves both scaleX and scaleY)")
                }
                for target in name.channels { seen.insert(ChannelSet(target)) }
                result.channels.append(try channel(member.node, name: name, role: role))
                pop()
            }
            pop()
        }
        pop()
        return result
    }

    @inline(never)
    private mutating func channel(_ node: JSONNode, name: DataEffectChannel.Name, role: SpriteRole) throws(EffectFileError) -> DataEffectChannel {
        let index = Self.index(role)
        let key = Self.valueKeys[index]
        let members = try object(node, known: Self.channelFields[index], role: role)
        guard let valueNode = members[key] else {
            throw missing(key, at: node, Self.valueMeaning(name, role))
        }
        var unit = name.units[0]
        if let unitNode = members["unit"] {
            push("unit")
            let text = try string(unitNode)
            guard let given = DataEffectChannel.Unit(rawValue: text), given != .none, name.units.contains(given) else {
                throw invalid(unitNode, Self.notAUnit(text, of: name))
            }
            unit = given
            pop()
        }
        push(key)
        let value: [Double]
        if name == .tint {
            value = try color(valueNode)
        } else {
            let number = try self.number(valueNode)
            let range = Self.accepted(name, unit: unit, role: role)
            guard range.contains(number) else {
                throw invalid(valueNode, Self.outOfRange(number, range, unit: unit))
            }
            value = [number]
        }
        pop()
        if role == .persisting, let spring = members["spring"] {
            push("spring")
            throw invalid(spring, "a persisting glyph's excursion goes out and back: give it a curve with a duration, or keyframes ending at 0")
        }
        let timing = try timingFields(members, node: node, role: role)
        return DataEffectChannel(name: name, value: value, unit: unit, timing: timing)
    }

    /// The index of the role's entry in ``valueKeys`` and ``channelFields``.
    private static func index(_ role: SpriteRole) -> Int {
        switch role {
        case .entering: 0
        case .exiting: 1
        case .persisting: 2
        }
    }

    /// What a channel's value means in the role, for the message of a missing one.
    @inline(never)
    private static func valueMeaning(_ name: DataEffectChannel.Name, _ role: SpriteRole) -> String {
        switch role {
        case .entering: "where an entering glyph's " + name.rawValue + " starts, before it comes to rest"
        case .exiting: "where an exiting glyph's " + name.rawValue + " goes as it leaves"
        case .persisting: "how far a persisting glyph's " + name.rawValue + " moves on its way, and back"
        }
    }

    @inline(never)
    private static func notAUnit(_ text: String, of name: DataEffectChannel.Name) -> String {
        // A channel has no unit (`none` alone) or two: its default and the other.
        let units = name.units
        let hint = units[0] == .none ? name.rawValue + " has no unit; leave the field out" : "use " + units[0].rawValue + " or " + units[1].rawValue
        return "\"" + EffectFileError.escaped(text) + "\" is not a unit of " + name.rawValue + "; " + hint
    }

    /// The values a channel's value may take, in its unit.
    @inline(never)
    private static func accepted(_ name: DataEffectChannel.Name, unit: DataEffectChannel.Unit, role: SpriteRole) -> ClosedRange<Double> {
        var range = name.range
        switch unit {
        case .pt: range = range.lowerBound * 100...range.upperBound * 100
        case .rad: range = range.lowerBound * .pi / 180...range.upperBound * .pi / 180
        default: break
        }
        if role == .persisting, !name.isOffset {
            // An excursion adds to the channel: scale by 0.2 is a swell to 1.2 and back.
            range = -(range.upperBound - range.lowerBound)...(range.upperBound - range.lowerBound)
        }
        return range
    }

    @inline(never)
    private static func outOfRange(_ number: Double, _ range: ClosedRange<Double>, unit: DataEffectChannel.Unit) -> String {
        String(number) + " is out of range; use a number from " + text(range.lowerBound) + " to " + text(range.upperBound)
            + (unit == .none ? "" : " " + unit.rawValue)
    }

    /// A "motion" or "fade" object: exactly one of spring, curve (with duration) or keyframes.
    @inline(never)
    private mutating func timingObject(_ node: JSONNode, _ role: SpriteRole) throws(EffectFileError) -> DataEffectTiming {
        let members = try object(node, known: Self.timingFields)
        guard let timing = try timingFields(members, node: node, role: role) else {
            throw missing("spring", at: node, "give a spring, a curve with a duration, or keyframes")
        }
        return timing
    }

    /// The timing fields of an object, nil when it has none.
    @inline(never)
    private mutating func timingFields(_ members: JSONFields, node: JSONNode, role: SpriteRole) throws(EffectFileError) -> DataEffectTiming? {
        let spring = members["spring"], curve = members["curve"], keyframes = members["keyframes"]
        guard (spring == nil ? 0 : 1) + (curve == nil ? 0 : 1) + (keyframes == nil ? 0 : 1) <= 1 else {
            throw invalid(node, Self.oneTiming(spring: spring != nil, curve: curve != nil, keyframes: keyframes != nil))
        }
        let duration = members["duration"]
        if let duration, curve == nil {
            push("duration")
            throw invalid(duration, "a duration goes with a curve (\"curve\": \"easeOut\", \"duration\": 0.3)")
        }
        if let spring {
            push("spring")
            let timing = try self.spring(spring)
            pop()
            return timing
        }
        if let curve {
            push("curve")
            let bezier = try self.bezier(curve)
            pop()
            guard let duration else {
                throw missing("duration", at: curve, "how many seconds the curve takes")
            }
            push("duration")
            let seconds = try number(duration)
            guard seconds > 0, seconds <= Self.maximumDuration else {
                throw invalid(duration, "use a number of seconds greater than 0 and at most " + String(Int(Self.maximumDuration)))
            }
            pop()
            return .bezier(bezier, duration: seconds)
        }
        if let keyframes {
            push("keyframes")
            let timing = try self.keyframes(keyframes, role: role)
            pop()
            return timing
        }
        return nil
    }

    @inline(never)
    private static func oneTiming(spring: Bool, curve: Bool, keyframes: Bool) -> String {
        var given: [String] = []
        if spring { given.append("spring") }
        if curve { given.append("curve") }
        if keyframes { given.append("keyframes") }
        return "give one timing: a spring, a curve or keyframes, not " + given.joined(separator: " and ")
    }

    private mutating func spring(_ node: JSONNode) throws(EffectFileError) -> DataEffectTiming {
        if case .string(let text) = node.value {
            guard text.equals("style") else {
                throw invalid(node, "a spring is \"style\" (the motion style's) or {\"mass\", \"stiffness\", \"damping\"}")
            }
            return .style
        }
        let members = try object(node, known: Self.springFields)
        // Mass is 1 unless given; stiffness and damping must be.
        var values = [1.0, 0, 0]
        for k in 0..<3 {
            let key = Self.springFields[k]
            guard let value = members[key] else {
                guard k == 0 else {
                    throw missing(key, at: node, "a spring needs its stiffness and damping (mass is 1 unless given)")
                }
                continue
            }
            push(key)
            values[k] = try number(value)
            pop()
        }
        do {
            return .spring(try Spring(mass: values[0], stiffness: values[1], damping: values[2]))
        } catch {
            // The spring's own check blames the number at fault; point at the spring.
            throw invalid(node, error.message)
        }
    }

    @inline(never)
    private mutating func bezier(_ node: JSONNode) throws(EffectFileError) -> CubicBezier {
        if case .string(let text) = node.value {
            guard let k = Self.curveNames.position(of: text) else {
                throw unknownName(text, at: node, what: "curve", known: Self.curveForms)
            }
            return Self.curves[k]
        }
        guard case .array(let items) = node.value, items.count == 4 else {
            throw wrongType(node, "a curve's name (easeOut, …) or four numbers [x1, y1, x2, y2]")
        }
        var p: [Double] = []
        for k in 0..<4 { p.append(try number(items[k], at: k)) }
        do {
            return try CubicBezier(x1: p[0], y1: p[1], x2: p[2], y2: p[3])
        } catch {
            throw invalid(node, error.message)
        }
    }

    private mutating func keyframes(_ node: JSONNode, role: SpriteRole) throws(EffectFileError) -> DataEffectTiming {
        guard case .array(let items) = node.value else {
            throw wrongType(node, "an array of keyframes, each [seconds, progress] or [seconds, progress, \"curve\"]")
        }
        guard items.count <= DataEffect.maximumKeyframes else {
            throw .tooLarge(String(items.count) + " keyframes; a curve has at most " + String(DataEffect.maximumKeyframes), at: node, field: field)
        }
        guard items.count >= 2 else { throw invalid(node, "give at least two keyframes: where the motion starts and where it ends") }
        var frames: [Keyframe] = []
        for (k, item) in items.enumerated() {
            pushIndex(k)
            guard case .array(let parts) = item.value, parts.count == 2 || parts.count == 3 else {
                throw wrongType(item, "a keyframe [seconds, progress] or [seconds, progress, \"curve\"]")
            }
            let time = try number(parts[0], at: 0)
            let value = try number(parts[1], at: 1)
            var curve = CubicBezier.linear
            if parts.count == 3 {
                pushIndex(2)
                curve = try bezier(parts[2])
                pop()
            }
            pushIndex(0)
            guard time >= 0, time <= Self.maximumDuration else {
                throw invalid(parts[0], "a keyframe's time is seconds from the glyph's start, from 0 to " + String(Int(Self.maximumDuration)))
            }
            if let last = frames.last, time < last.time {
                throw invalid(parts[0], "keyframes go in time order; " + Self.text(time) + " s comes after " + Self.text(last.time) + " s")
            }
            pop()
            guard abs(value) <= 100 else {
                pushIndex(1)
                throw invalid(parts[1], "progress is 0 at the start value and 1 at the end value; use a number from -100 to 100")
            }
            frames.append(Keyframe(time: time, value: value, curve: curve))
            pop()
        }
        if let last = frames.last, last.value != (role == .persisting ? 0 : 1), case .array(let parts) = items[items.count - 1].value {
            pushIndex(items.count - 1)
            pushIndex(1)
            throw invalid(
                parts[1],
                role == .persisting
                    ? "a persisting glyph's excursion must come back: end its keyframes at 0"
                    : "the last keyframe must be at progress 1, the end value, so the glyph settles where it should")
        }
        do {
            _ = try TimingCurve.keyframes(frames)
        } catch {
            throw invalid(node, error.message)
        }
        return .keyframes(frames)
    }

    private mutating func range(_ node: JSONNode) throws(EffectFileError) -> RangeSelector {
        let members = try object(node, known: Self.rangeFields)
        var range = RangeSelector()
        if let over = members["over"] {
            push("over")
            range.unit = RangeSelector.Unit.allCases[try choice(over, what: "unit", among: Self.rangeUnitNames)]
            pop()
        }
        if let shape = members["shape"] {
            push("shape")
            range.shape = RangeSelector.Shape.allCases[try choice(shape, what: "shape", among: Self.rangeShapeNames)]
            pop()
        }
        // start, end and amount, in the order of rangeFields.
        for k in 2..<5 {
            let key = Self.rangeFields[k]
            guard let valueNode = members[key] else { continue }
            push(key)
            let value = try number(valueNode)
            guard value >= (k == 4 ? 0 : -1), value <= (k == 4 ? 1 : 2) else {
                throw invalid(
                    valueNode,
                    k == 4
                        ? "use a number from 0 to 1"
                        : "use a fraction of the text from -1 to 2 (0 its start, 1 its end; beyond them the shape reaches past the text)")
            }
            pop()
            switch k {
            case 2: range.start = value
            case 3: range.end = value
            default: range.amount = value
            }
        }
        return range
    }

    // MARK: The path

    /// Enters the field `key` of the current object.
    @inline(never)
    private mutating func push(_ key: String) {
        path.append(path.isEmpty ? key : "." + key)
    }

    /// Enters the element `k` of the current array.
    @inline(never)
    private mutating func pushIndex(_ k: Int) {
        path.append("[" + String(k) + "]")
    }

    @inline(never)
    private mutating func pop() {
        path.removeLast()
    }

    /// The field being read, as errors name it (`entering.channels.y.keyframes[1][0]`).
    private var field: String { path.joined() }

    // MARK: Errors about the field being read

    @inline(never)
    private func invalid(_ node: JSONNode, _ reason: String) -> EffectFileError {
        .invalidValue(node, field: field, reason)
    }

    @inline(never)
    private func wrongType(_ node: JSONNode, _ expected: String) -> EffectFileError {
        .wrongType(node, field: field, expected: expected)
    }

    /// The field being read lacks `key`.
    @inline(never)
    private func missing(_ key: String, at node: JSONNode, _ why: String) -> EffectFileError {
        .missingField(key, at: node, field: field, why: why)
    }

    @inline(never)
    private func unknownName(_ name: String, at node: JSONNode, what: String, known: [String]) -> EffectFileError {
        .unknownName(name, at: node, field: field, what: what, known: known)
    }

    // MARK: Values

    /// An object's members, refusing fields not in `known` and names given
    /// twice. A channel's (of `role`) refuses the value fields of the other
    /// roles with a message of their own.
    @inline(never)
    private mutating func object(_ node: JSONNode, known: [String], role: SpriteRole? = nil) throws(EffectFileError) -> JSONFields {
        guard case .object(let entries) = node.value else { throw wrongType(node, "an object") }
        for (k, member) in entries.enumerated() {
            let key = member.key
            if let role, let given = Self.valueKeys.position(of: key), given != Self.index(role) {
                push(key)
                throw invalid(
                    member.keyNode,
                    role.name + " channels say \"" + Self.valueKeys[Self.index(role)]
                        + "\": an entering glyph starts from a value, an exiting one goes to a value, a persisting one moves by an amount")
            }
            guard known.position(of: key) != nil else { throw .unknownField(key, at: member.keyNode, field: field, known: known) }
            for earlier in 0..<k where entries[earlier].key.equals(key) {
                push(key)
                throw invalid(member.keyNode, "the field is given twice")
            }
        }
        return JSONFields(entries)
    }

    @inline(never)
    private func number(_ node: JSONNode) throws(EffectFileError) -> Double {
        guard case .number(let value) = node.value else { throw wrongType(node, "a number") }
        return value
    }

    /// The number at index `k` of the array being read.
    @inline(never)
    private mutating func number(_ node: JSONNode, at k: Int) throws(EffectFileError) -> Double {
        pushIndex(k)
        let value = try number(node)
        pop()
        return value
    }

    @inline(never)
    private func string(_ node: JSONNode) throws(EffectFileError) -> String {
        guard case .string(let value) = node.value else { throw wrongType(node, "a string") }
        return value
    }

    /// The index in `names` of the name `node` gives.
    @inline(never)
    private func choice(_ node: JSONNode, what: String, among names: [String]) throws(EffectFileError) -> Int {
        let text = try string(node)
        guard let k = names.position(of: text) else {
            throw unknownName(text, at: node, what: what, known: names)
        }
        return k
    }

    /// A tint colour, `#rgb`, `#rrggbb` or `#rrggbbaa` (alpha is the strength), as red, green, blue, alpha in 0…1.
    @inline(never)
    private func color(_ node: JSONNode) throws(EffectFileError) -> [Double] {
        // '#' and the hexadecimal digits are ASCII, so reading the UTF-8 bytes
        // accepts exactly the texts that reading the scalars would.
        let bytes = Array(try string(node).utf8)
        var digits: [Double] = []
        var valid = bytes.first == UInt8(ascii: "#")
        for byte in bytes.dropFirst() where valid {
            if let digit = Self.hexDigit(byte) { digits.append(digit) } else { valid = false }
        }
        guard valid, digits.count == 3 || digits.count == 6 || digits.count == 8 else {
            throw invalid(node, "a tint is a colour #rgb, #rrggbb or #rrggbbaa (its alpha is how strongly it tints)")
        }
        if digits.count == 3 { return [digits[0] * 17 / 255, digits[1] * 17 / 255, digits[2] * 17 / 255, 1] }
        var channels: [Double] = [0, 0, 0, 1]
        for k in 0..<digits.count / 2 { channels[k] = (digits[2 * k] * 16 + digits[2 * k + 1]) / 255 }
        return channels
    }

    private static func hexDigit(_ c: UInt8) -> Double? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Double(c - 48)
        case UInt8(ascii: "a")...UInt8(ascii: "f"): Double(c - 87)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): Double(c - 55)
        default: nil
        }
    }

    /// A number as the messages show it: whole numbers without ".0".
    @inline(never)
    private static func text(_ x: Double) -> String {
        x == x.rounded() && abs(x) < 1e15 ? String(Int(x)) : String(x)
    }
}
