// CZlib: zlib's inflate, for PDF streams with /Filter /FlateDecode (Raster/PDF/PDFObjects.swift).
// inflateInit is a macro (it passes the header's version and the stream's size), which Swift
// cannot call: this one static inline spells it.
#ifndef KIOSK_CZLIB_H
#define KIOSK_CZLIB_H
#include <zlib.h>

/// `inflateInit2(stream, windowBits)`: 15 for a zlib stream, -15 for raw deflate.
static inline int kiosk_inflate_init(z_stream *stream, int windowBits) { return inflateInit2(stream, windowBits); }

#endif
