import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A keep-alive HTTP/1.1 client connection to one host and port, over plain TCP or over TLS.
///
/// It connects on the first request and keeps the socket open between requests. Requests run one
/// at a time: concurrent callers wait their turn. When the server has closed an idle connection,
/// the next request reconnects first; when a reused connection turns out closed before any byte
/// of the response arrived, the request is sent once more on a fresh connection if it is
/// idempotent (GET, HEAD, PUT, DELETE, OPTIONS) or was not fully written; any other request fails
/// with `connectionLost(requestSent: true)` so that the caller decides. After any error the socket is closed, and the next request reconnects.
///
/// A caller that must not block for long (a trading loop's thread) uses `sendInline` instead:
/// on an open plain-TCP connection it writes the request and watches for the response for a
/// short budget itself, so that a loopback answer needs no hand-over to another thread; what it
/// cannot finish within the budget, a thread that may block finishes with `finishInline()`.
///
/// With a `TLSClientContext` every connection starts with a TLS handshake that verifies the
/// server's certificate against `address.host`; a refused certificate or a failed handshake
/// throws before any byte of the request is sent. A connection closed cleanly keeps its TLS
/// session, and the next connection resumes it (an abbreviated handshake).
public final class HTTPClientConnection: Sendable {
    /// The server's address.
    public let address: HTTPAddress
    /// The time-outs and limits in force.
    public let configuration: HTTPClientConfiguration
    /// The TLS settings, nil for plain TCP.
    public let tls: TLSClientContext?
    let hostHeader: String
    let state = Mutex<State>(State())

    struct State: ~Copyable {
        var fd: Int32 = -1
        /// The TLS session over `fd`, when the connection speaks TLS and is open.
        var session: TLSSession?
        /// The session of the last connection closed cleanly, for the next one to resume.
        var ticket: TLSTicket?
        /// Whether the last TLS handshake resumed an earlier session.
        var resumed = false
        var buffer: [UInt8] = []
        /// Whether any byte of the response being read has arrived (the buffer drops bytes the
        /// decoder has taken in, so its emptiness does not say).
        var responseStarted = false
        /// Where `recv` writes before bytes join `buffer`; allocated once per connection object.
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        /// The send and receive time-out the socket carries, in nanoseconds.
        var armedTimeout: UInt64 = 0
        /// The response an inline request left unfinished when its budget ran out, for
        /// `finishInline()` (or the next request, which finishes it first) to read on.
        var unfinished: ResponseRead?
        /// The outcome of an inline request that a later request finished before
        /// `finishInline()` came for it.
        var finished: Result<HTTPResponse, HTTPError>?

        deinit { if fd >= 0 { Glibc.close(fd) } }
    }

    /// A connection to `address`, over TLS when `tls` is given; nothing happens on the network
    /// until the first request.
    public init(address: HTTPAddress, configuration: HTTPClientConfiguration = HTTPClientConfiguration(), tls: TLSClientContext? = nil) {
        self.address = address
        self.configuration = configuration
        self.tls = tls
        hostHeader =
            address.isUnixSocket ? "localhost" : address.port == (tls == nil ? 80 : 443) ? address.host : address.description
    }

    /// Sends `request` and returns the server's response (interim 1xx responses skipped), or
    /// throws why not. `Host` and `Content-Length` are added when absent.
    public func send(_ request: HTTPRequest) throws(HTTPError) -> HTTPResponse {
        let bytes = encoded(request)
        return try state.withLock { (state: inout State) throws(HTTPError) -> HTTPResponse in
            if state.unfinished != nil { state.finished = finishUnfinished(&state) }
            let deadline = Socket.monotonicNanoseconds() + configuration.responseTimeout.nanoseconds
            let reused = state.fd >= 0 && !peerHasClosed(state.fd, state.session)
            if !reused { try reconnect(&state) }
            do throws(HTTPError) {
                return try exchange(&state, bytes, method: request.method, deadline: deadline)
            } catch .connectionLost(let sent) where reused && !state.responseStarted {
                disconnect(&state)
                guard !sent || Self.isIdempotent(request.method) else {
                    throw .connectionLost(requestSent: sent)
                }
                try reconnect(&state)
                return try exchange(&state, bytes, method: request.method, deadline: deadline)
            }
        }
    }

    /// Closes the socket if one is open; a later request reconnects.
    public func close() {
        state.withLock { disconnect(&$0) }
    }

    /// Whether the last TLS handshake resumed an earlier session rather than starting afresh.
    var lastHandshakeResumed: Bool {
        state.withLock { $0.resumed }
    }

    /// Writes the request and reads its response; on failure the socket is closed, and
    /// `responseStarted` says whether any response byte arrived.
    private func exchange(_ state: inout State, _ bytes: [UInt8], method: String, deadline: UInt64) throws(HTTPError) -> HTTPResponse {
        state.responseStarted = false
        do throws(HTTPError) {
            try write(&state, bytes, deadline: deadline)
            var reading = ResponseRead(method: method, deadline: deadline, limits: configuration.limits)
            state.buffer.removeAll(keepingCapacity: true)
            return try readWhole(&state, &reading)
        } catch {
            abandon(&state)
            throw error
        }
    }

    /// Closes the socket after a failure mid-request. A broken TLS session is not closed
    /// cleanly, and so not resumed.
    func abandon(_ state: inout State) {
        state.session = nil
        let fd = state.fd
        if fd >= 0 { Glibc.close(fd) }
        state.fd = -1
    }

    /// Reads the rest of the response an inline request left unfinished, blocking as long as
    /// its deadline allows.
    func finishUnfinished(_ state: inout State) -> Result<HTTPResponse, HTTPError> {
        guard var reading = state.unfinished else { preconditionFailure("no inline response is unfinished") }
        state.unfinished = nil
        do throws(HTTPError) {
            return .success(try readWhole(&state, &reading))
        } catch {
            abandon(&state)
            return .failure(error)
        }
    }

    /// `request` as bytes on the wire, with this connection's `Host`.
    func encoded(_ request: HTTPRequest) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(256 + request.body.count)
        request.encode(into: &bytes, host: hostHeader)
        return bytes
    }

    /// Whether a request of `method` may be sent again when a reused connection turns out closed.
    static func isIdempotent(_ method: String) -> Bool {
        ["GET", "HEAD", "PUT", "DELETE", "OPTIONS"].contains(method)
    }

    /// Reads on in `reading`, blocking within its deadline, until the response is whole.
    private func readWhole(_ state: inout State, _ reading: inout ResponseRead) throws(HTTPError) -> HTTPResponse {
        guard let response = try read(&state, &reading, watchingUntil: nil) else {
            preconditionFailure("a read that may block ends with a response or an error")
        }
        return response
    }

    func write(_ state: inout State, _ bytes: [UInt8], deadline: UInt64) throws(HTTPError) {
        var written = 0
        while written < bytes.count {
            guard arm(&state, until: deadline) else { throw .timedOut(requestSent: false) }
            if let session = state.session {
                switch bytes.withUnsafeBytes({ session.write(UnsafeRawBufferPointer(rebasing: $0[written...])) }) {
                case .moved(let count): written += count
                case .again: continue
                case .closed, .failed: throw .connectionLost(requestSent: false)
                }
                continue
            }
            let fd = state.fd
            let count = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + written, $0.count - written, Int32(MSG_NOSIGNAL)) }
            if count > 0 {
                written += count
                continue
            }
            let code = errno
            if count < 0 && code == EINTR { continue }
            if count < 0 && (code == EAGAIN || code == EWOULDBLOCK) { throw .timedOut(requestSent: false) }
            throw .connectionLost(requestSent: false)
        }
    }

    /// Reads on in `reading` until the response is whole (returned) or fails (thrown). With
    /// `watchingUntil` (plain TCP only) it never blocks: it returns nil once that time has
    /// passed with the response still unfinished, `reading` holding where it got to.
    func read(_ state: inout State, _ reading: inout ResponseRead, watchingUntil watchEnd: UInt64?) throws(HTTPError) -> HTTPResponse? {
        while true {
            if reading.start < state.buffer.count || reading.endOfStream {
                switch reading.decoder.decode(state.buffer, from: reading.start, requestMethod: reading.method, endOfStream: reading.endOfStream) {
                case .needMoreBytes:
                    if reading.endOfStream { throw .connectionLost(requestSent: true) }
                    reading.start += reading.decoder.releaseDecoded()
                    if reading.start == state.buffer.count || reading.start > 64 * 1024 {
                        state.buffer.removeFirst(reading.start)
                        reading.start = 0
                    }
                case let .response(response, consumed, keepAlive):
                    // Bytes after the response are not ours to interpret: start afresh next time.
                    if !keepAlive || reading.start + consumed != state.buffer.count { disconnect(&state) }
                    state.buffer.removeAll(keepingCapacity: true)
                    return response
                case let .invalid(reason):
                    if reading.endOfStream { throw .connectionLost(requestSent: true) }
                    throw .malformedResponse(reason)
                case let .tooLarge(limit):
                    throw .tooLarge(limit: limit)
                }
            }
            guard arm(&state, until: reading.deadline) else { throw .timedOut(requestSent: true) }
            let fd = state.fd
            if let session = state.session {
                awaitBytes(fd, session)
                switch state.chunk.withUnsafeMutableBytes({ session.read(into: $0) }) {
                case .moved(let count):
                    state.responseStarted = true
                    state.buffer.append(contentsOf: state.chunk[0..<count])
                case .closed: reading.endOfStream = true
                case .again: continue
                case .failed: throw .connectionLost(requestSent: true)
                }
                continue
            }
            // Spin briefly before sleeping: a loopback server usually answers sooner than a
            // sleeping thread wakes up. Inline, spin until the watch ends and never sleep.
            var count = -1
            let spinUntil = watchEnd ?? Socket.monotonicNanoseconds() + configuration.busyPollInterval.nanoseconds
            while true {
                count = state.chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
                guard count < 0 && errno == EAGAIN && Socket.monotonicNanoseconds() < spinUntil else { break }
                sched_yield()
            }
            if count < 0 && errno == EAGAIN {
                if watchEnd != nil { return nil }
                count = state.chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            }
            if count > 0 {
                state.responseStarted = true
                state.buffer.append(contentsOf: state.chunk[0..<count])
            } else if count == 0 {
                reading.endOfStream = true
            } else if errno == EAGAIN || errno == EWOULDBLOCK {
                throw .timedOut(requestSent: true)
            } else if errno != EINTR {
                throw .connectionLost(requestSent: true)
            }
        }
    }

    /// Spins for `busyPollInterval` until the socket is readable, for the same reason as the plain
    /// read spins; the blocking read that follows waits the rest.
    private func awaitBytes(_ fd: Int32, _ session: TLSSession) {
        guard !session.hasBufferedBytes else { return }
        let spinUntil = Socket.monotonicNanoseconds() + configuration.busyPollInterval.nanoseconds
        var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        while poll(&entry, 1, 0) == 0 && Socket.monotonicNanoseconds() < spinUntil { sched_yield() }
    }

    /// Sets the socket's send and receive time-outs to the time left before `deadline` (false when
    /// none is left). Blocking calls with kernel time-outs cost one system call per read or write,
    /// where `poll` before each would cost two; the time-outs are only reset when they differ from
    /// the time left by more than a millisecond, which on a healthy connection is never.
    private func arm(_ state: inout State, until deadline: UInt64) -> Bool {
        let now = Socket.monotonicNanoseconds()
        guard now < deadline else { return false }
        let remaining = deadline - now
        let difference = remaining > state.armedTimeout ? remaining - state.armedTimeout : state.armedTimeout - remaining
        guard difference > 1_000_000 else { return true }
        var time = timeval(tv_sec: Int(remaining / 1_000_000_000), tv_usec: Int(remaining % 1_000_000_000 / 1000))
        let size = socklen_t(MemoryLayout<timeval>.size)
        guard setsockopt(state.fd, SOL_SOCKET, SO_RCVTIMEO, &time, size) == 0,
            setsockopt(state.fd, SOL_SOCKET, SO_SNDTIMEO, &time, size) == 0
        else { return false }
        state.armedTimeout = remaining
        return true
    }

    /// Whether an idle connection was closed by the server (or has unexpected bytes waiting,
    /// which makes it unusable as well).
    func peerHasClosed(_ fd: Int32, _ session: TLSSession?) -> Bool {
        if session?.hasBufferedBytes == true { return true }
        var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, 0) != 0
    }

    func disconnect(_ state: inout State) {
        // An inline request's response can no longer come: its caller hears so.
        if state.unfinished != nil {
            state.unfinished = nil
            state.finished = .failure(.connectionLost(requestSent: true))
        }
        if let session = state.session { state.ticket = session.finish() }
        state.session = nil
        if state.fd >= 0 { Glibc.close(state.fd) }
        state.fd = -1
        state.buffer.removeAll(keepingCapacity: true)
    }

    private func reconnect(_ state: inout State) throws(HTTPError) {
        disconnect(&state)
        state.fd = try Socket.connect(to: address, timeout: configuration.connectTimeout)
        state.armedTimeout = 0
        guard let tls else { return }
        do throws(HTTPError) {
            try handshake(&state, tls)
        } catch {
            state.session = nil
            Glibc.close(state.fd)
            state.fd = -1
            throw error
        }
    }

    /// Starts TLS on the connected socket within `connectTimeout`, resuming the last session if
    /// there is one.
    private func handshake(_ state: inout State, _ tls: TLSClientContext) throws(HTTPError) {
        let session = try TLSSession(fd: state.fd, host: address.host, context: tls, resuming: state.ticket)
        state.session = session
        let deadline = Socket.monotonicNanoseconds() + configuration.connectTimeout.nanoseconds
        repeat {
            guard arm(&state, until: deadline) else { throw .timedOut(requestSent: false) }
        } while try !session.handshake(address: address.description)
        state.resumed = session.resumed
    }
}
