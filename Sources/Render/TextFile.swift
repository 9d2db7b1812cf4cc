/// Writes text files for the renderers' outputs, with typed errors.
public enum TextFile {
    /// Writes `text` as UTF-8 to `path`, replacing the file.
    ///
    /// - Throws: ``RenderError/Code/cannotWrite`` naming the path and the reason.
    public static func write(_ text: String, to path: String) throws(RenderError) {
        if case .failure(let failure) = Platform.writeFile(Array(text.utf8), to: path) {
            throw .cannotWrite(path, reason: failure.reason)
        }
    }

    /// Creates a directory and its missing parents.
    ///
    /// - Throws: ``RenderError/Code/cannotWrite`` naming the path and the reason.
    public static func makeDirectory(_ path: String) throws(RenderError) {
        if case .failure(let failure) = Platform.makeDirectories(path) {
            throw .cannotWrite(path, reason: failure.reason)
        }
    }
}
