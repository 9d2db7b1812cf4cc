import CGif
import CWebP
import Render
import TestSupport

/// An animated image read back: its canvas, every frame composited as a
/// viewer shows it, each frame's duration and the loop count.
struct DecodedAnimation {
    var width: Int
    var height: Int
    var frames: [RasterImage]
    /// Hundredths of a second (GIF) or milliseconds (WebP), per frame.
    var durations: [Int]
    /// 0 = forever; nil when the file says nothing.
    var loopCount: Int?
}

/// Reads a GIF with giflib and composites its frames (disposal modes honoured).
func decodeGIF(_ path: String) throws -> DecodedAnimation {
    var error: Int32 = 0
    guard let gif = DGifOpenFileName(path, &error) else { throw TestFailure("giflib cannot open \(path): \(error)") }
    defer { DGifCloseFile(gif, &error) }
    guard DGifSlurp(gif) == GIF_OK else { throw TestFailure("giflib cannot read \(path): \(gif.pointee.Error)") }
    let width = Int(gif.pointee.SWidth), height = Int(gif.pointee.SHeight)
    var canvas = [UInt8](repeating: 0, count: width * height * 4)
    var frames: [RasterImage] = []
    var durations: [Int] = []
    var loopCount: Int?
    for i in 0..<Int(gif.pointee.ImageCount) {
        let image = gif.pointee.SavedImages[i]
        var control = GraphicsControlBlock()
        let hasControl = DGifSavedExtensionToGCB(gif, Int32(i), &control) == GIF_OK
        for e in 0..<Int(image.ExtensionBlockCount) {
            let block = image.ExtensionBlocks[e]
            if block.Function == APPLICATION_EXT_FUNC_CODE, block.ByteCount == 11,
               String(decoding: UnsafeBufferPointer(start: block.Bytes, count: 11), as: UTF8.self) == "NETSCAPE2.0",
               e + 1 < Int(image.ExtensionBlockCount) {
                let data = image.ExtensionBlocks[e + 1]
                if data.ByteCount == 3 { loopCount = Int(data.Bytes[1]) | Int(data.Bytes[2]) << 8 }
            }
        }
        let d = image.ImageDesc
        guard let map = d.ColorMap ?? gif.pointee.SColorMap else { throw TestFailure("frame \(i) has no colour map") }
        let transparent = hasControl ? Int(control.TransparentColor) : -1
        for y in 0..<Int(d.Height) {
            for x in 0..<Int(d.Width) {
                let index = Int(image.RasterBits[y * Int(d.Width) + x])
                guard index != transparent else { continue }
                let c = map.pointee.Colors[index]
                let o = ((Int(d.Top) + y) * width + Int(d.Left) + x) * 4
                canvas[o] = c.Red
                canvas[o + 1] = c.Green
                canvas[o + 2] = c.Blue
                canvas[o + 3] = 255
            }
        }
        frames.append(RasterImage(width: width, height: height, pixels: canvas))
        durations.append(hasControl ? Int(control.DelayTime) : 0)
        if hasControl, control.DisposalMode == DISPOSE_BACKGROUND {
            for y in 0..<Int(d.Height) {
                for x in 0..<Int(d.Width) {
                    let o = ((Int(d.Top) + y) * width + Int(d.Left) + x) * 4
                    canvas[o] = 0
                    canvas[o + 1] = 0
                    canvas[o + 2] = 0
                    canvas[o + 3] = 0
                }
            }
        }
    }
    return DecodedAnimation(width: width, height: height, frames: frames, durations: durations, loopCount: loopCount)
}

/// Reads an animated WebP with libwebp's animation decoder.
func decodeWebP(_ path: String) throws -> DecodedAnimation {
    let bytes = try readFile(path)
    return try bytes.withUnsafeBufferPointer { buffer in
        var data = WebPData(bytes: buffer.baseAddress, size: buffer.count)
        var options = WebPAnimDecoderOptions()
        guard WebPAnimDecoderOptionsInit(&options) != 0 else { throw TestFailure("libwebp version mismatch") }
        options.color_mode = MODE_RGBA
        guard let decoder = WebPAnimDecoderNew(&data, &options) else { throw TestFailure("libwebp cannot read \(path)") }
        defer { WebPAnimDecoderDelete(decoder) }
        var info = WebPAnimInfo()
        guard WebPAnimDecoderGetInfo(decoder, &info) != 0 else { throw TestFailure("no animation info in \(path)") }
        let width = Int(info.canvas_width), height = Int(info.canvas_height)
        var frames: [RasterImage] = []
        var times: [Int] = []
        while WebPAnimDecoderHasMoreFrames(decoder) != 0 {
            var pixels: UnsafeMutablePointer<UInt8>?
            var timestamp: Int32 = 0
            guard WebPAnimDecoderGetNext(decoder, &pixels, &timestamp) != 0, let pixels else {
                throw TestFailure("cannot decode frame \(frames.count) of \(path)")
            }
            frames.append(RasterImage(width: width, height: height, pixels: Array(UnsafeBufferPointer(start: pixels, count: width * height * 4))))
            times.append(Int(timestamp))
        }
        // The decoder gives each frame's end time; durations are the differences.
        let durations = times.enumerated().map { i, t in t - (i == 0 ? 0 : times[i - 1]) }
        return DecodedAnimation(width: width, height: height, frames: frames, durations: durations, loopCount: Int(info.loop_count))
    }
}

/// Compares two pictures of the same size: the mean absolute difference per
/// channel (0–255) and the share of pixels whose largest channel difference exceeds `threshold`.
func difference(_ a: RasterImage, _ b: RasterImage, threshold: Int) -> (mean: Double, share: Double, largest: Int) {
    precondition(a.width == b.width && a.height == b.height, "sizes differ")
    var total = 0, over = 0, largest = 0
    for p in 0..<(a.width * a.height) {
        var worst = 0
        for c in 0..<4 {
            let d = abs(Int(a.pixels[p * 4 + c]) - Int(b.pixels[p * 4 + c]))
            total += d
            worst = max(worst, d)
        }
        if worst > threshold { over += 1 }
        largest = max(largest, worst)
    }
    let pixels = Double(a.width * a.height)
    return (Double(total) / (pixels * 4), Double(over) / pixels, largest)
}
