import Testing

@testable import kinetype

@Suite("JSON writer")
struct JSONWriterTests {
    @Test func escapesStringsAndKeepsUnicode() {
        let text = kinetype.JSONValue.string("a\"b\\c\n\r\t\u{8}\u{C}\u{0}\u{1F}\u{7F}é👨‍👩‍👧\u{2028}").serialized()
        #expect(text == "\"a\\\"b\\\\c\\n\\r\\t\\b\\f\\u0000\\u001f\\u007fé👨‍👩‍👧\u{2028}\"\n")
    }

    @Test func numbersAreShortestAndNeverNaN() {
        let values: [kinetype.JSONValue] = [.number(0.1), .number(1e-7), .number(-0.0), .number(.nan), .number(.infinity), .int(-3)]
        #expect(kinetype.JSONValue.array(values).serialized() == "[0.1, 1e-07, -0.0, null, null, -3]\n")
    }

    @Test func layoutIsDeterministic() {
        let document = kinetype.JSONValue.object([
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
