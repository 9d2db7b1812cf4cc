/// What a shape's fill or stroke is painted with.
public enum ShapePaint: Hashable, Sendable {
    /// Not painted.
    case none
    /// The renderer's text colour: shapes drawn in the ink of the text around them.
    case ink
    /// A colour of its own (`Tint` components in 0…1; `alpha` is its opacity).
    case color(Tint)

    /// Whether anything is painted.
    public var isVisible: Bool {
        switch self {
        case .none: false
        case .ink: true
        case .color(let c): c.alpha > 0
        }
    }
}
