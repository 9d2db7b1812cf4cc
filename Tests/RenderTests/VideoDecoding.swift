import CFFmpeg
import Render
import TestSupport

/// A video read back with FFmpeg's demuxers and decoders.
struct DecodedVideo {
    /// The decoder's name of the codec: "h264", "vp9", "prores".
    var codec: String
    /// The decoded pictures' pixel format: "yuv420p", "yuva420p", "yuva444p10le", …
    var pixelFormat: String
    var width: Int
    var height: Int
    /// Pictures decoded.
    var frameCount: Int
    /// The container's duration in seconds.
    var duration: Double
    /// The stream's frame rate.
    var frameRate: Double
    /// The pictures asked for, converted to straight-alpha RGBA, by index.
    var frames: [Int: RasterImage]
    /// The stream's "alpha_mode" tag (Matroska).
    var alphaMode: String?
    /// The stream's four-character code ("ap4h" for ProRes 4444, "avc1" for H.264 in MP4).
    var codecTag: String
}

/// Decodes every picture of a video; converts those at `keep` (negative: from the end) to RGBA.
///
/// VP9 goes through libvpx's decoder, which reads WebM's alpha plane (FFmpeg's own VP9 decoder drops it).
func decodeVideo(_ path: String, keep: [Int] = []) throws -> DecodedVideo {
    var context: UnsafeMutablePointer<AVFormatContext>?
    guard avformat_open_input(&context, path, nil, nil) >= 0, let input = context else { throw TestFailure("FFmpeg cannot open \(path)") }
    defer { avformat_close_input(&context) }
    guard avformat_find_stream_info(input, nil) >= 0 else { throw TestFailure("no stream information in \(path)") }
    let index = av_find_best_stream(input, AVMEDIA_TYPE_VIDEO, -1, -1, nil, 0)
    guard index >= 0, let stream = input.pointee.streams[Int(index)] else { throw TestFailure("no video stream in \(path)") }
    let parameters = stream.pointee.codecpar!
    let decoder = parameters.pointee.codec_id == AV_CODEC_ID_VP9
        ? avcodec_find_decoder_by_name("libvpx-vp9") : avcodec_find_decoder(parameters.pointee.codec_id)
    guard let decoder else { throw TestFailure("no decoder for \(path)") }
    var codec = avcodec_alloc_context3(decoder)
    defer { avcodec_free_context(&codec) }
    guard let codec, avcodec_parameters_to_context(codec, parameters) >= 0, avcodec_open2(codec, decoder, nil) >= 0 else {
        throw TestFailure("cannot open the decoder of \(path)")
    }
    let alphaMode = av_dict_get(stream.pointee.metadata, "alpha_mode", nil, 0).map { String(cString: $0.pointee.value) }
    var packet = av_packet_alloc()
    var picture = av_frame_alloc()
    defer {
        av_packet_free(&packet)
        av_frame_free(&picture)
    }
    var decoded: [RasterImage] = []
    var count = 0
    var pixelFormat = ""
    var ring: [Int: RasterImage] = [:]
    var wanted = Set(keep.filter { $0 >= 0 })
    let fromEnd = keep.filter { $0 < 0 }.map { -$0 }.max() ?? 0
    func drain() throws {
        while avcodec_receive_frame(codec, picture) >= 0 {
            let frame = picture!
            pixelFormat = String(cString: av_get_pix_fmt_name(AVPixelFormat(rawValue: frame.pointee.format)))
            if wanted.contains(count) || fromEnd > 0 {
                let image = try rgba(frame)
                if wanted.contains(count) { ring[count] = image }
                if fromEnd > 0 {
                    decoded.append(image)
                    if decoded.count > fromEnd { decoded.removeFirst() }
                }
            }
            count += 1
            av_frame_unref(frame)
        }
    }
    while av_read_frame(input, packet) >= 0 {
        if packet!.pointee.stream_index == index {
            guard avcodec_send_packet(codec, packet) >= 0 else { throw TestFailure("a packet of \(path) does not decode") }
            try drain()
        }
        av_packet_unref(packet)
    }
    avcodec_send_packet(codec, nil)
    try drain()
    wanted = []
    for k in keep where k < 0 {
        let position = decoded.count + k
        if position >= 0 { ring[count + k] = decoded[position] }
    }
    let rate = stream.pointee.avg_frame_rate
    return DecodedVideo(
        codec: String(cString: decoder.pointee.name), pixelFormat: pixelFormat, width: Int(parameters.pointee.width),
        height: Int(parameters.pointee.height), frameCount: count, duration: Double(input.pointee.duration) / Double(AV_TIME_BASE),
        frameRate: rate.den == 0 ? 0 : Double(rate.num) / Double(rate.den), frames: ring, alphaMode: alphaMode,
        codecTag: fourCharacterCode(parameters.pointee.codec_tag))
}

/// A little-endian four-character code as text.
private func fourCharacterCode(_ tag: UInt32) -> String {
    String(decoding: (0..<4).map { UInt8(truncatingIfNeeded: tag >> (8 * $0)) }, as: UTF8.self)
}

/// A decoded picture as straight-alpha RGBA (opaque when the picture has no alpha).
private func rgba(_ frame: UnsafeMutablePointer<AVFrame>) throws -> RasterImage {
    let width = Int(frame.pointee.width), height = Int(frame.pointee.height)
    guard let scaler = sws_getContext(
        Int32(width), Int32(height), AVPixelFormat(rawValue: frame.pointee.format), Int32(width), Int32(height),
        AV_PIX_FMT_RGBA, Int32(SWS_BICUBIC | SWS_ACCURATE_RND | SWS_FULL_CHR_H_INT), nil, nil, nil)
    else { throw TestFailure("swscale cannot convert the picture") }
    defer { sws_freeContext(scaler) }
    let bt709 = sws_getCoefficients(SWS_CS_ITU709)
    sws_setColorspaceDetails(scaler, bt709, 0, bt709, 1, 0, 1 << 16, 1 << 16)
    var pixels = [UInt8](repeating: 0, count: width * height * 4)
    var stride = Int32(width * 4)
    pixels.withUnsafeMutableBufferPointer { buffer in
        var destination: UnsafeMutablePointer<UInt8>? = buffer.baseAddress
        withUnsafePointer(to: &frame.pointee.data) { data in
            withUnsafePointer(to: &frame.pointee.linesize) { lines in
                data.withMemoryRebound(to: UnsafePointer<UInt8>?.self, capacity: 8) { planes in
                    lines.withMemoryRebound(to: Int32.self, capacity: 8) { linesizes in
                        _ = sws_scale(scaler, planes, linesizes, 0, Int32(height), &destination, &stride)
                    }
                }
            }
        }
    }
    return RasterImage(width: width, height: height, pixels: pixels)
}
