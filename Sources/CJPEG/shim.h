// libjpeg-turbo for RecipeBook's picture decoder.
//
// libjpeg reports errors by calling error_exit, which must not return; the default one calls exit().
// Here it longjmps back to the setjmp of the rb_jpeg_* entry point that is running, so a longjmp only
// ever crosses C frames (libjpeg's and this header's), never Swift ones. Every libjpeg call that can
// fail happens inside one of these entry points; each returns 1 on success and 0 on failure, with the
// reason in rb_jpeg_message. Warnings are never printed: the end of the data (or of a scan) arriving
// early is an error (a file that lies about its size), and so is a stream of other warnings.
#ifndef RECIPEBOOK_CJPEG_SHIM_H
#define RECIPEBOOK_CJPEG_SHIM_H

#include <setjmp.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>
#include <jerror.h>

typedef struct rb_jpeg_decoder {
    struct jpeg_decompress_struct info;  // first, so a j_common_ptr is also a rb_jpeg_decoder pointer
    struct jpeg_error_mgr errors;
    struct jpeg_progress_mgr progress;
    jmp_buf jump;
    int armed;
    int warnings;
    int max_warnings;
    int max_scans;
    char message[JMSG_LENGTH_MAX + 64];
} rb_jpeg_decoder;

static inline void rb_jpeg_fail(rb_jpeg_decoder *decoder) {
    if (decoder->armed) {
        decoder->armed = 0;
        longjmp(decoder->jump, 1);
    }
    abort();  // a libjpeg call outside an entry point: a bug in this header, never input-dependent
}

static inline void rb_jpeg_error_exit(j_common_ptr info) {
    rb_jpeg_decoder *decoder = (rb_jpeg_decoder *)info;
    if (info->err->msg_code == JERR_NO_BACKING_STORE) {
        snprintf(decoder->message, sizeof decoder->message, "the JPEG needs more memory than RecipeBook allows");
    } else {
        info->err->format_message(info, decoder->message);
    }
    rb_jpeg_fail(decoder);
}

static inline void rb_jpeg_emit_message(j_common_ptr info, int level) {
    rb_jpeg_decoder *decoder = (rb_jpeg_decoder *)info;
    if (level >= 0) return;  // trace messages
    if (info->err->msg_code == JWRN_JPEG_EOF || info->err->msg_code == JWRN_HIT_MARKER) {
        snprintf(decoder->message, sizeof decoder->message, "the JPEG data ends before the picture does");
        rb_jpeg_fail(decoder);
    }
    decoder->warnings += 1;
    if (decoder->warnings > decoder->max_warnings) {
        char last[JMSG_LENGTH_MAX];
        info->err->format_message(info, last);
        snprintf(decoder->message, sizeof decoder->message, "the JPEG data is damaged (%s)", last);
        rb_jpeg_fail(decoder);
    }
}

static inline void rb_jpeg_output_message(j_common_ptr info) {
    (void)info;  // never print
}

static inline void rb_jpeg_progress_monitor(j_common_ptr info) {
    rb_jpeg_decoder *decoder = (rb_jpeg_decoder *)info;
    if (info->is_decompressor && decoder->info.input_scan_number > decoder->max_scans) {
        snprintf(decoder->message, sizeof decoder->message, "the JPEG has more than %d scans", decoder->max_scans);
        rb_jpeg_fail(decoder);
    }
}

/// A decoder that refuses to use more than `max_memory` bytes for its own buffers (a progressive
/// picture keeps every coefficient: past the limit it fails instead of allocating), at most
/// `max_scans` scans and `max_warnings` corrupt-data warnings. NULL when out of memory.
static inline rb_jpeg_decoder *rb_jpeg_create(long max_memory, int max_scans, int max_warnings) {
    rb_jpeg_decoder *decoder = (rb_jpeg_decoder *)calloc(1, sizeof(rb_jpeg_decoder));
    if (decoder == NULL) return NULL;
    decoder->info.err = jpeg_std_error(&decoder->errors);
    decoder->errors.error_exit = rb_jpeg_error_exit;
    decoder->errors.emit_message = rb_jpeg_emit_message;
    decoder->errors.output_message = rb_jpeg_output_message;
    decoder->max_scans = max_scans;
    decoder->max_warnings = max_warnings;
    decoder->armed = 1;
    if (setjmp(decoder->jump)) {
        free(decoder);
        return NULL;
    }
    jpeg_create_decompress(&decoder->info);
    decoder->armed = 0;
    decoder->info.mem->max_memory_to_use = max_memory;
    decoder->progress.progress_monitor = rb_jpeg_progress_monitor;
    decoder->info.progress = &decoder->progress;
    return decoder;
}

static inline void rb_jpeg_destroy(rb_jpeg_decoder *decoder) {
    if (decoder == NULL) return;
    jpeg_destroy_decompress(&decoder->info);
    free(decoder);
}

static inline const char *rb_jpeg_message(const rb_jpeg_decoder *decoder) {
    return decoder->message;
}

/// Reads the header from `data` (which must outlive the decoder). Gives the picture's size, and
/// whether its samples are CMYK (then rows come out as C, M, Y, K; `inverted` when an Adobe marker
/// says they are stored inverted, as Photoshop writes them).
static inline int rb_jpeg_read_header(rb_jpeg_decoder *decoder, const uint8_t *data, size_t size,
                                      uint32_t *width, uint32_t *height, int *cmyk, int *inverted) {
    decoder->armed = 1;
    if (setjmp(decoder->jump)) return 0;
    jpeg_mem_src(&decoder->info, data, (unsigned long)size);
    if (jpeg_read_header(&decoder->info, TRUE) != JPEG_HEADER_OK) {
        snprintf(decoder->message, sizeof decoder->message, "the JPEG holds no picture");
        decoder->armed = 0;
        return 0;
    }
    *width = decoder->info.image_width;
    *height = decoder->info.image_height;
    *cmyk = decoder->info.jpeg_color_space == JCS_CMYK || decoder->info.jpeg_color_space == JCS_YCCK;
    *inverted = decoder->info.saw_Adobe_marker ? 1 : 0;
    decoder->armed = 0;
    return 1;
}

/// Starts decoding at `scale_eighths`/8 of the full size (libjpeg scales in the DCT, so a huge picture
/// decodes small without ever existing at full size). Rows are 4 bytes a pixel: RGBA, or CMYK.
static inline int rb_jpeg_start(rb_jpeg_decoder *decoder, unsigned int scale_eighths,
                                uint32_t *width, uint32_t *height) {
    decoder->armed = 1;
    if (setjmp(decoder->jump)) return 0;
    int cmyk = decoder->info.jpeg_color_space == JCS_CMYK || decoder->info.jpeg_color_space == JCS_YCCK;
    decoder->info.out_color_space = cmyk ? JCS_CMYK : JCS_EXT_RGBA;
    decoder->info.scale_num = scale_eighths;
    decoder->info.scale_denom = 8;
    decoder->info.dct_method = JDCT_ISLOW;
    decoder->info.buffered_image = FALSE;
    jpeg_start_decompress(&decoder->info);
    if (decoder->info.output_components != 4) {
        snprintf(decoder->message, sizeof decoder->message, "the JPEG decodes to %d components",
                 decoder->info.output_components);
        decoder->armed = 0;
        return 0;
    }
    *width = decoder->info.output_width;
    *height = decoder->info.output_height;
    decoder->armed = 0;
    return 1;
}

/// Decodes up to `count` rows into `buffer` (rows `stride` bytes apart); `*read` says how many.
static inline int rb_jpeg_read_rows(rb_jpeg_decoder *decoder, uint8_t *buffer, size_t stride,
                                    unsigned int count, unsigned int *read) {
    *read = 0;
    decoder->armed = 1;
    if (setjmp(decoder->jump)) return 0;
    unsigned int done = 0;
    while (done < count && decoder->info.output_scanline < decoder->info.output_height) {
        JSAMPROW rows[8];
        unsigned int batch = count - done < 8 ? count - done : 8;
        for (unsigned int index = 0; index < batch; index++) {
            rows[index] = buffer + (size_t)(done + index) * stride;
        }
        JDIMENSION got = jpeg_read_scanlines(&decoder->info, rows, batch);
        if (got == 0) break;
        done += got;
    }
    *read = done;
    decoder->armed = 0;
    return 1;
}

#endif
