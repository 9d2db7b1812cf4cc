import CFreeType
import Synchronization

/// What layouts need to know about the primary face without taking the lock.
struct FaceDescription: Sendable {
    var location: FontLocation
    var family: String
    var style: FaceStyle
    var unitsPerEm: Int
    var ascent: Int, descent: Int, lineGap: Int
}

/// The font machinery one or more ``FontLayout`` values share: a FreeType
/// library, the primary face, fallback faces opened on demand, and caches.
///
/// Sendable without `@unchecked`: every FreeType and HarfBuzz object lives in
/// `state`, behind a `Mutex`, and is only touched while it is held; the other
/// stored properties are immutable values. The objects are freed when the last
/// layout sharing the engine goes away (`EngineState`'s deinit).
final class FontEngine: Sendable {
    let primary: FaceDescription
    /// The family fallback fonts are sorted against (a fontconfig pattern,
    /// with the weight and slant asked for).
    let fallbackFamily: String
    /// The weight and slant asked for, by the caller or by style words ending
    /// the family's name (nil and false for a font file).
    let requested: (weight: FontWeight?, italic: Bool)
    private let state: Mutex<EngineState>

    init(source: FontSource, weight: FontWeight? = nil, italic: Bool = false) throws(TypesetterError) {
        let location: FontLocation
        var pattern: String?
        switch source {
        case .file(let path):
            if weight != nil || italic { throw .faceOfFile(path) }
            location = FontLocation(file: path, index: 0)
            requested = (nil, false)
        case .family(let name):
            let resolved = try Fontconfig.resolve(family: name, weight: weight, italic: italic)
            location = resolved.location
            pattern = resolved.pattern
            requested = (resolved.weight, resolved.italic)
        }
        var opened: FT_Library?
        guard FT_Init_FreeType(&opened) == 0, let library = opened else {
            throw .corruptFont(location.file, detail: "FreeType could not start")
        }
        let face: FontFace
        do {
            face = try FontFace.open(location, library: library)
        } catch {
            FT_Done_FreeType(library)
            throw error
        }
        primary = FaceDescription(
            location: location, family: face.family, style: face.style, unitsPerEm: face.unitsPerEm,
            ascent: face.ascent, descent: face.descent, lineGap: face.lineGap)
        fallbackFamily = pattern ?? face.family
        state = Mutex(EngineState(library: library, primary: face))
    }

    /// Shapes paragraphs (runs of Characters without newlines), using the cache.
    ///
    /// - Complexity: O(n) in the total number of Characters, plus a fontconfig
    ///   look-up the first time a Character the primary font lacks is seen.
    func shape(_ paragraphs: [ArraySlice<Character>]) -> [ShapedParagraph] {
        state.withLock { state in
            paragraphs.map { state.shapedParagraph($0, fallbackFamily: fallbackFamily) }
        }
    }

    /// The drawing an id names at `size` (see `DrawingRegistry`).
    func drawing(_ id: Int32, size: Double) -> ShapedGlyph? {
        state.withLock { $0.drawing(id, size: size) }
    }

    /// The code points of each Character no installed font has.
    func missingScalars(of characters: [Character]) -> [[Unicode.Scalar]] {
        state.withLock { state in
            characters.map { state.missingScalars(of: $0, fallbackFamily: fallbackFamily) }
        }
    }

    /// How much the caches hold, for tests of their bounds.
    var cacheSizes: (paragraphs: Int, characters: Int, faces: Int) {
        state.withLock { $0.cacheSizes }
    }

    /// The outline and shape key of every Character of shaped paragraphs at `size`;
    /// Characters drawn alike share their storage.
    ///
    /// - Complexity: O(g) in the number of glyphs, plus FreeType decomposition
    ///   the first time each glyph is seen.
    func outlines(of paragraphs: [ShapedParagraph], size: Double) -> [[ShapedGlyph]] {
        state.withLock { state in
            var drawn: [EngineState.DrawnKey: ShapedGlyph] = [:]
            return paragraphs.map { state.outlines(of: $0, size: size, sharing: &drawn) }
        }
    }
}
