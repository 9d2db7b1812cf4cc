import Analyzer
import Animator
/// Why a font could not be set up (thrown by ``FontLayout/init(font:size:wrapWidth:alignment:lineHeight:)``),
/// or why a text is refused (thrown by ``FontLayout/checkLength(_:limit:)``).
///
/// Laying out text never throws; only choosing the font and the sizes can fail.
/// Match on ``code``; show ``message`` (also the `description`) to a person.
///
/// ```swift
/// do {
///     _ = try FontLayout(font: .file("/nope.ttf"))
/// } catch {
///     if error.code == .fileNotFound { print(error) } // font file "/nope.ttf" does not exist; …
/// }
/// ```
public struct TypesetterError: KinetypeError {
    public typealias Code = ErrorCode<TypesetterError>

    /// The kind of failure.
    public let code: Code
    /// What the error is about, as the user gave it: the file path, the family
    /// name, or the offending number.
    public let subject: String
    /// One sentence saying what is wrong and what to do about it; names ``subject``.
    public let message: String

    private init(_ code: Code, subject: String, message: String) {
        self.code = code
        self.subject = subject
        self.message = message
    }
}

extension ErrorCode where Failure == TypesetterError {
    /// The font file does not exist.
    public static var fileNotFound: Self { Self("fileNotFound") }
    /// The font path's symbolic links lead round in a loop (or nest too deep).
    public static var symbolicLinkLoop: Self { Self("symbolicLinkLoop") }
    /// The font path or family name cannot be passed to the system: it holds a
    /// NUL character, or the path is longer than the file system accepts.
    public static var invalidPath: Self { Self("invalidPath") }
    /// The font file exists but this process may not read it (or reach it).
    public static var unreadableFile: Self { Self("unreadableFile") }
    /// The file is not a font FreeType can read as TrueType/OpenType (or is not a regular file).
    public static var notAFont: Self { Self("notAFont") }
    /// The file starts like a font but is damaged or truncated.
    public static var corruptFont: Self { Self("corruptFont") }
    /// No installed font has the requested family, or fontconfig found no font at all.
    public static var unknownFamily: Self { Self("unknownFamily") }
    /// The font size is not a finite number in (0, ``FontLayout/maximumSize``].
    public static var invalidSize: Self { Self("invalidSize") }
    /// The wrapping width is not a number in (0, ``FontLayout/maximumWrapWidth``].
    public static var invalidWrapWidth: Self { Self("invalidWrapWidth") }
    /// The line height is not a finite number in (0, ``FontLayout/maximumSize``].
    public static var invalidLineHeight: Self { Self("invalidLineHeight") }
    /// The tracking is not a finite number in ``FontLayout/trackingRange(size:)``.
    public static var invalidTracking: Self { Self("invalidTracking") }
    /// A text has more Characters than the limit given to ``FontLayout/checkLength(_:limit:)``.
    public static var textTooLong: Self { Self("textTooLong") }
    /// No pen font of that name is installed (see ``PenFont/catalog``).
    public static var unknownPen: Self { Self("unknownPen") }
    /// The file is not a Hershey (`.jhf`) pen font.
    public static var notAPen: Self { Self("notAPen") }
    /// A font weight is not a finite number in ``FontWeight/range``.
    public static var invalidWeight: Self { Self("invalidWeight") }
    /// A weight or italic was asked of a font file, which is one face: only a family has faces to choose from.
    public static var faceOfFile: Self { Self("faceOfFile") }
}

extension TypesetterError {
    /// What `fileNotFound` and `penFileNotFound` add when a part of the path is a file.
    private static func notAFolderNote(_ partNotAFolder: Bool) -> String {
        partNotAFolder ? " (a part of the path is a file, not a folder)" : ""
    }

    static func fileNotFound(_ path: String, partNotAFolder: Bool = false) -> Self {
        Self(.fileNotFound, subject: path,
             message: "font file \(TerminalEscape.quoted(path)) does not exist\(notAFolderNote(partNotAFolder)); check the path, or pass a family name such as \"DejaVu Sans\"")
    }

    static func symbolicLinkLoop(_ path: String) -> Self {
        Self(.symbolicLinkLoop, subject: path,
             message: "font path \(TerminalEscape.quoted(path)) is a loop of symbolic links (or they nest too deep); point it at the font file itself")
    }

    static func pathTooLong(_ path: String) -> Self {
        Self(.invalidPath, subject: path,
             message: "font path \(TerminalEscape.quoted(path)) is longer than the file system accepts; use a shorter path to the font file")
    }

    static func pathWithNUL(_ path: String) -> Self {
        Self(.invalidPath, subject: path,
             message: "font path \(TerminalEscape.quoted(path)) contains a NUL character, which no file name can hold; check where the path came from")
    }

    static func familyWithNUL(_ family: String) -> Self {
        Self(.invalidPath, subject: family,
             message: "font family \(TerminalEscape.quoted(family)) contains a NUL character, which no family name can hold; check where the name came from")
    }

    static func unreadableFile(_ path: String, reason: String? = nil) -> Self {
        let why = reason ?? "permission denied"
        let fix = reason == nil ? "check the permissions of the file and of the folders on its path" : "check the path and the file system"
        return Self(.unreadableFile, subject: path, message: "font file \(TerminalEscape.quoted(path)) cannot be read (\(why)); \(fix)")
    }

    static func notRegularFile(_ path: String) -> Self {
        Self(.notAFont, subject: path,
             message: "\(TerminalEscape.quoted(path)) is not a regular file; pass the path of a .ttf, .otf or .ttc font file")
    }

    static func notAFont(_ path: String, detail: String = "FreeType does not recognise its format") -> Self {
        Self(.notAFont, subject: path,
             message: "\(TerminalEscape.quoted(path)) is not a usable font file (\(detail)); pass a TrueType or OpenType font (.ttf, .otf, .ttc)")
    }

    static func corruptFont(_ path: String, detail: String) -> Self {
        Self(.corruptFont, subject: path,
             message: "font file \(TerminalEscape.quoted(path)) is damaged or truncated (\(detail)); reinstall it or use another font")
    }

    static func unknownFamily(_ family: String, substitute: String?) -> Self {
        let hint = substitute.map { " (fontconfig would fall back to \(TerminalEscape.quoted($0)))" } ?? ""
        return Self(.unknownFamily, subject: family,
                    message: "no installed font has the family \(TerminalEscape.quoted(family))\(hint); run `fc-list : family` to see the installed families, or pass a font file path")
    }

    static func noFontsInstalled(_ family: String) -> Self {
        Self(.unknownFamily, subject: family,
             message: "fontconfig found no font at all for \(TerminalEscape.quoted(family)); install fonts (for example the Debian package fonts-dejavu-core) or pass a font file path")
    }

    static func invalidSize(_ size: Double) -> Self {
        Self(.invalidSize, subject: "\(size)",
             message: "font size \(size) is invalid; use a finite size greater than 0 and at most \(Int(FontLayout.maximumSize)) points")
    }

    static func invalidWrapWidth(_ width: Double) -> Self {
        Self(.invalidWrapWidth, subject: "\(width)",
             message: "wrapping width \(width) is invalid; use a width greater than 0 and at most \(Int(FontLayout.maximumWrapWidth)) points, or none to keep lines unwrapped")
    }

    static func textTooLong(_ count: Int, limit: Int) -> Self {
        Self(.textTooLong, subject: "\(count)",
             message: "the text has \(count) characters, more than the limit of \(limit); shorten it, or raise the limit if the memory (about 150 bytes a character) is available")
    }

    static func invalidLineHeight(_ height: Double) -> Self {
        Self(.invalidLineHeight, subject: "\(height)",
             message: "line height \(height) is invalid; use a finite height greater than 0 and at most \(Int(FontLayout.maximumSize)) points, or none for the font's own")
    }

    static func invalidTracking(_ tracking: Double, size: Double) -> Self {
        let range = FontLayout.trackingRange(size: size)
        return Self(.invalidTracking, subject: "\(tracking)",
                    message: "tracking \(tracking) is invalid at size \(size); use a number of points from \(range.lowerBound) (half the size back) to \(range.upperBound) (ten times it forward)")
    }

    static func invalidWeight(_ weight: Double) -> Self {
        Self(.invalidWeight, subject: "\(weight)",
             message: "font weight \(weight) is invalid; use a number from 1 to 1000 (400 regular, 700 bold) or a name from thin to black")
    }

    static func faceOfFile(_ path: String) -> Self {
        Self(.faceOfFile, subject: path,
             message: "a weight or italic picks a face of a family, but \(TerminalEscape.quoted(path)) is a font file, which is one face; pass the family's name, or the file of the face you want")
    }

    static func unknownPen(_ name: String, known: [String], installed: Bool) -> Self {
        let fix =
            installed
            ? "use one of \(known.joined(separator: ", ")) (see `kinetype pens`), or the path of a .jhf file"
            : "no pen fonts are installed: install the Debian package hershey-fonts-data (scripts/setup does), or pass the path of a .jhf file"
        return Self(.unknownPen, subject: name, message: "no pen font is called \(TerminalEscape.quoted(name)); \(fix)")
    }

    static func penFileNotFound(_ path: String, partNotAFolder: Bool) -> Self {
        Self(.fileNotFound, subject: path,
             message: "pen font file \(TerminalEscape.quoted(path)) does not exist\(notAFolderNote(partNotAFolder)); check the path, or pass a pen's name such as \"cursive\"")
    }

    static func notAPen(_ path: String, detail: String) -> Self {
        Self(.notAPen, subject: path,
             message: "\(TerminalEscape.quoted(path)) is not a Hershey pen font (\(detail)); pass a .jhf file or a pen's name such as \"cursive\"")
    }
}
