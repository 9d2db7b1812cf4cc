import Analyzer
import Animator

/// Why something could not be rendered or written.
///
/// Match on ``code``; show ``message`` (also the `description`) to a person.
///
/// ```swift
/// do {
///     try PNGRenderer().write(timeline, at: 0, to: "/no/such/dir/a.png")
/// } catch {
///     if error.code == .cannotWrite { print(error) } // cannot write "/no/such/dir/a.png": …
/// }
/// ```
public struct RenderError: KinetypeError {
    public typealias Code = ErrorCode<RenderError>

    /// The kind of failure.
    public let code: Code
    /// What the error is about, as the user gave it: the path, the colour or the number.
    public let subject: String
    /// One sentence saying what is wrong and what to do about it; names ``subject``.
    public let message: String

    private init(_ code: Code, subject: String, message: String) {
        self.code = code
        self.subject = subject
        self.message = message
    }
}

extension ErrorCode where Failure == RenderError {
    /// A colour string is not `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa` or a known name.
    public static var invalidColor: Self { Self("invalidColor") }
    /// The frames per second are not a finite number in (0, ``Timeline/maximumFrameRate``].
    public static var invalidFrameRate: Self { Self("invalidFrameRate") }
    /// The texts, interval or hold of a timeline cannot make a playback.
    public static var invalidTimeline: Self { Self("invalidTimeline") }
    /// A width, height, scale or padding is not usable, or the canvas would be too large.
    public static var invalidSize: Self { Self("invalidSize") }
    /// The timeline would hold more than ``Timeline/maximumFrameCount`` frames,
    /// or a stream more than its ``FrameStream/maximumFrames``.
    public static var timelineTooLong: Self { Self("timelineTooLong") }
    /// The recording would hold more sprite samples than the limit it was given.
    public static var tooManySamples: Self { Self("tooManySamples") }
    /// A file or directory could not be written.
    public static var cannotWrite: Self { Self("cannotWrite") }
    /// Cairo could not create a surface or drawing context (usually out of memory).
    public static var cannotDraw: Self { Self("cannotDraw") }
    /// giflib, libwebp or FFmpeg refused to encode a frame (or FFmpeg lacks the encoder).
    public static var cannotEncode: Self { Self("cannotEncode") }
    /// An export option (loop count, quality) is out of its range.
    public static var invalidOption: Self { Self("invalidOption") }
    /// The output format cannot hold what was asked: a transparent background in H.264 video.
    public static var unsupportedByFormat: Self { Self("unsupportedByFormat") }
    /// A glyph to draw has no outline: the recording's layout does not draw
    /// glyphs (a `MonospaceLayout`), or its outlines were made from other texts.
    public static var noOutlines: Self { Self("noOutlines") }
}

extension RenderError {
    static func invalidColor(_ text: String) -> Self {
        Self(.invalidColor, subject: text,
             message: "\(TerminalEscape.quoted(text)) is not a colour; use #rgb, #rgba, #rrggbb, #rrggbbaa or one of \(RenderColor.names.joined(separator: ", "))")
    }

    static func invalidFrameRate(_ fps: Double) -> Self {
        Self(.invalidFrameRate, subject: "\(fps)",
             message: "frame rate \(fps) is invalid; use a finite number of frames per second greater than 0 and at most \(Int(Timeline.maximumFrameRate))")
    }

    static func invalidTimeline(_ message: String) -> Self {
        Self(.invalidTimeline, subject: message, message: message)
    }

    static func invalidSize(_ what: String, _ value: Double) -> Self {
        Self(.invalidSize, subject: "\(value)",
             message: "\(what) \(value) is invalid; use a finite number greater than 0")
    }

    static func canvasTooLarge(width: Int, height: Int) -> Self {
        Self(.invalidSize, subject: "\(width)x\(height)",
             message: "a \(width)×\(height) canvas is too large; keep each side at most \(Viewport.maximumPixels) pixels and the area at most \(Viewport.maximumArea) pixels (pass --width/--height, a smaller --size, or --wrap WIDTH for long text)")
    }

    static func canvasTooLarge(width: Int, height: Int, format: String, side: Int) -> Self {
        Self(.invalidSize, subject: "\(width)x\(height)",
             message: "a \(width)×\(height) canvas is too large for \(format), whose sides are at most \(side) pixels; pass a smaller --width/--height or --size")
    }

    static func timelineTooLong(frames: Int, limit: Int = Timeline.maximumFrameCount) -> Self {
        Self(.timelineTooLong, subject: "\(frames)",
             message: "the timeline would need \(frames) frames, more than the limit of \(limit); use fewer texts, a shorter interval or a lower frame rate")
    }

    static func tooManySamples(limit: Int) -> Self {
        Self(.tooManySamples, subject: "\(limit)",
             message: "the recording would hold more than \(limit) sprite samples (frames × glyphs on screen), the limit given; use shorter texts, fewer texts or a lower frame rate")
    }

    static func animationTooLong(seconds: Double, fps: Double, limit: Double) -> Self {
        Self(.invalidFrameRate, subject: "\(fps)",
             message: "at \(fps) frames per second the animation would last \(seconds) s, more than the \(Int(limit)) s an animated file may; use a frame rate of at least \(fps * seconds / limit)")
    }

    static func cannotWrite(_ path: String, reason: String) -> Self {
        Self(.cannotWrite, subject: path,
             message: "cannot write \(TerminalEscape.quoted(path)): \(reason)")
    }

    static func cannotEncode(_ format: String, _ detail: String) -> Self {
        Self(.cannotEncode, subject: detail, message: "the \(format) encoder failed (\(detail))")
    }

    static func invalidOption(_ name: String, _ value: Double, range: String) -> Self {
        Self(.invalidOption, subject: "\(value)", message: "\(name) \(value) is invalid; use a number in \(range)")
    }

    static func noAlpha(_ format: VideoFormat) -> Self {
        Self(.unsupportedByFormat, subject: format.rawValue,
             message: "\(format.codecName) (.\(format.rawValue)) has no alpha channel, so it cannot show a transparent background; give an opaque background, or write .webm (VP9 with alpha) or .mov (ProRes 4444 with alpha)")
    }

    static func noOutlines(_ character: Character, fromLayout: Bool) -> Self {
        let why = fromLayout
            ? "the outlines were made from texts without it; make GlyphOutlines(texts:layout:) from every text the recording shows"
            : "the recording's layout only places glyphs (MonospaceLayout has no outlines); record it with a layout that draws, such as Typesetter's FontLayout, or draw it with TerminalRenderer"
        return Self(.noOutlines, subject: String(character), message: "no outline to draw \(TerminalEscape.quoted(String(character))): \(why)")
    }

    static func cannotDraw(_ detail: String) -> Self {
        Self(.cannotDraw, subject: detail,
             message: "Cairo could not draw (\(detail)); try a smaller canvas")
    }
}
