import Animator

/// The keyframes of one element read back from an animated SVG's style sheet.
struct ParsedKeyframe {
    var percent: Double
    var translate: (x: Double, y: Double)
    var rotation: Double  // degrees
    var scale: (x: Double, y: Double)
    var skew: Double  // degrees, as CSS skewX takes it
    var inner: (x: Double, y: Double)?  // a second translate, when the inner offset is animated
    var opacity: Double
    /// The keyframe's `animation-timing-function`, when it is a `cubic-bezier`: how values go to the next keyframe.
    var easing: CubicBezier?
    /// Whether the keyframe sets `opacity` (else `opacity` is 1).
    var setsOpacity = false
}

enum CSSKeyframes {
    /// The body of `@keyframes name{…}` split into keyframes.
    static func parse(_ svg: String, name: String) -> [ParsedKeyframe]? {
        guard let start = svg.range(of: "@keyframes \(name){") else { return nil }
        var depth = 1
        var index = start.upperBound
        var body = ""
        while index < svg.endIndex, depth > 0 {
            let c = svg[index]
            if c == "{" { depth += 1 }
            if c == "}" { depth -= 1 }
            if depth > 0 { body.append(c) }
            index = svg.index(after: index)
        }
        var frames: [ParsedKeyframe] = []
        for chunk in body.split(separator: "}") {
            let parts = chunk.split(separator: "{", maxSplits: 1)
            guard parts.count == 2, let percent = Double(parts[0].dropLast()) else { continue }
            var frame = ParsedKeyframe(percent: percent, translate: (0, 0), rotation: 0, scale: (1, 1), skew: 0, inner: nil, opacity: 1)
            for declaration in parts[1].split(separator: ";") {
                let pair = declaration.split(separator: ":", maxSplits: 1).map(String.init)
                guard pair.count == 2 else { continue }
                if pair[0] == "opacity" {
                    frame.opacity = Double(pair[1]) ?? .nan
                    frame.setsOpacity = true
                }
                if pair[0] == "animation-timing-function", let function = functions(pair[1]).first,
                   function.name == "cubic-bezier", function.arguments.count == 4
                {
                    let a = function.arguments
                    frame.easing = try? CubicBezier(x1: a[0], y1: a[1], x2: a[2], y2: a[3])
                }
                if pair[0] == "transform" { setTransform(functions(pair[1]), of: &frame) }
            }
            frames.append(frame)
        }
        return frames
    }

    /// `translate(1px,2px) rotate(3deg)` → [("translate", [1, 2]), ("rotate", [3])].
    static func functions(_ text: String) -> [(name: String, arguments: [Double])] {
        var out: [(String, [Double])] = []
        for part in text.split(separator: ")") {
            let pieces = part.split(separator: "(", maxSplits: 1)
            guard pieces.count == 2 else { continue }
            let name = pieces[0].trimmingCharacters(in: " ")
            let arguments = pieces[1].split(separator: ",").map { arg -> Double in
                var s = String(arg).trimmingCharacters(in: " ")
                for unit in ["px", "deg"] where s.hasSuffix(unit) { s.removeLast(unit.count) }
                return Double(s) ?? .nan
            }
            out.append((name, arguments))
        }
        return out
    }

    /// The keyframes' values at a percentage, interpolated as CSS does: linearly,
    /// or along the keyframe's `cubic-bezier` timing function.
    static func value(_ frames: [ParsedKeyframe], at percent: Double) -> ParsedKeyframe {
        guard let after = frames.firstIndex(where: { $0.percent >= percent }) else { return frames.last! }
        if after == 0 { return frames[0] }
        let a = frames[after - 1], b = frames[after]
        let x = b.percent == a.percent ? 1 : (percent - a.percent) / (b.percent - a.percent)
        let f = a.easing?.value(at: x) ?? x
        func mix(_ x: Double, _ y: Double) -> Double { x + (y - x) * f }
        return ParsedKeyframe(
            percent: percent, translate: (mix(a.translate.x, b.translate.x), mix(a.translate.y, b.translate.y)),
            rotation: mix(a.rotation, b.rotation), scale: (mix(a.scale.x, b.scale.x), mix(a.scale.y, b.scale.y)),
            skew: mix(a.skew, b.skew),
            inner: a.inner.flatMap { i in b.inner.map { j in (mix(i.x, j.x), mix(i.y, j.y)) } },
            opacity: mix(a.opacity, b.opacity))
    }

    /// A glyph sprite's animations at a percentage: one (`name`) for its
    /// transform and opacity, or two when the plan's curves ease them apart
    /// (`name`: its transform, `name` + "o": its opacity and fill); `still`
    /// (the element's own attributes) stands in for a part that is not
    /// animated. Nil when nothing is.
    static func sprite(_ svg: String, name: String, still: ParsedKeyframe) -> ((Double) -> ParsedKeyframe)? {
        let transform = parse(svg, name: name), appearance = parse(svg, name: name + "o")
        guard transform != nil || appearance != nil else { return nil }
        let combined = transform?.contains { $0.setsOpacity } ?? false
        return { percent in
            var shown = transform.map { value($0, at: percent) } ?? still
            if !combined { shown.opacity = appearance.map { value($0, at: percent).opacity } ?? still.opacity }
            return shown
        }
    }

    /// The `<use>` with id `id` in an animated SVG, its own attributes as a keyframe; nil when there is none.
    static func still(_ svg: String, id: String) -> ParsedKeyframe? {
        guard let root = try? XMLNode.parse(svg),
              let use = root.elements(named: "use").first(where: { $0.attributes["id"] == id })
        else { return nil }
        return still(transform: use.attributes["transform"] ?? "", opacity: Double(use.attributes["opacity"] ?? "1") ?? .nan)
    }

    /// An element's own `transform` attribute (SVG syntax: `translate(1 2) rotate(3)`) and opacity as a keyframe.
    static func still(transform: String, opacity: Double) -> ParsedKeyframe {
        var frame = ParsedKeyframe(percent: 0, translate: (0, 0), rotation: 0, scale: (1, 1), skew: 0, inner: nil, opacity: opacity)
        // As CSS writes it: arguments apart by commas, functions by spaces.
        let css = String(transform.map { $0 == " " ? "," : $0 }).replacingOccurrences("),", ") ")
        setTransform(functions(css), of: &frame)
        return frame
    }

    /// Sets the transform of `frame` from its functions: only the first
    /// translate is the position; a second one is the inner offset.
    private static func setTransform(_ functions: [(name: String, arguments: [Double])], of frame: inout ParsedKeyframe) {
        var sawTranslate = false
        for function in functions {
            switch function.name {
            case "translate" where !sawTranslate:
                frame.translate = (function.arguments[0], function.arguments[1])
                sawTranslate = true
            case "translate": frame.inner = (function.arguments[0], function.arguments[1])
            case "skewX": frame.skew = function.arguments[0]
            case "rotate": frame.rotation = function.arguments[0]
            case "scale": frame.scale = (function.arguments[0], function.arguments.count > 1 ? function.arguments[1] : function.arguments[0])
            default: break
            }
        }
    }
}

extension StringProtocol {
    func trimmingCharacters(in set: Character) -> String {
        String(drop(while: { $0 == set }).reversed().drop(while: { $0 == set }).reversed())
    }

    func replacingOccurrences(_ target: String, _ replacement: String) -> String {
        var out = "", rest = Substring(self)
        while let range = rest.range(of: target) {
            out += rest[..<range.lowerBound] + replacement
            rest = rest[range.upperBound...]
        }
        return out + rest
    }
}
