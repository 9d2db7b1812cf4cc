import Animator
import FuzzSupport

// libFuzzer target for the SVG path-data parser: any bytes, read as UTF-8
// text. A path that reads must be well formed, measurable and printable; one
// that does not must fail with an error that names a place inside the data.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPathData(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    checkPathData(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}

func checkPathData(_ bytes: [UInt8]) {
    let text = String(decoding: bytes, as: UTF8.self)
    let label = String(text.prefix(200)).debugDescription
    let path: ShapePath
    do {
        path = try ShapePath(svgPathData: text)
    } catch {
        let scalars = text.unicodeScalars.count
        require(error.offset >= 0 && error.offset <= scalars, "\(label): offset \(error.offset) outside 0…\(scalars)")
        require(error.message.hasPrefix("path data: "), "\(label): message \(error.message.debugDescription)")
        require(
            !error.message.unicodeScalars.contains { $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) },
            "\(label): a control character in \(error.message.debugDescription)")
        // Deterministic: the same error again.
        do {
            _ = try ShapePath(svgPathData: text)
            require(false, "\(label): a second read succeeded")
        } catch let again {
            require(again == error && again.offset == error.offset && again.message == error.message, "\(label): a second read differs")
        }
        return
    }

    // Well formed: moves start subpaths, every point within the limit.
    require(path.elements.count <= ShapePath.maximumElements, "\(label): \(path.elements.count) elements")
    if let first = path.elements.first {
        guard case .move = first else { return require(false, "\(label): starts with \(first)") }
    }
    var afterClose = false
    for element in path.elements {
        let points: [Point]
        switch element {
        case .move(let p): points = [p]; afterClose = false
        case .line(let p): points = [p]
        case .quad(let c, let p): points = [c, p]
        case .cubic(let c1, let c2, let p): points = [c1, c2, p]
        case .close: points = []
        }
        if case .move = element {} else {
            require(!afterClose || element == .close, "\(label): a segment follows a close without a move")
        }
        if element == .close { afterClose = true }
        for p in points {
            require(abs(p.x) <= ShapePath.maximumCoordinate && abs(p.y) <= ShapePath.maximumCoordinate, "\(label): \(element)")
        }
    }

    // Measurable: subpaths add up, trimming keeps a prefix of the asked length.
    let measure = PathMeasure(path)
    let length = measure.length
    require(length.isFinite && length >= 0, "\(label): length \(length)")
    require(measure.subpathLengths.count == path.subpaths.count, "\(label): \(measure.subpathLengths.count) subpath lengths")
    let sum = measure.subpathLengths.reduce(0, +)
    require(abs(sum - length) <= 1e-9 * max(length, 1), "\(label): subpaths add up to \(sum), not \(length)")
    require(measure.trimmed(toFraction: 0).isEmpty, "\(label): trimmed to 0 is not empty")
    require(measure.trimmed(toFraction: 1) == path, "\(label): trimmed to 1 is not the path")
    for fraction in [0.25, 0.5, 0.9] {
        let piece = measure.trimmed(toFraction: fraction)
        require(piece.elements.count <= path.elements.count, "\(label): trimmed to \(fraction) grew")
        if piece.elements.count > 1 {
            require(Array(piece.elements.dropLast()) == Array(path.elements.prefix(piece.elements.count - 1)),
                    "\(label): trimmed to \(fraction) is not a prefix")
        }
        let pieceLength = piece.length
        require(abs(pieceLength - fraction * length) <= 0.01 * length + 1e-6,
                "\(label): trimmed to \(fraction) is \(pieceLength) long, not \(fraction * length)")
    }

    // Printable: the printed data reads back with the same elements, rounded.
    do {
        let again = try ShapePath(svgPathData: path.svgPathData)
        require(again.elements.count == path.elements.count, "\(label): printed and read back, \(again.elements.count) elements")
    } catch {
        require(false, "\(label): its printed form does not read: \(error)")
    }
    require((try? ShapePath(svgPathData: text)) == path, "\(label): a second read differs")
}

@main
enum PathDataFuzzerMain {
    static func main() { FuzzDriver.main(fuzz: fuzzPathData, replay: checkPathData) }
}
