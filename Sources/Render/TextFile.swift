/// Writes text files for the renderers' outputs, with typed errors.
public enum TextFile {
    /// Writes `text` as UTF-8 to `path`, replacing the file all at once: the
    /// bytes go to a temporary file beside it that is renamed over it, so a
    /// failed write (a full disk) leaves no partial file.
    ///
    /// - Throws: ``RenderError`` `.cannotWrite` naming the path and the reason.
    public static func write(_ text: String, to path: String) throws(RenderError) {
        try Platform.writeFile(text, to: path)
    }

    /// Creates a directory (its parent must exist: nothing else is created).
    ///
    /// - Throws: ``RenderError`` `.cannotWrite` naming the path and the reason.
    public static func makeDirectory(_ path: String) throws(RenderError) {
        if case .failure(let failure) = Platform.makeDirectory(path) {
            throw .cannotWrite(path, reason: failure.reason)
        }
    }
}
