import Animator
import Effects
import Testing

/// Every field of the effect file is read, and every wrong one named: a
/// document with all of them, each value of the wrong type with its field and
/// what it takes, and which of several faults is reported first (the messages
/// are whole: a change to the reader must not change a word of them).
@Suite struct EffectFileFieldTests {
    @Test func aDocumentWithEveryFieldIsRead() throws {
        let effect = try DataEffect(json: """
            {
              "$schema": "https://example.com/effect-file.schema.json",
              "format": 1,
              "name": "every-field",
              "summary": "Every field of the format.",
              "base": "slide",
              "order": "fromCenter",
              "entering": {
                "range": {"over": "words", "shape": "triangle", "start": -0.5, "end": 1.5, "amount": 0.8},
                "motion": {"spring": {"mass": 1.2, "stiffness": 300, "damping": 20}},
                "fade": {"curve": [0.2, 0, 0.4, 1], "duration": 0.25},
                "channels": {
                  "y": {"from": 12, "unit": "pt", "spring": "style"},
                  "rotation": {"from": 0.5, "unit": "rad", "curve": "easeOut", "duration": 0.3},
                  "opacity": {"from": 0, "keyframes": [[0, 0], [0.1, 0.5, "easeIn"], [0.3, 1, [0.3, 0, 0.2, 1]]]},
                  "tint": {"from": "#ff8800cc"}
                }
              },
              "exiting": {"motion": {"keyframes": [[0, 0], [0.4, 1]]}, "channels": {"x": {"to": 0.5}, "scale": {"to": 0.5}}},
              "persisting": {"motion": {"curve": "ease", "duration": 0.4}, "channels": {"skew": {"by": 5, "unit": "deg"}, "scaleX": {"by": 0.1}}}
            }
            """)
        #expect(effect.name == "every-field")
        #expect(effect.summary == "Every field of the format.")
        #expect(effect.staggerOrder == .fromCenter)
    }

    static let wrongTypes: [(String, String)] = [
        (#"[]"#,
         #"line 1, column 1: expected an object, not an array"#),
        (#"null"#,
         #"line 1, column 1: expected an object, not null"#),
        (#"{"name": 3}"#,
         #"line 1, column 10: name: expected a string, not a number"#),
        (#"{"name": "a", "summary": null}"#,
         #"line 1, column 26: summary: expected a string, not null"#),
        (#"{"name": "a", "base": 3}"#,
         #"line 1, column 23: base: expected a string, not a number"#),
        (#"{"name": "a", "order": 3}"#,
         #"line 1, column 24: order: expected a string, not a number"#),
        (#"{"name": "a", "entering": []}"#,
         #"line 1, column 27: entering: expected an object, not an array"#),
        (#"{"name": "a", "entering": {"range": 3}}"#,
         #"line 1, column 37: entering.range: expected an object, not a number"#),
        (#"{"name": "a", "entering": {"range": {"over": 3}}}"#,
         #"line 1, column 46: entering.range.over: expected a string, not a number"#),
        (#"{"name": "a", "entering": {"range": {"shape": 1}}}"#,
         #"line 1, column 47: entering.range.shape: expected a string, not a number"#),
        (#"{"name": "a", "entering": {"range": {"start": "a"}}}"#,
         #"line 1, column 47: entering.range.start: expected a number, not a string"#),
        (#"{"name": "a", "entering": {"range": {"amount": "x"}}}"#,
         #"line 1, column 48: entering.range.amount: expected a number, not a string"#),
        (#"{"name": "a", "entering": {"fade": "x"}}"#,
         #"line 1, column 36: entering.fade: expected an object, not a string"#),
        (#"{"name": "a", "entering": {"motion": {"spring": 3}}}"#,
         #"line 1, column 49: entering.motion.spring: expected an object, not a number"#),
        (#"{"name": "a", "entering": {"motion": {"spring": {"stiffness": "a", "damping": 10}}}}"#,
         #"line 1, column 63: entering.motion.spring.stiffness: expected a number, not a string"#),
        (#"{"name": "a", "entering": {"fade": {"curve": 3, "duration": 1}}}"#,
         #"line 1, column 46: entering.fade.curve: expected a curve's name (easeOut, …) or four numbers [x1, y1, x2, y2], not a number"#),
        (#"{"name": "a", "entering": {"motion": {"curve": [0, 0, 1, "a"], "duration": 1}}}"#,
         #"line 1, column 58: entering.motion.curve[3]: expected a number, not a string"#),
        (#"{"name": "a", "entering": {"motion": {"curve": "linear", "duration": "1"}}}"#,
         #"line 1, column 70: entering.motion.duration: expected a number, not a string"#),
        (#"{"name": "a", "entering": {"motion": {"keyframes": 3}}}"#,
         #"line 1, column 52: entering.motion.keyframes: expected an array of keyframes, each [seconds, progress] or [seconds, progress, "curve"], not a number"#),
        (#"{"name": "a", "exiting": {"motion": {"keyframes": [[0, 0], 1]}}}"#,
         #"line 1, column 60: exiting.motion.keyframes[1]: expected a keyframe [seconds, progress] or [seconds, progress, "curve"], not a number"#),
        (#"{"name": "a", "exiting": {"channels": {"y": {"to": 0.5, "keyframes": [["a", 0], [1, 1]]}}}}"#,
         #"line 1, column 72: exiting.channels.y.keyframes[0][0]: expected a number, not a string"#),
        (#"{"name": "a", "persisting": {"channels": {"opacity": {"by": 0.5, "keyframes": [[0, 0, 3], [1, 1]]}}}}"#,
         #"line 1, column 87: persisting.channels.opacity.keyframes[0][2]: expected a curve's name (easeOut, …) or four numbers [x1, y1, x2, y2], not a number"#),
        (#"{"name": "a", "entering": {"channels": []}}"#,
         #"line 1, column 40: entering.channels: expected an object of channels ("y": {…}, "opacity": {…}), not an array"#),
        (#"{"name": "a", "entering": {"channels": {"y": 3}}}"#,
         #"line 1, column 46: entering.channels.y: expected an object, not a number"#),
        (#"{"name": "a", "entering": {"channels": {"y": {"from": 1, "unit": 3}}}}"#,
         #"line 1, column 66: entering.channels.y.unit: expected a string, not a number"#),
        (#"{"name": "a", "exiting": {"channels": {"y": {"to": "1"}}}}"#,
         #"line 1, column 52: exiting.channels.y.to: expected a number, not a string"#),
        (#"{"name": "a", "persisting": {"channels": {"tint": {"by": 3}}}}"#,
         #"line 1, column 58: persisting.channels.tint.by: expected a string, not a number"#),
        (#"{"name": "a", "entering": {"channels": {"opacity": {"from": 0.5, "spring": [1, 2, 3]}}}}"#,
         #"line 1, column 76: entering.channels.opacity.spring: expected an object, not an array"#),
    ]

    @Test(arguments: wrongTypes)
    func aValueOfTheWrongTypeNamesItsFieldAndWhatItTakes(json: String, message: String) {
        let error = #expect(throws: EffectFileError.self) { try DataEffect(json: json) }
        #expect(error?.code == .wrongType)
        #expect(error?.message == message)
    }

    static let firstFaults: [(String, String)] = [
        // the format before the name, wherever they are
        (#"{"name": 3, "format": 2}"#,
         #"line 1, column 23: format: this is version 1 of the format; write 1 or leave the field out"#),
        // the base before the order
        (#"{"name": "a", "order": "nope", "base": "nope"}"#,
         #"line 1, column 40: base: unknown effect "nope"; use one of dance, minimal, mist, rolling, scale, slide, sparkle, wave, write"#),
        // entering, exiting, then persisting
        (#"{"name": "all", "persisting": 3, "entering": 4}"#,
         #"line 1, column 46: entering: expected an object, not a number"#),
        // start, end, then amount
        (#"{"name": "a", "entering": {"range": {"amount": 2, "start": 5}}}"#,
         #"line 1, column 60: entering.range.start: use a fraction of the text from -1 to 2 (0 its start, 1 its end; beyond them the shape reaches past the text)"#),
        // over before shape
        (#"{"name": "a", "entering": {"range": {"shape": "x", "over": "y"}}}"#,
         #"line 1, column 60: entering.range.over: unknown unit "y"; use one of glyphs, words, lines"#),
        // motion before fade
        (#"{"name": "a", "entering": {"motion": 1, "fade": 2}}"#,
         #"line 1, column 38: entering.motion: expected an object, not a number"#),
        // a role whole before the next
        (#"{"name": "a", "entering": {"channels": {"y": {"from": 1e9}}}, "exiting": {"channels": {"wobble": {}}}}"#,
         #"line 1, column 55: entering.channels.y.from: 1000000000.0 is out of range; use a number from -1000 to 1000 em"#),
        // another role's value field before the fields of the channel
        (#"{"name": "a", "entering": {"channels": {"y": {"from": 1, "to": 1}}}}"#,
         #"line 1, column 58: entering.channels.y.to: entering channels say "from": an entering glyph starts from a value, an exiting one goes to a value, a persisting one moves by an amount"#),
    ]

    @Test(arguments: firstFaults)
    func ofSeveralFaultsTheFirstCheckedIsReported(json: String, message: String) {
        let error = #expect(throws: EffectFileError.self) { try DataEffect(json: json) }
        #expect(error?.message == message)
    }

    /// The limits the messages name are the reader's limits: a duration past
    /// 60 s, a keyframe past 60 s, more than `DataEffect.maximumKeyframes` keyframes.
    @Test func theLimitsOfTimesAndKeyframesAreNamedInTheirMessages() {
        let duration = #expect(throws: EffectFileError.self) {
            try DataEffect(json: #"{"name": "a", "entering": {"motion": {"curve": "ease", "duration": 61}}}"#)
        }
        #expect(duration?.message == "line 1, column 68: entering.motion.duration: use a number of seconds greater than 0 and at most 60")
        let time = #expect(throws: EffectFileError.self) {
            try DataEffect(json: #"{"name": "a", "entering": {"motion": {"keyframes": [[0, 0], [61, 1]]}}}"#)
        }
        #expect(time?.message.hasSuffix("a keyframe's time is seconds from the glyph's start, from 0 to 60") == true)
        let count = DataEffect.maximumKeyframes + 1
        let frames = (0..<count).map { "[\(Double($0) / Double(count)), 0]" }.joined(separator: ",")
        let many = #expect(throws: EffectFileError.self) {
            try DataEffect(json: #"{"name": "a", "entering": {"motion": {"keyframes": ["# + frames + "]}}}")
        }
        #expect(many?.message.hasSuffix("\(count) keyframes; a curve has at most \(DataEffect.maximumKeyframes)") == true)
    }
}
