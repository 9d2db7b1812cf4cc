import CFontconfig
import Synchronization

/// A font file and the face inside it, as fontconfig names them.
struct FontLocation: Hashable, Sendable {
    var file: String
    /// The face index in the file (collections hold several); the upper 16 bits
    /// may name a variable font's instance, as fontconfig reports it.
    var index: Int
}

/// Font resolution and fallback lookup through fontconfig.
///
/// Every fontconfig call goes through one process-wide lock: fontconfig's
/// configuration is a process-wide object, and serialising the few calls we
/// make (at setup and on the first sight of a Character the primary font
/// lacks) costs nothing measurable while ruling out any doubt about its
/// thread safety.
enum Fontconfig {
    private struct State: ~Copyable {
        var initialized = false
        /// Fonts sorted by closeness to a family, kept for the process's lifetime
        /// (one small set per distinct family asked for).
        var sortedFonts: [String: OpaquePointer] = [:]
    }

    private static let state = Mutex(State())

    /// Generic family names that fontconfig maps to a configured default.
    private static let genericFamilies: Set<String> = [
        "sans-serif", "sans", "serif", "monospace", "mono", "cursive", "fantasy",
        "system-ui", "emoji", "math", "fangsong", "ui-sans-serif", "ui-serif", "ui-monospace",
    ]

    /// A family (or pattern) with the face asked of it, as the font was resolved.
    struct Resolved: Sendable {
        var location: FontLocation
        /// The pattern that found it, weight and slant included: what fallback
        /// fonts are sorted against, so that they are of the same weight and slant.
        var pattern: String
        /// The weight asked for (by the caller, or by a style word ending the
        /// family's name), nil when none was.
        var weight: FontWeight?
        /// Whether an italic was asked for (likewise).
        var italic: Bool
    }

    /// The font fontconfig chooses for `family` (a family name or a fontconfig
    /// pattern) in `weight` and, when `italic`, slanted: the family's face
    /// nearest to them.
    ///
    /// A name is accepted when the chosen font has that family, when it is a
    /// generic family, or when fontconfig's configuration maps it to a font other
    /// than the one it gives for no family at all (an alias such as "Arial" →
    /// "Liberation Sans"). A name fontconfig can only answer with its catch-all
    /// default is reported as unknown rather than silently replaced, unless it
    /// ends in style words ("DejaVu Sans Bold", "Noto Serif Light Italic") and
    /// the words before them are a family: then the style words ask for the
    /// weight and slant (the caller's own `weight` and `italic` win).
    static func resolve(family: String, weight: FontWeight? = nil, italic: Bool = false) throws(TypesetterError) -> Resolved {
        let trimmed = family.trimmingSpaces
        guard !trimmed.isEmpty else { throw .unknownFamily(family, substitute: nil) }
        do {
            let pattern = patternText(trimmed, weight: weight, italic: italic)
            return Resolved(location: try resolve(pattern: pattern, as: family), pattern: pattern, weight: weight, italic: italic)
        } catch {
            guard error.code == .unknownFamily, let styled = StyleWords.split(trimmed) else { throw error }
            let asked = (weight: weight ?? styled.weight, italic: italic || styled.italic)
            let pattern = patternText(styled.family, weight: asked.weight, italic: asked.italic)
            guard let location = try? resolve(pattern: pattern, as: family) else { throw error }
            return Resolved(location: location, pattern: pattern, weight: asked.weight, italic: asked.italic)
        }
    }

    /// A pattern's text with a weight and a slant added (fontconfig's own scale for the weight).
    private static func patternText(_ family: String, weight: FontWeight?, italic: Bool) -> String {
        var text = family
        if let weight {
            let value = FcWeightFromOpenTypeDouble(weight.value)
            text += ":weight=" + (value == value.rounded() ? String(Int(value)) : String(value))
        }
        if italic { text += ":slant=\(FC_SLANT_ITALIC)" }
        return text
    }

    private static func resolve(pattern trimmed: String, as family: String) throws(TypesetterError) -> FontLocation {
        // A C string ends at its first NUL: "DejaVu Sans\0x" would resolve as "DejaVu Sans".
        guard !trimmed.utf8.contains(0) else { throw .familyWithNUL(family) }
        return try state.withLock { (state: inout State) throws(TypesetterError) -> FontLocation in
            guard ensureInitialized(&state) else { throw .noFontsInstalled(family) }
            guard let pattern = trimmed.withFcString({ FcNameParse($0) }) else {
                throw .unknownFamily(family, substitute: nil)
            }
            defer { FcPatternDestroy(pattern) }
            let requested = strings(of: pattern, FC_FAMILY)
            guard let match = bestMatch(for: pattern) else { throw .noFontsInstalled(family) }
            defer { FcPatternDestroy(match) }
            guard let location = location(of: match) else { throw .noFontsInstalled(family) }
            let offered = strings(of: match, FC_FAMILY)
            let offeredKeys = Set(offered.map(\.familyKey))
            if requested.isEmpty
                || requested.contains(where: { offeredKeys.contains($0.familyKey) || genericFamilies.contains($0.familyKey) }) {
                return location
            }
            // The catch-all for the same request without a family: asked for a
            // weight or slant, an unknown family gets the default family's face of them.
            let catchAll = FcPatternDuplicate(pattern).flatMap { unnamed -> FontLocation? in
                defer { FcPatternDestroy(unnamed) }
                FcPatternDel(unnamed, FC_FAMILY)
                guard let fallback = bestMatch(for: unnamed) else { return nil }
                defer { FcPatternDestroy(fallback) }
                return self.location(of: fallback)
            }
            if catchAll != location { return location }
            throw .unknownFamily(family, substitute: offered.first)
        }
    }

    /// The first installed font, in fontconfig's order of preference for
    /// `family`, whose character set holds every code point of `scalars`.
    ///
    /// - Complexity: O(f) in the number of installed fonts on the first call for
    ///   a family (fontconfig sorts them once), then O(f·s) set look-ups.
    static func fallback(covering scalars: [UInt32], family: String) -> [FontLocation] {
        guard !scalars.isEmpty else { return [] }
        return state.withLock { state in
            guard ensureInitialized(&state) else { return [] }
            let sorted: OpaquePointer
            if let cached = state.sortedFonts[family] {
                sorted = cached
            } else {
                guard let made = sortedFonts(for: family) else { return [] }
                state.sortedFonts[family] = made
                sorted = made
            }
            let set = UnsafeMutablePointer<FcFontSet>(sorted)
            var found: [FontLocation] = []
            for i in 0..<Int(set.pointee.nfont) {
                guard let font = set.pointee.fonts[i] else { continue }
                var charset: OpaquePointer?
                guard FcPatternGetCharSet(font, FC_CHARSET, 0, &charset) == FcResultMatch, let charset else { continue }
                guard scalars.allSatisfy({ FcCharSetHasChar(charset, $0) != 0 }) else { continue }
                if let location = location(of: font) { found.append(location) }
            }
            return found
        }
    }

    private static func ensureInitialized(_ state: inout State) -> Bool {
        if !state.initialized { state.initialized = FcInit() != 0 }
        return state.initialized
    }

    /// Substitutes the configuration's defaults into `pattern` and asks for the best match.
    private static func bestMatch(for pattern: OpaquePointer) -> OpaquePointer? {
        guard let copy = FcPatternDuplicate(pattern) else { return nil }
        defer { FcPatternDestroy(copy) }
        guard FcConfigSubstitute(nil, copy, FcMatchPattern) != 0 else { return nil }
        FcDefaultSubstitute(copy)
        var result = FcResultNoMatch
        return FcFontMatch(nil, copy, &result)
    }

    /// All installed fonts sorted by closeness to `family` (an `FcFontSet`, owned by the caller).
    private static func sortedFonts(for family: String) -> OpaquePointer? {
        guard let pattern = family.withFcString({ FcNameParse($0) }) ?? FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        guard FcConfigSubstitute(nil, pattern, FcMatchPattern) != 0 else { return nil }
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        return FcFontSort(nil, pattern, 0, nil, &result).map { OpaquePointer($0) }
    }

    private static func location(of pattern: OpaquePointer) -> FontLocation? {
        guard let file = strings(of: pattern, FC_FILE).first else { return nil }
        var index: Int32 = 0
        if FcPatternGetInteger(pattern, FC_INDEX, 0, &index) != FcResultMatch { index = 0 }
        return FontLocation(file: file, index: Int(index))
    }

    private static func strings(of pattern: OpaquePointer, _ object: String) -> [String] {
        var values: [String] = []
        var n: Int32 = 0
        var value: UnsafeMutablePointer<FcChar8>?
        while FcPatternGetString(pattern, object, n, &value) == FcResultMatch, let value {
            values.append(String(cString: value))
            n += 1
        }
        return values
    }
}

extension String {
    fileprivate func withFcString<R>(_ body: (UnsafePointer<FcChar8>) -> R) -> R {
        withCString { body(UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self)) }
    }

    /// A family name as fontconfig compares it: case and blanks ignored.
    fileprivate var familyKey: String { lowercased().filter { $0 != " " } }

    var trimmingSpaces: String {
        var scalars = Substring(self)
        while scalars.first?.isWhitespace == true { scalars.removeFirst() }
        while scalars.last?.isWhitespace == true { scalars.removeLast() }
        return String(scalars)
    }
}
