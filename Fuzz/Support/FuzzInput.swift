/// Reads typed values off the front of a fuzzer's input, so that one byte
/// string chooses both the options and the text.
///
/// Every read succeeds: past the end it yields zeros and empty text, so each
/// input, however short, is a valid case.
public struct FuzzInput {
    private let bytes: [UInt8]
    private var position = 0

    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Whether every byte has been read.
    public var isAtEnd: Bool { position >= bytes.count }

    /// The next byte, or 0 past the end.
    public mutating func byte() -> UInt8 {
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return bytes[position]
    }

    /// One of `choices`, picked by the next byte.
    public mutating func pick<T>(_ choices: [T]) -> T {
        choices[Int(byte()) % choices.count]
    }

    /// A number a caller might pass, good or bad: the next byte picks a
    /// troublesome value (zero, negative, NaN, infinities, subnormal, huge) or,
    /// from 16 on, a plain one scaled from the byte after it.
    public mutating func number(typical: Double) -> Double {
        let selector = byte()
        let edges: [Double] = [
            0, -0.0, -1, .nan, .infinity, -.infinity, .leastNonzeroMagnitude, 1e-300, 1e-6, 0.001, 1e6, 1e9, 1e300,
            .greatestFiniteMagnitude, -1e300, 0.5,
        ]
        if Int(selector) < edges.count { return edges[Int(selector)] }
        return typical * Double(byte()) / 64
    }

    /// An integer, troublesome values included (`Int.min`, `Int.max`, negatives).
    public mutating func integer(typical: Int) -> Int {
        switch byte() % 8 {
        case 0: .min
        case 1: .max
        case 2: -Int(byte())
        case 3: Int(byte()) << 24
        default: Int(byte()) % (typical * 4 + 1)
        }
    }

    /// The rest of the input up to the next 0xFF byte (which UTF-8 never uses)
    /// or the end, as text; invalid UTF-8 becomes U+FFFD.
    public mutating func text() -> String {
        let start = min(position, bytes.count)
        var end = start
        while end < bytes.count && bytes[end] != 0xFF { end += 1 }
        position = end + 1
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }
}
