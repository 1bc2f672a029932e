// The system OpenSSL (libssl-dev) as the HTTP part uses it. Swift cannot call OpenSSL's
// function-like macros, so the ones needed are wrapped here, and the socket BIO the connections
// use is defined here: OpenSSL's own writes with write(2), which raises SIGPIPE on a connection
// the peer has closed; this one writes with send(MSG_NOSIGNAL).
#ifndef TICKWORK_COPENSSL_SHIM_H
#define TICKWORK_COPENSSL_SHIM_H

#include <errno.h>
#include <stdint.h>
#include <sys/socket.h>
#include <openssl/err.h>
#include <openssl/ssl.h>
#include <openssl/x509v3.h>

static inline int tw_SSL_CTX_set_min_proto_version(SSL_CTX *context, int version) {
    return (int)SSL_CTX_set_min_proto_version(context, version);
}

static inline int tw_SSL_CTX_set_max_proto_version(SSL_CTX *context, int version) {
    return (int)SSL_CTX_set_max_proto_version(context, version);
}

static inline long tw_SSL_CTX_set_mode(SSL_CTX *context, long mode) {
    return SSL_CTX_set_mode(context, mode);
}

static inline int tw_SSL_set_tlsext_host_name(SSL *ssl, const char *name) {
    return (int)SSL_set_tlsext_host_name(ssl, name);
}

static inline int tw_socket_bio_write(BIO *bio, const char *bytes, int count) {
    int fd = (int)(intptr_t)BIO_get_data(bio);
    BIO_clear_retry_flags(bio);
    ssize_t sent = send(fd, bytes, (size_t)count, MSG_NOSIGNAL);
    if (sent < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)) BIO_set_retry_write(bio);
    return (int)sent;
}

static inline int tw_socket_bio_read(BIO *bio, char *bytes, int count) {
    int fd = (int)(intptr_t)BIO_get_data(bio);
    BIO_clear_retry_flags(bio);
    ssize_t received = recv(fd, bytes, (size_t)count, 0);
    if (received < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)) BIO_set_retry_read(bio);
    return (int)received;
}

static inline long tw_socket_bio_ctrl(BIO *bio, int command, long number, void *pointer) {
    (void)bio; (void)number; (void)pointer;
    return command == BIO_CTRL_FLUSH ? 1 : 0;
}

static inline int tw_socket_bio_create(BIO *bio) {
    BIO_set_init(bio, 1);
    return 1;
}

/// A new method table for socket BIOs that never raise SIGPIPE; NULL when out of memory.
/// The caller frees it with BIO_meth_free once no BIO uses it.
static inline BIO_METHOD *tw_socket_bio_method_new(void) {
    BIO_METHOD *method = BIO_meth_new(BIO_get_new_index() | BIO_TYPE_SOURCE_SINK, "tickwork socket");
    if (method == NULL) return NULL;
    BIO_meth_set_write(method, tw_socket_bio_write);
    BIO_meth_set_read(method, tw_socket_bio_read);
    BIO_meth_set_ctrl(method, tw_socket_bio_ctrl);
    BIO_meth_set_create(method, tw_socket_bio_create);
    return method;
}

/// A BIO of `method` over the socket `fd`, which it does not close; NULL when out of memory.
static inline BIO *tw_socket_bio_new(BIO_METHOD *method, int fd) {
    BIO *bio = BIO_new(method);
    if (bio != NULL) BIO_set_data(bio, (void *)(intptr_t)fd);
    return bio;
}

#endif
