// CJPEG: libjpeg-turbo's decompressor behind four calls that return an error code instead of
// calling exit(). libjpeg reports a fatal error by calling `error_exit`, which must not return;
// the usual answer is setjmp/longjmp, which Swift cannot do, so the jump lives here in C: every
// call sets the jump target, and `kiosk_jpeg_error_exit` formats the message and jumps back,
// making the call return -1. No Swift frame is ever jumped over (each call is C from entry to
// return). Header-only (static functions): a `.systemLibrary` target compiles no C files.
#ifndef KIOSK_CJPEG_H
#define KIOSK_CJPEG_H

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <setjmp.h>
#include <jpeglib.h>
#include <jerror.h>

/// One decompression: libjpeg's state, its error manager and the jump target.
typedef struct kiosk_jpeg {
    struct jpeg_decompress_struct cinfo;
    struct jpeg_error_mgr err;
    struct jpeg_progress_mgr progress;
    jmp_buf jump;
    /// The fatal error's text (after a call returned -1), or the first warning's.
    char message[JMSG_LENGTH_MAX];
    /// libjpeg's code of the first warning (-1: none). JWRN_JPEG_EOF means the data ended early
    /// (libjpeg then pads with grey and carries on; kiosk reports it as truncated instead).
    int warning;
    /// Scans beyond this fail: a progressive file may hold thousands of tiny scans, each
    /// re-running the whole image (the known JPEG "many scans" slowdown).
    int max_scans;
} kiosk_jpeg;

static void kiosk_jpeg_error_exit(j_common_ptr cinfo) {
    kiosk_jpeg *k = (kiosk_jpeg *)cinfo->client_data;
    (*cinfo->err->format_message)(cinfo, k->message);
    longjmp(k->jump, 1);
}

static void kiosk_jpeg_emit_message(j_common_ptr cinfo, int level) {
    kiosk_jpeg *k = (kiosk_jpeg *)cinfo->client_data;
    if (level < 0) {                      // a warning (positive levels are trace messages)
        if (k->warning < 0) {
            k->warning = cinfo->err->msg_code;
            (*cinfo->err->format_message)(cinfo, k->message);
        }
        cinfo->err->num_warnings++;
    }
}

static void kiosk_jpeg_output_message(j_common_ptr cinfo) { (void)cinfo; }

static void kiosk_jpeg_progress(j_common_ptr cinfo) {
    kiosk_jpeg *k = (kiosk_jpeg *)cinfo->client_data;
    if (cinfo->is_decompressor) {
        struct jpeg_decompress_struct *d = (struct jpeg_decompress_struct *)cinfo;
        if (d->input_scan_number > k->max_scans) {
            snprintf(k->message, sizeof k->message, "more than %d scans", k->max_scans);
            longjmp(k->jump, 1);
        }
    }
}

/// A new decompressor (NULL when out of memory) whose own allocations, coefficient buffers of
/// progressive files included, stay under `max_memory` bytes; free it with `kiosk_jpeg_destroy`.
static inline kiosk_jpeg *kiosk_jpeg_create(long max_memory, int max_scans) {
    kiosk_jpeg *k = (kiosk_jpeg *)calloc(1, sizeof(kiosk_jpeg));
    if (!k) return NULL;
    k->warning = -1;
    k->max_scans = max_scans;
    k->cinfo.err = jpeg_std_error(&k->err);
    k->err.error_exit = kiosk_jpeg_error_exit;
    k->err.emit_message = kiosk_jpeg_emit_message;
    k->err.output_message = kiosk_jpeg_output_message;
    k->cinfo.client_data = k;
    if (setjmp(k->jump)) { jpeg_destroy_decompress(&k->cinfo); free(k); return NULL; }
    jpeg_create_decompress(&k->cinfo);
    k->cinfo.mem->max_memory_to_use = max_memory;
    k->progress.progress_monitor = kiosk_jpeg_progress;
    k->cinfo.progress = &k->progress;
    return k;
}

static inline void kiosk_jpeg_destroy(kiosk_jpeg *k) {
    if (!k) return;
    jpeg_destroy_decompress(&k->cinfo);
    free(k);
}

/// Reads the header of the `size` bytes at `data` (which must stay alive and unmoved until
/// `kiosk_jpeg_destroy`), keeping APP1 (EXIF) and APP14 (Adobe) markers. 0 or -1.
static inline int kiosk_jpeg_read_header(kiosk_jpeg *k, const unsigned char *data, unsigned long size) {
    if (setjmp(k->jump)) return -1;
    jpeg_mem_src(&k->cinfo, data, size);
    jpeg_save_markers(&k->cinfo, JPEG_APP0 + 1, 0xFFFF);
    if (jpeg_read_header(&k->cinfo, TRUE) != JPEG_HEADER_OK) {
        snprintf(k->message, sizeof k->message, "no image in the data");
        return -1;
    }
    return 0;
}

/// The first APP1 marker's bytes that start with "Exif\0\0" (NULL if none), and their length.
static inline const unsigned char *kiosk_jpeg_exif(const kiosk_jpeg *k, unsigned int *length) {
    for (jpeg_saved_marker_ptr m = k->cinfo.marker_list; m; m = m->next) {
        if (m->marker == JPEG_APP0 + 1 && m->data_length >= 6 && memcmp(m->data, "Exif\0\0", 6) == 0) {
            *length = m->data_length;
            return m->data;
        }
    }
    *length = 0;
    return NULL;
}

/// Chooses the output: scaled by 1/`scale_denom` (1, 2, 4 or 8) in `color_space` (JCS_EXT_BGRA,
/// or JCS_CMYK for CMYK and YCCK files), and computes output_width/height without decoding.
static inline int kiosk_jpeg_set_output(kiosk_jpeg *k, unsigned int scale_denom, J_COLOR_SPACE color_space) {
    if (setjmp(k->jump)) return -1;
    k->cinfo.scale_num = 1;
    k->cinfo.scale_denom = scale_denom;
    k->cinfo.out_color_space = color_space;
    jpeg_calc_output_dimensions(&k->cinfo);
    return 0;
}

/// Decodes every row into `pixels` (4 bytes a pixel, `stride` bytes a row, which must hold
/// output_width × output_height). 0 or -1; a warning is left in `warning` and `message`.
static inline int kiosk_jpeg_decode(kiosk_jpeg *k, unsigned char *pixels, size_t stride) {
    if (setjmp(k->jump)) return -1;
    if (!jpeg_start_decompress(&k->cinfo)) {
        snprintf(k->message, sizeof k->message, "decompression suspended");
        return -1;
    }
    while (k->cinfo.output_scanline < k->cinfo.output_height) {
        JSAMPROW row = pixels + (size_t)k->cinfo.output_scanline * stride;
        if (jpeg_read_scanlines(&k->cinfo, &row, 1) != 1) {
            snprintf(k->message, sizeof k->message, "no rows read");
            return -1;
        }
    }
    jpeg_finish_decompress(&k->cinfo);
    return 0;
}

/// Whether the file carried an Adobe APP14 marker (its CMYK is stored inverted).
static inline int kiosk_jpeg_saw_adobe(const kiosk_jpeg *k) { return k->cinfo.saw_Adobe_marker; }

#endif
