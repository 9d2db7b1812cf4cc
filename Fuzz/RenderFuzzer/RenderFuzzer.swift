#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Animator
import FuzzSupport
import Render
import Typesetter

// libFuzzer target for the numbers a renderer takes: frame rate, interval and
// hold of a recording, the canvas (width, height, scale, padding), the time of
// a still frame and the rate an animated image is written at (NaN, infinities,
// subnormals and huge values included). Each either works, within the limits
// the formats hold, or fails with a RenderError whose message is printable;
// nothing traps and no temporary file is left.

/// The font every input draws with, opened once (opening it is slower than a render).
let fuzzFont = try? FontLayout(size: 16)

/// A folder of this process's own for the files written.
let fuzzFolder: String = {
    var template = Array("/tmp/kinetype-fuzz-render.XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else { fatalError("cannot make a temporary folder") }
    // Empty after every input, so it can go when the run ends.
    atexit { rmdir(fuzzFolder) }
    return String(cString: made)
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRender(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    checkRender(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}

func checkRender(_ bytes: [UInt8]) {
    guard let font = fuzzFont else { fatalError("no font: run scripts/setup") }
    var input = FuzzInput(bytes)
    let fps = input.number(typical: 60)
    let interval: Double? = input.byte() % 3 == 0 ? nil : input.number(typical: 0.5)
    let hold = input.number(typical: 0.5)
    let width = side(&input), height = side(&input)
    let viewport = Viewport(
        width: width, height: height, scale: input.number(typical: 1), padding: input.number(typical: 16))
    let still = input.number(typical: 0.3)
    let imageRate = input.number(typical: 30)
    // Short texts: the numbers are under test, not the length.
    let texts = [String(input.text().prefix(6)), String(input.text().prefix(6))]
    let label = "fps \(fps), interval \(String(describing: interval)), hold \(hold), \(viewport), t \(still), rate \(imageRate)"

    let timeline: Timeline
    do throws(RenderError) {
        timeline = try Timeline(texts: texts, layout: font, interval: interval, fps: fps, hold: hold)
    } catch {
        checkMessage(error, label)
        let usable = fps.isFinite && fps > 0 && fps <= Timeline.maximumFrameRate
        require(usable || error.code == .invalidFrameRate, "\(label): a bad rate refused as \(error.code)")
        return
    }
    require(fps.isFinite && fps > 0 && fps <= Timeline.maximumFrameRate, "\(label): recorded at a rate it should refuse")
    require(timeline.fps == fps, "\(label): recorded at \(timeline.fps)")
    require((1...Timeline.maximumFrameCount).contains(timeline.frames.count), "\(label): \(timeline.frames.count) frames")
    let last = timeline.time(ofFrame: timeline.frames.count - 1)
    require(last.isFinite && last >= 0, "\(label): last frame at \(last)")
    let bounds = timeline.bounds
    require(bounds.minX.isFinite && bounds.minY.isFinite && bounds.width.isFinite && bounds.height.isFinite, "\(label): bounds \(bounds)")

    // The canvas: placed within the limits, or refused as a bad size.
    let style = RenderStyle(viewport: viewport)
    let placement: Viewport.Placement
    do throws(RenderError) {
        placement = try style.placement(bounds, fontSize: timeline.outlines.fontSize)
    } catch {
        checkMessage(error, label)
        require(error.code == .invalidSize, "\(label): the canvas refused as \(error.code)")
        do {
            _ = try PNGRenderer(style: style).image(timeline, at: still)
            require(false, "\(label): a still drawn on a canvas that cannot be placed")
        } catch {
            require(error.code == .invalidSize, "\(label): the still refused as \(error.code)")
        }
        return
    }
    let w = placement.pixelWidth, h = placement.pixelHeight
    require(w >= 1 && h >= 1 && w <= Viewport.maximumPixels && h <= Viewport.maximumPixels, "\(label): canvas \(w)×\(h)")
    require(w * h <= Viewport.maximumArea, "\(label): canvas \(w)×\(h) over the area limit")
    require(placement.scale.isFinite && placement.scale > 0, "\(label): scale \(placement.scale)")
    if let width { require(w == width, "\(label): width \(w), asked \(width)") }
    if let height { require(h == height, "\(label): height \(h), asked \(height)") }

    // WebP's sides hold 14 bits: a wider canvas is refused before anything is drawn.
    let wide = max(w, h) > WebPRenderer.maximumPixels
    // A timeline too long for an animated file may be refused for its rate first.
    let recorded = Double(timeline.frames.count) / timeline.fps
    if wide { checkAnimated(WebPRenderer(style: style), timeline, "webp", length: recorded, tooLarge: true, label) }

    // Drawing is only worth its time on small canvases and short timelines.
    guard w * h <= 60_000, timeline.frames.count <= 120 else { return }
    do throws(RenderError) {
        let image = try PNGRenderer(style: style).image(timeline, at: still)
        require(image.width == w && image.height == h, "\(label): still \(image.width)×\(image.height), placed \(w)×\(h)")
        require(image.pixels.count == w * h * 4, "\(label): \(image.pixels.count) bytes of pixels")
    } catch {
        require(false, "\(label): a placed still failed: \(error)")
    }

    // An animated image at a rate of the input's (the recording's frames, retimed).
    guard imageRate.isFinite, imageRate > 0 else { return }
    let retimed = Timeline(fps: imageRate, frames: timeline.frames, texts: timeline.texts, textTimes: timeline.textTimes, outlines: timeline.outlines)
    let length = Double(retimed.frames.count) / imageRate
    checkAnimated(GIFRenderer(style: style), retimed, "gif", length: length, tooLarge: false, label)
    if !wide { checkAnimated(WebPRenderer(style: style), retimed, "webp", length: length, tooLarge: false, label) }
}

/// Writes `timeline` with `renderer` into the fuzz folder: a day or less of
/// animation is written whole (the format's magic at the start), longer is
/// refused with the rate that works, a canvas the format cannot hold as a bad
/// size; the folder is empty afterwards.
func checkAnimated<R: StreamingRenderer>(
    _ renderer: R, _ timeline: Timeline, _ format: String, length: Double, tooLarge: Bool, _ label: String
) {
    let path = fuzzFolder + "/out." + format
    do throws(RenderError) {
        try renderer.write(timeline, to: path)
        require(length <= 86_400 * 1.001 && !tooLarge, "\(label): \(format) of \(length) s written")
        guard case .bytes(let bytes) = Platform.readFile(path, limit: 1 << 26) else {
            require(false, "\(label): \(format) written but not readable")
            return
        }
        let magic = format == "gif" ? Array("GIF89a".utf8) : Array("RIFF".utf8)
        require(Array(bytes.prefix(magic.count)) == magic, "\(label): \(format) starts \(bytes.prefix(8))")
        if format == "webp", bytes.count >= 8 {
            let size = Int(bytes[4]) | Int(bytes[5]) << 8 | Int(bytes[6]) << 16 | Int(bytes[7]) << 24
            require(size == bytes.count - 8, "\(label): RIFF size \(size) for \(bytes.count) bytes")
        }
        unlink(path)
    } catch {
        checkMessage(error, label)
        let expected = (tooLarge && error.code == .invalidSize) || (length > 86_400 * 0.999 && error.code == .invalidFrameRate)
        require(expected, "\(label): \(format) refused as \(error.code): \(error)")
    }
    require(folderEntries().isEmpty, "\(label): \(format) left \(folderEntries())")
}

/// A canvas side as a caller might ask for it: none, an edge of the formats
/// (WebP's 16,383, the canvas's 16,384) or a bad value, or a plain size.
func side(_ input: inout FuzzInput) -> Int? {
    switch input.byte() % 4 {
    case 0: nil
    case 1: input.pick([0, -1, 1, 2, 16_383, 16_384, 16_385, .max, .min])
    default: Int(input.byte()) * 4 + 1
    }
}

/// A message a person can read on a terminal: not empty, no raw control or bidi character.
func checkMessage(_ error: RenderError, _ label: String) {
    require(!error.message.isEmpty, "\(label): \(error.code) without a message")
    require(!error.message.unicodeScalars.contains(where: TerminalEscape.mustEscape), "\(label): raw control in \(error.message.debugDescription)")
}

func folderEntries() -> [String] {
    guard let folder = opendir(fuzzFolder) else { return ["(unreadable)"] }
    defer { closedir(folder) }
    var names: [String] = []
    while let entry = readdir(folder) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
        if name != "." && name != ".." { names.append(name) }
    }
    return names
}

@main
enum RenderFuzzerMain {
    static func main() { FuzzDriver.main(fuzz: fuzzRender, replay: checkRender) }
}
