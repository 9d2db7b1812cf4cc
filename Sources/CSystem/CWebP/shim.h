// libwebp (Debian: libwebp-dev): the encoder, the animation encoder (mux) and,
// for tests that read files back, the animation decoder (demux).
#include <webp/encode.h>
#include <webp/decode.h>
#include <webp/mux.h>
#include <webp/demux.h>
