// CJPEGWrite: one call that writes BGRA pixels as a baseline JPEG file with libjpeg-turbo, for
// the benchmark scenes that make their thumbnails at run time (KioskScenes/Bench/ProductCards).
// libjpeg's fatal errors jump back here (setjmp in C, as CJPEG's decoder does), so the call
// returns -1 instead of exiting. Header-only: a `.systemLibrary` target compiles no C files.
#ifndef KIOSK_CJPEGWRITE_H
#define KIOSK_CJPEGWRITE_H

#include <stdio.h>
#include <setjmp.h>
#include <jpeglib.h>

typedef struct kiosk_jpeg_writer {
    struct jpeg_error_mgr err;
    jmp_buf jump;
} kiosk_jpeg_writer;

static void kiosk_jpeg_write_error_exit(j_common_ptr cinfo) {
    kiosk_jpeg_writer *w = (kiosk_jpeg_writer *)cinfo->client_data;
    longjmp(w->jump, 1);
}

/// Writes `width`×`height` BGRA pixels (`stride` bytes a row) to `path` at `quality` (1…100).
/// 0 or -1 (the file could not be opened, or libjpeg failed).
static inline int kiosk_jpeg_write_bgra(const char *path, const unsigned char *pixels, int width, int height,
                                        size_t stride, int quality) {
    FILE *f = fopen(path, "wb");
    if (!f) return -1;
    struct jpeg_compress_struct cinfo;
    kiosk_jpeg_writer w;
    cinfo.err = jpeg_std_error(&w.err);
    w.err.error_exit = kiosk_jpeg_write_error_exit;
    cinfo.client_data = &w;
    if (setjmp(w.jump)) { jpeg_destroy_compress(&cinfo); fclose(f); return -1; }
    jpeg_create_compress(&cinfo);
    jpeg_stdio_dest(&cinfo, f);
    cinfo.image_width = (JDIMENSION)width;
    cinfo.image_height = (JDIMENSION)height;
    cinfo.input_components = 4;
    cinfo.in_color_space = JCS_EXT_BGRA;
    jpeg_set_defaults(&cinfo);
    jpeg_set_quality(&cinfo, quality, TRUE);
    jpeg_start_compress(&cinfo, TRUE);
    while (cinfo.next_scanline < cinfo.image_height) {
        JSAMPROW row = (JSAMPROW)(pixels + (size_t)cinfo.next_scanline * stride);
        jpeg_write_scanlines(&cinfo, &row, 1);
    }
    jpeg_finish_compress(&cinfo);
    jpeg_destroy_compress(&cinfo);
    return fclose(f) == 0 ? 0 : -1;
}

#endif
