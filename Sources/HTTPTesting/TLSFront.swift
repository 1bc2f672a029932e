import COpenSSL
import Foundation
import HTTP
import Synchronization

/// A loopback TLS front for a plain TCP server, for tests and benchmarks: it accepts on a free
/// port of 127.0.0.1, completes the TLS handshake with the certificate it was given, and relays
/// the decrypted bytes to the server and the server's bytes back, one thread per connection.
/// When the server closes, the front sends close_notify and closes; when the client closes, the
/// front closes its connection to the server. `stop()` ends every thread and closes every socket.
///
/// It passes the server's faults through unchanged (silence, a drip, a close mid-response), which
/// is how the tests put each fault behind TLS.
public final class TLSFront: Sendable {
    /// What the front speaks to its clients.
    public enum Mode: Sendable {
        /// TLS 1.2 or 1.3 with this certificate (PEM files).
        case tls(TestCertificates.Identity)
        /// TLS no newer than 1.1 with this certificate: every modern client's handshake fails.
        case outdatedTLS(TestCertificates.Identity)
        /// No TLS: a plain relay, the same path without encryption, for comparisons.
        case plain
    }

    /// Where the front listens.
    public let address: HTTPAddress
    private let backend: HTTPAddress
    private let listener: Int32
    private let context: Context?
    private let stopping = Atomic<Bool>(false)
    private let running = DispatchGroup()

    /// Starts a front for the server at `backend` (an IPv4 address).
    public init(backend: HTTPAddress, mode: Mode) throws {
        self.backend = backend
        switch mode {
        case .plain: context = nil
        case .tls(let identity): context = try Context(identity, newestVersion: nil)
        case .outdatedTLS(let identity): context = try Context(identity, newestVersion: TLS1_1_VERSION)
        }
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw Failure.socket("socket") }
        var address = Self.ipv4("127.0.0.1", port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard bound, listen(fd, 64) == 0 else {
            close(fd)
            throw Failure.socket("bind")
        }
        listener = fd
        self.address = HTTPAddress(host: "127.0.0.1", port: UInt16(bigEndian: address.sin_port))
        running.enter()
        Thread { [self] in
            acceptConnections()
            running.leave()
        }.start()
    }

    /// Ends every thread, closes every socket and returns once all are closed.
    public func stop() {
        stopping.store(true, ordering: .sequentiallyConsistent)
        running.wait()
    }

    /// Why the front could not start.
    public enum Failure: Error {
        /// A socket call failed (which).
        case socket(String)
        /// OpenSSL refused the certificate, the key or a setting (its reason).
        case tls(String)
    }

    private func acceptConnections() {
        while !stopping.load(ordering: .sequentiallyConsistent) {
            var entry = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, 20) > 0 else { continue }
            let client = accept(listener, nil, nil)
            guard client >= 0 else { continue }
            running.enter()
            Thread { [self] in
                relay(client)
                close(client)
                running.leave()
            }.start()
        }
        close(listener)
    }

    private func relay(_ client: Int32) {
        var timeout = timeval(tv_sec: 2, tv_usec: 0)
        _ = setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        _ = setsockopt(client, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var one: Int32 = 1
        _ = setsockopt(client, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        var ssl: OpaquePointer?
        if let context {
            guard let session = SSL_new(context.context), let bio = tw_socket_bio_new(context.bioMethod, client) else { return }
            ssl = session
            SSL_set_bio(session, bio, bio)
            guard SSL_accept(session) == 1 else {
                SSL_free(session)
                return
            }
        }
        defer { if let ssl { SSL_free(ssl) } }
        let server = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard server >= 0 else { return }
        defer { close(server) }
        _ = setsockopt(server, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        var address = Self.ipv4(backend.host, port: backend.port)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(server, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
        guard connected else { return }
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while !stopping.load(ordering: .relaxed) {
            var entries = [pollfd(fd: client, events: Int16(POLLIN), revents: 0), pollfd(fd: server, events: Int16(POLLIN), revents: 0)]
            let buffered = ssl.map { SSL_pending($0) > 0 } ?? false
            if !buffered && poll(&entries, 2, 20) <= 0 { continue }
            if buffered || entries[0].revents != 0 {
                let count = buffer.withUnsafeMutableBytes { bytes in
                    ssl.map { Int(SSL_read($0, bytes.baseAddress, Int32(bytes.count))) } ?? recv(client, bytes.baseAddress, bytes.count, 0)
                }
                if count <= 0 {
                    if let ssl, SSL_get_error(ssl, Int32(count)) == SSL_ERROR_WANT_READ { continue }
                    return
                }
                guard Self.sendAll(buffer[0..<count], to: server) else { return }
            }
            if entries[1].revents != 0 {
                let count = buffer.withUnsafeMutableBytes { recv(server, $0.baseAddress, $0.count, 0) }
                if count <= 0 {
                    if let ssl { _ = SSL_shutdown(ssl) }
                    return
                }
                let written = buffer.withUnsafeBytes { bytes in
                    ssl.map { Int(SSL_write($0, bytes.baseAddress, Int32(count))) == count }
                        ?? Self.sendAll(buffer[0..<count], to: client)
                }
                guard written else { return }
            }
        }
    }

    private static func sendAll(_ bytes: ArraySlice<UInt8>, to fd: Int32) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let count = bytes.withUnsafeBytes { send(fd, $0.baseAddress! + sent, $0.count - sent, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { return false }
            sent += count
        }
        return true
    }

    private static func ipv4(_ host: String, port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr(host)
        return address
    }

    /// The server side's OpenSSL context.
    private final class Context: @unchecked Sendable {
        // Configured once in init, then only used to create sessions, which OpenSSL allows from
        // any thread.
        let context: OpaquePointer
        let bioMethod: OpaquePointer

        init(_ identity: TestCertificates.Identity, newestVersion: Int32?) throws {
            guard let method = tw_socket_bio_method_new() else { throw Failure.tls("out of memory") }
            guard let context = SSL_CTX_new(TLS_server_method()) else {
                BIO_meth_free(method)
                throw Failure.tls("SSL_CTX_new failed")
            }
            self.context = context
            self.bioMethod = method
            guard SSL_CTX_use_certificate_chain_file(context, identity.certificateFile) == 1,
                SSL_CTX_use_PrivateKey_file(context, identity.keyFile, SSL_FILETYPE_PEM) == 1
            else { throw Failure.tls("cannot load \(identity.certificateFile) and \(identity.keyFile)") }
            if let newestVersion {
                // OpenSSL's own floor (Debian sets TLS 1.2) must come down for the ceiling to hold.
                _ = tw_SSL_CTX_set_min_proto_version(context, TLS1_VERSION)
                guard tw_SSL_CTX_set_max_proto_version(context, newestVersion) == 1 else { throw Failure.tls("cannot cap the version") }
            }
        }

        deinit {
            SSL_CTX_free(context)
            BIO_meth_free(bioMethod)
        }
    }
}
