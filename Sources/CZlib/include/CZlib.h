#ifndef GIVEAWAYS_CZLIB_H
#define GIVEAWAYS_CZLIB_H

// The system zlib, for the one thing CompressNIO does not offer: raw deflate pieces made with a preset dictionary
// and ended by a sync flush, which personal pages join into one gzip stream (see `PieceDeflater`).
#include <zlib.h>

/// `deflateInit2` is a macro; Swift sees this instead. Raw deflate (no zlib or gzip wrapper), a 32 KiB window.
static inline int giveaways_deflate_init_raw(z_streamp stream, int level) {
    return deflateInit2(stream, level, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY);
}

#endif
