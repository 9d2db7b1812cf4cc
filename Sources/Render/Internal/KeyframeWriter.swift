import Animator

/// Writes `@keyframes` rules and the animation rules that use them.
struct KeyframeWriter {
    let prefix: String
    let segments: AnimationSegments
    let percentDecimals: Int
    private(set) var rules = ""

    init(prefix: String, segments: AnimationSegments, percentDecimals: Int) {
        self.prefix = prefix
        self.segments = segments
        self.percentDecimals = percentDecimals
    }

    /// One animation of an element: some of its track's channels, with the
    /// spans the plan's curves describe exactly.
    struct Part {
        /// Appended to the element's name to name the part's keyframes.
        var suffix = ""
        /// The channels the part animates (nil: all).
        var channels: [Int]?
        var spans: [KeyframeTrack.Span] = []
        /// What the track's keys mean to the part.
        var keys = KeyframeTrack.Keys.shown
    }

    /// Adds the keyframes of an element; returns its animation names ("" when it never changes).
    mutating func animate(
        _ name: String, track: KeyframeTrack, tolerances: [Double], css: ([Double], Int) -> String
    ) -> String {
        animate(name, track: track, tolerances: tolerances, parts: [Part()]) { _, values, key in css(values, key) }
    }

    /// Adds the keyframes of an element animated in parts (each its own
    /// animation, so each eases on its own curve); returns its animation names,
    /// part by part, "" when nothing changes. `css` writes the declarations of
    /// one keyframe of part n from its values and key.
    mutating func animate(
        _ name: String, track: KeyframeTrack, tolerances: [Double], parts: [Part], css: (Int, [Double], Int) -> String
    ) -> String {
        var epsilon = 1.0
        for _ in 0..<percentDecimals { epsilon /= 10 }
        // With a loop every part lists two animations (intro, loop), "none" for one
        // that never changes, so that the shared durations and delays, repeated
        // over the list, line up.
        let paired = segments.loop != nil
        var names: [String] = []
        var any = false
        for (n, part) in parts.enumerated() {
            for (suffix, range) in [("", segments.intro), ("l", segments.loop)] {
                guard let range else {
                    if paired && suffix == "" { names.append("none") }
                    continue
                }
                let frames = track.keyframes(
                    range, channels: part.channels, tolerances: tolerances, epsilon: epsilon, spans: part.spans,
                    keys: part.keys)
                let channels = part.channels ?? Array(frames[0].values.indices)
                let constant = frames.allSatisfy { k in
                    k.key == frames[0].key && channels.allSatisfy { k.values[$0] == frames[0].values[$0] }
                }
                if constant {
                    if paired { names.append("none") }
                    continue
                }
                any = true
                let keyframes = name + part.suffix + suffix
                names.append(keyframes)
                rules += "@keyframes \(keyframes){"
                for k in frames {
                    rules += NumberFormat.fixed(k.percent, percentDecimals) + "%{" + css(n, k.values, k.key)
                    if let easing = k.easing, easing != .linear { rules += ";animation-timing-function:" + Self.css(easing) }
                    rules += "}"
                }
                rules += "}\n"
            }
        }
        guard any else { return "" }
        let list = names.joined(separator: ",")
        rules += "#\(name){animation-name:\(list)}\n"
        return list
    }

    /// A cubic Bézier easing as CSS writes it, with the curve's own numbers.
    static func css(_ easing: CubicBezier) -> String {
        let numbers = [easing.x1, easing.y1, easing.x2, easing.y2].map { NumberFormat.fixed($0, 6) }
        return "cubic-bezier(" + numbers.joined(separator: ",") + ")"
    }

    /// The style sheet: the shared animation settings, then every element's rules.
    func style() -> String {
        var shared = "animation-timing-function:linear;animation-fill-mode:forwards;"
        func seconds(_ frames: Int) -> String { NumberFormat.fixed(Double(frames) / segments.fps, 3) + "s" }
        switch (segments.intro, segments.loop) {
        case let (intro?, loop?):
            let introLength = seconds(intro.count - 1)
            shared += "animation-duration:\(introLength),\(seconds(loop.count - 1));"
            shared += "animation-delay:0s,\(introLength);animation-iteration-count:1,infinite;"
        case let (nil, loop?):
            shared += "animation-duration:0s,\(seconds(loop.count - 1));animation-iteration-count:1,infinite;"
        case let (intro?, nil):
            shared += "animation-duration:\(seconds(intro.count - 1));"
            shared += "animation-iteration-count:\(segments.replay ? "infinite" : "1");"
        case (nil, nil):
            return ""
        }
        shared += "transform-box:view-box;transform-origin:0 0"
        var out = ".\(prefix)a{\(shared)}\n"
        out += "@media (prefers-reduced-motion:reduce){.\(prefix)a{animation:none}}\n"
        return out + rules
    }
}

extension KeyframeWriter {
    /// `content` in a group that blurs it by the sprite's blur level at every
    /// frame (`blur` keys: 0 none, else the document's filter of that level),
    /// showing the last frame's level when animations do not run.
    mutating func blurGroup(_ name: String, blur: KeyframeTrack, last: Int, doc: inout SVGDocument, content: String) -> String {
        let prefix = self.prefix
        let animation = animate(name, track: blur, tolerances: []) { _, level in
            level == 0 ? "filter:none" : "filter:url(#\(prefix)b\(level))"
        }
        for level in Set(blur.keys).sorted() where level > 0 { _ = doc.blurFilter(level) }
        var group = "<g id=\"\(name)\""
        if !animation.isEmpty { group += " class=\"\(prefix)a\"" }
        if blur.keys[last] > 0 { group += " filter=\"url(#\(prefix)b\(blur.keys[last]))\"" }
        return group + ">" + content + "</g>\n"
    }
}
