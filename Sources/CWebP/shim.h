// CWebP: libwebp's decoder (lossy, lossless, alpha) and libwebpdemux's animation decoder. Both
// report errors by return value, so no shim code is needed: Swift calls them directly.
#include <webp/decode.h>
#include <webp/demux.h>
