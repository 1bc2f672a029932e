import COpenSSL

/// What TLS client connections trust and speak, shared by every connection to one server so that
/// they share its settings (one `SSL_CTX` of the system OpenSSL).
///
/// Verification is always on: the server's certificate must chain to a trusted certificate
/// authority and name the host connected to (its DNS name, or its IP address for an IP literal).
/// Trusted are the system's authorities, found where OpenSSL looks by default (`SSL_CERT_FILE`
/// and `SSL_CERT_DIR` replace the default file and directory when set), plus those of `caFile`.
/// TLS 1.2 is the oldest version spoken. There is no way to turn verification off.
public final class TLSClientContext: @unchecked Sendable {
    // Sendable by OpenSSL's contract: an SSL_CTX that is no longer configured may be used by
    // any number of threads at once to create sessions, and the BIO method table is read-only.
    let context: OpaquePointer
    let bioMethod: OpaquePointer
    /// The extra certificate authorities' file, as given.
    public let caFile: String?

    /// A context trusting the system's certificate authorities and, when given, those in the PEM
    /// file `caFile`; throws `tlsSetupFailed` when OpenSSL cannot start or the file cannot be
    /// loaded.
    public init(caFile: String? = nil) throws(HTTPError) {
        guard let method = tw_socket_bio_method_new() else { throw .tlsSetupFailed("out of memory") }
        guard let context = SSL_CTX_new(TLS_client_method()) else {
            BIO_meth_free(method)
            throw .tlsSetupFailed(TLSSession.errorText() ?? "SSL_CTX_new failed")
        }
        self.context = context
        self.bioMethod = method
        self.caFile = caFile
        guard tw_SSL_CTX_set_min_proto_version(context, TLS1_2_VERSION) == 1 else {
            throw .tlsSetupFailed("cannot require TLS 1.2: \(TLSSession.errorText() ?? "unknown error")")
        }
        _ = tw_SSL_CTX_set_mode(context, Int(SSL_MODE_ACCEPT_MOVING_WRITE_BUFFER))
        SSL_CTX_set_verify(context, SSL_VERIFY_PEER, nil)
        ERR_clear_error()
        // No system store is no error: a CA file, or the handshake's refusal, says what is wrong.
        _ = SSL_CTX_set_default_verify_paths(context)
        if let caFile {
            ERR_clear_error()
            guard SSL_CTX_load_verify_locations(context, caFile, nil) == 1 else {
                throw .tlsSetupFailed("cannot load certificate authorities from \(caFile): \(TLSSession.errorText() ?? "unreadable")")
            }
        }
        ERR_clear_error()
    }

    deinit {
        SSL_CTX_free(context)
        BIO_meth_free(bioMethod)
    }
}
