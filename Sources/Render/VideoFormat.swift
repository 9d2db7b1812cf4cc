/// A video container and the codec ``VideoRenderer`` writes into it.
///
/// | format | codec | pixels | alpha |
/// |---|---|---|---|
/// | `.mp4` | H.264 (x264), constant quality | 4:2:0, 8 bits | none: the background must be opaque |
/// | `.webm` | VP9 (libvpx), constant quality | 4:2:0, 8 bits | when the background is not opaque |
/// | `.mov` | ProRes 4444 | 4:4:4, 10 bits | always (16-bit alpha) |
///
/// Every format gets even sides (4:2:0 chroma needs them; ProRes keeps the
/// same rule so a `.mov` and an `.mp4` of one timeline match), BT.709 colour
/// in limited range, the timeline's frame rate and one picture per frame.
public enum VideoFormat: String, CaseIterable, Hashable, Sendable {
    /// H.264 in an MP4 file: what social sites, slides and phones take.
    case mp4
    /// VP9 in a WebM file, with an alpha channel over a transparent background: browsers and editors.
    case webm
    /// ProRes 4444 with alpha in a QuickTime file: what video editors composite over footage.
    case mov

    /// The format a file name's extension names (case-insensitive), nil for any other.
    ///
    /// ```swift
    /// VideoFormat(path: "out/send.MP4")   // .mp4
    /// VideoFormat(path: "send.gif")       // nil
    /// ```
    public init?(path: String) {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        self.init(rawValue: name[name.index(after: dot)...].lowercased())
    }

    /// The codec's name as people know it: "H.264", "VP9", "ProRes 4444".
    public var codecName: String {
        switch self {
        case .mp4: "H.264"
        case .webm: "VP9"
        case .mov: "ProRes 4444"
        }
    }

    /// Whether the format can carry a transparent background.
    public var hasAlpha: Bool { self != .mp4 }

    /// FFmpeg's name of the muxer.
    var muxerName: String {
        switch self {
        case .mp4: "mp4"
        case .webm: "webm"
        case .mov: "mov"
        }
    }

    /// FFmpeg's name of the encoder.
    var encoderName: String {
        switch self {
        case .mp4: "libx264"
        case .webm: "libvpx-vp9"
        case .mov: "prores_ks"
        }
    }
}
