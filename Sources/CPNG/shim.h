// libpng for RecipeBook's picture decoder and PNG encoder.
//
// Reading: libpng reports errors by longjmp to the jmp_buf in its png_struct. Every libpng call that
// can fail happens inside an rb_png_* entry point that has just called setjmp on that buffer, so a
// longjmp only ever crosses C frames (libpng's and this header's), never Swift ones. Each entry point
// returns 1 on success and 0 on failure, with the reason in rb_png_message. Input comes from memory;
// warnings are never printed. Rows come out as 8-bit RGBA whatever the PNG's colour type and depth.
//
// Writing works the same way: the setjmp and every libpng call are in rb_png_encode_rgba.
#ifndef RECIPEBOOK_CPNG_SHIM_H
#define RECIPEBOOK_CPNG_SHIM_H

#include <setjmp.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <png.h>

typedef struct rb_png_decoder {
    png_structp png;
    png_infop info;
    const uint8_t *data;
    size_t size;
    size_t offset;
    png_bytep *rows;  // row pointers of a whole-picture read, freed with the decoder
    char warning[128];  // the last warning, which often says why the error came
    char message[256];
} rb_png_decoder;

static inline void rb_png_error(png_structp png, png_const_charp message) {
    rb_png_decoder *decoder = (rb_png_decoder *)png_get_error_ptr(png);
    if (decoder != NULL) {
        if (decoder->warning[0] != '\0') {
            snprintf(decoder->message, sizeof decoder->message, "%s (%s)", message, decoder->warning);
        } else {
            snprintf(decoder->message, sizeof decoder->message, "%s", message);
        }
    }
    png_longjmp(png, 1);
}

static inline void rb_png_warning(png_structp png, png_const_charp message) {
    rb_png_decoder *decoder = (rb_png_decoder *)png_get_error_ptr(png);
    if (decoder != NULL) snprintf(decoder->warning, sizeof decoder->warning, "%s", message);  // never printed
}

static inline void rb_png_read_memory(png_structp png, png_bytep out, size_t count) {
    rb_png_decoder *decoder = (rb_png_decoder *)png_get_io_ptr(png);
    if (decoder == NULL || count > decoder->size - decoder->offset) {
        png_error(png, "the PNG data ends before the picture does");
    }
    memcpy(out, decoder->data + decoder->offset, count);
    decoder->offset += count;
}

static inline const char *rb_png_message(const rb_png_decoder *decoder) {
    return decoder->message;
}

static inline void rb_png_destroy(rb_png_decoder *decoder) {
    if (decoder == NULL) return;
    if (decoder->png != NULL) png_destroy_read_struct(&decoder->png, &decoder->info, NULL);
    free(decoder->rows);
    free(decoder);
}

/// A decoder reading `data` (which must outlive it), refusing pictures wider or taller than
/// `max_side` and ancillary chunks that need more than `max_chunk` bytes. NULL when out of memory.
static inline rb_png_decoder *rb_png_create(const uint8_t *data, size_t size, uint32_t max_side, size_t max_chunk) {
    rb_png_decoder *decoder = (rb_png_decoder *)calloc(1, sizeof(rb_png_decoder));
    if (decoder == NULL) return NULL;
    decoder->data = data;
    decoder->size = size;
    decoder->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, decoder, rb_png_error, rb_png_warning);
    if (decoder->png == NULL) {
        free(decoder);
        return NULL;
    }
    if (setjmp(png_jmpbuf(decoder->png))) {
        rb_png_destroy(decoder);
        return NULL;
    }
    decoder->info = png_create_info_struct(decoder->png);
    if (decoder->info == NULL) {
        rb_png_destroy(decoder);
        return NULL;
    }
    png_set_read_fn(decoder->png, decoder, rb_png_read_memory);
    png_set_user_limits(decoder->png, max_side, max_side);
    png_set_chunk_cache_max(decoder->png, 256);
    png_set_chunk_malloc_max(decoder->png, max_chunk);
    // Text, colour profiles and suggested palettes are never shown: skip them unread.
    static const png_byte ignored[] = {
        'i', 'C', 'C', 'P', '\0', 'i', 'T', 'X', 't', '\0', 's', 'P', 'L', 'T', '\0',
        't', 'E', 'X', 't', '\0', 'z', 'T', 'X', 't', '\0', 'e', 'X', 'I', 'f', '\0',
    };
    png_set_keep_unknown_chunks(decoder->png, PNG_HANDLE_CHUNK_NEVER, ignored, (int)(sizeof ignored / 5));
    return decoder;
}

/// Reads the chunks before the pixels and sets the output to 8-bit RGBA rows. Gives the size, the
/// bytes a row takes as stored (inflated, before any transformation) and whether the PNG is
/// interlaced (Adam7).
static inline int rb_png_read_info(rb_png_decoder *decoder, uint32_t *width, uint32_t *height,
                                   size_t *stored_row_bytes, int *interlaced) {
    if (setjmp(png_jmpbuf(decoder->png))) return 0;
    png_structp png = decoder->png;
    png_infop info = decoder->info;
    png_read_info(png, info);
    png_uint_32 w = 0, h = 0;
    int depth = 0, colour = 0, interlace = 0;
    png_get_IHDR(png, info, &w, &h, &depth, &colour, &interlace, NULL, NULL);
    *stored_row_bytes = png_get_rowbytes(png, info) + 1;  // with the filter byte
    png_set_expand(png);
    if (depth == 16) png_set_strip_16(png);
    if (colour == PNG_COLOR_TYPE_GRAY || colour == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(png);
    png_set_add_alpha(png, 0xFF, PNG_FILLER_AFTER);
    *width = w;
    *height = h;
    *interlaced = interlace != PNG_INTERLACE_NONE;
    return 1;
}

/// Without interlace handling: rows come as libpng stores them. For a non-interlaced PNG that is the
/// picture top to bottom; for an interlaced one, the seven Adam7 passes one after the other (the last,
/// pass 7, holds every odd row at full width).
static inline int rb_png_begin_rows(rb_png_decoder *decoder) {
    if (setjmp(png_jmpbuf(decoder->png))) return 0;
    png_read_update_info(decoder->png, decoder->info);
    if (png_get_rowbytes(decoder->png, decoder->info) != (size_t)png_get_image_width(decoder->png, decoder->info) * 4) {
        snprintf(decoder->message, sizeof decoder->message, "the PNG does not decode to RGBA");
        return 0;
    }
    return 1;
}

/// Rows of each Adam7 pass before the last, as libpng delivers them without interlace handling.
static inline uint32_t rb_png_rows_before_last_pass(uint32_t width, uint32_t height) {
    uint32_t rows = 0;
    for (int pass = 0; pass < 6; pass++) {
        if (PNG_PASS_COLS(width, pass) > 0 && PNG_PASS_ROWS(height, pass) > 0) rows += PNG_PASS_ROWS(height, pass);
    }
    return rows;
}

/// Reads `count` rows into `buffer`, `stride` bytes apart.
static inline int rb_png_read_rows(rb_png_decoder *decoder, uint8_t *buffer, size_t stride, uint32_t count) {
    if (setjmp(png_jmpbuf(decoder->png))) return 0;
    for (uint32_t index = 0; index < count; index++) {
        png_read_row(decoder->png, buffer + (size_t)index * stride, NULL);
    }
    return 1;
}

/// An interlaced picture whole, into `buffer` (`height` rows `stride` bytes apart).
static inline int rb_png_read_whole(rb_png_decoder *decoder, uint8_t *buffer, size_t stride, uint32_t height) {
    if (setjmp(png_jmpbuf(decoder->png))) return 0;
    png_set_interlace_handling(decoder->png);
    png_read_update_info(decoder->png, decoder->info);
    if (png_get_rowbytes(decoder->png, decoder->info) > stride) {
        snprintf(decoder->message, sizeof decoder->message, "the PNG does not decode to RGBA");
        return 0;
    }
    decoder->rows = (png_bytep *)malloc(sizeof(png_bytep) * (height > 0 ? height : 1));
    if (decoder->rows == NULL) {
        snprintf(decoder->message, sizeof decoder->message, "out of memory");
        return 0;
    }
    for (uint32_t row = 0; row < height; row++) decoder->rows[row] = buffer + (size_t)row * stride;
    png_read_image(decoder->png, decoder->rows);
    return 1;
}

typedef struct rb_png_encoder {
    png_structp png;
    png_infop info;
    uint8_t *data;  // the PNG so far, malloc'ed; handed to the caller on success
    size_t size;
    size_t capacity;
    char message[256];
} rb_png_encoder;

static inline void rb_png_write_error(png_structp png, png_const_charp message) {
    rb_png_encoder *encoder = (rb_png_encoder *)png_get_error_ptr(png);
    if (encoder != NULL) snprintf(encoder->message, sizeof encoder->message, "%s", message);
    png_longjmp(png, 1);
}

static inline void rb_png_write_memory(png_structp png, png_bytep bytes, size_t count) {
    rb_png_encoder *encoder = (rb_png_encoder *)png_get_io_ptr(png);
    if (count > encoder->capacity - encoder->size) {
        size_t capacity = encoder->capacity * 2 > encoder->size + count ? encoder->capacity * 2 : encoder->size + count;
        uint8_t *grown = (uint8_t *)realloc(encoder->data, capacity);
        if (grown == NULL) png_error(png, "out of memory");
        encoder->data = grown;
        encoder->capacity = capacity;
    }
    memcpy(encoder->data + encoder->size, bytes, count);
    encoder->size += count;
}

static inline void rb_png_flush_memory(png_structp png) {
    (void)png;
}

/// Encodes 8-bit RGBA rows as a PNG: the Sub filter and zlib level 1 with run-length matching, which
/// for photographs is more than ten times faster than libpng's defaults for a file under 10% larger.
/// On success returns 1 and sets `*out` (free it with free()) and `*size`; on failure returns 0 with
/// the reason in `message` (`message_size` bytes).
static inline int rb_png_encode_rgba(const uint8_t *rgba, uint32_t width, uint32_t height,
                                     uint8_t **out, size_t *size, char *message, size_t message_size) {
    *out = NULL;
    *size = 0;
    rb_png_encoder *encoder = (rb_png_encoder *)calloc(1, sizeof(rb_png_encoder));
    if (encoder == NULL) {
        snprintf(message, message_size, "out of memory");
        return 0;
    }
    encoder->png = png_create_write_struct(PNG_LIBPNG_VER_STRING, encoder, rb_png_write_error, rb_png_warning);
    if (encoder->png == NULL) {
        free(encoder);
        snprintf(message, message_size, "out of memory");
        return 0;
    }
    if (setjmp(png_jmpbuf(encoder->png))) {
        snprintf(message, message_size, "%s", encoder->message);
        png_destroy_write_struct(&encoder->png, &encoder->info);
        free(encoder->data);
        free(encoder);
        return 0;
    }
    encoder->info = png_create_info_struct(encoder->png);
    if (encoder->info == NULL) png_error(encoder->png, "out of memory");
    png_set_write_fn(encoder->png, encoder, rb_png_write_memory, rb_png_flush_memory);
    png_set_IHDR(encoder->png, encoder->info, width, height, 8, PNG_COLOR_TYPE_RGB_ALPHA, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_filter(encoder->png, PNG_FILTER_TYPE_BASE, PNG_FILTER_SUB);
    png_set_compression_level(encoder->png, 1);
    png_set_compression_strategy(encoder->png, 3);  // Z_RLE
    png_write_info(encoder->png, encoder->info);
    for (uint32_t row = 0; row < height; row++) {
        png_write_row(encoder->png, rgba + (size_t)row * width * 4);
    }
    png_write_end(encoder->png, encoder->info);
    png_destroy_write_struct(&encoder->png, &encoder->info);
    *out = encoder->data;
    *size = encoder->size;
    free(encoder);
    return 1;
}

#endif
