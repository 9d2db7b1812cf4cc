import Testing
@testable import Animator
import TestSupport

private func p(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }

@Suite("SVG path data: reading and errors")
struct PathDataTests {
    @Test(arguments: [
        ("M0 0 L10 0", "M 0 0 L 10 0"),
        ("m1 1 2 2", "M 1 1 L 3 3"),
        ("M0 0 10 0 10 10", "M 0 0 L 10 0 L 10 10"),
        ("M 5 5 h 10 v -5 H 0 V 2", "M 5 5 L 15 5 L 15 0 L 0 0 L 0 2"),
        ("M-.5.5", "M -0.5 0.5"),
        ("M1e-3 2E+1", "M 0 20"),
        ("M10-5", "M 10 -5"),
        ("M 1.5,2.5l1,1", "M 1.5 2.5 L 2.5 3.5"),
        ("\t\nM 0 0 z \r", "M 0 0 Z"),
        ("", ""),
        ("   ", ""),
        ("M0 0 L10 0 Z L 0 10", "M 0 0 L 10 0 Z M 0 0 L 0 10"),
        ("M0 0 l10 0 z l 0 10", "M 0 0 L 10 0 Z M 0 0 L 0 10"),
        ("M0 0 Q 5 10 10 0 T 20 0", "M 0 0 Q 5 10 10 0 Q 15 -10 20 0"),
        ("M0 0 q 5 10 10 0 t 10 0", "M 0 0 Q 5 10 10 0 Q 15 -10 20 0"),
        ("M0 0 C 0 10 10 10 10 0 S 20 -10 20 0", "M 0 0 C 0 10 10 10 10 0 C 10 -10 20 -10 20 0"),
        ("M0 0 c 0 10 10 10 10 0 s 10 -10 10 0", "M 0 0 C 0 10 10 10 10 0 C 10 -10 20 -10 20 0"),
        // S after a non-cubic reflects nothing: its first control is the current point.
        ("M0 0 L 5 5 S 10 10 15 5", "M 0 0 L 5 5 C 5 5 10 10 15 5"),
        ("M0 0 T 10 0", "M 0 0 Q 0 0 10 0"),
        // A zero radius makes a line; an arc to its own start draws nothing.
        ("M0 0 A 0 5 0 0 1 10 0", "M 0 0 L 10 0"),
        ("M0 0 A 5 5 0 0 1 0 0", "M 0 0"),
    ])
    func reads(data: String, expected: String) throws {
        #expect(try ShapePath(svgPathData: data).svgPathData == expected)
    }

    @Test func numbersKeepTheirFullPrecision() throws {
        let path = try ShapePath(svgPathData: "M 0.001 -1e-3 L 1234567.125 .000005")
        #expect(path.elements == [.move(to: p(0.001, -0.001)), .line(to: p(1_234_567.125, 0.000005))])
    }

    @Test func arcsBecomeCubicsOnTheEllipse() throws {
        // Two half circles of radius 10 centred on (10, 10): a full circle.
        let ring = try ShapePath(svgPathData: "M0 10 a10 10 0 1 0 20 0 a10 10 0 1 0 -20 0 z")
        let cubics = ring.elements.filter { if case .cubic = $0 { true } else { false } }
        #expect(cubics.count == 4)
        #expect(abs(ring.length - 20 * Double.pi) / (20 * Double.pi) < 0.0003)
        let bounds = try #require(ring.bounds)
        #expect(isClose(bounds.minX, 0, 1e-9) && isClose(bounds.maxX, 20, 1e-9))
        #expect(isClose(bounds.minY, 0, 0.01) && isClose(bounds.maxY, 20, 0.01))
        // Every cubic's end lies on the circle.
        for element in ring.elements {
            if case .cubic(_, _, let end) = element { #expect(isClose((end - p(10, 10)).length, 10, 1e-9)) }
        }
    }

    @Test func arcFlagsPickTheQuarterTurnsAndTheSide() throws {
        // From (0, 0) to (10, 10) on a circle of radius 10: the small arc is a
        // quarter turn, the large one three; sweep 1 goes clockwise on screen.
        let small = try ShapePath(svgPathData: "M0 0 A10 10 0 0 1 10 10")
        let large = try ShapePath(svgPathData: "M0 0 A10 10 0 1 1 10 10")
        #expect(abs(small.length - 5 * Double.pi) < 0.01)
        #expect(abs(large.length - 15 * Double.pi) < 0.02)
        // The small clockwise arc bulges up and right: its centre is (0, 10).
        let box = try #require(small.bounds)
        #expect(isClose(box.maxX, 10, 1e-9) && isClose(box.minY, 0, 1e-9))
        // Flags may be glued to each other and to the next number.
        #expect(try ShapePath(svgPathData: "M0 0A10 10 0 0110 10") == small)
        // Radii too small to reach are scaled up: a half circle on the chord.
        let tiny = try ShapePath(svgPathData: "M0 0 A1 1 0 0 1 20 0")
        #expect(abs(tiny.length - 10 * Double.pi) < 0.01)
    }

    @Test(arguments: [
        ("L 10 10", PathDataError.expectedMove, 0, "path data: expected M or m to start the path at offset 0 (\"L…\")"),
        ("M 10,10 L 2x", .expectedNumber, 11, "path data: expected a number at offset 11 (\"M 10,10 L 2x\")"),
        ("M 10 10 L", .expectedNumber, 9, "path data: expected a number at offset 9, the end (\"M 10 10 L\")"),
        ("M0 0, L1 1", .expectedNumber, 6, "path data: expected a number at offset 6 (\"M0 0, L…\")"),
        ("M,0 0", .expectedNumber, 1, "path data: expected a number at offset 1 (\"M,…\")"),
        ("M1e 5", .expectedNumber, 2, "path data: expected a number at offset 2 (\"M1e…\")"),
        ("M0 0 Z 5", .expectedCommand, 7, "path data: expected a command (M L H V C S Q T A Z, or lower case) at offset 7 (\"M0 0 Z 5\")"),
        ("M0 0 A 5 5 0 2 0 10 0", .expectedFlag, 13, "path data: expected an arc flag, 0 or 1 at offset 13 (\"M0 0 A 5 5 0 2…\")"),
        ("M1e999 0", .numberOutOfRange, 1, "path data: number out of range at offset 1 (\"M1…\")"),
        ("M0 0 Q -9e8 0 9e8 0 T 9e8 5", .numberOutOfRange, 22,
         "path data: a control point made from these numbers lies beyond ±1e9 at offset 22 (\"M0 0 Q -9e8 0 9e8 0 T 9…\")"),
        ("M 2e9 0", .numberOutOfRange, 2, "path data: number out of range (coordinates and radii must stay within ±1e9) at offset 2 (\"M 2…\")"),
    ])
    func errorsNameTheOffsetAndTheExpectation(data: String, error: PathDataError, offset: Int, message: String) {
        #expect {
            try ShapePath(svgPathData: data)
        } throws: { thrown in
            guard let thrown = thrown as? PathDataError else { return false }
            #expect(thrown == error)
            #expect(thrown.offset == offset)
            #expect(thrown.message == message)
            return true
        }
    }

    @Test func relativeMovesAddingUpPastTheLimitAreOutOfRange() {
        let data = "m 9e8 0 9e8 0"
        #expect(throws: PathDataError.numberOutOfRange) { try ShapePath(svgPathData: data) }
    }

    @Test func longExcerptsAreCutAndControlCharactersEscaped() {
        let data = "M 0 0 L 1 1 L 2 2 L 3 3 L 4 4 L 5 5 \u{1B}[31m"
        do {
            _ = try ShapePath(svgPathData: data)
            Issue.record("no error")
        } catch {
            #expect(error == .expectedCommand)
            #expect(error.offset == 36)
            #expect(error.message.hasSuffix("at offset 36 (\"… L 1 1 L 2 2 L 3 3 L 4 4 L 5 5 \\u{1B}…\")"))
            #expect(!error.message.contains("\u{1B}"))
        }
    }

    @Test func limitsAreErrorsNotSlowParses() {
        let long = String(repeating: " ", count: ShapePath.maximumPathDataLength + 1)
        #expect(throws: PathDataError.tooLong) { try ShapePath(svgPathData: long) }
        let many = "M0 0" + String(repeating: " L1 1", count: ShapePath.maximumElements)
        #expect(throws: PathDataError.tooManyElements) { try ShapePath(svgPathData: many) }
        let digits = "M" + String(repeating: "1", count: 500_000)
        #expect(throws: PathDataError.numberOutOfRange) { try ShapePath(svgPathData: digits) }
        // Just under the element limit reads.
        let most = "M0 0" + String(repeating: " L1 1", count: ShapePath.maximumElements - 1)
        #expect((try? ShapePath(svgPathData: most))?.elements.count == ShapePath.maximumElements)
    }

    @Test func printingAndReadingAgreeToTwoDecimals() throws {
        let path = try ShapePath(svgPathData: "M 1.25 -3 Q 4 5 6.5 7 C 1 2 3 4 5 6 L 0.07 0 Z")
        #expect(try ShapePath(svgPathData: path.svgPathData) == path)
    }
}
