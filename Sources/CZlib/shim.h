#ifndef TICKWORK_CZLIB_SHIM_H
#define TICKWORK_CZLIB_SHIM_H

// The system zlib (zlib1g-dev): the compact recording form's check value is its crc32, and
// HTTP's gzip bodies are inflated and deflated with it.
#include <zlib.h>

#endif
