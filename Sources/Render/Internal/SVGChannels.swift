import Animator
import Director

/// A sprite's animated channels at every frame, as the SVG prints them.
///
/// Channels: x, y, rotation (°), scale x, scale y, the SVG `skewX` angle (°, the
/// opposite of `GlyphState.skew`, see `GlyphState.transform(boxSize:)`), the inner offset
/// that puts the outline's pen origin on the box's baseline, opacity and the
/// fill colour (0–255 per component). Which of them appear in the CSS is decided
/// once per sprite (`Shape`), so every keyframe of a sprite lists the same
/// transform functions and CSS interpolates them one by one.
///
/// Where the plan's curves say some of them exactly, the transform (channels
/// 0–7) and the appearance (8–11) are two animations, each easing on its own
/// curve; otherwise one animation carries both.
struct SpriteChannels {
    struct Shape {
        var rotates = false, scales = false, skews = false, tinted = false, offsetVaries = false
    }

    static let decimals = [2, 2, 2, 3, 3, 2, 2, 2, 3, 0, 0, 0]
    /// The channels of each animation.
    static let transformChannels = Array(0...7), appearanceChannels = Array(8...11)

    static func tolerances(_ shape: Shape) -> [Double] {
        [0.01, 0.01, 0.05, 0.002, 0.002, 0.05, 0.01, 0.01, 0.004, 1, 1, 1]
    }

    private(set) var track = KeyframeTrack()
    private(set) var blurTrack: KeyframeTrack?
    private(set) var shape = Shape()
    private(set) var constantOffset: Point?
    /// Whether the tinted colour is also written as `color` (for strokes in `currentColor`).
    var writesCurrentColor = false
    private let color: RenderColor

    /// The channels of a sprite's samples; tints only when `tints` (not under a gradient).
    init(_ samples: [SpriteFrame?], color: RenderColor, tints: Bool = true) {
        self.color = color
        let source = Self.held(samples)
        var offsets: [Point] = []
        var blurred = false
        var rows: [[Double]] = []
        var levels: [Int] = []
        for f in samples.indices {
            guard source[f] >= 0, let sprite = samples[source[f]] else {
                rows.append([0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0])
                levels.append(0)
                continue
            }
            let s = sprite.state
            let fill = color.tinted(s.tint).bytes
            let row = Self.row(sprite, present: samples[f] != nil, color: color)
            rows.append(row)
            offsets.append(Point(x: row[6], y: row[7]))
            // No filter on a glyph that shows nothing: Chromium paints a filtered
            // group whose only child has opacity 0 as a black box.
            let level = row[8] > 0 ? BlurLevels.level(for: s.blur) ?? 0 : 0
            levels.append(level)
            if level > 0 { blurred = true }
            if row[2] != 0 { shape.rotates = true }
            if row[3] != 1 || row[4] != 1 { shape.scales = true }
            if row[5] != 0 { shape.skews = true }
            if tints, s.tint.alpha > 0, (fill.red, fill.green, fill.blue) != (color.bytes.red, color.bytes.green, color.bytes.blue) {
                shape.tinted = true
            }
        }
        shape.offsetVaries = Set(offsets.map { [$0.x, $0.y] }).count > 1
        if !shape.offsetVaries { constantOffset = offsets.first ?? .zero }
        for (f, row) in rows.enumerated() { track.append(row, key: samples[f] == nil ? 0 : 1) }
        if blurred {
            var blur = KeyframeTrack()
            for level in levels { blur.append([], key: level) }
            blurTrack = blur
        }
    }

    /// A sample's channels, rounded as printed (opacity 0 where the sprite is absent).
    static func row(_ sprite: SpriteFrame, present: Bool, color: RenderColor) -> [Double] {
        let s = sprite.state
        let fill = color.tinted(s.tint).bytes
        let offset = Point(x: -sprite.boxSize.width / 2, y: sprite.baselineOffset)
        var row = [
            // GlyphState.skew leans the top right when positive; y points down, so SVG's skewX takes -skew.
            s.position.x, s.position.y, s.rotation * 180 / .pi, s.scaleX, s.scaleY, -s.skew * 180 / .pi,
            offset.x, offset.y, present ? min(max(s.opacity, 0), 1) : 0,
            Double(fill.red), Double(fill.green), Double(fill.blue),
        ]
        for k in row.indices { row[k] = NumberFormat.rounded(row[k], decimals[k]) }
        return row
    }

    /// For every frame, the frame whose sample it shows: itself when the sprite
    /// is present, else the nearest present frame (the previous one, else the next).
    ///
    /// - Complexity: O(frames).
    static func held(_ samples: [SpriteFrame?]) -> [Int] {
        var source = [Int](repeating: -1, count: samples.count)
        var previous = -1
        for f in samples.indices {
            if samples[f] != nil { previous = f }
            source[f] = previous
        }
        var next = -1
        for f in samples.indices.reversed() {
            if samples[f] != nil { next = f }
            if source[f] < 0 { source[f] = next }
        }
        return source
    }

    /// The CSS declarations of one keyframe of the transform.
    func transformCSS(_ v: [Double]) -> String {
        var out = "transform:translate(\(px(v[0])),\(px(v[1])))"
        if shape.rotates { out += " rotate(\(NumberFormat.fixed(v[2], 2))deg)" }
        if shape.scales { out += " scale(\(NumberFormat.fixed(v[3], 3)),\(NumberFormat.fixed(v[4], 3)))" }
        if shape.skews { out += " skewX(\(NumberFormat.fixed(v[5], 2))deg)" }
        if shape.offsetVaries { out += " translate(\(px(v[6])),\(px(v[7])))" }
        return out
    }

    /// The CSS declarations of one keyframe of the appearance.
    func appearanceCSS(_ v: [Double], present: Bool) -> String {
        var out = "opacity:\(NumberFormat.fixed(present ? v[8] : 0, 3))"
        if shape.tinted { out += ";fill:\(hex(v))" }
        if shape.tinted && writesCurrentColor { out += ";color:\(hex(v))" }
        return out
    }

    /// The CSS declarations of one keyframe of transform and appearance in one
    /// animation (a sprite's or a shape's whose curves are all sampled).
    func css(_ v: [Double], present: Bool) -> String {
        transformCSS(v) + ";" + appearanceCSS(v, present: present)
    }

    /// Both animations of a sprite written by `writer` under `name`, eased on
    /// the plan's curves where `spans` give them; the animation names.
    func animate(
        _ name: String, spans: (transform: [CurveSpans.Span], appearance: [CurveSpans.Span]), writer: inout KeyframeWriter
    ) -> String {
        let tolerances = Self.tolerances(shape)
        // Without a curve to say exactly, one animation for both, as few keyframes as they need together.
        if spans.transform.isEmpty && spans.appearance.isEmpty {
            return writer.animate(name, track: track, tolerances: tolerances) { values, key in css(values, present: key != 0) }
        }
        let fps = writer.segments.fps, color = self.color
        func row(_ sprite: SpriteFrame) -> [Double] { Self.row(sprite, present: true, color: color) }
        let parts = [
            // Where the sprite is absent its opacity is 0 (a row says so): its transform
            // does not matter there, and it vanishes where its opacity jumps.
            KeyframeWriter.Part(
                channels: Self.transformChannels, spans: spans.transform.map { $0.track(fps: fps, row: row) },
                keys: .absentIgnored),
            KeyframeWriter.Part(
                suffix: "o", channels: Self.appearanceChannels, spans: spans.appearance.map { $0.track(fps: fps, row: row) },
                keys: .steps),
        ]
        return writer.animate(name, track: track, tolerances: tolerances, parts: parts) { part, values, key in
            part == 0 ? transformCSS(values) : appearanceCSS(values, present: key != 0)
        }
    }

    /// The attributes showing frame `f` without CSS: `transform`, `opacity`, `fill`.
    func staticAttributes(at f: Int) -> String {
        let v = track.values[f]
        var t = "translate(\(NumberFormat.fixed(v[0], 2)) \(NumberFormat.fixed(v[1], 2)))"
        if shape.rotates { t += " rotate(\(NumberFormat.fixed(v[2], 2)))" }
        if shape.scales { t += " scale(\(NumberFormat.fixed(v[3], 3)) \(NumberFormat.fixed(v[4], 3)))" }
        if shape.skews { t += " skewX(\(NumberFormat.fixed(v[5], 2)))" }
        if shape.offsetVaries { t += " translate(\(NumberFormat.fixed(v[6], 2)) \(NumberFormat.fixed(v[7], 2)))" }
        var out = " transform=\"\(t)\""
        let opacity = track.keys[f] == 0 ? 0 : v[8]
        if opacity != 1 { out += " opacity=\"\(NumberFormat.fixed(opacity, 3))\"" }
        if shape.tinted { out += " fill=\"\(hex(v))\"" }
        if shape.tinted && writesCurrentColor { out += " color=\"\(hex(v))\"" }
        return out
    }

    private func px(_ x: Double) -> String { NumberFormat.fixed(x, 2) + "px" }

    private func hex(_ v: [Double]) -> String {
        RenderColor(red: v[9] / 255, green: v[10] / 255, blue: v[11] / 255).rgbHex
    }
}

/// A particle track's channels at every frame: x, y, scale of its circle, opacity.
struct ParticleChannels {
    static let tolerances = [0.05, 0.05, 0.01, 0.01]

    private(set) var track = KeyframeTrack()
    /// The circle's radius (its largest, gradient edge included); keyframes scale it down.
    let radius: Double

    init(_ particles: ParticleTrack, frameCount: Int) {
        let largest = particles.samples.map(\.radius).max() ?? 0
        radius = max(largest, 0.01) * SVGDocument.particleSoftness
        for f in 0..<frameCount {
            let i = min(max(f - particles.startFrame, 0), particles.samples.count - 1)
            let p = particles.samples[i]
            let present = f >= particles.startFrame && f <= particles.endFrame
            let row = [
                NumberFormat.rounded(p.position.x, 2), NumberFormat.rounded(p.position.y, 2),
                NumberFormat.rounded(max(p.radius, 0) * SVGDocument.particleSoftness / radius, 2),
                present ? NumberFormat.rounded(min(max(p.opacity, 0), 1), 2) : 0,
            ]
            track.append(row, key: present ? 1 : 0)
        }
    }

    func css(_ v: [Double], present: Bool) -> String {
        "transform:translate(\(NumberFormat.fixed(v[0], 2))px,\(NumberFormat.fixed(v[1], 2))px) scale(\(NumberFormat.fixed(v[2], 2)));opacity:\(NumberFormat.fixed(present ? v[3] : 0, 2))"
    }

    func staticAttributes(at f: Int) -> String {
        let v = track.values[f]
        let opacity = track.keys[f] == 0 ? 0 : v[3]
        return " transform=\"translate(\(NumberFormat.fixed(v[0], 2)) \(NumberFormat.fixed(v[1], 2))) scale(\(NumberFormat.fixed(v[2], 2)))\" opacity=\"\(NumberFormat.fixed(opacity, 2))\""
    }
}
