/// The keyframes of one element read back from an animated SVG's style sheet.
struct ParsedKeyframe {
    var percent: Double
    var translate: (x: Double, y: Double)
    var rotation: Double  // degrees
    var scale: (x: Double, y: Double)
    var skew: Double  // degrees, as CSS skewX takes it
    var inner: (x: Double, y: Double)?  // a second translate, when the inner offset is animated
    var opacity: Double
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
                if pair[0] == "opacity" { frame.opacity = Double(pair[1]) ?? .nan }
                if pair[0] == "transform" {
                    // Only the first translate is the position; a second one is the inner offset.
                    var sawTranslate = false
                    for function in functions(pair[1]) {
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

    /// The keyframes' values at a percentage, interpolated linearly as CSS does.
    static func value(_ frames: [ParsedKeyframe], at percent: Double) -> ParsedKeyframe {
        guard let after = frames.firstIndex(where: { $0.percent >= percent }) else { return frames.last! }
        if after == 0 { return frames[0] }
        let a = frames[after - 1], b = frames[after]
        let f = b.percent == a.percent ? 1 : (percent - a.percent) / (b.percent - a.percent)
        func mix(_ x: Double, _ y: Double) -> Double { x + (y - x) * f }
        return ParsedKeyframe(
            percent: percent, translate: (mix(a.translate.x, b.translate.x), mix(a.translate.y, b.translate.y)),
            rotation: mix(a.rotation, b.rotation), scale: (mix(a.scale.x, b.scale.x), mix(a.scale.y, b.scale.y)),
            skew: mix(a.skew, b.skew),
            inner: a.inner.flatMap { i in b.inner.map { j in (mix(i.x, j.x), mix(i.y, j.y)) } },
            opacity: mix(a.opacity, b.opacity))
    }
}

extension StringProtocol {
    func trimmingCharacters(in set: Character) -> String {
        String(drop(while: { $0 == set }).reversed().drop(while: { $0 == set }).reversed())
    }
}
