/// A width and a height in layout units (points).
@frozen
public struct Size: Hashable, Sendable {
    public var width: Double
    public var height: Double

    @inlinable
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// The empty size.
    public static let zero = Size(width: 0, height: 0)
}
