/// A renderer that writes a whole animation to a file frame by frame, one
/// frame in memory at a time: ``GIFRenderer`` and ``WebPRenderer``.
///
/// A conforming type writes a ``FrameSource``; it gets writing a ``Timeline``
/// and a ``FrameStream`` from that:
///
/// ```swift
/// try GIFRenderer(background: .white).write(timeline, to: "send.gif")
/// try WebPRenderer().write(stream, to: "long.webp")    // measured, then drawn
/// ```
public protocol StreamingRenderer: Renderer {
    /// Writes `frames` to `path`, whole or not at all, and returns the number
    /// of frames the file holds.
    ///
    /// - Throws: ``RenderError`` for an option out of range, a canvas that
    ///   cannot be placed, an encoder failure, or a file that cannot be written.
    @discardableResult
    func write(_ frames: FrameSource, to path: String) throws(RenderError) -> Int
}

extension StreamingRenderer {
    /// Writes a timeline to `path`; returns the number of frames written.
    ///
    /// - Complexity: O(frames × pixels).
    @discardableResult
    public func write(_ timeline: Timeline, to path: String) throws(RenderError) -> Int {
        try write(FrameSource(timeline), to: path)
    }

    /// Writes a stream to `path`, holding one frame at a time: a first pass
    /// measures the canvas (unless `measured` is given), a second draws.
    ///
    /// - Complexity: O(frames × pixels).
    @discardableResult
    public func write(_ stream: FrameStream, measured: FrameStream.Measure? = nil, to path: String) throws(RenderError) -> Int {
        try write(FrameSource(stream, measured: measured), to: path)
    }
}
