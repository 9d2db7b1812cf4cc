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
        #expect(layout.layout(Array("AV")) == (try dejaVu()).layout(Array("AV")))
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
        #expect(layout.fontFamily.hasPrefix("DejaVu"))
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

    @Test func sizeIsCheckedBeforeTheFont() {
        do {
            _ = try FontLayout(font: .file("/no/such.ttf"), size: .nan)
            Issue.record("a NaN size was accepted")
        } catch {
            #expect(error.code == .invalidSize)
        }
    }
}
