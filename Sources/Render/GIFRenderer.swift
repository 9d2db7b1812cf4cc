import Animator
import CGif
import Director

/// Writes a timeline as an animated GIF through giflib.
///
/// ```swift
/// let gif = GIFRenderer(viewport: Viewport(width: 480, evenSize: true), background: .white)
/// try gif.write(timeline, to: "send.gif")
/// ```
///
/// - Frames are drawn as ``PNGRenderer`` draws them, at the timeline's frame
///   rate up to ``maximumFrameRate`` (GIF delays are whole hundredths of a
///   second and browsers slow down shorter ones), each frame lasting until
///   the next; runs of identical frames become one longer frame.
/// - Colours: see `PaletteQuantizer`. Text in one colour on an opaque
///   background keeps exact antialiased edges (a 64-step ramp between the
///   two colours); other colours (tints, particles) share the remaining
///   entries through a median cut, per frame.
/// - On an opaque background each frame stores only the rectangle that
///   changed. A transparent background has one-bit transparency in GIF:
///   pixels under half coverage are transparent, and every frame is stored whole.
/// - `loopCount` 0 plays forever (the NETSCAPE2.0 extension); n plays n times
///   in browsers that follow the extension.
/// - The file is written whole or not at all (see ``TextFile``).
public struct GIFRenderer: StreamingRenderer {
    /// The canvas, colours and pen; a transparent background gives one-bit
    /// transparency (`evenSize` viewports suit video tools).
    public var style: RenderStyle
    /// How many times the animation plays: 0 forever (the default), else 1…65535.
    public var loopCount = 0

    /// The highest frame rate written: 50 (2/100 s per frame).
    public static let maximumFrameRate = 50.0

    /// A renderer drawing with `style`, playing forever.
    public init(style: RenderStyle) {
        self.style = style
    }

    /// A renderer drawing with `style` that plays `loopCount` times (0: forever).
    public init(style: RenderStyle = RenderStyle(), loopCount: Int) {
        self.style = style
        self.loopCount = loopCount
    }

    /// Writes the frames to `path` and returns the number of GIF frames written.
    ///
    /// - Throws: ``RenderError`` for a bad loop count, a canvas that cannot be
    ///   placed, an encoder failure, or a file that cannot be written.
    /// - Complexity: O(frames × pixels).
    @discardableResult
    public func write(_ frames: FrameSource, to path: String) throws(RenderError) -> Int {
        guard (0...65_535).contains(loopCount) else { throw .invalidOption("loop count", Double(loopCount), range: "[0, 65535]") }
        let schedule = try FrameSchedule(frameCount: frames.frameCount, fps: frames.fps, maximumRate: Self.maximumFrameRate)
        let raster = try FrameRaster(style: style, source: frames)
        return try OutputFile.writing(path) { (file: OutputFile) throws(RenderError) -> Int in
            let sink = GIFSink(file: file)
            do throws(RenderError) {
                let written = try encode(frames, schedule: schedule, raster: raster, sink: sink)
                if let failure = sink.failure { throw RenderError.cannotWrite(path, reason: failure.reason) }
                return written
            } catch {
                if let failure = sink.failure { throw .cannotWrite(path, reason: failure.reason) }
                throw error
            }
        }
    }

    private func encode(_ frames: FrameSource, schedule: FrameSchedule, raster: FrameRaster, sink: GIFSink) throws(RenderError) -> Int {
        let width = raster.width, height = raster.height
        let quantizer = PaletteQuantizer(background: style.background, color: raster.inkColor)
        var error: Int32 = 0
        let user = Unmanaged.passUnretained(sink).toOpaque()
        guard let gif = EGifOpen(user, gifOutput, &error) else { throw .cannotEncode("GIF", Self.message(error)) }
        var closed = false
        defer { if !closed { EGifCloseFile(gif, &error) } }
        EGifSetGifVersion(gif, true)
        let global = try Self.colorMap(quantizer.globalPalette)
        defer { GifFreeMapObject(global) }
        guard EGifPutScreenDesc(gif, Int32(width), Int32(height), 8, 0, global) == GIF_OK else {
            throw .cannotEncode("GIF", Self.message(gif.pointee.Error))
        }
        try putLoop(gif)

        var previous: [UInt8]?
        var pending: PendingImage?
        var written = 0
        var last: Frame?
        try schedule.play(frames) { (frame: Frame, outputs: Range<Int>) throws(RenderError) in
            // A frame that draws what the one before drew (a held text) only lengthens it.
            if let last, pending != nil, FrameRaster.drawAlike(last, frame) {
                for output in outputs { pending!.delay += schedule.delay(ofOutputFrame: output) }
                return
            }
            last = frame
            let pixels = try raster.rgba(frame)
            for output in outputs {
                let delay = schedule.delay(ofOutputFrame: output)
                let rect: (x: Int, y: Int, width: Int, height: Int)?
                if quantizer.transparent || previous == nil {
                    rect = pixels == previous ? nil : (0, 0, width, height)
                } else {
                    rect = PixelDifference.changedRect(previous!, pixels, width: width, height: height)
                }
                guard let rect else {
                    pending?.delay += delay
                    continue
                }
                if let image = pending { written += try put(image, gif: gif) }
                let cropped = Self.crop(pixels, width: width, rect: rect)
                let (indices, palette) = quantizer.quantize(cropped)
                pending = PendingImage(rect: rect, indices: indices, palette: palette, delay: delay, transparent: quantizer.transparent)
                previous = pixels
            }
        }
        if let image = pending { written += try put(image, gif: gif) }
        closed = true
        guard EGifCloseFile(gif, &error) == GIF_OK else {
            if sink.failure != nil { return written }
            throw .cannotEncode("GIF", Self.message(error))
        }
        return written
    }

    private struct PendingImage {
        var rect: (x: Int, y: Int, width: Int, height: Int)
        var indices: [UInt8]
        var palette: PaletteQuantizer.Palette?
        var delay: Int
        var transparent: Bool
    }

    /// Writes an image; one longer than a GIF delay holds (655.35 s) is written
    /// again for the rest. Returns the number of GIF frames written.
    private func put(_ image: PendingImage, gif: UnsafeMutablePointer<GifFileType>) throws(RenderError) -> Int {
        var remaining = image.delay
        var count = 0
        repeat {
            let delay = min(remaining, 65_535)
            remaining -= delay
            try put(image, delay: delay, gif: gif)
            count += 1
        } while remaining > 0
        return count
    }

    private func put(_ image: PendingImage, delay: Int, gif: UnsafeMutablePointer<GifFileType>) throws(RenderError) {
        var control = GraphicsControlBlock(
            DisposalMode: image.transparent ? DISPOSE_BACKGROUND : DISPOSE_DO_NOT, UserInputFlag: false,
            DelayTime: Int32(delay), TransparentColor: image.transparent ? 0 : NO_TRANSPARENT_COLOR)
        var extensionBytes = [UInt8](repeating: 0, count: 4)
        let length = EGifGCBToExtension(&control, &extensionBytes)
        guard EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, Int32(length), extensionBytes) == GIF_OK else {
            throw .cannotEncode("GIF", Self.message(gif.pointee.Error))
        }
        let local = try image.palette.map { palette throws(RenderError) in try Self.colorMap(palette) }
        defer { if let local { GifFreeMapObject(local) } }
        let r = image.rect
        guard EGifPutImageDesc(gif, Int32(r.x), Int32(r.y), Int32(r.width), Int32(r.height), false, local) == GIF_OK else {
            throw .cannotEncode("GIF", Self.message(gif.pointee.Error))
        }
        var indices = image.indices
        let ok = indices.withUnsafeMutableBufferPointer { buffer -> Bool in
            for row in 0..<r.height where EGifPutLine(gif, buffer.baseAddress! + row * r.width, Int32(r.width)) != GIF_OK {
                return false
            }
            return true
        }
        guard ok else { throw .cannotEncode("GIF", Self.message(gif.pointee.Error)) }
    }

    /// The NETSCAPE2.0 application extension: how many times to play.
    private func putLoop(_ gif: UnsafeMutablePointer<GifFileType>) throws(RenderError) {
        let name = Array("NETSCAPE2.0".utf8)
        let count = [UInt8(1), UInt8(loopCount & 0xFF), UInt8(loopCount >> 8)]
        guard EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE) == GIF_OK,
              EGifPutExtensionBlock(gif, Int32(name.count), name) == GIF_OK,
              EGifPutExtensionBlock(gif, Int32(count.count), count) == GIF_OK,
              EGifPutExtensionTrailer(gif) == GIF_OK
        else { throw .cannotEncode("GIF", Self.message(gif.pointee.Error)) }
    }

    private static func colorMap(_ palette: PaletteQuantizer.Palette) throws(RenderError) -> UnsafeMutablePointer<ColorMapObject> {
        // giflib wants a power of two entries; the padding repeats black and is never indexed.
        var size = 2
        while size < palette.count { size *= 2 }
        var colors = palette.map { GifColorType(Red: $0.0, Green: $0.1, Blue: $0.2) }
        colors += Array(repeating: GifColorType(Red: 0, Green: 0, Blue: 0), count: size - palette.count)
        guard let map = GifMakeMapObject(Int32(size), colors) else { throw .cannotEncode("GIF", "no memory for a colour map") }
        return map
    }

    static func crop(_ pixels: [UInt8], width: Int, rect: (x: Int, y: Int, width: Int, height: Int)) -> [UInt8] {
        if rect.x == 0, rect.width == width { return Array(pixels[(rect.y * width * 4)..<((rect.y + rect.height) * width * 4)]) }
        var out: [UInt8] = []
        out.reserveCapacity(rect.width * rect.height * 4)
        for y in rect.y..<(rect.y + rect.height) {
            let start = (y * width + rect.x) * 4
            out += pixels[start..<(start + rect.width * 4)]
        }
        return out
    }

    static func message(_ code: Int32) -> String {
        GifErrorString(code).map { String(cString: $0) } ?? "giflib error \(code)"
    }
}

/// Where giflib's bytes go: the output file, remembering the first failure.
private final class GIFSink {
    let file: OutputFile
    var failure: PlatformFailure?

    init(file: OutputFile) { self.file = file }
}

/// giflib's output callback: writes to the sink in `UserData`; 0 on failure stops giflib.
private let gifOutput: OutputFunc = { gif, bytes, count in
    guard let gif, let user = gif.pointee.UserData, let bytes, count > 0 else { return 0 }
    let sink = Unmanaged<GIFSink>.fromOpaque(user).takeUnretainedValue()
    guard sink.failure == nil else { return 0 }
    if let failure = sink.file.write(UnsafeRawBufferPointer(start: bytes, count: Int(count))) {
        sink.failure = failure
        return 0
    }
    return count
}
