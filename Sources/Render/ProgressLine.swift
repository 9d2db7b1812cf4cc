/// A one-line progress report on standard error, redrawn in place, for long
/// renders. Silent unless standard error is a terminal, so logs and pipes stay clean.
///
/// ```swift
/// let progress = ProgressLine(label: "frames")
/// try png.writeFrames(timeline, to: "frames") { progress.update($0, of: $1) }
/// progress.finish()
/// ```
public struct ProgressLine: Sendable {
    /// What is counted ("frames").
    public var label: String
    /// Whether anything is written.
    public var isEnabled: Bool
    /// Totals under this are not worth a progress line.
    public var minimumTotal: Int

    /// A progress line, enabled when standard error is a terminal.
    public init(label: String, minimumTotal: Int = 24) {
        self.init(label: label, isEnabled: Platform.isTerminal(2), minimumTotal: minimumTotal)
    }

    /// A progress line enabled or not as told.
    public init(label: String, isEnabled: Bool, minimumTotal: Int = 24) {
        self.label = label
        self.isEnabled = isEnabled
        self.minimumTotal = minimumTotal
    }

    /// Redraws the line: "label 12/120".
    public func update(_ done: Int, of total: Int) {
        guard isEnabled, total >= minimumTotal else { return }
        Platform.writeStandardError("\r\u{1B}[K\(label) \(done)/\(total)")
    }

    /// Clears the line.
    public func finish() {
        guard isEnabled else { return }
        Platform.writeStandardError("\r\u{1B}[K")
    }
}
