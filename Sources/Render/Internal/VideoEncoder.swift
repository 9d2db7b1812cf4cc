import CFFmpeg

/// One video being written: FFmpeg's encoder, muxer and RGBA → YUV converter
/// around an ``OutputFile``. Pictures go in one at a time and leave as packets,
/// so memory is the encoder's look-ahead (bounded in ``lookahead(frameBytes:)``)
/// plus one picture, whatever the length.
///
/// Confined: made, fed and finished by one `VideoRenderer` write call on one
/// thread, never shared, so it is not `Sendable`. FFmpeg objects are freed in `deinit`.
final class VideoEncoder {
    let format: VideoFormat
    let width: Int, height: Int
    private let sink: VideoSink
    private var output: UnsafeMutablePointer<AVFormatContext>?
    private var io: UnsafeMutablePointer<AVIOContext>?
    private var codec: UnsafeMutablePointer<AVCodecContext>?
    private var stream: UnsafeMutablePointer<AVStream>?
    private var picture: UnsafeMutablePointer<AVFrame>?
    private var packet: UnsafeMutablePointer<AVPacket>?
    private var scaler: OpaquePointer?
    private var nextPicture: Int64 = 0

    /// FFmpeg logs to standard error at "info" by default (x264 prints its
    /// statistics); our errors carry FFmpeg's message, so the log is turned
    /// off unless the program set a level of its own. Once per process.
    private static let quietLogs: Void = {
        if av_log_get_level() == AV_LOG_INFO { av_log_set_level(AV_LOG_QUIET) }
    }()

    /// What the look-ahead of x264 and libvpx may hold, in bytes of pictures.
    static let lookaheadBudget = 160_000_000

    /// Opens the encoder and muxer and writes the container's header.
    ///
    /// - Parameters:
    ///   - fps: pictures per second; the stream's time base is its inverse (as a fraction).
    ///   - alpha: whether the video keeps the pictures' alpha (WebM: VP9 with an alpha plane).
    /// - Throws: ``RenderError`` `.cannotEncode` when FFmpeg lacks the encoder or refuses the settings.
    init(format: VideoFormat, width: Int, height: Int, fps: Double, alpha: Bool, file: OutputFile) throws(RenderError) {
        self.format = format
        self.width = width
        self.height = height
        sink = VideoSink(file: file)
        Self.quietLogs
        let name = format.codecName
        guard let encoder = avcodec_find_encoder_by_name(format.encoderName) else {
            throw .cannotEncode(name, "this FFmpeg has no \(format.encoderName) encoder; install Debian's libavcodec-extra, or pick another format")
        }
        var context: UnsafeMutablePointer<AVFormatContext>?
        try Self.check(avformat_alloc_output_context2(&context, nil, format.muxerName, nil), name)
        guard let context else { throw .cannotEncode(name, "no memory for the \(format.muxerName) muxer") }
        output = context

        // Bytes go through our own I/O into the output file (written whole or not at all).
        let bufferSize = 1 << 16
        guard let buffer = av_malloc(bufferSize)?.assumingMemoryBound(to: UInt8.self) else {
            throw .cannotEncode(name, "no memory for the output buffer")
        }
        let seekable = file.isSeekable
        let opaque = Unmanaged.passUnretained(sink).toOpaque()
        io = avio_alloc_context(buffer, Int32(bufferSize), 1, opaque, nil, videoWrite, seekable ? videoSeek : nil)
        guard let io else {
            av_free(buffer)
            throw .cannotEncode(name, "no memory for the output")
        }
        io.pointee.seekable = seekable ? AVIO_SEEKABLE_NORMAL : 0
        context.pointee.pb = io
        // Bit-exact: no random segment id, creation time or library version, so
        // the same timeline gives the same bytes on every run.
        context.pointee.flags |= AVFMT_FLAG_CUSTOM_IO | AVFMT_FLAG_BITEXACT

        guard let codec = avcodec_alloc_context3(encoder) else { throw .cannotEncode(name, "no memory for the encoder") }
        self.codec = codec
        let rate = Self.rational(fps)
        codec.pointee.width = Int32(width)
        codec.pointee.height = Int32(height)
        codec.pointee.framerate = rate
        codec.pointee.time_base = AVRational(num: rate.den, den: rate.num)
        codec.pointee.pix_fmt = Self.pixelFormat(format, alpha: alpha)
        // BT.709 in limited range, said in the stream so players convert back the same way.
        codec.pointee.color_range = AVCOL_RANGE_MPEG
        codec.pointee.colorspace = AVCOL_SPC_BT709
        codec.pointee.color_primaries = AVCOL_PRI_BT709
        codec.pointee.color_trc = AVCOL_TRC_BT709
        // A key picture every two seconds or so: editors and players can seek.
        codec.pointee.gop_size = Int32(max(min(fps * 2, 600), 1).rounded())
        codec.pointee.flags |= Int32(AV_CODEC_FLAG_BITEXACT)
        if context.pointee.oformat.pointee.flags & AVFMT_GLOBALHEADER != 0 {
            codec.pointee.flags |= Int32(AV_CODEC_FLAG_GLOBAL_HEADER)
        }
        var options: OpaquePointer?
        defer { av_dict_free(&options) }
        let frameBytes = width * height * (format == .mov ? 8 : 3) / 2 * (alpha ? 2 : 1)
        for (key, value) in Self.encoderOptions(format, alpha: alpha, lookahead: Self.lookahead(frameBytes: frameBytes)) {
            av_dict_set(&options, key, value, 0)
        }
        try Self.check(avcodec_open2(codec, encoder, &options), name)

        guard let stream = avformat_new_stream(context, nil) else { throw .cannotEncode(name, "no memory for the stream") }
        self.stream = stream
        stream.pointee.time_base = codec.pointee.time_base
        stream.pointee.avg_frame_rate = rate
        try Self.check(avcodec_parameters_from_context(stream.pointee.codecpar, codec), name)
        // Matroska says so in the track header, and decoders then read the alpha plane.
        if alpha, format == .webm { av_dict_set(&stream.pointee.metadata, "alpha_mode", "1", 0) }

        guard let picture = av_frame_alloc(), let packet = av_packet_alloc() else { throw .cannotEncode(name, "no memory for a picture") }
        self.picture = picture
        self.packet = packet
        picture.pointee.format = codec.pointee.pix_fmt.rawValue
        picture.pointee.width = Int32(width)
        picture.pointee.height = Int32(height)
        picture.pointee.color_range = AVCOL_RANGE_MPEG
        picture.pointee.colorspace = AVCOL_SPC_BT709
        try Self.check(av_frame_get_buffer(picture, 0), name)

        let flags = Int32(SWS_BICUBIC | SWS_ACCURATE_RND | SWS_FULL_CHR_H_INT)
        guard let scaler = sws_getContext(
            Int32(width), Int32(height), AV_PIX_FMT_RGBA, Int32(width), Int32(height), codec.pointee.pix_fmt, flags, nil, nil, nil)
        else { throw .cannotEncode(name, "swscale cannot convert RGBA to \(Self.pixelFormatName(codec.pointee.pix_fmt))") }
        self.scaler = scaler
        let bt709 = sws_getCoefficients(SWS_CS_ITU709)
        // Source: full-range RGB; destination: limited-range BT.709. Brightness, contrast, saturation unchanged.
        sws_setColorspaceDetails(scaler, bt709, 1, bt709, 0, 0, 1 << 16, 1 << 16)

        var muxerOptions: OpaquePointer?
        defer { av_dict_free(&muxerOptions) }
        // A pipe cannot take the index at the end: QuickTime containers go in self-contained fragments.
        if !seekable, format != .webm { av_dict_set(&muxerOptions, "movflags", "frag_keyframe+empty_moov+default_base_moof", 0) }
        try check(avformat_write_header(context, &muxerOptions))
    }

    deinit {
        sws_freeContext(scaler)
        av_frame_free(&picture)
        av_packet_free(&packet)
        avcodec_free_context(&codec)
        if let output { avformat_free_context(output) }
        if io != nil {
            av_freep(&io!.pointee.buffer)
            avio_context_free(&io)
        }
    }

    /// Encodes the next picture: straight-alpha RGBA rows of `width × 4` bytes.
    ///
    /// - Complexity: O(pixels).
    func add(rgba: UnsafePointer<UInt8>) throws(RenderError) {
        guard let picture, let scaler else { return }
        try check(av_frame_make_writable(picture))
        var source: UnsafePointer<UInt8>? = rgba
        var stride = Int32(width * 4)
        let converted = withUnsafeMutablePointer(to: &picture.pointee.data) { data in
            withUnsafeMutablePointer(to: &picture.pointee.linesize) { lines in
                data.withMemoryRebound(to: UnsafeMutablePointer<UInt8>?.self, capacity: 8) { planes in
                    lines.withMemoryRebound(to: Int32.self, capacity: 8) { linesizes in
                        sws_scale(scaler, &source, &stride, 0, Int32(height), planes, linesizes)
                    }
                }
            }
        }
        guard converted == Int32(height) else { throw .cannotEncode(format.codecName, "swscale converted \(converted) of \(height) rows") }
        picture.pointee.pts = nextPicture
        nextPicture += 1
        try send(picture)
    }

    /// Flushes the encoder, writes the container's index and trailer, and commits the file.
    func finish() throws(RenderError) {
        try send(nil)
        guard let output else { return }
        try check(av_write_trailer(output))
        avio_flush(io)
        if let failure = sink.failure { throw .cannotWrite(sink.file.path, reason: failure.reason) }
    }

    /// The file's sink (its first write failure, and the file to commit or discard).
    var file: OutputFile { sink.file }

    /// Sends a picture (nil: the end) and writes every packet the encoder has ready.
    private func send(_ frame: UnsafeMutablePointer<AVFrame>?) throws(RenderError) {
        guard let codec, let packet, let output, let stream else { return }
        try check(avcodec_send_frame(codec, frame))
        while true {
            let status = avcodec_receive_packet(codec, packet)
            if status == kinetype_averror_eagain() || status == kinetype_averror_eof() { return }
            try check(status)
            // Each picture lasts one frame; the container's duration is then frames / fps.
            if packet.pointee.duration == 0 { packet.pointee.duration = 1 }
            av_packet_rescale_ts(packet, codec.pointee.time_base, stream.pointee.time_base)
            packet.pointee.stream_index = stream.pointee.index
            try check(av_interleaved_write_frame(output, packet))
        }
    }

    /// Throws for a negative FFmpeg status, blaming the file when its write failed.
    private func check(_ status: Int32) throws(RenderError) {
        guard status < 0 else { return }
        if let failure = sink.failure { throw .cannotWrite(sink.file.path, reason: failure.reason) }
        try Self.check(status, format.codecName)
    }

    private static func check(_ status: Int32, _ name: String) throws(RenderError) {
        guard status < 0 else { return }
        throw .cannotEncode(name, message(status))
    }

    /// FFmpeg's words for an error status.
    static func message(_ status: Int32) -> String {
        var text = [CChar](repeating: 0, count: 256)
        guard av_strerror(status, &text, text.count) == 0 else { return "FFmpeg error \(status)" }
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// `fps` as a fraction: whole rates exactly, others to a millionth.
    static func rational(_ fps: Double) -> AVRational {
        if fps == fps.rounded(), fps >= 1, fps <= 100_000 { return AVRational(num: Int32(fps), den: 1) }
        return av_d2q(fps, 1_000_000)
    }

    static func pixelFormat(_ format: VideoFormat, alpha: Bool) -> AVPixelFormat {
        switch format {
        case .mp4: AV_PIX_FMT_YUV420P
        case .webm: alpha ? AV_PIX_FMT_YUVA420P : AV_PIX_FMT_YUV420P
        case .mov: AV_PIX_FMT_YUVA444P10LE
        }
    }

    static func pixelFormatName(_ format: AVPixelFormat) -> String {
        av_get_pix_fmt_name(format).map { String(cString: $0) } ?? "format \(format.rawValue)"
    }

    /// Pictures of look-ahead (x264's `rc-lookahead`, libvpx's `lag-in-frames`)
    /// that fit ``lookaheadBudget``: 20 for ordinary sizes, fewer for huge canvases.
    static func lookahead(frameBytes: Int) -> Int {
        min(max(lookaheadBudget / max(frameBytes, 1) - 4, 0), 20)
    }

    /// The encoder's settings: constant quality tuned for flat text, and a bounded look-ahead.
    static func encoderOptions(_ format: VideoFormat, alpha: Bool, lookahead: Int) -> [(String, String)] {
        switch format {
        case .mp4:
            // crf 18 keeps text edges clean; "animation" favours flat areas and sharp edges.
            return [("preset", "medium"), ("tune", "animation"), ("crf", "18"), ("profile", "high"),
                    ("rc-lookahead", String(lookahead)), ("threads", "2")]
        case .webm:
            // Constant quality (crf with no bitrate cap); row-mt uses both cores.
            return [("crf", "24"), ("b", "0"), ("deadline", "good"), ("cpu-used", "4"), ("row-mt", "1"),
                    ("lag-in-frames", String(lookahead)), ("auto-alt-ref", lookahead > 1 ? "1" : "0"), ("threads", "2")]
        case .mov:
            return [("profile", "4444"), ("vendor", "apl0"), ("alpha_bits", "16"), ("threads", "2")]
        }
    }
}

/// Where FFmpeg's bytes go: the output file, remembering the first failure.
private final class VideoSink {
    let file: OutputFile
    var failure: PlatformFailure?

    init(file: OutputFile) { self.file = file }
}

/// FFmpeg's write callback: the bytes to the sink in `opaque`; an error status stops the muxer.
private func videoWrite(_ opaque: UnsafeMutableRawPointer?, _ bytes: UnsafeMutablePointer<UInt8>?, _ count: Int32) -> Int32 {
    guard let opaque, let bytes, count > 0 else { return 0 }
    let sink = Unmanaged<VideoSink>.fromOpaque(opaque).takeUnretainedValue()
    guard sink.failure == nil else { return kinetype_averror_eio() }
    if let failure = sink.file.write(UnsafeRawBufferPointer(start: bytes, count: Int(count))) {
        sink.failure = failure
        return kinetype_averror_eio()
    }
    return count
}

/// FFmpeg's seek callback: MP4 and QuickTime go back to patch sizes and write their index.
private func videoSeek(_ opaque: UnsafeMutableRawPointer?, _ offset: Int64, _ whence: Int32) -> Int64 {
    guard let opaque else { return -1 }
    let sink = Unmanaged<VideoSink>.fromOpaque(opaque).takeUnretainedValue()
    if whence & AVSEEK_SIZE != 0 { return sink.file.size ?? -1 }
    return sink.file.seek(to: offset, whence: whence & ~AVSEEK_FORCE) ?? -1
}
