import Animator
import CCairo
import Typesetter

/// A Cairo image surface and its drawing context.
///
/// Confined: one canvas is made, drawn and read by one call on one thread, and
/// never shared, so it is not `Sendable`. Cairo objects are freed in `deinit`.
final class CairoCanvas {
    let width: Int, height: Int
    let surface: OpaquePointer
    let context: OpaquePointer

    convenience init(width: Int, height: Int, format: cairo_format_t = CAIRO_FORMAT_ARGB32) throws(RenderError) {
        try self.init(width: width, height: height, surface: cairo_image_surface_create(format, Int32(width), Int32(height)))
    }

    /// A canvas drawing into `pixels`, `width` × `height` ARGB32 words (premultiplied,
    /// native-endian, rows `width` words apart), which must outlive it.
    convenience init(width: Int, height: Int, pixels: UnsafeMutablePointer<UInt32>) throws(RenderError) {
        let bytes = UnsafeMutableRawPointer(pixels).assumingMemoryBound(to: UInt8.self)
        try self.init(
            width: width, height: height,
            surface: cairo_image_surface_create_for_data(bytes, CAIRO_FORMAT_ARGB32, Int32(width), Int32(height), Int32(width * 4)))
    }

    private init(width: Int, height: Int, surface: OpaquePointer) throws(RenderError) {
        self.width = width
        self.height = height
        self.surface = surface
        context = cairo_create(surface)
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, cairo_status(context) == CAIRO_STATUS_SUCCESS else {
            let message = String(cString: cairo_status_to_string(cairo_surface_status(surface)))
            cairo_destroy(context)
            cairo_surface_destroy(surface)
            throw .cannotDraw(message)
        }
    }

    deinit {
        cairo_destroy(context)
        cairo_surface_destroy(surface)
    }

    /// Completes Cairo's drawing into the pixels, so they can be read.
    func flush() {
        cairo_surface_flush(surface)
    }

    /// Ends the surface's use of its pixels: after this Cairo never reads or
    /// writes them (for pixels owned by someone else, before they are freed).
    func finish() {
        cairo_surface_finish(surface)
    }

    /// Fills the whole canvas with a colour, replacing what is there.
    func clear(to color: RenderColor) {
        cairo_save(context)
        cairo_set_operator(context, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_rgba(context, color.red, color.green, color.blue, color.alpha)
        cairo_paint(context)
        cairo_restore(context)
    }

    /// Replaces the current path with an outline mapped through `transform`.
    ///
    /// Quadratic segments become the equivalent cubics (Cairo has no quadratics).
    func setPath(_ path: GlyphPath, transform m: Transform) {
        cairo_new_path(context)
        var current = Point.zero
        for element in path.elements {
            switch element {
            case .move(let p):
                let q = m.apply(p)
                cairo_move_to(context, q.x, q.y)
                current = p
            case .line(let p):
                let q = m.apply(p)
                cairo_line_to(context, q.x, q.y)
                current = p
            case .quad(let c, let p):
                let c1 = m.apply(current + (c - current) * (2.0 / 3))
                let c2 = m.apply(p + (c - p) * (2.0 / 3))
                let q = m.apply(p)
                cairo_curve_to(context, c1.x, c1.y, c2.x, c2.y, q.x, q.y)
                current = p
            case .cubic(let c1, let c2, let p):
                let a = m.apply(c1), b = m.apply(c2), q = m.apply(p)
                cairo_curve_to(context, a.x, a.y, b.x, b.y, q.x, q.y)
                current = p
            case .close:
                cairo_close_path(context)
            }
        }
    }

    /// Fills the current path with a colour at an opacity (non-zero winding).
    func fill(_ color: RenderColor, opacity: Double) {
        cairo_set_fill_rule(context, CAIRO_FILL_RULE_WINDING)
        cairo_set_source_rgba(context, color.red, color.green, color.blue, color.alpha * opacity)
        cairo_fill(context)
    }

    /// Fills the current path with the ink (its tinted colour, or its gradient
    /// placed through `toPixels`) at an opacity (non-zero winding).
    func fill(_ ink: Ink, tint: Tint, opacity: Double, toPixels: Transform) {
        cairo_set_fill_rule(context, CAIRO_FILL_RULE_WINDING)
        withSource(ink, tint: tint, opacity: opacity, toPixels: toPixels) { cairo_fill(context) }
    }

    /// Strokes the current path (already in pixels) with the ink's pen, the pen
    /// shaped by `pen` (the glyph's transform to pixels: it scales, rotates and
    /// skews with the glyph), at an opacity. A stroke of no width draws nothing.
    func stroke(_ ink: Ink, tint: Tint, opacity: Double, toPixels: Transform, pen: Transform) {
        guard ink.lineWidth > 0 else { return }
        withSource(ink, tint: tint, opacity: opacity, toPixels: toPixels) {
            cairo_save(context)
            // The path is already in device space; the matrix only shapes the pen.
            var matrix = cairo_matrix_t(xx: pen.a, yx: pen.b, xy: pen.c, yy: pen.d, x0: pen.tx, y0: pen.ty)
            cairo_set_matrix(context, &matrix)
            cairo_set_line_width(context, ink.lineWidth)
            cairo_set_line_cap(context, Self.cap(ink.cap))
            cairo_set_line_join(context, Self.join(ink.join))
            cairo_set_miter_limit(context, 10)
            cairo_stroke(context)
            cairo_restore(context)
        }
    }

    /// Runs `draw` with the ink as the source: its colour with the tint, or its
    /// gradient with every stop's alpha times `opacity`. The gradient's line is
    /// in layout space, placed in pixels by `toPixels`.
    private func withSource(_ ink: Ink, tint: Tint, opacity: Double, toPixels: Transform, _ draw: () -> Void) {
        guard let gradient = ink.gradient else {
            let color = ink.color(tinted: tint)
            cairo_set_source_rgba(context, color.red, color.green, color.blue, color.alpha * opacity)
            draw()
            return
        }
        let a = toPixels.apply(gradient.start), b = toPixels.apply(gradient.end)
        guard let pattern = cairo_pattern_create_linear(a.x, a.y, b.x, b.y) else { return }
        defer { cairo_pattern_destroy(pattern) }
        let last = Double(max(gradient.colors.count - 1, 1))
        for (i, c) in gradient.colors.enumerated() {
            cairo_pattern_add_color_stop_rgba(pattern, Double(i) / last, c.red, c.green, c.blue, c.alpha * opacity)
        }
        // Past the ends the end colours continue.
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        cairo_set_source(context, pattern)
        draw()
    }

    private static func cap(_ cap: StrokeStyle.Cap) -> cairo_line_cap_t {
        switch cap {
        case .butt: CAIRO_LINE_CAP_BUTT
        case .round: CAIRO_LINE_CAP_ROUND
        case .square: CAIRO_LINE_CAP_SQUARE
        }
    }

    private static func join(_ join: StrokeStyle.Join) -> cairo_line_join_t {
        switch join {
        case .miter: CAIRO_LINE_JOIN_MITER
        case .round: CAIRO_LINE_JOIN_ROUND
        case .bevel: CAIRO_LINE_JOIN_BEVEL
        }
    }

    /// Strokes the current path (in pixels) in opaque black with the ink's pen
    /// shaped by `pen`, for masks.
    func strokeMask(_ ink: Ink, pen: Transform) {
        stroke(Ink(solid: .black, like: ink), tint: .none, opacity: 1, toPixels: .identity, pen: pen)
    }

    /// Paints the ink through an 8-bit mask placed at (x, y), each mask pixel covering `scale` × `scale` pixels.
    func paint(_ ink: Ink, tint: Tint, opacity: Double, toPixels: Transform, mask: CairoCanvas, x: Int, y: Int, scale: Int = 1) {
        cairo_surface_flush(mask.surface)
        withSource(ink, tint: tint, opacity: opacity, toPixels: toPixels) {
            cairo_save(context)
            cairo_translate(context, Double(x), Double(y))
            cairo_scale(context, Double(scale), Double(scale))
            // The source was set in device space; the mask follows the new matrix.
            cairo_mask_surface(context, mask.surface, 0, 0)
            cairo_restore(context)
        }
    }

    /// Paints a colour glyph's picture (see `GlyphImage`) at an opacity, its
    /// rectangle mapped through `transform` (glyph space to pixels), smoothly resampled.
    func paint(_ image: GlyphImage, transform m: Transform, opacity: Double) {
        guard image.width > 0, image.height > 0, image.premultipliedBGRA.count == image.width * image.height * 4,
              image.rect.width > 0, image.rect.height > 0
        else { return }
        let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(image.width)))
        guard let picture = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(image.width), Int32(image.height)) else { return }
        defer { cairo_surface_destroy(picture) }
        cairo_surface_flush(picture)
        guard let data = cairo_image_surface_get_data(picture) else { return }
        Self.copyRows(of: image, to: data, stride: stride)
        cairo_surface_mark_dirty(picture)
        let r = image.rect
        let placed = Transform(
            a: r.width / Double(image.width), b: 0, c: 0, d: r.height / Double(image.height), tx: r.minX, ty: r.minY
        ).concatenating(m)
        cairo_save(context)
        var matrix = cairo_matrix_t(xx: placed.a, yx: placed.b, xy: placed.c, yy: placed.d, x0: placed.tx, y0: placed.ty)
        cairo_set_matrix(context, &matrix)
        cairo_set_source_surface(context, picture, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(context), CAIRO_FILTER_GOOD)
        cairo_new_path(context)
        cairo_rectangle(context, 0, 0, Double(image.width), Double(image.height))
        cairo_clip(context)
        cairo_paint_with_alpha(context, opacity)
        cairo_restore(context)
    }

    /// A colour glyph's picture as a `data:` URL of a PNG (for SVG and Lottie, which embed it).
    static func pngDataURL(of image: GlyphImage) throws(RenderError) -> String {
        let canvas = try CairoCanvas(width: max(image.width, 1), height: max(image.height, 1))
        if image.premultipliedBGRA.count == image.width * image.height * 4 {
            canvas.withPixels { data, stride in copyRows(of: image, to: data, stride: stride) }
        }
        return "data:image/png;base64," + Base64.encoded(try canvas.pngData())
    }

    /// A picture drawn again at `pixelsPerPoint` pixels per point, its top
    /// left corner moved out to `origin` (at or above and left of the rect's),
    /// with the filter ``paint(_:transform:opacity:)`` draws with: the rect
    /// grows by that much and to whole pixels, the picture's own pixels land
    /// where they did. The picture itself when it cannot be drawn.
    static func resampled(_ image: GlyphImage, origin: Point, pixelsPerPoint k: Double) -> GlyphImage {
        let r = image.rect
        let width = Int(((r.maxX - origin.x) * k - 1e-9).rounded(.up)), height = Int(((r.maxY - origin.y) * k - 1e-9).rounded(.up))
        guard k.isFinite, k > 0, width >= 1, height >= 1, width <= 4096, height <= 4096, image.width > 0, image.height > 0,
              image.premultipliedBGRA.count == image.width * image.height * 4,
              let source = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(image.width), Int32(image.height)),
              let target = try? CairoCanvas(width: width, height: height)
        else { return image }
        defer { cairo_surface_destroy(source) }
        cairo_surface_flush(source)
        guard let data = cairo_image_surface_get_data(source) else { return image }
        copyRows(of: image, to: data, stride: Int(cairo_image_surface_get_stride(source)))
        cairo_surface_mark_dirty(source)
        cairo_save(target.context)
        cairo_translate(target.context, (r.minX - origin.x) * k, (r.minY - origin.y) * k)
        cairo_scale(target.context, r.width * k / Double(image.width), r.height * k / Double(image.height))
        cairo_set_source_surface(target.context, source, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(target.context), CAIRO_FILTER_GOOD)
        cairo_new_path(target.context)
        cairo_rectangle(target.context, 0, 0, Double(image.width), Double(image.height))
        cairo_clip(target.context)
        cairo_paint(target.context)
        cairo_restore(target.context)
        target.flush()
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        target.withPixels { bytes, stride in
            for y in 0..<height {
                for x in 0..<(width * 4) { pixels[y * width * 4 + x] = bytes[y * stride + x] }
            }
        }
        let rect = Rect(x: origin.x, y: origin.y, width: Double(width) / k, height: Double(height) / k)
        return GlyphImage(width: width, height: height, premultipliedBGRA: pixels, rect: rect)
    }

    /// Copies a picture's rows into an ARGB32 surface's pixels: premultiplied
    /// BGRA bytes are ARGB32 words on little-endian machines.
    private static func copyRows(of image: GlyphImage, to data: UnsafeMutablePointer<UInt8>, stride: Int) {
        image.premultipliedBGRA.withUnsafeBufferPointer { pixels in
            for y in 0..<image.height {
                (data + y * stride).update(from: pixels.baseAddress! + y * image.width * 4, count: image.width * 4)
            }
        }
    }

    /// A soft disc: full colour at the centre fading to nothing at `radius`.
    func softDisc(center: Point, radius: Double, color: RenderColor, opacity: Double) {
        guard let pattern = cairo_pattern_create_radial(center.x, center.y, 0, center.x, center.y, radius) else { return }
        defer { cairo_pattern_destroy(pattern) }
        let a = color.alpha * opacity
        cairo_pattern_add_color_stop_rgba(pattern, 0, color.red, color.green, color.blue, a)
        cairo_pattern_add_color_stop_rgba(pattern, 0.4, color.red, color.green, color.blue, a * 0.8)
        cairo_pattern_add_color_stop_rgba(pattern, 1, color.red, color.green, color.blue, 0)
        cairo_set_source(context, pattern)
        cairo_new_path(context)
        cairo_arc(context, center.x, center.y, radius, 0, 2 * .pi)
        cairo_fill(context)
    }

    /// Runs `body` over the pixel bytes (rows `stride` apart), then tells Cairo they changed.
    func withPixels(_ body: (UnsafeMutablePointer<UInt8>, _ stride: Int) -> Void) {
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return }
        body(data, Int(cairo_image_surface_get_stride(surface)))
        cairo_surface_mark_dirty(surface)
    }

    /// The canvas as straight-alpha RGBA bytes, row after row.
    func rgba() -> [UInt8] {
        var out: [UInt8] = []
        rgba(into: &out)
        return out
    }

    /// The canvas as straight-alpha RGBA bytes in `out` (resized to fit, its
    /// storage reused from frame to frame). Fully transparent pixels get
    /// `clearColor` at alpha 0: a video's chroma, shared by neighbouring
    /// pixels, then does not darken the edges of text on a transparent background.
    func rgba(into out: inout [UInt8], clearColor: (red: UInt8, green: UInt8, blue: UInt8) = (0, 0, 0)) {
        cairo_surface_flush(surface)
        let count = width * height * 4
        if out.count != count { out = [UInt8](repeating: 0, count: count) }
        let (width, height) = (width, height)
        let clear = UInt32(clearColor.red) | UInt32(clearColor.green) << 8 | UInt32(clearColor.blue) << 16
        guard let data = cairo_image_surface_get_data(surface) else { return }
        let stride = Int(cairo_image_surface_get_stride(surface))
        out.withUnsafeMutableBytes { bytes in
            let pixels = bytes.bindMemory(to: UInt8.self)
            data.withMemoryRebound(to: UInt32.self, capacity: stride / 4 * height) { words in
                for y in 0..<height {
                    for x in 0..<width {
                        // ARGB32 is a native-endian 32-bit word with premultiplied colour.
                        let w = words[y * (stride / 4) + x]
                        let a = Int(w >> 24), r = Int((w >> 16) & 0xFF), g = Int((w >> 8) & 0xFF), b = Int(w & 0xFF)
                        let o = (y * width + x) * 4
                        if a == 0 {
                            pixels[o] = UInt8(clear & 0xFF)
                            pixels[o + 1] = UInt8((clear >> 8) & 0xFF)
                            pixels[o + 2] = UInt8(clear >> 16)
                            pixels[o + 3] = 0
                            continue
                        }
                        pixels[o] = UInt8((r * 255 + a / 2) / a)
                        pixels[o + 1] = UInt8((g * 255 + a / 2) / a)
                        pixels[o + 2] = UInt8((b * 255 + a / 2) / a)
                        pixels[o + 3] = UInt8(a)
                    }
                }
            }
        }
    }

    /// The canvas encoded as PNG bytes.
    func pngData() throws(RenderError) -> [UInt8] {
        let sink = ByteSink()
        let status = cairo_surface_write_to_png_stream(surface, { closure, data, length in
            guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
            let sink = Unmanaged<ByteSink>.fromOpaque(closure).takeUnretainedValue()
            sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
            return CAIRO_STATUS_SUCCESS
        }, Unmanaged.passUnretained(sink).toOpaque())
        guard status == CAIRO_STATUS_SUCCESS else { throw .cannotDraw(String(cString: cairo_status_to_string(status))) }
        return sink.bytes
    }
}

/// Collects the bytes Cairo's PNG writer streams out (confined to one `pngData()` call).
private final class ByteSink {
    var bytes: [UInt8] = []
}
