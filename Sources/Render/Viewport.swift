import Animator

/// How a timeline's bounds map onto a canvas of pixels: a natural size times a
/// scale, or fitted into a width and/or height.
///
/// Padding is in layout points and belongs to the fitted region: the content
/// plus `padding` on every side is scaled to fit, then centred.
///
/// ```swift
/// Viewport(scale: 2)                     // natural size, 2 pixels per point
/// Viewport(width: 640, height: 360)      // fitted and centred in 640×360
/// Viewport(width: 800)                   // 800 wide, as tall as the aspect needs
/// ```
public struct Viewport: Hashable, Sendable {
    /// The largest canvas side, in pixels.
    public static let maximumPixels = 16_384
    /// The largest canvas area, in pixels: 64 MB of RGBA, so that drawing and
    /// encoding a frame (a few such buffers) stays far under 512 MB.
    public static let maximumArea = 16_777_216

    /// The canvas width in pixels, or nil to follow from the height or the scale.
    public var width: Int?
    /// The canvas height in pixels, or nil to follow from the width or the scale.
    public var height: Int?
    /// Pixels per point when neither width nor height is given.
    public var scale: Double
    /// Space around the content, in points.
    public var padding: Double
    /// Whether odd sides grow by one pixel, for video encoders (H.264 with
    /// 4:2:0 chroma) that need even sizes; the content stays centred.
    public var evenSize: Bool

    /// A viewport; see the properties (padding in points, 16 by default).
    public init(width: Int? = nil, height: Int? = nil, scale: Double = 1, padding: Double = 16, evenSize: Bool = false) {
        self.width = width
        self.height = height
        self.scale = scale
        self.padding = padding
        self.evenSize = evenSize
    }

    /// Where a region of layout space lands on the canvas.
    public struct Placement: Hashable, Sendable {
        /// The canvas size in pixels.
        public var pixelWidth: Int, pixelHeight: Int
        /// Pixels per point.
        public var scale: Double
        /// The part of layout space the canvas shows (the SVG viewBox).
        public var region: Rect

        /// The canvas position of a layout point.
        public func pixel(_ p: Point) -> Point {
            Point(x: (p.x - region.minX) * scale, y: (p.y - region.minY) * scale)
        }
    }

    /// Places `bounds` (plus padding) on the canvas.
    ///
    /// - Throws: ``RenderError`` `.invalidSize` for a non-positive or
    ///   non-finite scale, padding below 0, a width or height below 1, a
    ///   side over ``maximumPixels`` or an area over ``maximumArea``.
    public func place(_ bounds: Rect) throws(RenderError) -> Placement {
        guard scale.isFinite, scale > 0 else { throw .invalidSize("scale", scale) }
        guard padding.isFinite, padding >= 0 else { throw .invalidSize("padding", padding) }
        if let width, width < 1 { throw .invalidSize("width", Double(width)) }
        if let height, height < 1 { throw .invalidSize("height", Double(height)) }
        // An empty recording still gets a point-sized canvas.
        let content = Rect(
            x: bounds.minX - padding, y: bounds.minY - padding,
            width: max(bounds.width, 1) + 2 * padding, height: max(bounds.height, 1) + 2 * padding)
        let k: Double
        switch (width, height) {
        case let (w?, h?): k = min(Double(w) / content.width, Double(h) / content.height)
        case let (w?, nil): k = Double(w) / content.width
        case let (nil, h?): k = Double(h) / content.height
        case (nil, nil): k = scale
        }
        let limit = Double(Self.maximumPixels)
        var w = width.map(Double.init) ?? max((content.width * k - 1e-6).rounded(.up), 1)
        var h = height.map(Double.init) ?? max((content.height * k - 1e-6).rounded(.up), 1)
        if evenSize {
            if w.isFinite, w.truncatingRemainder(dividingBy: 2) != 0 { w += 1 }
            if h.isFinite, h.truncatingRemainder(dividingBy: 2) != 0 { h += 1 }
        }
        guard k.isFinite, k > 0, w.isFinite, h.isFinite, w <= limit, h <= limit, w * h <= Double(Self.maximumArea) else {
            throw .canvasTooLarge(width: w.isFinite ? Int(min(w, 1e12)) : -1, height: h.isFinite ? Int(min(h, 1e12)) : -1)
        }
        let pw = Int(w), ph = Int(h)
        // The canvas shows the content centred; widen the region to the canvas's aspect.
        let regionWidth = Double(pw) / k, regionHeight = Double(ph) / k
        let region = Rect(
            x: content.minX - (regionWidth - content.width) / 2, y: content.minY - (regionHeight - content.height) / 2,
            width: regionWidth, height: regionHeight)
        return Placement(pixelWidth: pw, pixelHeight: ph, scale: k, region: region)
    }
}
