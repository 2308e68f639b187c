#ifndef RB_COOKBOOK_H
#define RB_COOKBOOK_H

/// The bundled cookbook's tar bytes, in the binary's read-only data.
const unsigned char *rb_cookbook_bytes(void);
unsigned long rb_cookbook_count(void);

#endif
