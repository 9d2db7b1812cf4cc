import CFreeType
import CHarfBuzz

/// The mutable, non-thread-safe part of a ``FontEngine``; only reachable under its lock.
struct EngineState: ~Copyable {
    let library: FT_Library
    /// Slot 0 is the primary face; fallback faces are appended as they are needed.
    var faces: [FontFace]
    var slotByLocation: [FontLocation: Int32] = [:]
    var unusableLocations: Set<FontLocation> = []
    var slotByCharacter: [Character: Int32] = [:]
    var paragraphCache: [String: ShapedParagraph] = [:]
    /// One reusable HarfBuzz buffer (`hb_buffer_t *`).
    let buffer: OpaquePointer

    /// Shaped paragraphs kept for reuse; the cache is emptied when it grows past this.
    static let paragraphCacheLimit = 512

    init(library: FT_Library, primary: FontFace) {
        self.library = library
        self.faces = [primary]
        self.slotByLocation = [primary.location: 0]
        self.buffer = hb_buffer_create()
    }

    deinit {
        hb_buffer_destroy(buffer)
        for face in faces { face.close() }
        FT_Done_FreeType(library)
    }

    mutating func shapedParagraph(_ text: ArraySlice<Character>, fallbackFamily: String) -> ShapedParagraph {
        let key = String(text)
        if let cached = paragraphCache[key] { return cached }
        let shaped = shape(text, fallbackFamily: fallbackFamily)
        if paragraphCache.count >= Self.paragraphCacheLimit { paragraphCache.removeAll(keepingCapacity: true) }
        paragraphCache[key] = shaped
        return shaped
    }

    /// The slot of the face that draws `character`: the primary face when it
    /// has every code point (default-ignorable ones and controls aside), else
    /// the first font in fontconfig's order that has them all, else the first
    /// that has the first one, else the primary face (whose `.notdef` box then
    /// stands in for what no installed font can draw).
    mutating func faceSlot(for character: Character, fallbackFamily: String) -> Int32 {
        if let slot = slotByCharacter[character] { return slot }
        let needed = character.unicodeScalars.filter {
            !$0.properties.isDefaultIgnorableCodePoint && $0.properties.generalCategory != .control
        }.map(\.value)
        var slot: Int32 = 0
        if !needed.allSatisfy(faces[0].covers) {
            slot = fallbackSlot(covering: needed, family: fallbackFamily)
                ?? (faces[0].covers(needed[0]) ? nil : fallbackSlot(covering: [needed[0]], family: fallbackFamily))
                ?? 0
        }
        slotByCharacter[character] = slot
        return slot
    }

    private mutating func fallbackSlot(covering scalars: [UInt32], family: String) -> Int32? {
        for location in Fontconfig.fallback(covering: scalars, family: family) {
            guard let slot = openSlot(location) else { continue }
            if scalars.allSatisfy(faces[Int(slot)].covers) { return slot }
        }
        return nil
    }

    /// The slot of an opened face, opening it on first use; nil if it cannot be opened.
    private mutating func openSlot(_ location: FontLocation) -> Int32? {
        if let slot = slotByLocation[location] { return slot }
        guard !unusableLocations.contains(location),
              let face = try? FontFace.open(location, library: library)
        else {
            unusableLocations.insert(location)
            return nil
        }
        faces.append(face)
        let slot = Int32(faces.count - 1)
        slotByLocation[location] = slot
        return slot
    }

    mutating func outlines(of paragraph: ShapedParagraph, size: Double) -> [ShapedGlyph] {
        (0..<paragraph.count).map { i in
            let slot = Int(paragraph.faceSlots[i])
            let location = faces[slot].location
            let scale = size / Double(faces[slot].unitsPerEm)
            var elements: [GlyphPath.Element] = []
            var key = ""
            for glyph in paragraph.glyphs[paragraph.glyphRange(of: i)] {
                let outline = faces[slot].outline(glyph: glyph.id)
                guard !outline.isEmpty else { continue }
                elements += outline.scaled(by: scale, dx: Double(glyph.x) * scale, dy: Double(glyph.y) * scale).elements
                key += key.isEmpty ? "\(location.file)#\(location.index)@\(size):" : ";"
                key += "\(glyph.id),\(glyph.x),\(glyph.y)"
            }
            return ShapedGlyph(outline: GlyphPath(elements: elements), shapeKey: key, fontFile: location.file)
        }
    }
}
