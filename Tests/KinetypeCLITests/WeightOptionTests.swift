import Testing
import TestSupport

/// `--weight` and `--italic` on the command line: names and numbers, the
/// nearest face reported, a family's name with its style, and the hints
/// mistyped options get (`--weight` is never taken for `--height`).
@Suite("--weight and --italic")
struct WeightOptionTests {
    func kinetype(_ arguments: [String]) throws -> ProcessResult {
        try ProcessRunner.runProduct("kinetype", arguments)
    }

    /// How wide `frames` sets a word with `options` (the span of its glyphs'
    /// centres: a bold word is wider), and what it warned.
    func width(_ options: [String]) throws -> (width: Double, warnings: String) {
        let frames = try kinetype(["frames", "Hamburgefonts", "--json"] + options)
        #expect(frames.status == 0, "\(options): \(frames)")
        let json = try JSONValue(parsing: frames.standardOutput)
        let sprites = try #require(json["frames"]?[0]?["sprites"]?.arrayValue)
        let xs = sprites.compactMap { $0["x"]?.doubleValue }
        return ((xs.max() ?? 0) - (xs.min() ?? 0), frames.standardError)
    }

    @Test(arguments: [["--weight", "bold"], ["--weight", "700"], ["--weight", "Bold"], ["--font", "DejaVu Sans Bold"],
                      ["--font", "dejavu sans bold"], ["--weight", "650"]])
    func boldByNameNumberOrFamilyNameSetsTheBoldFace(options: [String]) throws {
        let regular = try width([]), bold = try width(options)
        #expect(bold.width > regular.width * 1.05, "\(options): \(bold.width) against \(regular.width)")
        // 650 is not bold's 700: the nearest face is used and said.
        if options.last == "650" {
            #expect(bold.warnings.contains("warning: DejaVu Sans has no 650 face; its Bold face (weight 700) is used"), "\(bold.warnings)")
        } else {
            #expect(bold.warnings.isEmpty, "\(options): \(bold.warnings)")
        }
    }

    @Test func aWeightTheFamilyLacksIsWarnedAboutOnceWithTheFaceUsed() throws {
        let run = try kinetype(["render", "a", "--weight", "thin", "-o", "/dev/null", "--format", "svg"])
        #expect(run.status == 0)
        #expect(run.standardError == "warning: DejaVu Sans has no thin (100) face; its ExtraLight face (weight 200) is used\n", "\(run.standardError)")
        let italic = try kinetype(["frames", "a", "--font", "IPAGothic", "--italic", "--json"])
        #expect(italic.status == 0 && italic.standardError.contains("IPAGothic has no italic face"), "\(italic)")
        // DejaVu Sans slants with its oblique face: no warning.
        let oblique = try kinetype(["frames", "a", "--italic", "--json"])
        #expect(oblique.status == 0 && oblique.standardError.isEmpty, "\(oblique)")
    }

    @Test(arguments: [
        (["--weight", "blod"], "invalid value 'blod' for --weight: expected one of thin, extralight, light, regular, medium, semibold, bold, extrabold, black, or a number from 1 to 1000 (400 regular, 700 bold) (did you mean 'bold'?)"),
        (["--weight", "0"], "invalid value '0' for --weight: expected a number in [1, 1000]"),
        (["--weight", "1001"], "invalid value '1001' for --weight: expected a number in [1, 1000]"),
        (["--weight", "nan"], "invalid value 'nan' for --weight"),
        (["--font", "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "--italic"], "--italic picks a face of a family, but --font /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf is a font file, which is one face"),
        (["--font", "Nonexistent Bold"], "no installed font has the family \"Nonexistent Bold\""),
    ])
    func badWeightsAndFacesAreUsageErrors(options: [String], message: String) throws {
        let run = try kinetype(["frames", "a"] + options)
        #expect(run.status == 2 || (options.first == "--font" && run.status != 0), "\(run)")
        #expect(run.standardError.contains(message), "\(run.standardError)")
    }

    /// Mistyped options near --weight suggest it, never --height (one letter
    /// from "weight"); a weight's name given as an option suggests --weight with it.
    @Test(arguments: [
        ("--weigth", "--weight"), ("--wieght", "--weight"), ("--weigh", "--weight"), ("--Weight", "--weight"),
        ("--heigth", "--height"), ("--italics", "--italic"), ("--bold", "--weight bold"), ("--light", "--weight light"),
        ("--wave", "--effect wave"),
    ])
    func mistypedOptionsSuggestTheRightOne(typed: String, suggested: String) throws {
        let run = try kinetype(["render", "a", typed, "-o", "/dev/null", "--format", "svg"])
        #expect(run.status == 2)
        #expect(run.standardError.contains("did you mean '\(suggested)'?"), "\(typed): \(run.standardError)")
    }
}
