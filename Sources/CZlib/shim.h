#ifndef TICKWORK_CZLIB_SHIM_H
#define TICKWORK_CZLIB_SHIM_H

// The system zlib (zlib1g-dev): the compact recording form's check value is its crc32.
#include <zlib.h>

#endif
