import Analyzer

/// An effect could not be found in an `EffectRegistry`.
///
/// The message names the effect asked for and lists the ones the registry knows,
/// so a person can pick the right one:
///
/// ```swift
/// do { _ = try EffectRegistry.standard.effect(named: "fog") }
/// catch { print(error) }
/// // unknown effect "fog"; known effects: dance, minimal, mist, rolling, scale, slide, sparkle, wave
/// ```
///
/// Errors compare by kind, not by message, so `error == .unknownEffect` reads naturally.
public struct EffectRegistryError: KinetypeError {
    public typealias Code = ErrorCode<EffectRegistryError>

    /// The kind of failure.
    public var code: Code { storage.code }
    /// The name that was looked up.
    public var name: String { storage.name }
    /// The names the registry knows, sorted.
    public var knownNames: [String] { storage.knownNames }

    /// The parts in one object: an error is returned and rethrown as one reference.
    private final class Storage: Sendable {
        let code: Code
        let name: String
        let knownNames: [String]

        init(_ code: Code, name: String, knownNames: [String]) {
            self.code = code
            self.name = name
            self.knownNames = knownNames
        }
    }

    private let storage: Storage

    private init(_ code: Code, name: String, knownNames: [String]) {
        storage = Storage(code, name: name, knownNames: knownNames)
    }

    /// No effect is registered under the name.
    public static let unknownEffect = EffectRegistryError(.unknownEffect, name: "", knownNames: [])

    static func unknownEffect(_ name: String, knownNames: [String]) -> EffectRegistryError {
        EffectRegistryError(.unknownEffect, name: name, knownNames: knownNames)
    }

    /// What went wrong, in words a person can act on.
    public var message: String {
        let known = knownNames.isEmpty ? "none are registered" : "known effects: " + knownNames.joined(separator: ", ")
        return "unknown effect \"\(name)\"; \(known)"
    }
}

extension ErrorCode where Failure == EffectRegistryError {
    /// See ``EffectRegistryError/unknownEffect``.
    public static var unknownEffect: Self { Self("unknownEffect") }
}
