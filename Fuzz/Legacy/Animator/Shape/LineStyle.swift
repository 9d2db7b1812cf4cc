/// How the open ends of a stroke are drawn.
public enum LineCap: String, Hashable, Sendable, CaseIterable {
    /// Square, exactly at the end.
    case butt
    /// A half disc beyond the end.
    case round
    /// A half square beyond the end.
    case square
}

/// How a stroke turns a corner.
public enum LineJoin: String, Hashable, Sendable, CaseIterable {
    /// A sharp point (cut off past 10 × the half width, as SVG's default miter limit).
    case miter
    /// A round corner.
    case round
    /// A corner cut straight across.
    case bevel
}
