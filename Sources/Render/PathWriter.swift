import Analyzer
import Animator
import Director
import Typesetter

/// A traced path written on by a pen: its stroke revealed from 0 to 100 % of
/// its length with an ease-in-out over `duration`, recorded as a ``Timeline``
/// every renderer draws (SVG, PNG, GIF, WebP, Lottie).
///
/// ```swift
/// let hello = try ShapePath(svgPathData: "M10 80 C 40 10, 65 10, 95 80 S 150 150, 180 80")
/// let writer = PathWriter(path: hello, duration: 3, fps: 30)
/// let timeline = try writer.timeline()
/// let svg = try SVGRenderer(background: .black, stroke: StrokeStyle(width: .points(8))).animated(timeline)
/// ```
///
/// The recording is one sprite that shows the path where its coordinates put
/// it (layout space is the path's space), with `fill` 0 and `strokeEnd`
/// following the curve, so renderers draw its stroke only, cut at that share
/// of its length (subpaths in order). No Director is involved: the frames are
/// sampled from the curve at `i / fps`, up to `duration` plus `hold`.
///
/// The sprite stands for the path as the glyph U+E000 (a private-use
/// character no text needs), whose outline in ``Timeline/outlines`` is the
/// path: the renderers' glyph code draws it unchanged.
public struct PathWriter: Sendable {
    /// The glyph the path's sprite shows.
    static let symbol: Character = "\u{E000}"

    /// The path written on.
    public var path: ShapePath
    /// Seconds the pen takes over the whole path.
    public var duration: Double
    /// Frames per second.
    public var fps: Double
    /// Seconds the written path is held after the pen lifts.
    public var hold: Double
    /// What the recording is called: the title and label of an SVG.
    public var title: String
    /// The font size a ``StrokeStyle`` width in ems is relative to (nil: 16 points).
    public var fontSize: Double?

    /// The default duration: 3 s.
    public static let defaultDuration = 3.0

    /// A writer; see the properties.
    public init(
        path: ShapePath, duration: Double = PathWriter.defaultDuration, fps: Double = 60, hold: Double = 0,
        title: String = "A written path", fontSize: Double? = nil
    ) {
        self.path = path
        self.duration = duration
        self.fps = fps
        self.hold = hold
        self.title = title
        self.fontSize = fontSize
    }

    /// How much of the path is written at time `t`: 0 before the start, 1 from
    /// `duration` on, an ease-in-out (the Bézier 0.42, 0, 0.58, 1) between.
    public func strokeEnd(at t: Double) -> Double {
        guard duration > 0 else { return t >= 0 ? 1 : 0 }
        return TimingCurve.bezier(.easeInOut, duration: duration).progress(at: max(t, 0))
    }

    /// The recording: frame i shows time i / fps, from 0 to the first frame at
    /// or after `duration + hold`.
    ///
    /// - Throws: ``RenderError`` for a frame rate outside (0, ``Timeline/maximumFrameRate``],
    ///   a duration or hold that is negative, not finite or past
    ///   `Playback.maximumDuration`, or more than ``Timeline/maximumFrameCount`` frames.
    /// - Complexity: O(frames), plus measuring the path once per renderer.
    public func timeline() throws(RenderError) -> Timeline {
        guard fps.isFinite, fps > 0, fps <= Timeline.maximumFrameRate else { throw .invalidFrameRate(fps) }
        for (name, value) in [("duration", duration), ("hold", hold)] {
            guard value.isFinite, value >= 0, value <= Playback.maximumDuration else {
                throw .invalidTimeline(
                    "the path's \(name) \(value) is invalid; use seconds in [0, \(Int(Playback.maximumDuration))]")
            }
        }
        let end = duration + hold
        let last = Int((end * fps - 1e-9).rounded(.up))
        guard last + 1 <= Timeline.maximumFrameCount else { throw .timelineTooLong(frames: last + 1) }
        let bounds = path.bounds ?? .zero
        // The outline starts at x = 0 (a glyph's pen origin) and the sprite's
        // box is the path's bounds, so the drawing lands on the path's own coordinates.
        let outline = path.applying(.translation(-bounds.minX, 0))
        let drawing = GlyphDrawing(outline: outline, shapeKey: path.isEmpty ? "" : "path")
        let outlines = GlyphOutlines(drawings: [Self.symbol: drawing], fontSize: fontSize)
        let symbols: GlyphTable = [Self.symbol]
        var frames: [Frame] = []
        frames.reserveCapacity(last + 1)
        for i in 0...max(last, 0) {
            let t = Double(i) / fps
            var state = GlyphState.resting(at: bounds.center)
            state.fill = 0
            state.strokeEnd = strokeEnd(at: t)
            let sprite = SpriteFrame(
                id: 0, glyph: 0, role: .persisting, state: state, boxSize: bounds.size, baselineOffset: -bounds.midY)
            frames.append(Frame(time: t, sprites: [sprite], particles: [], symbols: symbols))
        }
        return Timeline(fps: fps, frames: frames, texts: [title], textTimes: [0], outlines: outlines)
    }
}
