// The bundled cookbook (catalog.jsonl, photos/ and thumbs/ in one uncompressed tar, made by
// .ci/build-cookbook), embedded into the binary by the compiler: no Swift literal to type-check, and
// nothing to find on disk at run time.
#include "cookbook.h"

#pragma clang diagnostic ignored "-Wc23-extensions"

static const unsigned char cookbook_tar[] = {
#embed "cookbook.tar"
};

const unsigned char *rb_cookbook_bytes(void) { return cookbook_tar; }

unsigned long rb_cookbook_count(void) { return sizeof(cookbook_tar); }
