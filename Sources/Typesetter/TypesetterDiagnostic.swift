import Analyzer

/// Something about a text that laying it out cannot fix but a person can:
/// for now, a Character no installed font has, which is drawn as the font's
/// missing-glyph box. Laying out never fails; ask ``FontLayout/diagnostics(for:)``.
///
/// ```swift
/// for warning in try FontLayout().diagnostics(for: Array("Hi \u{E000}")) {
///     print(warning)   // no installed font has "\u{E000}" (U+E000); …
/// }
/// ```
public struct TypesetterDiagnostic: Hashable, Sendable, CustomStringConvertible {
    /// The kind of finding, named as error codes are. New kinds may be added;
    /// switch with a `default`.
    public typealias Code = ErrorCode<TypesetterDiagnostic>

    /// The kind of finding.
    public let code: Code
    /// The Character concerned.
    public let character: Character
    /// Its code points that no installed font has.
    public let scalars: [Unicode.Scalar]
    /// One sentence naming the Character (its code points as U+XXXX) and what to do.
    /// It holds the Character itself: escape it before printing it to a terminal.
    public private(set) var message: String

    /// The ``message``.
    public var description: String { message }

    /// ``scalars`` written as code points, "U+E000 U+E001".
    public var codePoints: String {
        scalars.map { scalar -> String in
            let hex = String(scalar.value, radix: 16, uppercase: true)
            return "U+" + String(repeating: "0", count: max(4 - hex.count, 0)) + hex
        }.joined(separator: " ")
    }

    static func missingGlyph(_ character: Character, scalars: [Unicode.Scalar]) -> Self {
        var made = Self(code: .missingGlyph, character: character, scalars: scalars, message: "")
        made.message =
            "no installed font has \"\(character)\" (\(made.codePoints)); it is drawn as a box: install a font for its script (scripts/setup installs Noto for the major scripts) or choose one that has it"
        return made
    }
}

extension ErrorCode where Failure == TypesetterDiagnostic {
    /// No installed font has a code point of the Character: it is drawn as a box.
    public static var missingGlyph: Self { Self("missingGlyph") }
}

extension FontLayout {
    /// What the layout cannot draw in `glyphs`: one ``TypesetterDiagnostic`` per
    /// distinct Character that no installed font has (in order of first
    /// appearance), each naming the code points missing.
    ///
    /// - Complexity: O(n) in the number of glyphs, plus a fontconfig look-up
    ///   for each Character the font lacks.
    public func diagnostics(for glyphs: [Character]) -> [TypesetterDiagnostic] {
        var seen = Set<Character>()
        let distinct = glyphs.filter { seen.insert($0).inserted }
        return zip(distinct, engine.missingScalars(of: distinct)).compactMap { character, missing in
            missing.isEmpty ? nil : .missingGlyph(character, scalars: missing)
        }
    }
}
