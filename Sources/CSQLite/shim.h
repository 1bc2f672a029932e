#ifndef TICKWORK_CSQLITE_SHIM_H
#define TICKWORK_CSQLITE_SHIM_H

#include <sqlite3.h>

// SQLITE_TRANSIENT is a macro casting -1 to a function pointer, which Swift cannot import: text
// bound with it is copied by SQLite before the bind returns.
static inline sqlite3_destructor_type csqlite_transient(void) { return SQLITE_TRANSIENT; }

// sqlite3_config is variadic, which Swift cannot call. Memory statistics take a global mutex on
// every allocation SQLite makes; nothing of ours reads them. Only effective before SQLite is
// initialized (the first connection opened), SQLITE_MISUSE after.
static inline int csqlite_disable_memory_statistics(void) { return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0); }

#endif
