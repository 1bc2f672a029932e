#define _GNU_SOURCE
#include <pthread.h>
#include "CThreadName.h"

int tickwork_name_current_thread(const char *name) {
    return pthread_setname_np(pthread_self(), name);
}
