import Testing

@testable import KinetypeCLI

@Suite("JSON writer")
struct JSONWriterTests {
    @Test func escapesStringsAndKeepsUnicode() {
        let text = KinetypeCLI.JSONValue.string("a\"b\\c\n\r\t\u{8}\u{C}\u{0}\u{1F}\u{7F}é👨‍👩‍👧\u{2028}").serialized()
        #expect(text == "\"a\\\"b\\\\c\\n\\r\\t\\b\\f\\u0000\\u001f\\u007fé👨‍👩‍👧\\u2028\"\n")
    }

    /// The rules the three writers once disagreed on, and what none had: C1
    /// controls and the bidirectional formatting characters, which a terminal
    /// showing the JSON would obey.
    @Test(arguments: [
        ("\u{8}", "\\b"), ("\u{C}", "\\f"), ("\u{7F}", "\\u007f"), ("\u{2028}", "\\u2028"), ("\u{2029}", "\\u2029"),
        ("\u{80}", "\\u0080"), ("\u{85}", "\\u0085"), ("\u{9B}", "\\u009b"), ("\u{9F}", "\\u009f"),
        ("\u{61C}", "\\u061c"), ("\u{200E}", "\\u200e"), ("\u{200F}", "\\u200f"), ("\u{202A}", "\\u202a"),
        ("\u{202E}", "\\u202e"), ("\u{2066}", "\\u2066"), ("\u{2069}", "\\u2069"),
        ("\u{A0}", "\u{A0}"), ("\u{200D}", "\u{200D}"), ("\u{2070}", "\u{2070}"),
    ])
    func escapesEveryControlAndBidiCharacter(character: String, written: String) throws {
        let text = KinetypeCLI.JSONValue.string("<" + character + ">").serialized()
        #expect(text == "\"<" + written + ">\"\n")
        // What is escaped reads back as it was.
        #expect(try ParsedJSON(parsing: text) == .string("<" + character + ">"))
    }

    @Test func numbersAreShortestAndNeverNaN() {
        let values: [KinetypeCLI.JSONValue] = [.number(0.1), .number(1e-7), .number(-0.0), .number(.nan), .number(.infinity), .int(-3)]
        #expect(KinetypeCLI.JSONValue.array(values).serialized() == "[0.1, 1e-07, -0.0, null, null, -3]\n")
    }

    @Test func layoutIsDeterministic() {
        let document = KinetypeCLI.JSONValue.object([
            ("b", .array([.object([("x", .null), ("y", .bool(true))])])), ("a", .array([])), ("c", .object([])),
        ])
        #expect(
            document.serialized() == """
                {
                  "b": [
                    {"x": null, "y": true}
                  ],
                  "a": [],
                  "c": {}
                }

                """)
    }
}
