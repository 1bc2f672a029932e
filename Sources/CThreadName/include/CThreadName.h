#ifndef CTHREADNAME_H
#define CTHREADNAME_H

/// Names the calling thread (Linux keeps 15 bytes); 0 on success, else an errno value.
/// pthread_setname_np is a GNU extension that Swift's Glibc module does not declare.
int tickwork_name_current_thread(const char *name);

#endif
