import Analyzer
import Testing

@Suite("Trend")
struct TrendTests {
    @Test(arguments: [
        ("9", "10", 1), ("10", "9", -1), ("5", "5", 1), ("-3", "-5", -1), ("-5", "-3", 1), ("\u{2212}3", "2", 1),
        ("$1,000.50", "$999.99", -1), ("12 MB", "1.2 GB", -1), ("09:59", "10:00", 1), ("0.10", "0.1", 1),
        ("-0", "0", 1), ("0.5", "0.45", -1), ("007", "7", 1),
        ("123456789012345678901234567890", "123456789012345678901234567891", 1),
        ("123456789012345678901234567891", "123456789012345678901234567890", -1),
        ("1e400", "1e399", -1),
        // Not numbers on both sides: +1.
        ("Send", "Action", 1), ("10", "ten", 1), ("1.2.3", "1", 1), ("", "5", 1),
    ])
    func trend(old: String, new: String, expected: Int) {
        for mode in [DiffMode.morph, .replace, .numeric()] {
            #expect(TextChangeAnalyzer(mode: mode).analyze(from: old, to: new).trend == expected)
        }
    }

    @Test func separatorComesFromTheMode() {
        let german = TextChangeAnalyzer(mode: .numeric(decimalSeparator: ","))
        #expect(german.analyze(from: "1.234,56", to: "1.234,5").trend == -1)
        #expect(german.analyze(from: "1,5", to: "1,25").trend == -1)
        // Read with ".", "1,5" is 15 and "1,25" is 125.
        #expect(TextChangeAnalyzer(mode: .numeric()).analyze(from: "1,5", to: "1,25").trend == 1)
    }
}
