import LegacyAnalyzer

/// SVG path data could not be read: what was expected and where.
///
/// ```swift
/// do { _ = try ShapePath(svgPathData: "M 10,10 L 2x") }
/// catch { print(error) }   // path data: expected a number at offset 11 ("M 10,10 L 2x")
/// ```
///
/// The message quotes the data up to the offending character (at most 32
/// characters of it), escaped for a terminal (`\u{1B}` for an escape
/// character), so it can be shown as it is. ``offset`` counts Unicode scalars
/// from 0 (for ASCII data, bytes).
public struct PathDataError: KinetypeError {
    public typealias Code = ErrorCode<PathDataError>

    /// The kind of failure.
    public let code: Code
    /// Where the problem is, in Unicode scalars from the start of the data.
    public let offset: Int
    /// What went wrong and where, in words a person can act on (already escaped for a terminal).
    public let message: String

    init(_ code: Code, offset: Int, message: String) {
        self.code = code
        self.offset = offset
        self.message = message
    }

    private static func kind(_ code: Code) -> PathDataError { PathDataError(code, offset: 0, message: "") }

    /// The data did not start with a moveto (`M` or `m`).
    public static let expectedMove = kind(.expectedMove)
    /// A command letter was expected (after a command's arguments, or where there was none).
    public static let expectedCommand = kind(.expectedCommand)
    /// A command's argument was missing or not a number.
    public static let expectedNumber = kind(.expectedNumber)
    /// An arc's large-arc or sweep flag was not `0` or `1`.
    public static let expectedFlag = kind(.expectedFlag)
    /// A number was too long to read, or a coordinate or radius beyond ``ShapePath/maximumCoordinate``.
    public static let numberOutOfRange = kind(.numberOutOfRange)
    /// The data was longer than ``ShapePath/maximumPathDataLength`` bytes.
    public static let tooLong = kind(.tooLong)
    /// The path would have more than ``ShapePath/maximumElements`` elements.
    public static let tooManyElements = kind(.tooManyElements)
}

extension ErrorCode where Failure == PathDataError {
    /// See ``PathDataError/expectedMove``.
    public static var expectedMove: Self { Self("expectedMove") }
    /// See ``PathDataError/expectedCommand``.
    public static var expectedCommand: Self { Self("expectedCommand") }
    /// See ``PathDataError/expectedNumber``.
    public static var expectedNumber: Self { Self("expectedNumber") }
    /// See ``PathDataError/expectedFlag``.
    public static var expectedFlag: Self { Self("expectedFlag") }
    /// See ``PathDataError/numberOutOfRange``.
    public static var numberOutOfRange: Self { Self("numberOutOfRange") }
    /// See ``PathDataError/tooLong``.
    public static var tooLong: Self { Self("tooLong") }
    /// See ``PathDataError/tooManyElements``.
    public static var tooManyElements: Self { Self("tooManyElements") }
}
