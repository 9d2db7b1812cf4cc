import Animator
import CFreeType
import CHarfBuzz

/// One opened face: FreeType reads the file, its metrics and its outlines;
/// HarfBuzz shapes with its own OpenType functions on top of the same tables.
///
/// Why HarfBuzz's OpenType functions and not hb-ft's FreeType-backed ones:
/// the hb font is scaled to units per em, so advances and offsets come out in
/// exact, unhinted design units whatever size the text is set at, and shaping
/// never touches the FreeType face's size or glyph slot, which the outline
/// loader uses. The HarfBuzz face still reads its tables through FreeType
/// (`hb_ft_face_create_referenced`), so the file is parsed by one library and
/// whatever FreeType can open (including WOFF) shapes the same way.
///
/// Not thread-safe (neither library is): a face lives inside ``FontEngine``'s
/// lock and is freed by ``close()`` before the FreeType library is.
struct FontFace {
    let location: FontLocation
    /// The family name stored in the font.
    let family: String
    /// The face's style name ("Bold Oblique"), its weight (the OS/2 table's
    /// class, or 700 / 400 from FreeType's bold flag without one) and whether it slants.
    let style: FaceStyle
    let unitsPerEm: Int
    /// Vertical metrics in font units, all measured as positive distances.
    let ascent: Int, descent: Int, lineGap: Int
    private let ftFace: FT_Face
    /// The HarfBuzz font (`hb_font_t *`), scaled to `unitsPerEm`.
    let hbFont: OpaquePointer
    /// Outlines in font units with y pointing down, by glyph id.
    private var outlines: [UInt32: GlyphPath] = [:]
    /// Colour pictures by glyph id (nil: the glyph has none).
    private var images: [UInt32: GlyphImage?] = [:]
    /// Whether the font has colour glyphs (bitmaps such as Noto Color Emoji's, or layers).
    let hasColor: Bool
    /// The pixels per em of the bitmap strike colour bitmaps are read from (0: the font has no strikes).
    private let strikePixels: Int

    /// Opens face `location.index` of `location.file`, checking the file first.
    static func open(_ location: FontLocation, library: FT_Library) throws(TypesetterError) -> FontFace {
        let path = location.file
        let size = try FontFileCheck.size(
            ofFile: path, missing: { .fileNotFound(path, partNotAFolder: $0) }, notRegular: .notRegularFile(path))
        guard size > 0 else { throw .notAFont(path, detail: "the file is empty") }
        let verdict = FontFileCheck.inspect(path: path, fileSize: size, faceIndex: location.index & 0xFFFF)
        if case .damaged(let detail) = verdict { throw .corruptFont(path, detail: detail) }

        var opened: FT_Face?
        let error = FT_New_Face(library, path, location.index, &opened)
        guard error == 0, let face = opened else {
            if verdict == .sfnt { throw .corruptFont(path, detail: "FreeType error \(error) while reading its tables") }
            if Int(error) == FT_Err_Cannot_Open_Resource { throw .unreadableFile(path) }
            throw .notAFont(path)
        }
        let flags = face.pointee.face_flags
        // A colour bitmap font (Noto Color Emoji) has no outlines but draws as pictures.
        let hasColor = flags & FT_Long(FT_FACE_FLAG_COLOR) != 0
        let bitmapColor = hasColor && flags & FT_Long(FT_FACE_FLAG_FIXED_SIZES) != 0 && face.pointee.num_fixed_sizes > 0
        guard flags & FT_Long(FT_FACE_FLAG_SFNT) != 0, flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0 || bitmapColor else {
            let format = FT_Get_Font_Format(face).map { String(cString: $0) } ?? "unknown"
            FT_Done_Face(face)
            throw .notAFont(path, detail: "it is a \(format) font without OpenType outlines")
        }
        var unitsPerEm = Int(face.pointee.units_per_EM)
        var ascender = Int(face.pointee.ascender), descender = Int(face.pointee.descender)
        var height = Int(face.pointee.height)
        if flags & FT_Long(FT_FACE_FLAG_SCALABLE) == 0 {
            // FreeType leaves the design metrics of a bitmap-only face at 0; its tables have them.
            if let head = FT_Get_Sfnt_Table(face, FT_SFNT_HEAD)?.assumingMemoryBound(to: TT_Header.self) {
                unitsPerEm = Int(head.pointee.Units_Per_EM)
            }
            if let hhea = FT_Get_Sfnt_Table(face, FT_SFNT_HHEA)?.assumingMemoryBound(to: TT_HoriHeader.self) {
                ascender = Int(hhea.pointee.Ascender)
                descender = Int(hhea.pointee.Descender)
                height = ascender - descender + Int(hhea.pointee.Line_Gap)
            }
        }
        guard unitsPerEm > 0, face.pointee.num_glyphs > 0 else {
            FT_Done_Face(face)
            throw .corruptFont(path, detail: "it declares \(unitsPerEm) units per em and \(face.pointee.num_glyphs) glyphs")
        }

        guard let hbFace = hb_ft_face_create_referenced(face), let hbFont = hb_font_create(hbFace) else {
            FT_Done_Face(face)
            throw .corruptFont(path, detail: "HarfBuzz cannot read it")
        }
        hb_face_destroy(hbFace) // the font keeps its own reference
        hb_ot_font_set_funcs(hbFont)
        hb_font_set_scale(hbFont, Int32(unitsPerEm), Int32(unitsPerEm))

        var ascent = max(0, ascender)
        var descent = max(0, -descender)
        let lineGap = max(0, height - ascent - descent)
        if ascent + descent == 0 {
            // A font without vertical metrics still needs lines of some height.
            ascent = unitsPerEm * 4 / 5
            descent = unitsPerEm - ascent
        }
        let family = face.pointee.family_name.map { String(cString: $0) } ?? ""
        let style = FaceStyle(face)
        var strikePixels = 0
        if bitmapColor {
            // The largest strike: the sharpest pictures (Noto Color Emoji has one, 109 pixels per em).
            var best = 0
            for i in 0..<Int(face.pointee.num_fixed_sizes) where face.pointee.available_sizes[i].y_ppem > face.pointee.available_sizes[best].y_ppem {
                best = i
            }
            if FT_Select_Size(face, Int32(best)) == 0 {
                strikePixels = Int(face.pointee.available_sizes[best].y_ppem >> 6)
            }
        } else if hasColor {
            // Layered colour glyphs are rendered at this many pixels per em.
            strikePixels = FontFace.layeredPixels
            FT_Set_Pixel_Sizes(face, 0, UInt32(strikePixels))
        }
        return FontFace(
            location: location, family: family, style: style, unitsPerEm: unitsPerEm,
            ascent: ascent, descent: descent, lineGap: lineGap, ftFace: face, hbFont: hbFont, hasColor: hasColor,
            strikePixels: strikePixels)
    }

    /// The pixels per em layered colour glyphs are rendered at: sharp at 96
    /// points on a 2× screen, and a few kilobytes a glyph.
    static let layeredPixels = 160

    /// Frees the HarfBuzz font and the FreeType face (in that order: the hb face reads the FT face).
    func close() {
        hb_font_destroy(hbFont)
        FT_Done_Face(ftFace)
    }

    /// Whether the font maps the code point to a glyph of its own (not `.notdef`).
    func covers(_ scalar: UInt32) -> Bool {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(hbFont, scalar, &glyph) != 0 && glyph != 0
    }

    /// The outline of a glyph in font units, y down, origin at the glyph's pen
    /// position on the baseline; empty when the glyph has none or cannot be loaded.
    mutating func outline(glyph: UInt32) -> GlyphPath {
        if let cached = outlines[glyph] { return cached }
        let path = loadOutline(glyph: glyph)
        outlines[glyph] = path
        return path
    }

    /// The colour picture of a glyph, if the font draws it as one: a bitmap of
    /// the font's strike, or its colour layers rendered by FreeType. Placed in
    /// font units, y down, relative to the glyph's pen position.
    mutating func image(glyph: UInt32) -> GlyphImage? {
        guard hasColor, strikePixels > 0 else { return nil }
        if let cached = images[glyph] { return cached }
        let image = loadImage(glyph: glyph)
        images[glyph] = .some(image)
        return image
    }

    private func loadImage(glyph: UInt32) -> GlyphImage? {
        if ftFace.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0 {
            // A scalable font: only glyphs with colour layers are pictures; the rest are outlines.
            var layer: FT_UInt = 0, color: FT_UInt = 0
            var iterator = FT_LayerIterator()
            guard FT_Get_Color_Glyph_Layer(ftFace, glyph, &layer, &color, &iterator) != 0 else { return nil }
        }
        guard FT_Load_Glyph(ftFace, glyph, Int32(FT_LOAD_COLOR) | Int32(FT_LOAD_RENDER)) == 0,
              let slot = ftFace.pointee.glyph,
              slot.pointee.bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_BGRA.rawValue),
              slot.pointee.bitmap.width > 0, slot.pointee.bitmap.rows > 0,
              let buffer = slot.pointee.bitmap.buffer
        else { return nil }
        let bitmap = slot.pointee.bitmap
        let width = Int(bitmap.width), height = Int(bitmap.rows), pitch = Int(bitmap.pitch)
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            let row = pitch >= 0 ? y * pitch : (height - 1 - y) * -pitch
            for x in 0..<width * 4 { pixels[y * width * 4 + x] = buffer[row + x] }
        }
        // Pixels to font units: the strike's pixels per em against the units per em.
        let scale = Double(unitsPerEm) / Double(strikePixels)
        let rect = Rect(
            x: Double(slot.pointee.bitmap_left) * scale, y: -Double(slot.pointee.bitmap_top) * scale,
            width: Double(width) * scale, height: Double(height) * scale)
        return GlyphImage(width: width, height: height, premultipliedBGRA: pixels, rect: rect)
    }

    private func loadOutline(glyph: UInt32) -> GlyphPath {
        // NO_SCALE: design units, unhinted; scaling to the size happens in Double.
        guard FT_Load_Glyph(ftFace, glyph, Int32(FT_LOAD_NO_SCALE)) == 0,
              let slot = ftFace.pointee.glyph,
              slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE,
              slot.pointee.outline.n_contours > 0
        else { return .empty }
        var sink = OutlineSink()
        var funcs = FT_Outline_Funcs(
            move_to: { to, user in OutlineSink.from(user).pointee.move(to) },
            line_to: { to, user in OutlineSink.from(user).pointee.line(to) },
            conic_to: { control, to, user in OutlineSink.from(user).pointee.conic(control, to) },
            cubic_to: { c1, c2, to, user in OutlineSink.from(user).pointee.cubic(c1, c2, to) },
            shift: 0, delta: 0)
        let error = withUnsafeMutablePointer(to: &sink) { user in
            FT_Outline_Decompose(&slot.pointee.outline, &funcs, user)
        }
        guard error == 0 else { return .empty }
        return sink.finish()
    }
}

/// Collects FreeType's decomposition callbacks into path elements.
private struct OutlineSink {
    private var elements: [GlyphPath.Element] = []
    private var contourOpen = false

    static func from(_ user: UnsafeMutableRawPointer?) -> UnsafeMutablePointer<OutlineSink> {
        user!.assumingMemoryBound(to: OutlineSink.self)
    }

    private static func point(_ v: UnsafePointer<FT_Vector>?) -> Point {
        guard let v else { return .zero }
        return Point(x: Double(v.pointee.x), y: -Double(v.pointee.y))
    }

    mutating func move(_ to: UnsafePointer<FT_Vector>?) -> Int32 {
        if contourOpen { elements.append(.close) }
        elements.append(.move(to: Self.point(to)))
        contourOpen = true
        return 0
    }

    mutating func line(_ to: UnsafePointer<FT_Vector>?) -> Int32 {
        elements.append(.line(to: Self.point(to)))
        return 0
    }

    mutating func conic(_ control: UnsafePointer<FT_Vector>?, _ to: UnsafePointer<FT_Vector>?) -> Int32 {
        elements.append(.quad(control: Self.point(control), to: Self.point(to)))
        return 0
    }

    mutating func cubic(
        _ c1: UnsafePointer<FT_Vector>?, _ c2: UnsafePointer<FT_Vector>?, _ to: UnsafePointer<FT_Vector>?
    ) -> Int32 {
        elements.append(.cubic(control1: Self.point(c1), control2: Self.point(c2), to: Self.point(to)))
        return 0
    }

    mutating func finish() -> GlyphPath {
        if contourOpen { elements.append(.close) }
        contourOpen = false
        return GlyphPath(elements: elements)
    }
}

/// A face's style as the font states it.
struct FaceStyle: Hashable, Sendable {
    var name: String
    var weight: FontWeight
    var isItalic: Bool

    init(name: String, weight: FontWeight, isItalic: Bool) {
        self.name = name
        self.weight = weight
        self.isItalic = isItalic
    }

    /// Read from an open FreeType face.
    init(_ face: FT_Face) {
        name = face.pointee.style_name.map { String(cString: $0) } ?? ""
        let flags = face.pointee.style_flags
        var weight: FontWeight = flags & FT_Long(FT_STYLE_FLAG_BOLD) != 0 ? .bold : .regular
        var italic = flags & FT_Long(FT_STYLE_FLAG_ITALIC) != 0
        if let os2 = FT_Get_Sfnt_Table(face, FT_SFNT_OS2)?.assumingMemoryBound(to: TT_OS2.self), os2.pointee.version != 0xFFFF {
            if let stated = try? FontWeight(Double(os2.pointee.usWeightClass)) { weight = stated }
            // fsSelection bit 0: italic; bit 9: oblique.
            if os2.pointee.fsSelection & 0x201 != 0 { italic = true }
        }
        self.weight = weight
        isItalic = italic
    }
}
