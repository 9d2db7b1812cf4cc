#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Analyzer
import Animator
import CCairo
import Director
import Effects
import Render
import TestSupport
import Typesetter

/// The default font of the tests.
func dejaVu(size: Double = 32, alignment: TextAlignment = .leading) throws -> FontLayout {
    try FontLayout(font: .family("DejaVu Sans"), size: size, alignment: alignment)
}

/// A timeline recorded with DejaVu Sans and the given effect.
func fontTimeline(
    _ texts: [String], effect: any EffectBlueprint = ScaleEffect(), size: Double = 32, fps: Double = 30,
    alignment: TextAlignment = .leading, interval: Double? = nil, hold: Double = 0, seed: UInt64 = 0
) throws -> Timeline {
    try Timeline(
        texts: texts, layout: dejaVu(size: size, alignment: alignment), effect: effect, style: .snappy,
        preference: .alwaysAnimate, seed: seed, interval: interval, fps: fps, hold: hold)
}

/// Writes a string to a file.
func writeFile(_ text: String, to path: String) throws {
    guard let handle = fopen(path, "wb") else { throw TestFailure("cannot create \(path)") }
    defer { fclose(handle) }
    let bytes = Array(text.utf8)
    guard bytes.isEmpty || fwrite(bytes, 1, bytes.count, handle) == bytes.count else { throw TestFailure("cannot write \(path)") }
}

/// A PNG decoded by Cairo into straight-alpha RGBA.
func decodePNG(_ path: String) throws -> RasterImage {
    guard let surface = cairo_image_surface_create_from_png(path), cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
        throw TestFailure("Cairo cannot decode \(path)")
    }
    defer { cairo_surface_destroy(surface) }
    let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
    let stride = Int(cairo_image_surface_get_stride(surface))
    guard let data = cairo_image_surface_get_data(surface) else { throw TestFailure("no pixels in \(path)") }
    var pixels = [UInt8](repeating: 0, count: width * height * 4)
    data.withMemoryRebound(to: UInt32.self, capacity: stride / 4 * height) { words in
        for y in 0..<height {
            for x in 0..<width {
                let w = words[y * stride / 4 + x]
                let a = Int(w >> 24)
                let o = (y * width + x) * 4
                guard a > 0 else { continue }
                pixels[o] = UInt8((Int((w >> 16) & 0xFF) * 255 + a / 2) / a)
                pixels[o + 1] = UInt8((Int((w >> 8) & 0xFF) * 255 + a / 2) / a)
                pixels[o + 2] = UInt8((Int(w & 0xFF) * 255 + a / 2) / a)
                pixels[o + 3] = UInt8(a)
            }
        }
    }
    return RasterImage(width: width, height: height, pixels: pixels)
}

/// An effect timed on cubic Béziers alone, no springs, tracks or tints:
/// every change is a plain from → to the renderers can say exactly. Entering
/// glyphs rise half their box and grow from 0.5; leaving ones sink and shrink;
/// persisting ones glide; transforms ease in and out over 0.6 s, opacity on
/// `fade` over 0.4 s.
struct EasedEffect: EffectBlueprint {
    static let fade = try! CubicBezier(x1: 0.3, y1: 0.1, x2: 0.2, y2: 0.9)

    var name: String { "eased" }

    /// Half a box lower, half the size, transparent: where glyphs arrive from and leave to.
    private func away(_ context: TransitionContext) -> GlyphState {
        var state = GlyphState()
        state.position.y = context.lineHeight / 2
        state.scale = 0.5
        state.opacity = 0
        return state
    }

    func entering(in context: TransitionContext) -> RoleTemplate {
        RoleTemplate(
            from: away(context), timing: .bezier(.easeInOut, duration: 0.6), opacityTiming: .bezier(Self.fade, duration: 0.4))
    }

    func exiting(in context: TransitionContext) -> RoleTemplate {
        RoleTemplate(
            to: away(context), timing: .bezier(.easeInOut, duration: 0.6), opacityTiming: .bezier(Self.fade, duration: 0.4))
    }

    func persisting(in context: TransitionContext) -> RoleTemplate {
        RoleTemplate(timing: .bezier(.easeInOut, duration: 0.6), opacityTiming: .bezier(Self.fade, duration: 0.4))
    }
}

/// The same frames as `timeline` without the plan's curves: every channel sampled and thinned.
func sampledOnly(_ timeline: Timeline) -> Timeline {
    Timeline(
        fps: timeline.fps, frames: timeline.frames, texts: timeline.texts, textTimes: timeline.textTimes,
        events: timeline.events, loop: timeline.loop, outlines: timeline.outlines)
}

/// How many times `needle` occurs in `text`.
func occurrences(of needle: String, in text: String) -> Int {
    var count = 0, rest = Substring(text)
    while let range = rest.range(of: needle) {
        count += 1
        rest = rest[range.upperBound...]
    }
    return count
}
