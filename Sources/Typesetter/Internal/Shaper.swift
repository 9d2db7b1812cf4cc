import CHarfBuzz

/// Ligatures that merge letters are turned off so that every Character keeps
/// glyphs of its own: `liga` (standard) and `clig` (contextual). Required
/// ligatures (`rlig`, such as Arabic lam-alef) stay on: the script needs them.
private let shapingFeatures: [hb_feature_t] = [
    hb_feature_t(tag: 0x6C69_6761, value: 0, start: 0, end: UInt32.max), // liga
    hb_feature_t(tag: 0x636C_6967, value: 0, start: 0, end: UInt32.max), // clig
]

extension EngineState {
    /// Shapes one paragraph.
    ///
    /// 1. Each Character gets a face (``faceSlot(for:fallbackFamily:)``), a
    ///    script (its first scalar's; Common and Inherited characters take their
    ///    neighbour's) and a bidi level (``Bidi/levels(_:)``).
    /// 2. Maximal runs with the same face, level and script are shaped by
    ///    HarfBuzz together (so kerning applies inside a run), each with the
    ///    whole paragraph as context, direction from the level's parity. The
    ///    language is left unset so results never depend on the locale.
    /// 3. HarfBuzz clusters are UTF-8 byte offsets into the paragraph; each
    ///    glyph goes to the Character whose bytes contain its cluster. A
    ///    Character's advance is the sum of its glyphs' advances, and its glyphs
    ///    are placed relative to the pen position of its first (leftmost) glyph.
    ///    When HarfBuzz merges several Characters into one cluster (Arabic
    ///    lam-alef, some Indic conjuncts), the cluster value is the first
    ///    Character's offset: that Character gets every glyph and the whole
    ///    advance, the others none and zero, so each still has its own frame.
    ///    In scripts whose shaping ties letters together (``widensUnits(_:)``),
    ///    a Character HarfBuzz marks unsafe to break from the one before joins
    ///    its unit the same way: a joined Arabic run, a Khmer syllable with its
    ///    subscripts, is drawn whole by its first Character, so it moves and
    ///    changes as one and never shows an opened join.
    /// 4. HarfBuzz returns a right-to-left run in visual order; since glyphs are
    ///    recorded per Character, the line composer can place Characters in
    ///    visual order itself and reproduce HarfBuzz's positions.
    ///
    /// Control characters (tab and the like) are shaped as a space of the same
    /// UTF-8 length, so they show as blank space rather than a missing-glyph box.
    /// Only a Character's first ``FontLayout/maximumShapedScalars`` scalars are
    /// shaped (``Character/shapedScalars``): HarfBuzz's cost grows with the
    /// square of a cluster's length.
    ///
    /// - Complexity: O(n + g) in Characters and glyphs (each Character
    ///   contributing at most 32 scalars).
    mutating func shape(_ text: ArraySlice<Character>, fallbackFamily: String) -> ShapedParagraph {
        let count = text.count
        var result = ShapedParagraph()
        guard count > 0 else { return result }

        var bytes: [UInt8] = []
        var starts: [Int] = []
        var classes: [BidiClass] = []
        var scripts: [hb_script_t] = []
        starts.reserveCapacity(count + 1)
        classes.reserveCapacity(count)
        scripts.reserveCapacity(count)
        result.faceSlots.reserveCapacity(count)
        result.blanks.reserveCapacity(count)
        let unicode = hb_unicode_funcs_get_default()
        for character in text {
            starts.append(bytes.count)
            for scalar in character.shapedScalars {
                if scalar.properties.generalCategory == .control {
                    bytes += scalar.value < 0x80 ? [0x20] : [0xC2, 0xA0]
                } else {
                    bytes += scalar.utf8
                }
            }
            result.faceSlots.append(faceSlot(for: character, fallbackFamily: fallbackFamily))
            result.blanks.append(character.isBreakingBlank)
            let first = character.unicodeScalars.first!
            let script = hb_unicode_script(unicode, first.value)
            scripts.append(script)
            classes.append(Self.bidiClass(of: first, script: script))
        }
        starts.append(bytes.count)
        var characterAtByte = [Int32](repeating: 0, count: bytes.count)
        for i in 0..<count {
            for b in starts[i]..<starts[i + 1] { characterAtByte[b] = Int32(i) }
        }
        Self.resolveCommonScripts(&scripts)
        (result.paragraphLevel, result.levels) = Bidi.levels(classes)

        var advanceUnits = [Int](repeating: 0, count: count)
        var origin = [Int?](repeating: nil, count: count)
        var owners: [Int32] = []
        var placed: [PlacedGlyph] = []
        // Per Character: the first Character of its unit, and whether it is tied to the one before.
        var head = Array(0..<count)
        var joined = [Bool](repeating: false, count: count)
        owners.reserveCapacity(count)
        placed.reserveCapacity(count)
        var runStart = 0
        while runStart < count {
            var runEnd = runStart + 1
            while runEnd < count && runEnd - runStart < Self.maximumRunLength
                && result.faceSlots[runEnd] == result.faceSlots[runStart]
                && result.levels[runEnd] == result.levels[runStart]
                && scripts[runEnd] == scripts[runStart] { runEnd += 1 }
            defer { runStart = runEnd }

            hb_buffer_clear_contents(buffer)
            // HarfBuzz reads a few Characters either side of the run as context; the
            // window passed keeps every length within its Int32 arguments, however
            // long the paragraph.
            let window = starts[max(runStart - Self.contextCharacters, 0)]..<starts[min(runEnd + Self.contextCharacters, count)]
            bytes.withUnsafeBufferPointer { raw in
                raw.withMemoryRebound(to: CChar.self) { text in
                    hb_buffer_add_utf8(
                        buffer, text.baseAddress! + window.lowerBound, Int32(window.count),
                        UInt32(starts[runStart] - window.lowerBound), Int32(starts[runEnd] - starts[runStart]))
                }
            }
            // The paragraph's edges are the text's edges; a run's other neighbours are context.
            var flags = HB_BUFFER_FLAG_DEFAULT.rawValue
            if runStart == 0 { flags |= HB_BUFFER_FLAG_BOT.rawValue }
            if runEnd == count { flags |= HB_BUFFER_FLAG_EOT.rawValue }
            hb_buffer_set_flags(buffer, hb_buffer_flags_t(flags))
            hb_buffer_set_direction(buffer, result.levels[runStart] & 1 == 1 ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
            hb_buffer_set_script(buffer, scripts[runStart])
            hb_shape(faces[Int(result.faceSlots[runStart])].hbFont, buffer, shapingFeatures, UInt32(shapingFeatures.count))

            var glyphCount: UInt32 = 0
            guard let infos = hb_buffer_get_glyph_infos(buffer, &glyphCount),
                  let positions = hb_buffer_get_glyph_positions(buffer, &glyphCount)
            else { continue }
            func character(of g: Int) -> Int {
                let cluster = Int(infos[g].cluster) + window.lowerBound
                return min(max(cluster < characterAtByte.count ? Int(characterAtByte[cluster]) : runStart, runStart), runEnd - 1)
            }
            // Units: in scripts whose letters join or reorder, a Character the shaping
            // ties to the one before (HarfBuzz: unsafe to break before its cluster)
            // is drawn with it, by the first Character of the unit.
            if Self.widensUnits(scripts[runStart]) {
                for g in 0..<Int(glyphCount) where infos[g].mask & HB_GLYPH_FLAG_UNSAFE_TO_BREAK.rawValue != 0 {
                    let c = character(of: g)
                    if c > runStart { joined[c] = true }
                }
                for c in (runStart + 1)..<runEnd where joined[c] { head[c] = head[c - 1] }
            }
            var pen = 0
            for g in 0..<Int(glyphCount) {
                let owner = head[character(of: g)]
                let position = positions[g]
                let start = origin[owner] ?? pen
                origin[owner] = start
                owners.append(Int32(owner))
                placed.append(PlacedGlyph(
                    id: infos[g].codepoint,
                    x: Int32(clamping: pen - start + Int(position.x_offset)),
                    y: Int32(clamping: -Int(position.y_offset))))
                advanceUnits[owner] += Int(position.x_advance)
                pen += Int(position.x_advance)
            }
        }

        // A font may give negative advances; a frame never gets a negative width.
        result.advances = (0..<count).map { i in
            max(0, Double(advanceUnits[i]) / Double(faces[Int(result.faceSlots[i])].unitsPerEm))
        }
        // Group glyphs by Character, keeping their visual order (a counting sort).
        var starts32 = [Int32](repeating: 0, count: count + 1)
        for owner in owners { starts32[Int(owner) + 1] += 1 }
        for i in 0..<count { starts32[i + 1] += starts32[i] }
        var cursor = starts32
        result.glyphs = [PlacedGlyph](repeating: PlacedGlyph(id: 0, x: 0, y: 0), count: placed.count)
        for (k, owner) in owners.enumerated() {
            result.glyphs[Int(cursor[Int(owner)])] = placed[k]
            cursor[Int(owner)] += 1
        }
        result.glyphStarts = starts32
        result.drawings = drawingIDs(of: result)
        return result
    }

    /// The id of every Character's drawing (see `DrawingRegistry`): its face and
    /// glyphs; 0 for a Character with no glyphs of its own.
    private func drawingIDs(of paragraph: ShapedParagraph) -> [Int32] {
        DrawingRegistry.ids(
            for: (0..<paragraph.count).map { i in
                let range = paragraph.glyphRange(of: i)
                guard !range.isEmpty else { return nil }
                return .glyphs(faces[Int(paragraph.faceSlots[i])].location, Array(paragraph.glyphs[range]))
            })
    }

    /// Whether shaping ties Characters of a script together: the joining scripts
    /// (Arabic, Syriac, N'Ko, Mongolian, …) and those that stack, reorder or
    /// form conjuncts (Indic, Thai, Khmer, Myanmar, …). Alphabets whose letters
    /// stand alone keep one unit per Character, whatever their kerning.
    static func widensUnits(_ script: hb_script_t) -> Bool {
        switch script {
        case HB_SCRIPT_LATIN, HB_SCRIPT_GREEK, HB_SCRIPT_CYRILLIC, HB_SCRIPT_ARMENIAN, HB_SCRIPT_GEORGIAN,
            HB_SCRIPT_HEBREW, HB_SCRIPT_HAN, HB_SCRIPT_HIRAGANA, HB_SCRIPT_KATAKANA, HB_SCRIPT_HANGUL,
            HB_SCRIPT_BOPOMOFO, HB_SCRIPT_COMMON, HB_SCRIPT_INHERITED, HB_SCRIPT_UNKNOWN:
            false
        default: true
        }
    }

    /// The most Characters shaped in one HarfBuzz call: a longer run is shaped in
    /// pieces (kerning across a seam is lost, a pair in 16,384), which keeps
    /// every byte count within HarfBuzz's 32-bit lengths.
    static let maximumRunLength = 16_384
    /// Characters either side of a run that HarfBuzz sees as context (it reads 5).
    static let contextCharacters = 8

    static func bidiClass(of scalar: Unicode.Scalar, script: hb_script_t) -> BidiClass {
        if scalar.properties.numericType == .decimal { return .number }
        switch script {
        case HB_SCRIPT_COMMON, HB_SCRIPT_INHERITED, HB_SCRIPT_UNKNOWN: return .neutral
        default:
            return hb_script_get_horizontal_direction(script) == HB_DIRECTION_RTL ? .rightToLeft : .leftToRight
        }
    }

    /// Gives Common and Inherited Characters the script of the Character before
    /// them, or, at the start, of the first one after them with a real script.
    static func resolveCommonScripts(_ scripts: inout [hb_script_t]) {
        func isReal(_ s: hb_script_t) -> Bool {
            s != HB_SCRIPT_COMMON && s != HB_SCRIPT_INHERITED && s != HB_SCRIPT_UNKNOWN
        }
        guard let firstReal = scripts.first(where: isReal) else { return }
        var current = firstReal
        for i in scripts.indices {
            if isReal(scripts[i]) { current = scripts[i] } else { scripts[i] = current }
        }
    }
}
