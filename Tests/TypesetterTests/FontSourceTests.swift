import Testing
@testable import Typesetter

@Suite struct FontSourceTests {
    @Test(arguments: [
        ("DejaVu Sans", FontSource.family("DejaVu Sans")),
        ("monospace", .family("monospace")),
        ("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", .file("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")),
        ("Font.TTF", .file("Font.TTF")),
        ("x.otf", .file("x.otf")),
        ("fonts/x", .file("fonts/x")),
        ("c.ttc", .file("c.ttc")),
    ])
    func parsesTheFontArgument(argument: String, expected: FontSource) {
        #expect(FontSource(parsing: argument) == expected)
    }
}
