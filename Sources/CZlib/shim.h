#include <zlib.h>

/// inflateInit2 is a macro that passes the header's version and the stream's size; Swift cannot call
/// macros, so this wrapper does.
static inline int czlib_inflate_init(z_stream *stream, int window_bits) {
    return inflateInit2(stream, window_bits);
}
