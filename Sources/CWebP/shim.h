// libwebp for RecipeBook's picture decoder. libwebp returns its errors, so no jumps are involved.
#ifndef RECIPEBOOK_CWEBP_SHIM_H
#define RECIPEBOOK_CWEBP_SHIM_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <webp/decode.h>

/// What the bitstream says about itself. `format` is 1 for lossy, 2 for lossless, 0 for mixed.
/// Returns libwebp's status (0 is VP8_STATUS_OK).
static inline int rb_webp_features(const uint8_t *data, size_t size, int *width, int *height,
                                   int *has_alpha, int *has_animation, int *format) {
    WebPBitstreamFeatures features;
    memset(&features, 0, sizeof features);
    VP8StatusCode status = WebPGetFeatures(data, size, &features);
    if (status != VP8_STATUS_OK) return (int)status;
    *width = features.width;
    *height = features.height;
    *has_alpha = features.has_alpha;
    *has_animation = features.has_animation;
    *format = features.format;
    return 0;
}

/// Decodes straight to `width` x `height` 8-bit RGBA (libwebp's rescaler works row by row as it
/// decodes) into `out`, rows `stride` bytes apart, `size` bytes in all. Returns libwebp's status.
static inline int rb_webp_decode(const uint8_t *data, size_t size, int width, int height,
                                 uint8_t *out, size_t out_size, int stride) {
    WebPDecoderConfig config;
    if (!WebPInitDecoderConfig(&config)) return (int)VP8_STATUS_INVALID_PARAM;
    config.options.use_threads = 0;
    config.options.use_scaling = 1;
    config.options.scaled_width = width;
    config.options.scaled_height = height;
    config.output.colorspace = MODE_RGBA;
    config.output.is_external_memory = 1;
    config.output.u.RGBA.rgba = out;
    config.output.u.RGBA.stride = stride;
    config.output.u.RGBA.size = out_size;
    VP8StatusCode status = WebPDecode(data, size, &config);
    WebPFreeDecBuffer(&config.output);
    return (int)status;
}

#endif
