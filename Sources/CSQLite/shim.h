#ifndef TICKWORK_CSQLITE_SHIM_H
#define TICKWORK_CSQLITE_SHIM_H

#include <sqlite3.h>

// SQLITE_TRANSIENT is a macro casting -1 to a function pointer, which Swift cannot import: text
// bound with it is copied by SQLite before the bind returns.
static inline sqlite3_destructor_type csqlite_transient(void) { return SQLITE_TRANSIENT; }

#endif
