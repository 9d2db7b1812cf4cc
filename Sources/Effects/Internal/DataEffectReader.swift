import Analyzer
import Animator

/// Reads a parsed effect file into a ``DataEffect``, checking every field and
/// naming the one at fault (with its line and column) when it is wrong.
struct DataEffectReader {
    /// Where `base` names are looked up.
    let registry: EffectRegistry

    static let topFields = ["$schema", "format", "name", "summary", "base", "order", "entering", "exiting", "persisting"]
    static let roleFields = ["channels", "range", "motion", "fade"]
    static let timingFields = ["spring", "curve", "duration", "keyframes"]
    static let rangeFields = ["over", "shape", "start", "end", "amount"]
    static let springFields = ["mass", "stiffness", "damping"]
    /// The curves a file names, and (at the same index) what they are.
    static let curveNames = ["linear", "ease", "easeIn", "easeOut", "easeInOut", "expoOut"]
    static let curves: [CubicBezier] = [.linear, .ease, .easeIn, .easeOut, .easeInOut, .expoOut]
    /// Stagger orders by their names in the file (and, at the same index, the orders).
    static let orderNames = ["reading", "reversed", "fromCenter", "fromEdges", "byWords", "byLines", "random", "simultaneous"]
    static let orders: [StaggerOrder] = [.reading, .reversed, .fromCenter, .fromEdges, .byWords, .byLines, .random, .simultaneous]
    /// The longest name an effect may have.
    static let maximumNameLength = 64
    /// The longest duration a curve may have, in seconds.
    static let maximumDuration = 60.0

    func effect(from document: JSONNode) throws(EffectFileError) -> DataEffect {
        let top = try object(document, field: "", known: Self.topFields)
        if let format = top["format"] {
            guard case .number(let version) = format.value, version == 1 else {
                throw .invalidValue(format, field: "format", "this is version 1 of the format; write 1 or leave the field out")
            }
        }
        guard let nameNode = top["name"] else {
            throw .missingField("name", at: document, field: "", why: "the name the effect is chosen by (--effect NAME)")
        }
        let name = try string(nameNode, field: "name")
        // The characters a name may have are ASCII: its bytes are its scalars.
        guard !name.isEmpty, name.utf8.count <= Self.maximumNameLength, name.utf8.allSatisfy({ Self.nameByte($0) }) else {
            throw .invalidValue(
                nameNode, field: "name",
                "a name is 1 to \(Self.maximumNameLength) letters, digits, '-' or '_' (\"+\" joins two effects' names, so it cannot be part of one)")
        }
        let summary = try top["summary"].map { (node) throws(EffectFileError) in try string(node, field: "summary") } ?? ""
        var base: AnyEffect?
        if let node = top["base"] {
            let baseName = try string(node, field: "base")
            do {
                base = try registry.effect(named: baseName)
            } catch {
                throw .unknownName(baseName, at: node, field: "base", what: "effect", known: registry.names)
            }
        }
        var order = base?.staggerOrder ?? .reading
        if let node = top["order"] {
            order = Self.orders[try choice(node, field: "order", what: "order", among: Self.orderNames)]
        }
        let entering = try role(in: top, .entering)
        let exiting = try role(in: top, .exiting)
        let persisting = try role(in: top, .persisting)
        return DataEffect(
            name: name, summary: summary, staggerOrder: order, base: base, entering: entering, exiting: exiting,
            persisting: persisting)
    }

    /// The role's object of the document, read; nil when the document has none.
    @inline(never)
    private func role(in top: Members, _ role: SpriteRole) throws(EffectFileError) -> DataEffectRole? {
        guard let node = top[role.name] else { return nil }
        return try self.role(node, role)
    }

    private static func nameByte(_ c: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(c) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(c)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(c) || c == UInt8(ascii: "-") || c == UInt8(ascii: "_")
    }

    private func role(_ node: JSONNode, _ role: SpriteRole) throws(EffectFileError) -> DataEffectRole {
        let field = role.name
        let members = try object(node, field: field, known: Self.roleFields)
        var result = DataEffectRole(channels: [])
        if let range = members["range"] { result.range = try self.range(range, field: Self.path(field, "range")) }
        if let motion = members["motion"] {
            let timing = try timingObject(motion, field: Self.path(field, "motion"), role: role)
            if role == .persisting, case .keyframes = timing {
                throw .invalidValue(motion, field: Self.path(field, "motion"), "a persisting glyph glides on a spring or a curve, not keyframes")
            }
            result.motion = timing
        }
        if let fade = members["fade"] {
            guard role != .persisting else {
                throw .invalidValue(fade, field: Self.path(field, "fade"), "a persisting glyph stays visible: give its appearance channels their own curves instead")
            }
            result.fade = try timingObject(fade, field: Self.path(field, "fade"), role: role)
        }
        if let channels = members["channels"] {
            guard case .object(let entries) = channels.value else {
                throw .wrongType(channels, field: Self.path(field, "channels"), expected: "an object of channels (\"y\": {…}, \"opacity\": {…})")
            }
            var seen: [GlyphChannel] = []
            for member in entries {
                let path = Self.path(Self.path(field, "channels"), member.key)
                guard let name = DataEffectChannel.Name(rawValue: member.key) else {
                    throw .unknownName(
                        member.key, at: member.keyNode, field: path, what: "channel", known: DataEffectChannel.Name.allCases.map { $0.rawValue })
                }
                if let clash = name.channels.first(where: { seen.contains($0) }) {
                    throw .invalidValue(
                        member.keyNode, field: path,
                        "moves \(clash.rawValue), which another channel of this role moves already (scale moves both scaleX and scaleY)")
                }
                seen += name.channels
                result.channels.append(try channel(member.node, name: name, role: role, field: path))
            }
        }
        return result
    }

    private func channel(_ node: JSONNode, name: DataEffectChannel.Name, role: SpriteRole, field: String) throws(EffectFileError) -> DataEffectChannel {
        let key = role == .entering ? "from" : role == .exiting ? "to" : "by"
        let members = try object(node, field: field, known: [key, "unit"] + Self.timingFields, wrongRoleKeys: ["from", "to", "by"].filter { $0 != key }, role: role)
        guard let valueNode = members[key] else {
            let why: String
            switch role {
            case .entering: why = "where an entering glyph's \(name.rawValue) starts, before it comes to rest"
            case .exiting: why = "where an exiting glyph's \(name.rawValue) goes as it leaves"
            case .persisting: why = "how far a persisting glyph's \(name.rawValue) moves on its way, and back"
            }
            throw .missingField(key, at: node, field: field, why: why)
        }
        var unit = name.units[0]
        if let unitNode = members["unit"] {
            let text = try string(unitNode, field: Self.path(field, "unit"))
            guard let given = DataEffectChannel.Unit(rawValue: text), name.units.contains(given), given != .none else {
                let accepted = name.units.filter { $0 != .none }.map { $0.rawValue }
                let hint = accepted.isEmpty ? "\(name.rawValue) has no unit; leave the field out" : "use " + accepted.joined(separator: " or ")
                throw .invalidValue(unitNode, field: Self.path(field, "unit"), "\"\(EffectFileError.escaped(text))\" is not a unit of \(name.rawValue); \(hint)")
            }
            unit = given
        }
        let value: [Double]
        if name == .tint {
            value = try color(valueNode, field: Self.path(field, key))
        } else {
            let number = try self.number(valueNode, field: Self.path(field, key))
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
            guard range.contains(number) else {
                throw .invalidValue(valueNode, field: Self.path(field, key), "\(number) is out of range; use a number from \(Self.text(range.lowerBound)) to \(Self.text(range.upperBound))\(unit == .none ? "" : " " + unit.rawValue)")
            }
            value = [number]
        }
        if role == .persisting, let spring = members["spring"] {
            throw .invalidValue(spring, field: Self.path(field, "spring"), "a persisting glyph's excursion goes out and back: give it a curve with a duration, or keyframes ending at 0")
        }
        let timing = try timingFields(members, node: node, field: field, role: role)
        return DataEffectChannel(name: name, value: value, unit: unit, timing: timing)
    }

    /// A "motion" or "fade" object: exactly one of spring, curve (with duration) or keyframes.
    private func timingObject(_ node: JSONNode, field: String, role: SpriteRole) throws(EffectFileError) -> DataEffectTiming {
        let members = try object(node, field: field, known: Self.timingFields)
        guard let timing = try timingFields(members, node: node, field: field, role: role) else {
            throw .missingField("spring", at: node, field: field, why: "give a spring, a curve with a duration, or keyframes")
        }
        return timing
    }

    /// The timing fields of an object, nil when it has none.
    private func timingFields(
        _ members: Members, node: JSONNode, field: String, role: SpriteRole
    ) throws(EffectFileError) -> DataEffectTiming? {
        let given = ["spring", "curve", "keyframes"].filter { members[$0] != nil }
        guard given.count <= 1 else {
            throw .invalidValue(node, field: field, "give one timing: a spring, a curve or keyframes, not \(given.joined(separator: " and "))")
        }
        if let duration = members["duration"], members["curve"] == nil {
            throw .invalidValue(duration, field: Self.path(field, "duration"), "a duration goes with a curve (\"curve\": \"easeOut\", \"duration\": 0.3)")
        }
        if let node = members["spring"] { return try spring(node, field: Self.path(field, "spring")) }
        if let node = members["curve"] {
            let curve = try bezier(node, field: Self.path(field, "curve"))
            guard let durationNode = members["duration"] else {
                throw .missingField("duration", at: node, field: field, why: "how many seconds the curve takes")
            }
            let duration = try number(durationNode, field: Self.path(field, "duration"))
            guard duration > 0, duration <= Self.maximumDuration else {
                throw .invalidValue(durationNode, field: Self.path(field, "duration"), "use a number of seconds greater than 0 and at most \(Int(Self.maximumDuration))")
            }
            return .bezier(curve, duration: duration)
        }
        if let node = members["keyframes"] { return try keyframes(node, field: Self.path(field, "keyframes"), role: role) }
        return nil
    }

    private func spring(_ node: JSONNode, field: String) throws(EffectFileError) -> DataEffectTiming {
        if case .string(let text) = node.value {
            guard text == "style" else {
                throw .invalidValue(node, field: field, "a spring is \"style\" (the motion style's) or {\"mass\", \"stiffness\", \"damping\"}")
            }
            return .style
        }
        let members = try object(node, field: field, known: Self.springFields)
        var values: [Double] = []
        for key in Self.springFields {
            guard let value = members[key] else {
                if key == "mass" {
                    values.append(1)
                    continue
                }
                throw .missingField(key, at: node, field: field, why: "a spring needs its stiffness and damping (mass is 1 unless given)")
            }
            values.append(try number(value, field: Self.path(field, key)))
        }
        do {
            return .spring(try Spring(mass: values[0], stiffness: values[1], damping: values[2]))
        } catch {
            // The spring's own check blames the number at fault; point at the spring.
            throw .invalidValue(node, field: field, error.message)
        }
    }

    private func bezier(_ node: JSONNode, field: String) throws(EffectFileError) -> CubicBezier {
        if case .string(let text) = node.value {
            guard let k = Self.curveNames.firstIndex(of: text) else {
                throw .unknownName(text, at: node, field: field, what: "curve", known: Self.curveNames + ["[x1, y1, x2, y2]"])
            }
            return Self.curves[k]
        }
        guard case .array(let items) = node.value, items.count == 4 else {
            throw .wrongType(node, field: field, expected: "a curve's name (easeOut, …) or four numbers [x1, y1, x2, y2]")
        }
        var p: [Double] = []
        for (k, item) in items.enumerated() { p.append(try number(item, field: Self.indexed(field, k))) }
        do {
            return try CubicBezier(x1: p[0], y1: p[1], x2: p[2], y2: p[3])
        } catch {
            throw .invalidValue(node, field: field, error.message)
        }
    }

    private func keyframes(_ node: JSONNode, field: String, role: SpriteRole) throws(EffectFileError) -> DataEffectTiming {
        guard case .array(let items) = node.value else {
            throw .wrongType(node, field: field, expected: "an array of keyframes, each [seconds, progress] or [seconds, progress, \"curve\"]")
        }
        guard items.count <= DataEffect.maximumKeyframes else {
            throw .tooLarge("\(items.count) keyframes; a curve has at most \(DataEffect.maximumKeyframes)", at: node, field: field)
        }
        guard items.count >= 2 else { throw .invalidValue(node, field: field, "give at least two keyframes: where the motion starts and where it ends") }
        var frames: [Keyframe] = []
        for (k, item) in items.enumerated() {
            let path = Self.indexed(field, k)
            guard case .array(let parts) = item.value, parts.count == 2 || parts.count == 3 else {
                throw .wrongType(item, field: path, expected: "a keyframe [seconds, progress] or [seconds, progress, \"curve\"]")
            }
            let time = try number(parts[0], field: Self.indexed(path, 0))
            let value = try number(parts[1], field: Self.indexed(path, 1))
            let curve = parts.count == 3 ? try bezier(parts[2], field: Self.indexed(path, 2)) : CubicBezier.linear
            guard time >= 0, time <= Self.maximumDuration else {
                throw .invalidValue(parts[0], field: Self.indexed(path, 0), "a keyframe's time is seconds from the glyph's start, from 0 to \(Int(Self.maximumDuration))")
            }
            if let last = frames.last, time < last.time {
                throw .invalidValue(parts[0], field: Self.indexed(path, 0), "keyframes go in time order; \(Self.text(time)) s comes after \(Self.text(last.time)) s")
            }
            guard abs(value) <= 100 else {
                throw .invalidValue(parts[1], field: Self.indexed(path, 1), "progress is 0 at the start value and 1 at the end value; use a number from -100 to 100")
            }
            frames.append(Keyframe(time: time, value: value, curve: curve))
        }
        let end = role == .persisting ? 0.0 : 1.0
        if let last = frames.last, last.value != end, case .array(let parts) = items[items.count - 1].value {
            let why = role == .persisting
                ? "a persisting glyph's excursion must come back: end its keyframes at 0"
                : "the last keyframe must be at progress 1, the end value, so the glyph settles where it should"
            throw .invalidValue(parts[1], field: Self.indexed(Self.indexed(field, items.count - 1), 1), why)
        }
        do {
            _ = try TimingCurve.keyframes(frames)
        } catch {
            throw .invalidValue(node, field: field, error.message)
        }
        return .keyframes(frames)
    }

    private func range(_ node: JSONNode, field: String) throws(EffectFileError) -> RangeSelector {
        let members = try object(node, field: field, known: Self.rangeFields)
        var range = RangeSelector()
        if let over = members["over"] {
            let units = RangeSelector.Unit.allCases
            range.unit = units[try choice(over, field: Self.path(field, "over"), what: "unit", among: units.map { $0.rawValue })]
        }
        if let shape = members["shape"] {
            let shapes = RangeSelector.Shape.allCases
            range.shape = shapes[try choice(shape, field: Self.path(field, "shape"), what: "shape", among: shapes.map { $0.rawValue })]
        }
        for (key, bounds) in [("start", -1.0...2.0), ("end", -1.0...2.0), ("amount", 0.0...1.0)] {
            guard let valueNode = members[key] else { continue }
            let value = try number(valueNode, field: Self.path(field, key))
            guard bounds.contains(value) else {
                throw .invalidValue(valueNode, field: Self.path(field, key), key == "amount" ? "use a number from 0 to 1" : "use a fraction of the text from -1 to 2 (0 its start, 1 its end; beyond them the shape reaches past the text)")
            }
            switch key {
            case "start": range.start = value
            case "end": range.end = value
            default: range.amount = value
            }
        }
        return range
    }

    // MARK: Values

    typealias Members = JSONFields

    /// `field.key`, the path of a field inside `field`.
    @inline(never)
    private static func path(_ field: String, _ key: String) -> String {
        field + "." + key
    }

    /// `field[k]`, the path of an element of the array `field`.
    @inline(never)
    private static func indexed(_ field: String, _ k: Int) -> String {
        field + "[" + String(k) + "]"
    }

    /// An object's members, refusing fields not in `known` and names given twice.
    @inline(never)
    private func object(
        _ node: JSONNode, field: String, known: [String], wrongRoleKeys: [String] = [], role: SpriteRole? = nil
    ) throws(EffectFileError) -> Members {
        guard case .object(let entries) = node.value else { throw .wrongType(node, field: field, expected: "an object") }
        for (k, member) in entries.enumerated() {
            let key = member.key
            if wrongRoleKeys.contains(key), let role {
                let right = role == .entering ? "from" : role == .exiting ? "to" : "by"
                throw .invalidValue(
                    member.keyNode, field: field.isEmpty ? key : Self.path(field, key),
                    "\(role.name) channels say \"\(right)\": an entering glyph starts from a value, an exiting one goes to a value, a persisting one moves by an amount")
            }
            guard known.contains(key) else { throw .unknownField(key, at: member.keyNode, field: field, known: known) }
            var earlier = 0
            while earlier < k {
                guard entries[earlier].key != key else {
                    throw .invalidValue(member.keyNode, field: field.isEmpty ? key : Self.path(field, key), "the field is given twice")
                }
                earlier += 1
            }
        }
        return JSONFields(entries)
    }

    @inline(never)
    private func number(_ node: JSONNode, field: String) throws(EffectFileError) -> Double {
        guard case .number(let value) = node.value else { throw .wrongType(node, field: field, expected: "a number") }
        return value
    }

    @inline(never)
    private func string(_ node: JSONNode, field: String) throws(EffectFileError) -> String {
        guard case .string(let value) = node.value else { throw .wrongType(node, field: field, expected: "a string") }
        return value
    }

    /// The index in `names` of the name `node` gives.
    @inline(never)
    private func choice(_ node: JSONNode, field: String, what: String, among names: [String]) throws(EffectFileError) -> Int {
        let text = try string(node, field: field)
        guard let k = names.firstIndex(of: text) else {
            throw .unknownName(text, at: node, field: field, what: what, known: names)
        }
        return k
    }

    /// A tint colour, `#rgb`, `#rrggbb` or `#rrggbbaa` (alpha is the strength), as red, green, blue, alpha in 0…1.
    @inline(never)
    private func color(_ node: JSONNode, field: String) throws(EffectFileError) -> [Double] {
        let text = try string(node, field: field)
        // '#' and the hexadecimal digits are ASCII, so reading the UTF-8 bytes
        // accepts exactly the texts that reading the scalars would.
        var digits: [Double] = []
        var valid = text.utf8.first == UInt8(ascii: "#")
        for byte in text.utf8.dropFirst() where valid {
            if let digit = Self.hexDigit(byte) { digits.append(digit) } else { valid = false }
        }
        guard valid, digits.count == 3 || digits.count == 6 || digits.count == 8 else {
            throw .invalidValue(node, field: field, "a tint is a colour #rgb, #rrggbb or #rrggbbaa (its alpha is how strongly it tints)")
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
    private static func text(_ x: Double) -> String {
        x == x.rounded() && abs(x) < 1e15 ? String(Int(x)) : String(x)
    }
}
