// FFmpeg (Debian: libavformat-dev libavcodec-dev libswscale-dev libavutil-dev):
// the video encoders and muxers, the pixel-format converter, and for tests
// that read videos back, the demuxers and decoders.
#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libswscale/swscale.h>
#include <libavutil/avutil.h>
#include <libavutil/imgutils.h>
#include <libavutil/opt.h>
#include <libavutil/pixdesc.h>

// Swift cannot call function-like macros: the error codes the send/receive loops test.
static inline int kinetype_averror_eagain(void) { return AVERROR(EAGAIN); }
static inline int kinetype_averror_eof(void) { return AVERROR_EOF; }
static inline int kinetype_averror_eio(void) { return AVERROR(EIO); }
static inline int64_t kinetype_nopts_value(void) { return AV_NOPTS_VALUE; }
