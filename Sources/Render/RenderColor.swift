import Animator

/// A colour for backgrounds and text: sRGB components and alpha, each 0…1.
///
/// ```swift
/// let ink = try RenderColor(parsing: "#1d1d1f")
/// let paper = try RenderColor(parsing: "white")
/// let glass = try RenderColor(parsing: "#ffffff80")   // half-transparent white
/// ```
public struct RenderColor: Hashable, Sendable {
    /// sRGB components, 0…1.
    public var red: Double, green: Double, blue: Double
    /// Opacity, 0 (transparent) … 1 (opaque).
    public var alpha: Double

    /// A colour from components, each clamped to 0…1 (NaN counts as 0).
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        func unit(_ x: Double) -> Double { x.isNaN ? 0 : min(max(x, 0), 1) }
        self.red = unit(red)
        self.green = unit(green)
        self.blue = unit(blue)
        self.alpha = unit(alpha)
    }

    /// Opaque white, the default background.
    public static let white = RenderColor(red: 1, green: 1, blue: 1)
    /// Opaque black.
    public static let black = RenderColor(red: 0, green: 0, blue: 0)
    /// Nothing at all: a background left out.
    public static let transparent = RenderColor(red: 0, green: 0, blue: 0, alpha: 0)

    /// The names ``init(parsing:)`` knows, in the order error messages list them.
    public static let names = [
        "white", "black", "transparent", "none", "gray", "grey", "red", "green", "blue", "yellow", "orange", "pink", "purple",
        "cyan", "magenta",
    ]

    private static let named: [(String, RenderColor)] = [
        ("white", .white), ("black", .black), ("transparent", .transparent), ("none", .transparent),
        ("gray", RenderColor(red: 0.5, green: 0.5, blue: 0.5)), ("grey", RenderColor(red: 0.5, green: 0.5, blue: 0.5)),
        ("red", RenderColor(red: 1, green: 0, blue: 0)), ("green", RenderColor(red: 0, green: 0.5, blue: 0)),
        ("blue", RenderColor(red: 0, green: 0, blue: 1)), ("yellow", RenderColor(red: 1, green: 1, blue: 0)),
        ("orange", RenderColor(red: 1, green: 0.647, blue: 0)),
        // CSS's pink (#ffc0cb) and purple (#800080).
        ("pink", RenderColor(red: 1, green: 0.753, blue: 0.796)), ("purple", RenderColor(red: 0.502, green: 0, blue: 0.502)),
        ("cyan", RenderColor(red: 0, green: 1, blue: 1)), ("magenta", RenderColor(red: 1, green: 0, blue: 1)),
    ]

    /// Reads `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa` (hex digits in any case) or
    /// one of ``names`` (any case); surrounding spaces are ignored.
    ///
    /// - Throws: ``RenderError`` `.invalidColor`, naming the text and the accepted forms.
    public init(parsing text: String) throws(RenderError) {
        let trimmed = String(text.drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
        let lowered = trimmed.lowercased()
        if let match = Self.named.first(where: { $0.0 == lowered }) {
            self = match.1
            return
        }
        guard lowered.hasPrefix("#") else { throw .invalidColor(text) }
        var digits: [Double] = []
        for c in lowered.dropFirst() {
            guard let v = c.hexDigitValue, c.isASCII else { throw .invalidColor(text) }
            digits.append(Double(v))
        }
        switch digits.count {
        case 3, 4:
            let c: [Double] = digits.map { (d: Double) -> Double in d * 17 / 255 }
            self.init(red: c[0], green: c[1], blue: c[2], alpha: c.count == 4 ? c[3] : 1)
        case 6, 8:
            var c: [Double] = []
            for i in stride(from: 0, to: digits.count, by: 2) {
                let byte: Double = digits[i] * 16 + digits[i + 1]
                c.append(byte / 255)
            }
            self.init(red: c[0], green: c[1], blue: c[2], alpha: c.count == 4 ? c[3] : 1)
        default:
            throw .invalidColor(text)
        }
    }

    /// The colour with a tint washed over it: each component moves towards the
    /// tint's by the tint's strength (its alpha, clamped to 0…1).
    public func tinted(_ tint: Tint) -> RenderColor {
        let k = tint.alpha.isFinite ? min(max(tint.alpha, 0), 1) : 0
        guard k > 0 else { return self }
        func mix(_ a: Double, _ b: Double) -> Double { a + ((b.isFinite ? b : a) - a) * k }
        return RenderColor(red: mix(red, tint.red), green: mix(green, tint.green), blue: mix(blue, tint.blue), alpha: alpha)
    }

    /// Each component as an 8-bit value.
    var bytes: (red: Int, green: Int, blue: Int, alpha: Int) {
        func byte(_ x: Double) -> Int { Int((x * 255).rounded()) }
        return (byte(red), byte(green), byte(blue), byte(alpha))
    }

    /// `#rrggbb` (opaque) or `#rrggbbaa`, lower case.
    public var hex: String {
        let b = bytes
        return Self.hex(b.alpha == 255 ? [b.red, b.green, b.blue] : [b.red, b.green, b.blue, b.alpha])
    }

    /// `#rrggbb` without the alpha: for SVG 1.1 readers, alpha goes in a separate opacity.
    var rgbHex: String {
        let b = bytes
        return Self.hex([b.red, b.green, b.blue])
    }

    private static func hex(_ values: [Int]) -> String {
        var out = "#"
        for v in values {
            let s = String(v, radix: 16)
            out += s.count == 1 ? "0" + s : s
        }
        return out
    }
}

extension RenderColor: CustomStringConvertible {
    /// The ``hex`` form.
    public var description: String { hex }
}
