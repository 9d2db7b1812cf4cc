import Animator
import Testing
import TestSupport
@testable import Typesetter

/// Weights and italics: picked through fontconfig from a family's faces,
/// asked by argument or by style words ending the family's name, and the
/// nearest face reported when the family lacks the one asked for.
@Suite("font weights and italics")
struct FontWeightTests {
    @Test(arguments: [
        ("thin", 100.0), ("Extra Light", 200), ("ultralight", 200), ("light", 300), ("regular", 400), ("book", 400),
        ("normal", 400), ("Medium", 500), ("semi-bold", 600), ("demibold", 600), ("BOLD", 700), ("extrabold", 800),
        ("black", 900), ("heavy", 900),
    ])
    func namesReadAsTheirWeights(name: String, value: Double) {
        #expect(FontWeight(named: name)?.value == value)
    }

    @Test func otherWordsAndNumbersOutOfRangeAreNotWeights() {
        #expect(FontWeight(named: "blod") == nil && FontWeight(named: "") == nil && FontWeight(named: "700") == nil)
        for bad in [0, 1000.5, -3, .nan, .infinity] {
            #expect(throws: TypesetterError.self) { try FontWeight(bad) }
        }
        #expect((try? FontWeight(1))?.value == 1 && (try? FontWeight(1000))?.value == 1000)
        #expect(FontWeight.bold.description == "bold (700)" && (try? FontWeight(650))?.description == "650")
    }

    @Test func boldPicksTheFamilysBoldFace() throws {
        let bold = try FontLayout(font: .family("DejaVu Sans"), size: 32, weight: .bold)
        #expect(bold.fontFamily == "DejaVu Sans" && bold.fontStyle == "Bold" && bold.fontWeight == .bold)
        #expect(bold.fontFile.hasSuffix("DejaVuSans-Bold.ttf"), "\(bold.fontFile)")
        #expect(bold.faceNote == nil)
        let regular = try FontLayout(font: .family("DejaVu Sans"), size: 32)
        #expect(regular.fontWeight == .regular && !regular.fontIsItalic && regular.weight == nil && regular.faceNote == nil)
        // The bold face's letters are wider: the same word takes more room.
        let word = Array("Hamburgefonts")
        #expect(bold.layout(word).size.width > regular.layout(word).size.width * 1.05)
    }

    @Test func italicPicksTheObliqueFaceOfAFamilyWithoutAnItalic() throws {
        let slanted = try FontLayout(font: .family("DejaVu Sans"), size: 32, italic: true)
        #expect(slanted.fontIsItalic && slanted.fontStyle == "Oblique" && slanted.faceNote == nil)
        let both = try FontLayout(font: .family("DejaVu Serif"), size: 32, weight: .bold, italic: true)
        #expect(both.fontIsItalic && both.fontWeight == .bold && both.fontStyle == "Bold Italic", "\(both.fontStyle)")
    }

    /// "Family Style": style words ending a name that is no family ask for that face of the family before them.
    @Test(arguments: [
        ("DejaVu Sans Bold", "DejaVu Sans", "Bold", 700.0, false),
        ("DejaVu Serif Bold Italic", "DejaVu Serif", "Bold Italic", 700, true),
        ("DejaVu Sans Oblique", "DejaVu Sans", "Oblique", 400, true),
        ("DejaVu Sans Extra Light", "DejaVu Sans", "ExtraLight", 200, false),
        ("dejavu sans bold", "DejaVu Sans", "Bold", 700, false),
    ])
    func aFamilyNameMayEndInItsStyle(name: String, family: String, style: String, weight: Double, italic: Bool) throws {
        let layout = try FontLayout(font: .family(name), size: 32)
        #expect(layout.fontFamily == family && layout.fontStyle == style, "\(name): \(layout.fontFamily) \(layout.fontStyle)")
        #expect(layout.fontWeight.value == weight && layout.fontIsItalic == italic)
        #expect(layout.faceNote == nil, "\(layout.faceNote ?? "")")
    }

    @Test func styleWordsDoNotMakeAnUnknownFamilyKnown() {
        for name in ["Nonexistent Bold", "Nonexistent:bold", "Bold", "Nonexistent Sans Italic"] {
            #expect {
                _ = try FontLayout(font: .family(name), size: 32)
            } throws: { ($0 as? TypesetterError)?.code == .unknownFamily }
        }
        // An argument's weight does not either.
        #expect(throws: TypesetterError.self) { try FontLayout(font: .family("Nonexistent"), size: 32, weight: .bold) }
    }

    @Test func theNearestFaceIsUsedAndSaidWhenTheFamilyLacksOne() throws {
        let thin = try FontLayout(font: .family("DejaVu Sans"), size: 32, weight: .thin)
        #expect(thin.fontWeight == .extraLight)
        #expect(thin.faceNote == "DejaVu Sans has no thin (100) face; its ExtraLight face (weight 200) is used")
        let black = try FontLayout(font: .family("DejaVu Sans"), size: 32, weight: .black)
        #expect(black.fontWeight == .bold && black.faceNote?.contains("no black (900) face") == true)
        let upright = try FontLayout(font: .family("IPAGothic"), size: 32, italic: true)
        #expect(!upright.fontIsItalic && upright.faceNote?.contains("no italic face") == true, "\(upright.faceNote ?? "")")
        // A weight within 50 of the face's is that face.
        #expect(try FontLayout(font: .family("DejaVu Sans"), size: 32, weight: FontWeight(680)).faceNote == nil)
    }

    @Test func aFontFileIsOneFace() throws {
        let file = try FontLayout(font: .family("DejaVu Sans"), size: 32).fontFile
        #expect {
            _ = try FontLayout(font: .file(file), size: 32, weight: .bold)
        } throws: { ($0 as? TypesetterError)?.code == .faceOfFile }
        #expect {
            _ = try FontLayout(font: .file(file), size: 32, italic: true)
        } throws: { ($0 as? TypesetterError)?.code == .faceOfFile }
        // A file states its own face.
        let bold = try FontLayout(font: .family("DejaVu Sans"), size: 32, weight: .bold).fontFile
        let opened = try FontLayout(font: .file(bold), size: 32)
        #expect(opened.fontWeight == .bold && opened.weight == nil && opened.faceNote == nil)
    }

    /// Fallback fonts for what the family lacks are sorted against the same
    /// weight: Thai in a bold Latin family comes from a bold Thai face.
    @Test func fallbackFollowsTheWeight() throws {
        let text = Array("สวัสดี")
        let bold = try FontLayout(font: .family("DejaVu Sans"), size: 32, weight: .bold).shape(text)
        let regular = try FontLayout(font: .family("DejaVu Sans"), size: 32).shape(text)
        #expect(bold.glyphs[0].fontFile.hasSuffix("NotoSansThai-Bold.ttf"), "\(bold.glyphs[0].fontFile)")
        #expect(regular.glyphs[0].fontFile.hasSuffix("NotoSansThai-Regular.ttf"), "\(regular.glyphs[0].fontFile)")
    }
}
