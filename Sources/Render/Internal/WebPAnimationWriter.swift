import Animator
import CWebP

/// An animated WebP written as it goes, one frame in memory at a time.
///
/// libwebp's own `WebPAnimEncoder` keeps every encoded frame until it
/// assembles the file at the end, so a long animation grows without bound.
/// Here each frame's changed rectangle (its left and top edges on even
/// pixels, as the format stores offsets halved) is encoded on its own with
/// `WebPEncode` and written at once as an `ANMF` chunk that replaces those
/// pixels (no blending, no disposal): the canvas after each frame is exactly
/// the frame. Identical frames lengthen the one before; a frame longer than
/// the format's 24-bit milliseconds is written again for the rest. The RIFF
/// size in the header is patched at the end; a target that cannot seek (a
/// pipe) is written through a spooled copy.
///
/// Frames are compared and encoded on a ``WorkerThread`` while the caller
/// draws the next one: ``add(_:milliseconds:)`` returns as soon as the frame
/// before is done, so the caller draws into a third frame while this one and
/// the one before it (which it is compared with) are in use.
final class WebPAnimationWriter {
    /// The longest a frame lasts in the format, in milliseconds (24 bits).
    static let maximumDuration = 0xFF_FFFF

    private let sink: PatchableOutput
    private let width: Int
    private let height: Int
    private var config: WebPConfig
    /// The frame before, unchanged since it was added (the caller draws the next one elsewhere).
    private var previous: ARGBFrame?
    /// The last frame, written once its duration is known.
    private var pending: (data: [UInt8], duration: Int)?
    /// How many frames went to the file.
    private(set) var framesWritten = 0
    /// The thread that compares and encodes (nil: in place, when none could be started).
    private let worker = WorkerThread()
    /// What went wrong on the worker, reported by the next call.
    private var failure: RenderError?

    init(
        file: OutputFile, width: Int, height: Int, background: RenderColor, loopCount: Int, config: WebPConfig
    ) throws(RenderError) {
        sink = try PatchableOutput(file)
        self.width = width
        self.height = height
        self.config = config
        var header: [UInt8] = Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBP".utf8)
        // VP8X: an animation, with alpha unless the background is opaque.
        header += Array("VP8X".utf8) + Self.le32(10)
        header += [(background.alpha < 1 ? 0x10 : 0) | 0x02, 0, 0, 0] + Self.le24(width - 1) + Self.le24(height - 1)
        let b = background.bytes
        header += Array("ANIM".utf8) + Self.le32(6)
        header += [UInt8(b.blue), UInt8(b.green), UInt8(b.red), UInt8(b.alpha), UInt8(loopCount & 0xFF), UInt8(loopCount >> 8)]
        try sink.append(header)
    }

    deinit {
        worker?.stop()
    }

    /// Adds a frame of straight-alpha ARGB pixels (the canvas size) that lasts
    /// `milliseconds`. The frame must stay unchanged until the next two are
    /// added: it is encoded while the next is drawn, and compared with the one after.
    func add(_ pixels: ARGBFrame, milliseconds: Int) throws(RenderError) {
        precondition(pixels.width == width && pixels.height == height, "a WebP frame is the canvas's size")
        worker?.wait()
        if let failure { throw failure }
        guard let worker else { return try process(pixels, milliseconds: milliseconds) }
        worker.start { [self] in
            do throws(RenderError) {
                try process(pixels, milliseconds: milliseconds)
            } catch {
                failure = error
            }
        }
    }

    /// Makes the last frame added last `milliseconds` longer (the caller knows
    /// the next frame would draw the same picture, and draws nothing).
    func extendLast(milliseconds: Int) throws(RenderError) {
        worker?.wait()
        if let failure { throw failure }
        pending?.duration += milliseconds
    }

    /// Compares a frame with the one before and encodes what changed.
    private func process(_ pixels: ARGBFrame, milliseconds: Int) throws(RenderError) {
        // The next frame is compared with this one, even when it repeats the one
        // before: the caller draws into that one's canvas again soon.
        defer { previous = pixels }
        if let previous {
            guard let changed = PixelDifference.changedRect(previous.words, pixels.words, width: width, height: height) else {
                pending?.duration += milliseconds
                return
            }
            try flush()
            // Offsets are stored halved: start on even pixels.
            let x = changed.x & ~1, y = changed.y & ~1
            let rect = (x: x, y: y, width: changed.x + changed.width - x, height: changed.y + changed.height - y)
            pending = (try frameChunk(pixels, rect: rect), milliseconds)
        } else {
            pending = (try frameChunk(pixels, rect: (0, 0, width, height)), milliseconds)
        }
    }

    /// Writes the last frame and the RIFF size; the file is then complete.
    func finish() throws(RenderError) {
        worker?.wait()
        if let failure { throw failure }
        try flush()
        guard sink.count - 8 <= Int(UInt32.max) else {
            throw .cannotEncode("WebP", "the animation is larger than the format's 4 GB; use a smaller canvas, fewer frames or lossy compression")
        }
        try sink.patch(Self.le32(sink.count - 8), at: 4)
        try sink.finish()
    }

    /// Writes the pending frame, again for what its duration has beyond the format's maximum.
    private func flush() throws(RenderError) {
        guard var frame = pending else { return }
        pending = nil
        repeat {
            let duration = min(frame.duration, Self.maximumDuration)
            frame.duration -= duration
            var chunk = frame.data
            // The duration sits at bytes 20…22 of the ANMF chunk (after its 8-byte head).
            chunk.replaceSubrange(20..<23, with: Self.le24(duration))
            try sink.append(chunk)
            framesWritten += 1
        } while frame.duration > 0
    }

    /// An ANMF chunk replacing `rect` with its pixels in `pixels`; its duration is filled in when written.
    private func frameChunk(_ pixels: ARGBFrame, rect: (x: Int, y: Int, width: Int, height: Int)) throws(RenderError) -> [UInt8] {
        let image = try encode(pixels, rect: rect)
        var payload: [UInt8] = Self.le24(rect.x / 2) + Self.le24(rect.y / 2) + Self.le24(rect.width - 1) + Self.le24(rect.height - 1)
        // Duration (patched), then: do not blend, do not dispose.
        payload += [0, 0, 0, 0x02]
        payload += image
        var chunk = Array("ANMF".utf8) + Self.le32(payload.count) + payload
        if chunk.count % 2 == 1 { chunk.append(0) }
        return chunk
    }

    /// The image chunks (`ALPH`, `VP8 `, `VP8L`) of `rect` encoded alone.
    private func encode(_ pixels: ARGBFrame, rect: (x: Int, y: Int, width: Int, height: Int)) throws(RenderError) -> [UInt8] {
        var picture = WebPPicture()
        guard WebPPictureInit(&picture) != 0 else { throw .cannotEncode("WebP", "library version mismatch") }
        defer { WebPPictureFree(&picture) }
        picture.use_argb = 1
        picture.width = Int32(rect.width)
        picture.height = Int32(rect.height)
        // The rectangle read in place (libwebp's ARGB words are the frame's);
        // lossy encoding converts to YUV into memory of its own.
        picture.argb = pixels.words + rect.y * width + rect.x
        picture.argb_stride = Int32(width)
        var memory = WebPMemoryWriter()
        WebPMemoryWriterInit(&memory)
        defer { WebPMemoryWriterClear(&memory) }
        let encoded = withUnsafeMutablePointer(to: &memory) { writer in
            picture.writer = WebPMemoryWrite
            picture.custom_ptr = UnsafeMutableRawPointer(writer)
            return WebPEncode(&config, &picture)
        }
        guard encoded != 0 else { throw .cannotEncode("WebP", "error \(picture.error_code.rawValue) encoding a frame") }
        let file = UnsafeBufferPointer(start: memory.mem, count: memory.size)
        // A still WebP: "RIFF", size, "WEBP", then chunks; keep the image's.
        var image: [UInt8] = []
        var offset = 12
        while offset + 8 <= file.count {
            let name = String(decoding: file[offset..<(offset + 4)], as: UTF8.self)
            let size = Int(file[offset + 4]) | Int(file[offset + 5]) << 8 | Int(file[offset + 6]) << 16 | Int(file[offset + 7]) << 24
            let end = min(offset + 8 + size + size % 2, file.count)
            if name == "ALPH" || name == "VP8 " || name == "VP8L" { image += file[offset..<end] }
            offset = end
        }
        guard !image.isEmpty else { throw .cannotEncode("WebP", "the encoder returned no image") }
        return image
    }

    static func le24(_ value: Int) -> [UInt8] {
        [UInt8(value & 0xFF), UInt8((value >> 8) & 0xFF), UInt8((value >> 16) & 0xFF)]
    }

    static func le32(_ value: Int) -> [UInt8] {
        le24(value) + [UInt8((value >> 24) & 0xFF)]
    }
}
