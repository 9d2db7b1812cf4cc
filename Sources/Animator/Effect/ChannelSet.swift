/// A set of `GlyphChannel`s, as bits.
///
/// ```swift
/// let motion: ChannelSet = [.x, .y, .rotation]
/// motion.contains(.y)              // true
/// ```
public struct ChannelSet: OptionSet, Hashable, Sendable {
    public let rawValue: UInt16

    public init(rawValue: UInt16) {
        self.rawValue = rawValue
    }

    /// The set holding one channel.
    public init(_ channel: GlyphChannel) {
        rawValue = 1 << UInt16(channel.bit)
    }

    public static let x = ChannelSet(.x)
    public static let y = ChannelSet(.y)
    public static let scaleX = ChannelSet(.scaleX)
    public static let scaleY = ChannelSet(.scaleY)
    public static let rotation = ChannelSet(.rotation)
    public static let skew = ChannelSet(.skew)
    public static let opacity = ChannelSet(.opacity)
    public static let blur = ChannelSet(.blur)
    public static let tintRed = ChannelSet(.tintRed)
    public static let tintGreen = ChannelSet(.tintGreen)
    public static let tintBlue = ChannelSet(.tintBlue)
    public static let tintAlpha = ChannelSet(.tintAlpha)
    public static let strokeEnd = ChannelSet(.strokeEnd)
    public static let fill = ChannelSet(.fill)

    /// Whether the set holds `channel`.
    @inlinable
    public func contains(_ channel: GlyphChannel) -> Bool {
        rawValue & (1 << UInt16(channel.bit)) != 0
    }

    /// The channels in the set, in `GlyphChannel`'s order.
    public var channels: [GlyphChannel] {
        GlyphChannel.allCases.filter { contains($0) }
    }
}

extension GlyphChannel {
    /// The channel's place in `GlyphChannel.allCases`, its bit in a `ChannelSet`.
    @inlinable
    var bit: Int {
        switch self {
        case .x: 0
        case .y: 1
        case .scaleX: 2
        case .scaleY: 3
        case .rotation: 4
        case .skew: 5
        case .opacity: 6
        case .blur: 7
        case .tintRed: 8
        case .tintGreen: 9
        case .tintBlue: 10
        case .tintAlpha: 11
        case .strokeEnd: 12
        case .fill: 13
        }
    }
}
