/// The version of Kinetype this tool belongs to, printed by `kinetype --version`.
///
/// Semantic versioning: the public API of the library products and the
/// command line contract (docs/cli.md) change incompatibly only with the
/// major number.
enum Version {
    static let current = "0.1.0"
}
