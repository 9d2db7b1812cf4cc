/// How heavy a face's strokes are, on the OpenType and CSS scale: 1 to 1000,
/// 400 regular and 700 bold.
///
/// ```swift
/// let bold = try FontLayout(font: .family("DejaVu Sans"), size: 48, weight: .bold)
/// let light = FontWeight(named: "light")      // 300
/// let heavy = try FontWeight(850)
/// ```
///
/// A family rarely has every weight: fontconfig picks its face nearest to the
/// one asked for, and ``FontLayout/faceNote`` says when that is another weight.
public struct FontWeight: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The weight, 1…1000.
    public let value: Double

    /// A weight on the 1…1000 scale.
    ///
    /// - Throws: ``TypesetterError`` `.invalidWeight` outside 1…1000 or not finite.
    public init(_ value: Double) throws(TypesetterError) {
        guard value.isFinite, Self.range.contains(value) else { throw .invalidWeight(value) }
        self.value = value
    }

    private init(known value: Double) {
        self.value = value
    }

    /// The weights accepted.
    public static let range: ClosedRange<Double> = 1...1000

    public static let thin = FontWeight(known: 100)
    public static let extraLight = FontWeight(known: 200)
    public static let light = FontWeight(known: 300)
    public static let regular = FontWeight(known: 400)
    public static let medium = FontWeight(known: 500)
    public static let semibold = FontWeight(known: 600)
    public static let bold = FontWeight(known: 700)
    public static let extraBold = FontWeight(known: 800)
    public static let black = FontWeight(known: 900)

    /// The named weights, lightest first, by the names ``init(named:)`` reads first.
    public static let named: [(name: String, weight: FontWeight)] = [
        ("thin", .thin), ("extralight", .extraLight), ("light", .light), ("regular", .regular), ("medium", .medium),
        ("semibold", .semibold), ("bold", .bold), ("extrabold", .extraBold), ("black", .black),
    ]

    /// Other names fonts give the same weights (matched like ``named``).
    private static let synonyms: [String: FontWeight] = [
        "hairline": .thin, "ultralight": .extraLight, "normal": .regular, "book": .regular, "roman": .regular,
        "demibold": .semibold, "ultrabold": .extraBold, "heavy": .black,
    ]

    /// The weight a name says: thin, extralight, light, regular, medium,
    /// semibold, bold, extrabold or black (and the usual synonyms: ultralight,
    /// normal, book, demibold, ultrabold, heavy), in any case, with or without
    /// a hyphen or space ("Extra Light"); nil for any other word.
    public init?(named name: String) {
        let key = String(name.lowercased().filter { $0 != "-" && $0 != " " && $0 != "_" })
        guard let weight = Self.named.first(where: { $0.name == key })?.weight ?? Self.synonyms[key] else { return nil }
        self = weight
    }

    /// The name of the weight when it is one of ``named``, else nil.
    public var name: String? { Self.named.first { $0.weight == self }?.name }

    /// "bold (700)", or the number alone for a weight without a name.
    public var description: String {
        let number = value == value.rounded() ? String(Int(value)) : String(value)
        return name.map { "\($0) (\(number))" } ?? number
    }

    public static func < (a: FontWeight, b: FontWeight) -> Bool { a.value < b.value }
}
