import Animator
import Render
import Testing
import TestSupport

/// `--weight` reaches the pixels: the command line's bold draws markedly
/// more ink than its regular, and its thin (the family's lightest) less.
@Suite("weights in the pixels")
struct FontWeightInkTests {
    /// The ink of `render Hamburgefonts` with `options`: the summed darkness of a PNG on white, in levels.
    func ink(_ options: [String]) throws -> Int {
        let dir = try TemporaryDirectory(prefix: "kinetype-weight")
        defer { dir.remove() }
        let path = dir.path + "/word.png"
        let run = try ProcessRunner.runProduct(
            "kinetype", ["render", "Hamburgefonts", "--size", "48", "--width", "600", "--height", "120", "-o", path] + options)
        guard run.status == 0 else { throw TestFailure("kinetype failed: \(run)") }
        let image = try decodePNG(path)
        var total = 0
        for y in 0..<image.height { for x in 0..<image.width { total += 255 - Int(image[x, y].red) } }
        return total
    }

    @Test func boldDrawsAtLeastAFifthMoreInkThanRegular() throws {
        let regular = try ink([]), bold = try ink(["--weight", "bold"])
        #expect(regular > 100_000, "the regular word has ink (\(regular))")
        #expect(Double(bold) >= 1.2 * Double(regular), "bold \(bold) against regular \(regular): \(Double(bold) / Double(regular))×")
        print("ink of Hamburgefonts at 48 pt: bold / regular = \(NumberFormat.fixed(Double(bold) / Double(regular), 3))")
        // The family's name with its style draws the same.
        #expect(try ink(["--font", "DejaVu Sans Bold"]) == bold)
        #expect(try ink(["--weight", "700"]) == bold)
    }

    @Test func thinDrawsLessInkThanRegular() throws {
        let regular = try ink([]), thin = try ink(["--weight", "thin"])
        #expect(Double(thin) < 0.8 * Double(regular), "thin \(thin) against regular \(regular)")
    }
}
