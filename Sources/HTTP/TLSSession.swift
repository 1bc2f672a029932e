import COpenSSL
#if canImport(Glibc)
import Glibc
#endif

/// One TLS client session over a connected blocking socket, owned by one `HTTPClientConnection`
/// and used under its lock. The socket's kernel time-outs bound every call: a call that runs
/// out of time, or is interrupted, returns `.again`, and the caller checks its deadline.
final class TLSSession {
    /// What one read or write did.
    enum Transfer {
        /// This many bytes (more than zero) moved.
        case moved(Int)
        /// The server closed the session with a TLS close_notify.
        case closed
        /// Nothing moved yet: the socket's time-out ran out or a signal interrupted the call.
        case again
        /// The session is broken (reset, truncated, a TLS error).
        case failed
    }

    private let ssl: OpaquePointer
    private let fd: Int32

    /// A session over the connected socket `fd` (which it never closes) to `host`, resuming
    /// `ticket` if given: sends `host` as SNI when it is a name, and checks it against the
    /// certificate (as an IP address when it is one).
    init(fd: Int32, host: String, context: TLSClientContext, resuming ticket: TLSTicket?) throws(HTTPError) {
        guard let ssl = SSL_new(context.context) else { throw .tlsSetupFailed(Self.errorText() ?? "SSL_new failed") }
        self.ssl = ssl
        self.fd = fd
        guard let bio = tw_socket_bio_new(context.bioMethod, fd) else { throw .tlsSetupFailed("out of memory") }
        SSL_set_bio(ssl, bio, bio)
        if Self.isIPAddress(host) {
            guard X509_VERIFY_PARAM_set1_ip_asc(SSL_get0_param(ssl), host) == 1 else {
                throw .tlsSetupFailed("cannot check the certificate against \(host)")
            }
        } else {
            SSL_set_hostflags(ssl, UInt32(X509_CHECK_FLAG_NO_PARTIAL_WILDCARDS))
            guard SSL_set1_host(ssl, host) == 1, tw_SSL_set_tlsext_host_name(ssl, host) == 1 else {
                throw .tlsSetupFailed("cannot check the certificate against \(host)")
            }
        }
        if let ticket { _ = SSL_set_session(ssl, ticket.session) }
    }

    deinit { SSL_free(ssl) }

    /// One step of the handshake: true when it is complete, false when it must be called again
    /// (time-out or interruption); throws `certificateRejected` when the server's certificate
    /// fails verification and `tlsHandshakeFailed` for any other failure, naming `address`.
    func handshake(address: String) throws(HTTPError) -> Bool {
        ERR_clear_error()
        let status = SSL_connect(ssl)
        if status == 1 { return true }
        let code = SSL_get_error(ssl, status)
        let systemError = errno
        if code == SSL_ERROR_WANT_READ || code == SSL_ERROR_WANT_WRITE { return false }
        let verdict = SSL_get_verify_result(ssl)
        if verdict != Int(X509_V_OK) {
            throw .certificateRejected(address, reason: String(cString: X509_verify_cert_error_string(verdict)))
        }
        if let text = Self.errorText() { throw .tlsHandshakeFailed(address, reason: text) }
        let reason = systemError == 0 ? "the server closed the connection" : Socket.errorText(systemError)
        throw .tlsHandshakeFailed(address, reason: reason)
    }

    /// Whether the session resumed an earlier one (an abbreviated handshake).
    var resumed: Bool { SSL_session_reused(ssl) == 1 }

    /// Whether decrypted bytes wait to be read without touching the socket.
    var hasBufferedBytes: Bool { SSL_pending(ssl) > 0 }

    /// Writes `bytes` (all of them, or nothing) as application data.
    func write(_ bytes: UnsafeRawBufferPointer) -> Transfer {
        ERR_clear_error()
        let count = SSL_write(ssl, bytes.baseAddress, Int32(clamping: bytes.count))
        return count > 0 ? .moved(Int(count)) : outcome(of: count)
    }

    /// Reads application data into `buffer`.
    func read(into buffer: UnsafeMutableRawBufferPointer) -> Transfer {
        ERR_clear_error()
        let count = SSL_read(ssl, buffer.baseAddress, Int32(clamping: buffer.count))
        return count > 0 ? .moved(Int(count)) : outcome(of: count)
    }

    /// Sends close_notify (without waiting for the server's) so that the session stays
    /// resumable, and returns a ticket to resume it with, if it is resumable.
    func finish() -> TLSTicket? {
        ERR_clear_error()
        _ = SSL_shutdown(ssl)
        ERR_clear_error()
        guard let session = SSL_get1_session(ssl) else { return nil }
        guard SSL_SESSION_is_resumable(session) == 1 else {
            SSL_SESSION_free(session)
            return nil
        }
        return TLSTicket(session)
    }

    private func outcome(of status: Int32) -> Transfer {
        switch SSL_get_error(ssl, status) {
        case SSL_ERROR_ZERO_RETURN: return .closed
        case SSL_ERROR_WANT_READ, SSL_ERROR_WANT_WRITE: return .again
        default: return .failed
        }
    }

    /// The text of the oldest error on this thread's OpenSSL error queue (nil when empty), which
    /// it empties.
    static func errorText() -> String? {
        let code = ERR_get_error()
        ERR_clear_error()
        guard code != 0 else { return nil }
        var text = [CChar](repeating: 0, count: 256)
        ERR_error_string_n(code, &text, text.count)
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func isIPAddress(_ host: String) -> Bool {
        var storage = in6_addr()
        return inet_pton(AF_INET, host, &storage) == 1 || inet_pton(AF_INET6, host, &storage) == 1
    }
}

/// A TLS session a later connection may resume (an `SSL_SESSION` of the system OpenSSL).
final class TLSTicket {
    let session: OpaquePointer

    init(_ session: OpaquePointer) { self.session = session }

    deinit { SSL_SESSION_free(session) }
}
