#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
import TestSupport
import Animator
@testable import Typesetter

@Suite("TypesetterError: bad fonts and bad numbers")
struct TypesetterErrorTests {
    private func error(opening source: FontSource) -> TypesetterError? {
        do {
            _ = try FontLayout(font: source)
            return nil
        } catch {
            return error
        }
    }

    @Test func aMissingFileIsNamed() {
        let path = "/tmp/no-such-dir-kinetype/Missing.ttf"
        let error = error(opening: .file(path))
        #expect(error?.code == .fileNotFound)
        #expect(error?.subject == path)
        #expect(error?.message.contains(path) == true)
        #expect(error?.description == error?.message)
    }

    @Test func aTextFileRenamedTtfIsNotAFont() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let path = try dir.write(Array("this is not a font\n".utf8), to: "notes.ttf")
        let error = error(opening: .file(path))
        #expect(error?.code == .notAFont)
        #expect(error?.message.contains(path) == true)
    }

    @Test func anEmptyFileAndADirectoryAreNotFonts() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let empty = try dir.write([], to: "empty.otf")
        #expect(error(opening: .file(empty))?.code == .notAFont)
        #expect(error(opening: .file(dir.path))?.code == .notAFont)
    }

    @Test(arguments: [8, 100, 20_000, 400_000, 700_000])
    func aTruncatedFontIsCorrupt(keptBytes: Int) throws {
        let original = try readFile(try dejaVu().fontFile)
        #expect(original.count > keptBytes)
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let path = try dir.write(Array(original.prefix(keptBytes)), to: "DejaVuSans-cut.ttf")
        let error = error(opening: .file(path))
        #expect(error?.code == .corruptFont)
        #expect(error?.message.contains(path) == true)
    }

    @Test func anIntactCopyOpens() throws {
        let original = try readFile(try dejaVu().fontFile)
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let path = try dir.write(original, to: "copy.ttf")
        let layout = try FontLayout(font: .file(path))
        #expect(layout.fontFile == path)
        // The same places; the drawings are named per font file.
        let copied = layout.layout(Array("AV")), installed = try dejaVu().layout(Array("AV"))
        #expect(copied.frames == installed.frames && copied.lines == installed.lines && copied.size == installed.size)
    }

    @Test(arguments: ["Nonexistent Family Kinetype", "Helvetica Neue Imaginary", "", "   "])
    func anUnknownFamilyIsNamed(family: String) {
        let error = error(opening: .family(family))
        #expect(error?.code == .unknownFamily)
        #expect(error?.subject == family)
        #expect(error?.message.contains("\"\(family)\"") == true)
    }

    @Test(arguments: ["DejaVu Sans", "dejavu sans", "sans-serif", "monospace", "DejaVu Sans Mono", "DejaVu Sans:bold"])
    func knownFamiliesResolve(family: String) throws {
        let layout = try FontLayout(font: .family(family))
        #expect(layout.fontFile.hasSuffix(".ttf"))
        // A generic family is whatever fontconfig prefers: DejaVu, or Noto once scripts/setup installs it.
        let generic = family == "sans-serif" || family == "monospace"
        #expect(layout.fontFamily.hasPrefix("DejaVu") || (generic && layout.fontFamily.hasPrefix("Noto")), "\(layout.fontFamily)")
    }

    @Test(arguments: [0, -1, -0.0, .nan, .infinity, -.infinity, 1e9])
    func anInvalidSizeIsRejected(size: Double) {
        #expect(throws: TypesetterError.self) { try FontLayout(size: size) }
        do {
            _ = try FontLayout(size: size)
        } catch {
            #expect(error.code == .invalidSize)
            #expect(error.message.contains("\(size)"))
        }
    }

    @Test(arguments: [0, -5, .nan, .infinity])
    func anInvalidWrapWidthOrLineHeightIsRejected(value: Double) {
        do {
            _ = try FontLayout(wrapWidth: value)
            Issue.record("wrap width \(value) was accepted")
        } catch {
            #expect(error.code == .invalidWrapWidth)
        }
        do {
            _ = try FontLayout(lineHeight: value)
            Issue.record("line height \(value) was accepted")
        } catch {
            #expect(error.code == .invalidLineHeight)
        }
    }

    @Test func aSymbolicLinkLoopIsReportedAsOne() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let a = dir.path + "/a.ttf", b = dir.path + "/b.ttf"
        #expect(symlink(b, a) == 0 && symlink(a, b) == 0)
        let error = error(opening: .file(a))
        #expect(error?.code == .symbolicLinkLoop)
        #expect(error?.message.contains("\"\(a)\" is a loop of symbolic links") == true, "\(error?.message ?? "")")
        // A link to a real font opens.
        let link = dir.path + "/DejaVu.ttf"
        #expect(symlink(try dejaVu().fontFile, link) == 0)
        #expect((try? FontLayout(font: .file(link)))?.layout(Array("AV")).frames == (try dejaVu()).layout(Array("AV")).frames)
    }

    @Test func aPathThroughAFileSaysSo() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let file = try dir.write(Array("x".utf8), to: "plain")
        let error = error(opening: .file(file + "/font.ttf"))
        #expect(error?.code == .fileNotFound)
        #expect(error?.message.contains("a part of the path is a file, not a folder") == true)
    }

    @Test func aPathTooLongOrHoldingNULIsInvalid() throws {
        let long = "/tmp/" + String(repeating: "x", count: 5000) + ".ttf"
        #expect(error(opening: .file(long))?.code == .invalidPath)
        #expect(error(opening: .file(long))?.message.contains("longer than the file system accepts") == true)
        // A C string ends at its NUL: this used to open the real font before it.
        let real = try dejaVu().fontFile
        let error = error(opening: .file(real + "\u{0}.evil"))
        #expect(error?.code == .invalidPath)
        #expect(error?.message.contains("NUL") == true)
        #expect(self.error(opening: .family("DejaVu Sans\u{0}Mono"))?.code == .invalidPath)
    }

    @Test func aWrapWidthTooWideForAnyCanvasIsRejected() {
        #expect(throws: TypesetterError.self) { try FontLayout(wrapWidth: 1e300) }
        #expect((try? FontLayout(wrapWidth: FontLayout.maximumWrapWidth)) != nil)
    }

    @Test func aTextLongerThanTheLimitIsRefusedWithItsCount() throws {
        let glyphs = [Character](repeating: "a", count: 1001)
        try FontLayout.checkLength(glyphs)
        do {
            try FontLayout.checkLength(glyphs, limit: 1000)
            Issue.record("1001 glyphs passed a limit of 1000")
        } catch {
            #expect(error.code == .textTooLong)
            #expect(error.message.contains("1001 characters, more than the limit of 1000"))
        }
    }

    @Test func sizeIsCheckedBeforeTheFont() {
        do {
            _ = try FontLayout(font: .file("/no/such.ttf"), size: .nan)
            Issue.record("a NaN size was accepted")
        } catch {
            #expect(error.code == .invalidSize)
        }
    }
}
