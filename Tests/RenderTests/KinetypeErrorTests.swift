import Analyzer
import Animator
import Director
import Effects
import Pool
import Render
import Testing
import Typesetter

/// Every module's errors have the one shape of `KinetypeError`: a code named
/// for what failed, a message a person can act on, the message as the
/// description, and equality by code. (Here because this target sees every module.)
@Suite struct KinetypeErrorTests {
    /// Runs `body`, which must throw, and returns what it threw as a `KinetypeError`.
    private func thrown(_ body: () throws -> Void) -> (any KinetypeError)? {
        do {
            try body()
            return nil
        } catch {
            return error as? any KinetypeError
        }
    }

    /// One real failure from each module's public API, with the code name it must carry.
    private var failures: [(String, () throws -> Void)] {
        [
            ("invalidStiffness", { _ = try Spring(stiffness: -1, damping: 10) }),
            ("expectedNumber", { _ = try ShapePath(svgPathData: "M 10,10 L 2x") }),
            ("invalidKind", { _ = try Shape(kind: .glyph, size: Size(width: 4, height: 4)) }),
            ("invalidSize", { _ = try Shape(kind: .rect, size: Size(width: -4, height: 4)) }),
            ("unknownScene", { _ = try Scene.named("menus") }),
            ("noTexts", { _ = try Playback(texts: []) }),
            ("noScene", { _ = try Playback(texts: ["a"], toggles: [1]) }),
            ("unknownEffect", { _ = try EffectRegistry.standard.effect(named: "fog") }),
            ("syntax", { _ = try DataEffect(json: "{") }),
            ("fileNotFound", { _ = try FontLayout(font: .file("/tmp/no-such-dir-kinetype/Missing.ttf")) }),
            ("invalidColor", { _ = try RenderColor(parsing: "chartreuse") }),
            (
                "alreadyCheckedIn",
                {
                    let pool = SpritePool<Int>(capacity: 1)
                    let handle = pool.checkout(1, role: .entering, order: 0)
                    try pool.checkin(handle)
                    try pool.checkin(handle)
                }
            ),
        ]
    }

    @Test func everyModuleThrowsTheOneShape() {
        for (name, body) in failures {
            guard let error = thrown(body) else {
                Issue.record("\(name): nothing thrown, or not a KinetypeError")
                continue
            }
            #expect(error.codeName == name)
            #expect(!error.message.isEmpty, "\(name)")
            #expect(error.description == error.message)
        }
    }

    @Test func errorsCompareByCodeNotByMessage() throws {
        let a = thrown { _ = try Spring(stiffness: -1, damping: 10) } as? TimingError
        let b = thrown { _ = try Spring(stiffness: 0, damping: 10) } as? TimingError
        let c = thrown { _ = try Spring(stiffness: 100, damping: -3) } as? TimingError
        let first = try #require(a), second = try #require(b), third = try #require(c)
        #expect(first.message != second.message)
        #expect(first == second && first.hashValue == second.hashValue)
        #expect(first == .invalidStiffness && first.code == .invalidStiffness)
        #expect("\(first.code)" == "invalidStiffness")
        #expect(first != third && third.code == .invalidDamping)
    }

    @Test func codesOfDifferentErrorsStayApart() {
        // Both have an `invalidSize`; they are codes of different types with the same name.
        let font = thrown { _ = try FontLayout(font: .family("DejaVu Sans"), size: -1) }
        let shape = thrown { _ = try Shape(kind: .rect, size: Size(width: -4, height: 4)) }
        #expect(font?.codeName == "invalidSize" && shape?.codeName == "invalidSize")
        #expect(font is TypesetterError && shape is ShapeError)
    }
}
