// giflib (Debian: libgif-dev). Older Debian giflib packages ship no pkg-config
// file, so the target links "gif" itself and scripts/setup checks for the header.
#include <gif_lib.h>
