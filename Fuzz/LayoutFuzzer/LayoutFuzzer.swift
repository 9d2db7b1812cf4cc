import Animator
import FuzzSupport

// libFuzzer target for the monospace layout: cell size, wrapping width,
// alignment and tab width from the input (troublesome numbers included), then
// a text; every frame must be finite, one per glyph, inside the reported box.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLayout(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    checkLayout(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}

func checkLayout(_ bytes: [UInt8]) {
    var input = FuzzInput(bytes)
    var grid = MonospaceLayout(
        cellWidth: input.number(typical: 10), cellHeight: input.number(typical: 20),
        wrapWidth: input.byte() % 3 == 0 ? nil : input.number(typical: 200),
        alignment: input.pick(TextAlignment.allCases), tabWidth: input.integer(typical: 4))
    // Numbers set after init take the same checks.
    switch input.byte() % 5 {
    case 0: grid.cellWidth = input.number(typical: 10)
    case 1: grid.wrapWidth = input.number(typical: 200)
    case 2: grid.tabWidth = input.integer(typical: 4)
    default: break
    }
    let glyphs = Array(input.text())
    let layout: any GlyphLayout = grid
    let result = layout.layout(glyphs)
    let label = "\(grid) \(String(glyphs).debugDescription)"

    require(result.frames.count == glyphs.count, "\(label): \(result.frames.count) frames for \(glyphs.count) glyphs")
    require(!result.lines.isEmpty, "\(label): no lines")
    let size = result.size
    require(size.width.isFinite && size.height.isFinite && size.width >= 0 && size.height >= 0, "\(label): size \(size)")
    let tolerance = 1e-9 * max(size.width, size.height, 1)

    // The lines cover the glyphs in order, each frame on its own line's row.
    var next = 0
    for (index, line) in result.lines.enumerated() {
        require(line.glyphs.lowerBound == next, "\(label): line \(index) starts at \(line.glyphs.lowerBound), not \(next)")
        next = line.glyphs.upperBound
        let box = line.rect
        require(box.minX.isFinite && box.maxX.isFinite && box.minY.isFinite && box.maxY.isFinite, "\(label): line \(index) \(box)")
        require(box.minY >= -tolerance && box.maxY <= size.height + tolerance, "\(label): line \(index) \(box) outside \(size)")
        // A line is wider than its box only when one glyph alone is wider than the wrapping width.
        let overWide = box.width > size.width + tolerance
        if overWide {
            require(grid.wrapWidth != nil, "\(label): unwrapped line \(index) wider than the box")
        } else {
            require(box.minX >= -tolerance && box.maxX <= size.width + tolerance, "\(label): line \(index) \(box) outside \(size)")
        }
        for g in line.glyphs {
            let frame = result.frames[g]
            let r = frame.rect
            require(r.minX.isFinite && r.maxX.isFinite && r.minY.isFinite && r.maxY.isFinite && frame.baseline.isFinite,
                    "\(label): glyph \(g) frame \(r)")
            require(frame.line == index, "\(label): glyph \(g) says line \(frame.line), sits on \(index)")
            require(r.width >= 0 && r.minY >= -tolerance && r.maxY <= size.height + tolerance, "\(label): glyph \(g) \(r) outside \(size)")
            require(frame.baseline >= r.minY - tolerance && frame.baseline <= r.maxY + tolerance, "\(label): glyph \(g) baseline")
            // Whitespace may hang past the right edge; ink stays in the box.
            if !glyphs[g].isWhitespace && !overWide {
                require(r.minX >= -tolerance && r.maxX <= size.width + tolerance, "\(label): glyph \(g) \(r) outside \(size)")
            }
        }
    }
    require(next == glyphs.count, "\(label): the lines end at \(next) of \(glyphs.count) glyphs")
    // Deterministic.
    require(layout.layout(glyphs) == result, "\(label): a second layout differs")
}

@main
enum LayoutFuzzerMain {
    static func main() { FuzzDriver.main(fuzz: fuzzLayout, replay: checkLayout) }
}
