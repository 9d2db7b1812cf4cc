/// A picture in memory: straight-alpha RGBA bytes, row after row, top row first.
public struct RasterImage: Hashable, Sendable {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// `width × height × 4` bytes: red, green, blue, alpha (not premultiplied).
    public var pixels: [UInt8]

    /// An image from its bytes.
    ///
    /// - Precondition: `pixels.count == width × height × 4`.
    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height * 4, "a raster image needs width × height × 4 bytes")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The pixel at column x, row y (both from 0) as (r, g, b, a), each 0–255.
    public subscript(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        let o = (y * width + x) * 4
        return (pixels[o], pixels[o + 1], pixels[o + 2], pixels[o + 3])
    }
}
