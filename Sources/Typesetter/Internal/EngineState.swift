import Animator
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
    var paragraphCache: [ParagraphKey: ShapedParagraph] = [:]
    /// Drawings made by `drawing(_:size:)`, by id and size (emptied when it grows
    /// past `drawingCacheLimit`): a layout asks at its own size, but the engine is
    /// not told it will only ever be asked at one.
    var drawingCache: [DrawingKey: ShapedGlyph] = [:]
    static let drawingCacheLimit = 4096
    /// One reusable HarfBuzz buffer (`hb_buffer_t *`).
    let buffer: OpaquePointer

    /// The Characters of the paragraphs in `paragraphCache`.
    var cachedCharacters = 0

    /// Shaped paragraphs kept for reuse; the cache is emptied when it grows past
    /// this many, or past ``FontLayout/cachedCharacterBudget`` Characters: a
    /// count alone let 512 long paragraphs pile up gigabytes.
    static let paragraphCacheLimit = 512
    /// The longest paragraph worth caching, in Characters: a quarter of the budget.
    static let cachedParagraphLimit = FontLayout.cachedCharacterBudget / 4
    /// Characters whose face is remembered; the table is emptied when it grows past
    /// this (a text of ever new graphemes, such as random emoji, would grow it forever).
    static let faceSlotCacheLimit = 16_384

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
        // A paragraph too long to keep is not looked up either: building its key
        // would copy the whole text for nothing.
        guard text.count <= Self.cachedParagraphLimit else { return shape(text, fallbackFamily: fallbackFamily) }
        let key = ParagraphKey(text)
        if let cached = paragraphCache[key] { return cached }
        let shaped = shape(text, fallbackFamily: fallbackFamily)
        if paragraphCache.count >= Self.paragraphCacheLimit
            || cachedCharacters + text.count > FontLayout.cachedCharacterBudget {
            paragraphCache.removeAll(keepingCapacity: true)
            cachedCharacters = 0
        }
        paragraphCache[key] = shaped
        cachedCharacters += text.count
        return shaped
    }

    /// The slot of the face that draws `character`: the primary face when it
    /// has every code point (default-ignorable ones and controls aside), else
    /// the first font in fontconfig's order that has them all, else the first
    /// that has the first one, else the primary face (whose `.notdef` box then
    /// stands in for what no installed font can draw). A Character shown as an
    /// emoji (``Character/prefersEmojiPresentation``) goes to the first font of
    /// fontconfig's "emoji" family that has it all, before any of those.
    mutating func faceSlot(for character: Character, fallbackFamily: String) -> Int32 {
        if let slot = slotByCharacter[character] { return slot }
        let needed = character.neededScalars
        var slot: Int32 = 0
        if character.prefersEmojiPresentation, !needed.isEmpty, let emoji = colorSlot(covering: needed) {
            slot = emoji
        } else if !needed.isEmpty && !needed.allSatisfy(faces[0].covers) {
            slot = fallbackSlot(covering: needed, family: fallbackFamily)
                ?? (faces[0].covers(needed[0]) ? nil : fallbackSlot(covering: [needed[0]], family: fallbackFamily))
                ?? 0
        }
        if slotByCharacter.count >= Self.faceSlotCacheLimit { slotByCharacter.removeAll(keepingCapacity: true) }
        slotByCharacter[character] = slot
        return slot
    }

    /// The first colour font of fontconfig's "emoji" family that has every code point.
    private mutating func colorSlot(covering scalars: [UInt32]) -> Int32? {
        for location in Fontconfig.fallback(covering: scalars, family: "emoji") {
            guard let slot = openSlot(location), faces[Int(slot)].hasColor else { continue }
            if scalars.allSatisfy(faces[Int(slot)].covers) { return slot }
        }
        return nil
    }

    private mutating func fallbackSlot(covering scalars: [UInt32], family: String) -> Int32? {
        for location in Fontconfig.fallback(covering: scalars, family: family) {
            guard let slot = openSlot(location) else { continue }
            if scalars.allSatisfy(faces[Int(slot)].covers) { return slot }
        }
        return nil
    }

    /// The code points of `character` that the face chosen for it lacks: what
    /// no installed font can draw (the face is the best there is).
    mutating func missingScalars(of character: Character, fallbackFamily: String) -> [Unicode.Scalar] {
        let face = faces[Int(faceSlot(for: character, fallbackFamily: fallbackFamily))]
        return character.shapedScalars.filter {
            !$0.properties.isDefaultIgnorableCodePoint && $0.properties.generalCategory != .control
                && !$0.properties.isWhitespace && !face.covers($0.value)
        }
    }

    /// The slot of an opened face, opening it on first use; nil if it cannot be opened.
    mutating func openSlot(_ location: FontLocation) -> Int32? {
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

    /// How much the caches hold: (paragraphs, their Characters, remembered faces).
    var cacheSizes: (paragraphs: Int, characters: Int, faces: Int) {
        (paragraphCache.count, cachedCharacters, slotByCharacter.count)
    }

    /// A drawing of `drawing(_:size:)`: its id and the bits of its size.
    struct DrawingKey: Hashable {
        var id: Int32
        var size: UInt64
    }

    /// A drawing already made: the face slot and the shape key.
    struct DrawnKey: Hashable {
        var slot: Int
        var shapeKey: String
    }

    /// The drawing of every Character of a paragraph at `size`.
    ///
    /// Characters drawn with the same glyphs share one `ShapedGlyph` from
    /// `drawn` (its path's storage and its key's): a long text repeats a few
    /// dozen shapes, and a copy per Character cost about a kilobyte each
    /// (2.5 GB for two million Characters).
    mutating func outlines(
        of paragraph: ShapedParagraph, size: Double, sharing drawn: inout [DrawnKey: ShapedGlyph]
    ) -> [ShapedGlyph] {
        (0..<paragraph.count).map { i in
            draw(slot: Int(paragraph.faceSlots[i]), glyphs: paragraph.glyphs[paragraph.glyphRange(of: i)], size: size, sharing: &drawn)
        }
    }

    /// The drawing an id of `DrawingRegistry` names, at `size` (nil for an id
    /// never given, one a pen names, or one whose face cannot be opened any more).
    mutating func drawing(_ id: Int32, size: Double) -> ShapedGlyph? {
        let cacheKey = DrawingKey(id: id, size: size.bitPattern)
        if let cached = drawingCache[cacheKey] { return cached }
        guard case .glyphs(let location, let glyphs)? = DrawingRegistry.key(of: id), let slot = openSlot(location) else {
            return nil
        }
        var drawn: [DrawnKey: ShapedGlyph] = [:]
        let drawing = draw(slot: Int(slot), glyphs: glyphs[...], size: size, sharing: &drawn)
        if drawingCache.count >= Self.drawingCacheLimit { drawingCache.removeAll(keepingCapacity: true) }
        drawingCache[cacheKey] = drawing
        return drawing
    }

    /// The drawing of glyphs of the face in `slot` at `size`: their outlines in
    /// one path and the pictures of the colour ones.
    private mutating func draw(
        slot: Int, glyphs: ArraySlice<PlacedGlyph>, size: Double, sharing drawn: inout [DrawnKey: ShapedGlyph]
    ) -> ShapedGlyph {
        let location = faces[slot].location
        var key = ""
        for glyph in glyphs where !faces[slot].outline(glyph: glyph.id).isEmpty || faces[slot].image(glyph: glyph.id) != nil {
            key += key.isEmpty ? "\(location.file)#\(location.index)@\(size):" : ";"
            key += "\(glyph.id),\(glyph.x),\(glyph.y)"
        }
        // Blank Characters all have the empty key; the slot keeps their font files apart.
        let memo = DrawnKey(slot: slot, shapeKey: key)
        if let shared = drawn[memo] { return shared }
        let scale = size / Double(faces[slot].unitsPerEm)
        var elements: [GlyphPath.Element] = []
        var images: [GlyphImage] = []
        for glyph in glyphs {
            let dx = Double(glyph.x) * scale, dy = Double(glyph.y) * scale
            if let image = faces[slot].image(glyph: glyph.id) {
                images.append(image.placed(scale: scale, dx: dx, dy: dy))
                continue
            }
            let outline = faces[slot].outline(glyph: glyph.id)
            guard !outline.isEmpty else { continue }
            elements += outline.scaled(by: scale, dx: dx, dy: dy).elements
        }
        let shaped = ShapedGlyph(
            outline: GlyphPath(elements: elements), shapeKey: key, fontFile: location.file, images: images)
        drawn[memo] = shaped
        return shaped
    }
}
