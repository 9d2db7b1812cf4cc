import Animator

/// A single-stroke font: letters drawn as pen strokes rather than filled
/// outlines, for writing text on by hand (the `write` effect).
///
/// Pen fonts are Hershey fonts (`.jhf` files), the vector fonts made for pen
/// plotters and engravers; Debian's `hershey-fonts-data` installs them in
/// `/usr/share/hershey-fonts`. Ask for one by name (``catalog``: `cursive`,
/// `script`, `script-complex`, `roman-simplex`, …, or a file's own name such
/// as `rowmans`) or by the path of a `.jhf` file.
///
/// ```swift
/// let pen = try PenFont("cursive")
/// pen.joins                          // true: its lowercase letters join
/// pen.missing(in: ["héllo"])         // ["é"]: drawn by tracing a font's outline
/// let layout = try FontLayout(pen: pen, size: 96)
/// ```
///
/// **Drawing.** Each glyph's polylines are smoothed into cubic Béziers (see
/// the docs' pen article) so the line is smooth at any size. In a joining
/// font (the script faces), a letter whose entry or exit comes near the
/// font's join point (the height at which most of its lowercase letters leave
/// their box) is bent to start and end exactly there, leaving and arriving in
/// one direction: laid side by side, such letters meet in one stroke.
///
/// Pen fonts cover printable ASCII (U+0020 to U+007E); a layout draws any
/// other character with its outline font.
public struct PenFont: Sendable {
    /// A pen font the catalogue knows.
    public struct Entry: Hashable, Sendable {
        /// The name to ask for.
        public var name: String
        /// The `.jhf` file's name.
        public var fileName: String
        /// What the letters look like.
        public var summary: String
    }

    /// The pen fonts known by name, in the order `kinetype pens` lists them.
    public static let catalog: [Entry] = [
        Entry(name: "cursive", fileName: "cursive.jhf", summary: "joined handwriting, one thin stroke (the default pen)"),
        Entry(name: "script", fileName: "scripts.jhf", summary: "joined script, simple strokes"),
        Entry(name: "script-complex", fileName: "scriptc.jhf", summary: "joined script, doubled strokes"),
        Entry(name: "roman-simplex", fileName: "rowmans.jhf", summary: "plain upright letters, one stroke"),
        Entry(name: "roman-duplex", fileName: "rowmand.jhf", summary: "upright letters, doubled strokes"),
        Entry(name: "roman-triplex", fileName: "rowmant.jhf", summary: "upright letters, tripled strokes"),
        Entry(name: "futura-light", fileName: "futural.jhf", summary: "geometric sans, one stroke"),
        Entry(name: "futura-medium", fileName: "futuram.jhf", summary: "geometric sans, doubled strokes"),
        Entry(name: "times-roman", fileName: "timesr.jhf", summary: "Times-like roman"),
        Entry(name: "times-italic", fileName: "timesi.jhf", summary: "Times-like italic"),
        Entry(name: "times-bold", fileName: "timesrb.jhf", summary: "Times-like bold"),
        Entry(name: "times-bold-italic", fileName: "timesib.jhf", summary: "Times-like bold italic"),
        Entry(name: "gothic-english", fileName: "gothiceng.jhf", summary: "blackletter, English"),
        Entry(name: "gothic-german", fileName: "gothicger.jhf", summary: "blackletter, German"),
        Entry(name: "gothic-italian", fileName: "gothicita.jhf", summary: "blackletter, Italian"),
        Entry(name: "greek", fileName: "greek.jhf", summary: "Greek letters on the Latin keys"),
        Entry(name: "cyrillic", fileName: "cyrillic.jhf", summary: "Cyrillic letters on the Latin keys"),
    ]

    /// The folders searched for a font asked for by name, in order.
    public static let folders = ["/usr/share/hershey-fonts", "/usr/local/share/hershey-fonts"]

    /// The largest `.jhf` file read (the biggest Debian ships has 40 KB).
    static let maximumFileSize = 4 << 20

    /// The grid units in one em: a Hershey glyph stands in a box 32 units high
    /// (y from −16 to 16), its baseline at y = 9.
    static let unitsPerEm = 32.0
    /// The baseline's y on the Hershey grid.
    static let baseline = 9

    /// The name as asked for (a catalogue name, a file's name, or the path given).
    public let name: String
    /// The `.jhf` file read.
    public let file: String
    /// Whether the font's lowercase letters join into one stroke.
    public var joins: Bool { join != nil }

    /// Glyphs of U+0020… by code point minus 0x20; nil where the file has none.
    let glyphs: [PenGlyph?]
    let join: PenJoin?
    /// The distance from the baseline up to the highest and down to the lowest grid line, in units.
    let ascent: Double
    let descent: Double

    /// Opens a pen font by name (see ``catalog``; a `.jhf` file's name without
    /// its extension works too) or by path (anything containing "/" or ending
    /// in `.jhf`).
    ///
    /// - Throws: ``TypesetterError`` with code `unknownPen` (naming the known
    ///   pens and whether Debian's `hershey-fonts-data` is installed), or the
    ///   file errors `fileNotFound`, `unreadableFile`, `notAFont` for a file
    ///   that is not a Hershey font.
    public init(_ nameOrPath: String) throws(TypesetterError) {
        let isPath = nameOrPath.contains("/") || nameOrPath.lowercased().hasSuffix(".jhf")
        let file = isPath ? nameOrPath : try Self.locate(nameOrPath)
        try self.init(file: file, name: nameOrPath)
    }

    private init(file: String, name: String) throws(TypesetterError) {
        let size = try FontFileCheck.size(
            ofFile: file, missing: { .penFileNotFound(file, partNotAFolder: $0) },
            notRegular: .notAPen(file, detail: "it is not a regular file"))
        guard size <= Self.maximumFileSize else {
            throw .notAPen(file, detail: "it has \(size) bytes, more than any Hershey font (at most \(Self.maximumFileSize))")
        }
        let parsed: HersheyFile
        do {
            parsed = try HersheyFile(bytes: Platform.readBytes(ofFile: file, offset: 0, count: size))
        } catch {
            throw .notAPen(file, detail: "line \(error.line): \(error.detail)")
        }
        guard parsed.glyphs.count > 1 else { throw .notAPen(file, detail: "it holds no glyphs") }
        let records = Array(parsed.glyphs.prefix(0x7F - 0x20))
        let join = PenJoin.find(in: records, baseline: Self.baseline)
        var top = 0, bottom = 0
        for glyph in records {
            for stroke in glyph.strokes {
                for point in stroke {
                    top = min(top, point.y - Self.baseline)
                    bottom = max(bottom, point.y - Self.baseline)
                }
            }
        }
        self.name = name
        self.file = file
        self.join = join
        glyphs = records.map { PenGlyph($0, baseline: Self.baseline, join: join) }
        // The em box (25 units above the baseline, 7 below), or as far as the glyphs reach.
        ascent = max(Double(-top), 25)
        descent = max(Double(bottom), 7)
    }

    /// The file of a font asked for by name: a catalogue name, or a file's name.
    private static func locate(_ name: String) throws(TypesetterError) -> String {
        let fileName = catalog.first { $0.name == name.lowercased() }?.fileName ?? name + ".jhf"
        for folder in folders {
            let path = folder + "/" + fileName
            if case .regular = Platform.status(ofFile: path) { return path }
        }
        throw .unknownPen(name, known: catalog.map(\.name), installed: !installed.isEmpty)
    }

    /// The catalogue's fonts whose files are installed (in ``folders``).
    public static var installed: [Entry] {
        catalog.filter { entry in
            folders.contains { folder in
                if case .regular = Platform.status(ofFile: folder + "/" + entry.fileName) { return true }
                return false
            }
        }
    }

    /// The glyph that draws `character`, if the font has one (blanks included).
    func glyph(_ character: Character) -> PenGlyph? {
        guard character.unicodeScalars.count == 1, let scalar = character.unicodeScalars.first,
            (0x20..<0x7F).contains(scalar.value)
        else { return nil }
        let index = Int(scalar.value) - 0x20
        return index < glyphs.count ? glyphs[index] : nil
    }

    /// Whether the font draws `character` (a blank counts as drawn: it has an advance).
    public func has(_ character: Character) -> Bool {
        glyph(character) != nil
    }

    /// The characters of `texts` the font does not draw, each once, in order of
    /// first appearance; newlines are not counted (they draw nothing anywhere).
    ///
    /// - Complexity: O(n) in the characters.
    public func missing(in texts: [String]) -> [Character] {
        var seen: Set<Character> = []
        var missing: [Character] = []
        for text in texts {
            for character in text where !character.isNewline && !has(character) && seen.insert(character).inserted {
                missing.append(character)
            }
        }
        return missing
    }
}
