import Testing
@testable import Typesetter

@Suite("Bidi: levels and visual order")
struct BidiTests {
    private typealias C = BidiClass

    /// (classes, paragraph level, resolved levels)
    static let levelCases: [([BidiClass], UInt8, [UInt8])] = [
        ([.leftToRight, .neutral, .leftToRight], 0, [0, 0, 0]),
        ([.rightToLeft, .neutral, .rightToLeft], 1, [1, 1, 1]),
        ([.leftToRight, .neutral, .rightToLeft, .neutral, .leftToRight], 0, [0, 0, 1, 0, 0]),
        ([.rightToLeft, .neutral, .number, .number], 1, [1, 1, 2, 2]),
        ([.leftToRight, .neutral, .number], 0, [0, 0, 0]),
        ([.rightToLeft, .neutral, .leftToRight], 1, [1, 1, 2]),
        ([.neutral, .number], 0, [0, 0]),
        ([], 0, []),
    ]

    @Test(arguments: levelCases)
    func levelsFollowTheStrongCharacters(classes: [BidiClass], paragraph: UInt8, levels: [UInt8]) {
        let resolved = Bidi.levels(classes)
        #expect(resolved.paragraph == paragraph)
        #expect(resolved.levels == levels)
    }

    /// (levels, visual order)
    static let orderCases: [([UInt8], [Int])] = [
        ([0, 0, 0], [0, 1, 2]),
        ([1, 1, 1], [2, 1, 0]),
        ([0, 1, 1, 0], [0, 2, 1, 3]),
        ([1, 1, 2, 2, 1], [4, 2, 3, 1, 0]),
        ([0, 2, 2], [0, 1, 2]),
        ([], []),
    ]

    @Test(arguments: orderCases)
    func visualOrderReversesOddRuns(levels: [UInt8], order: [Int]) {
        #expect(Bidi.visualOrder(levels) == order)
    }
}
