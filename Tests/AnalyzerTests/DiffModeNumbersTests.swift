import Analyzer
import Testing

/// Which texts read as numbers, and the mode suggested for them.
@Suite("DiffMode for numbers")
struct DiffModeNumbersTests {
    @Test(arguments: [
        "99", "100", "-3", "+3.5%", "−12", "1,204", "1,234,567.89", "$9.99", "-$1,204.50", "€1.234,56", "12.75 %",
        "0.5%", "1 234 567", "19.99 EUR", "USD 5", "9:59", "12:59:59", "9:59 AM", "10:00 pm", ".5", "5‰", "¥1000",
    ])
    func numbersReadAsNumbers(text: String) {
        #expect(DiffMode.readsAsNumber(text))
    }

    @Test(arguments: [
        "", " ", "Send", "3 items", "42 likes", "v1.2", "1-2", "9:5", "99:99:99:99", "$", "%", "12:3a", "1.2.", "abc 1",
        "Mon 9:59", "-3.2°C",
    ])
    func otherTextsDoNot(text: String) {
        #expect(!DiffMode.readsAsNumber(text))
    }

    @Test func bothNumbersSuggestNumericModeWithTheirSeparator() {
        #expect(DiffMode.suggested(for: ["99", "100"]) == .numeric(decimalSeparator: "."))
        #expect(DiffMode.suggested(for: ["$1,204.50", "$999"]) == .numeric(decimalSeparator: "."))
        // A comma before the last two digits, or after the points, is the decimal separator.
        #expect(DiffMode.suggested(for: ["€1.234,56", "€999"]) == .numeric(decimalSeparator: ","))
        #expect(DiffMode.suggested(for: ["0,5", "1"]) == .numeric(decimalSeparator: ","))
        // Three digits after one comma group thousands.
        #expect(DiffMode.suggested(for: ["1,999", "2,000"]) == .numeric(decimalSeparator: "."))
        #expect(DiffMode.suggested(for: ["9:59", "10:00"]) == .numeric(decimalSeparator: "."))
    }

    @Test func oneTextThatIsNotANumberKeepsMorph() {
        #expect(DiffMode.suggested(for: ["99", "many"]) == .morph)
        #expect(DiffMode.suggested(for: ["Send", "Sent"]) == .morph)
        #expect(DiffMode.suggested(for: [String]()) == .morph)
    }
}
