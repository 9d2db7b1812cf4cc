import LegacyAnalyzer

/// A shape could not be made from the values given.
///
/// ```swift
/// do { _ = try Shape(kind: .rect, size: Size(width: -4, height: 10)) }
/// catch { print(error.code, error.message) }
/// // invalidSize a shape's width must be a number of points in 0…100000 (got -4)
/// ```
public struct ShapeError: KinetypeError {
    public typealias Code = ErrorCode<ShapeError>

    /// The kind of failure.
    public let code: Code
    /// What went wrong, in words a person can act on.
    public let message: String

    init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    static func check(_ value: Double, _ name: String) throws(ShapeError) {
        guard value.isFinite, value >= 0, value <= Shape.maximumSize else {
            throw ShapeError(
                .invalidSize,
                "a shape's \(name) must be a number of points in 0…\(Int(Shape.maximumSize)) (got \(NumberFormat.short(value)))")
        }
    }
}

extension ErrorCode where Failure == ShapeError {
    /// A size, corner radius or line width is not a number of points in 0…``Shape/maximumSize``.
    public static var invalidSize: Self { Self("invalidSize") }
    /// A shape was asked to be of kind `glyph`: glyphs come from texts.
    public static var invalidKind: Self { Self("invalidKind") }
    /// The SVG path data could not be read (the message says what and where).
    public static var invalidPathData: Self { Self("invalidPathData") }
}
