/// A colour glyph's picture: the pixels a colour font draws a glyph with (an
/// emoji's bitmap, or its colour layers rendered), placed beside the outline.
///
/// The pixels are rows of premultiplied BGRA (blue, green, red, alpha; the
/// memory layout of Cairo's ARGB32 on little-endian machines), top to bottom.
/// ``rect`` places the picture in the same space as ``ShapedGlyph/outline``:
/// points, y down, relative to the Character's pen origin on the baseline.
public struct GlyphImage: Hashable, Sendable {
    /// The picture's size in pixels.
    public var width: Int
    public var height: Int
    /// `width × height × 4` bytes of premultiplied BGRA.
    public var premultipliedBGRA: [UInt8]
    /// Where the picture is drawn.
    public var rect: Rect

    /// Creates a picture from its parts.
    public init(width: Int, height: Int, premultipliedBGRA: [UInt8], rect: Rect) {
        self.width = width
        self.height = height
        self.premultipliedBGRA = premultipliedBGRA
        self.rect = rect
    }

    /// The picture scaled by `scale` and moved by `(dx, dy)` (its pixels stay).
    package func placed(scale: Double, dx: Double, dy: Double) -> GlyphImage {
        var copy = self
        copy.rect = Rect(x: rect.minX * scale + dx, y: rect.minY * scale + dy, width: rect.width * scale, height: rect.height * scale)
        return copy
    }

    /// The pixels as straight (not premultiplied) RGBA, rows top to bottom: what PNG encoders take.
    public var straightRGBA: [UInt8] {
        var out = [UInt8](repeating: 0, count: premultipliedBGRA.count)
        var i = 0
        while i + 3 < premultipliedBGRA.count {
            let b = Int(premultipliedBGRA[i]), g = Int(premultipliedBGRA[i + 1]), r = Int(premultipliedBGRA[i + 2])
            let a = Int(premultipliedBGRA[i + 3])
            if a > 0 {
                out[i] = UInt8(min((r * 255 + a / 2) / a, 255))
                out[i + 1] = UInt8(min((g * 255 + a / 2) / a, 255))
                out[i + 2] = UInt8(min((b * 255 + a / 2) / a, 255))
                out[i + 3] = UInt8(a)
            }
            i += 4
        }
        return out
    }
}
