#include <zlib.h>

/// inflateInit2 is a macro that passes the header's version and the stream's size; Swift cannot call
/// macros, so this wrapper does.
static inline int czlib_inflate_init(z_stream *stream, int window_bits) {
    return inflateInit2(stream, window_bits);
}

/// deflateInit2 (a macro) for the tests and fuzzing seeds that make compressed bodies.
static inline int czlib_deflate_init(z_stream *stream, int level, int window_bits) {
    return deflateInit2(stream, level, Z_DEFLATED, window_bits, 8, Z_DEFAULT_STRATEGY);
}
