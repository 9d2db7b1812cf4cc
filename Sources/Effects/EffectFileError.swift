import Analyzer
import Animator

/// Why an effect file could not be read into a ``DataEffect``.
///
/// Every error names where it is: the line and column of the value at fault
/// (from 1) and the field, as a path from the top of the document
/// (`entering.channels.y.spring.damping`). Show ``message`` to a person:
///
/// ```swift
/// do { _ = try DataEffect(json: #"{"name": "drop", "entering": {"channels": {"y": {"form": -1}}}}"#) }
/// catch { print(error) }
/// // line 1, column 50: entering.channels.y: unknown field "form" (did you mean "from"?) …
/// ```
///
/// Match on ``code``; new codes may be added, so switch with a `default`.
public struct EffectFileError: KinetypeError {
    public typealias Code = ErrorCode<EffectFileError>

    /// The kind of error.
    public var code: Code { storage.code }
    /// The line of the value at fault, from 1 (0 when the error is about the whole file).
    public var line: Int { storage.line }
    /// The column of the value at fault, in Unicode scalars from 1.
    public var column: Int { storage.column }
    /// The field at fault as a path from the top (`exiting.channels.opacity.to`);
    /// empty for the document itself.
    public var field: String { storage.field }
    /// What is wrong and what to write instead, without the position.
    public var reason: String { storage.reason }

    /// The error's parts, kept in one object: the reader passes and throws an
    /// error as one reference rather than copying three strings and two numbers.
    private final class Storage: Sendable {
        let code: Code
        let line: Int
        let column: Int
        let field: String
        let reason: String

        init(_ code: Code, line: Int, column: Int, field: String, reason: String) {
            self.code = code
            self.line = line
            self.column = column
            self.field = field
            self.reason = reason
        }
    }

    private let storage: Storage

    private init(_ code: Code, line: Int, column: Int, field: String, reason: String) {
        storage = Storage(code, line: line, column: column, field: field, reason: reason)
    }

    /// "line 7, column 18: entering.channels.y.spring.damping: …": where, which field, what.
    public var message: String {
        let place = line > 0 ? "line \(line), column \(column): " : ""
        return place + (field.isEmpty ? "" : field + ": ") + reason
    }
}

extension ErrorCode where Failure == EffectFileError {
    /// The text is not JSON (a missing comma, an unclosed string).
    public static var syntax: Self { Self("syntax") }
    /// A field the format does not have (often a misspelt one; the message suggests the nearest).
    public static var unknownField: Self { Self("unknownField") }
    /// A field the format needs is absent (the effect's `name`, a channel's `from`).
    public static var missingField: Self { Self("missingField") }
    /// A value of the wrong kind: a string where a number belongs.
    public static var wrongType: Self { Self("wrongType") }
    /// A value out of its range or breaking a rule (negative damping, keyframes out of order).
    public static var invalidValue: Self { Self("invalidValue") }
    /// A name the format does not know: a channel, an order, a curve, a shape or a base effect.
    public static var unknownName: Self { Self("unknownName") }
    /// The file is larger than ``DataEffect/maximumBytes`` or holds too many keyframes.
    public static var tooLarge: Self { Self("tooLarge") }
}

extension EffectFileError {
    @inline(never)
    static func syntax(_ reason: String, line: Int, column: Int) -> Self {
        Self(.syntax, line: line, column: column, field: "", reason: "not valid JSON: " + reason)
    }

    @inline(never)
    static func unknownField(_ key: String, at node: JSONNode, field: String, known: [String]) -> Self {
        var reason = "unknown field \"\(escaped(key))\""
        if let near = nearest(key, among: known) { reason += " (did you mean \"\(near)\"?)" }
        reason += "; the fields here are " + known.joined(separator: ", ")
        return Self(.unknownField, line: node.line, column: node.column, field: field, reason: reason)
    }

    @inline(never)
    static func missingField(_ key: String, at node: JSONNode, field: String, why: String) -> Self {
        Self(.missingField, line: node.line, column: node.column, field: field, reason: "missing field \"\(key)\": \(why)")
    }

    @inline(never)
    static func wrongType(_ node: JSONNode, field: String, expected: String) -> Self {
        Self(.wrongType, line: node.line, column: node.column, field: field, reason: "expected \(expected), not \(node.kind)")
    }

    @inline(never)
    static func invalidValue(_ node: JSONNode, field: String, _ reason: String) -> Self {
        Self(.invalidValue, line: node.line, column: node.column, field: field, reason: reason)
    }

    @inline(never)
    static func unknownName(_ name: String, at node: JSONNode, field: String, what: String, known: [String]) -> Self {
        var reason = "unknown \(what) \"\(escaped(name))\""
        if let near = nearest(name, among: known) { reason += " (did you mean \"\(near)\"?)" }
        reason += "; use one of " + known.joined(separator: ", ")
        return Self(.unknownName, line: node.line, column: node.column, field: field, reason: reason)
    }

    @inline(never)
    static func tooLarge(_ reason: String, at node: JSONNode? = nil, field: String = "") -> Self {
        Self(.tooLarge, line: node?.line ?? 0, column: node?.column ?? 0, field: field, reason: reason)
    }

    /// A name from the file, shortened and with control characters escaped, fit to be shown.
    static func escaped(_ text: String) -> String {
        TerminalEscape.escaped(text, maximumBytes: 80)
    }

    /// The known name closest to `name` by edit distance, when it is close enough to be a typo.
    static func nearest(_ name: String, among known: [String]) -> String? {
        let a = ScalarProperties.lowercased(name.unicodeScalars, limit: 64)
        var best: (String, Int)?
        for candidate in known {
            let b = ScalarProperties.lowercased(candidate.unicodeScalars)
            var previous = Array(0...b.count)
            for i in 1...max(a.count, 1) where !a.isEmpty {
                var row = [i] + Array(repeating: 0, count: b.count)
                for j in 1...max(b.count, 1) where !b.isEmpty {
                    row[j] = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                }
                previous = row
            }
            let distance = a.isEmpty ? b.count : previous[b.count]
            if distance <= max(2, b.count / 3), best == nil || distance < best!.1 { best = (candidate, distance) }
        }
        return best?.0
    }
}
