import Dispatch
import FoundationEssentials
import Lifecycle
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// An HTTP/1.1 server on POSIX sockets: keep-alive connections, `Content-Length` (and chunked)
/// request bodies, size limits, idle and request time-outs, served by `poll(2)` event loops.
///
/// Creating the server binds, listens and starts serving; `address` is where it listens (the
/// real port when port 0 was asked for). `stop()` closes the listener and every connection and
/// returns once the event-loop threads have ended; call it before letting go of the server,
/// whose threads otherwise keep serving. As a `Service`, `run()` serves until cancelled, then
/// stops the same way.
///
/// The handler is called on an event-loop thread, one request at a time per loop: with the
/// default single loop, calls are serialised; with `eventLoopCount` > 1 they may be concurrent.
/// It must not block for long (it holds up every connection of its loop) and must not call
/// `stop()`. A handler that returns `HTTPResponse.streaming` holds the connection: the loop
/// writes what other threads send to the connection's `HTTPStream` until one side ends it.
public final class HTTPServer: Sendable {
    /// Answers one request.
    public typealias Handler = @Sendable (HTTPRequest) -> HTTPResponse

    /// Where the server listens; the port is the bound one.
    public let address: HTTPAddress
    /// The listening socket.
    let listenFD: Int32
    private let loops: [EventLoop]
    private let limiter: ConnectionLimiter
    /// Entered by each event-loop thread while it runs.
    let running = DispatchGroup()
    private let state = Mutex<State>(.serving)

    private enum State { case serving, stopping, stopped }

    /// Binds `configuration.address`, listens and starts serving with `handler`.
    public init(configuration: HTTPServerConfiguration = HTTPServerConfiguration(), handler: @escaping Handler) throws(HTTPError) {
        let fd = try Self.listen(on: configuration.address)
        guard let port = Socket.boundPort(fd) else {
            let code = errno
            close(fd)
            throw .couldNotListen(configuration.address.description, reason: Socket.errorText(code))
        }
        let limiter = ConnectionLimiter(
            maxConnections: configuration.maxConnections, maxPerAddress: configuration.maxConnectionsPerAddress)
        var loops: [EventLoop] = []
        for index in 0..<configuration.eventLoopCount {
            do throws(HTTPError) {
                loops.append(
                    try EventLoop(index: index, listenFD: fd, configuration: configuration, limiter: limiter, handler: handler))
            } catch {
                loops.forEach { $0.releaseResources() }
                close(fd)
                throw error
            }
        }
        self.address = HTTPAddress(host: configuration.address.host, port: port)
        self.listenFD = fd
        self.loops = loops
        self.limiter = limiter
        for loop in loops {
            running.enter()
            OSThread.detach(name: "http-loop-\(loop.index)") { [running] in
                loop.run()
                running.leave()
            }
        }
    }

    /// Closes the listener and every connection, and returns once all event-loop threads have
    /// ended. Calling it again, or from several threads, is harmless.
    public func stop() {
        requestStop()
        running.wait()
        state.withLock { state in
            guard case .stopping = state else { return }
            loops.forEach { $0.releaseResources() }
            // A child started in this instant holds a copy of the listener until its exec, and
            // close alone would leave the socket listening through that copy; shutdown stops it.
            shutdown(listenFD, Int32(SHUT_RDWR))
            close(listenFD)
            state = .stopped
        }
    }

    /// Asks every event loop to close its connections and end, without waiting; only the first
    /// call does anything.
    func requestStop() {
        let first = state.withLock { state in
            guard case .serving = state else { return false }
            state = .stopping
            return true
        }
        if first { loops.forEach { $0.requestStop() } }
    }

    /// How many connections are open (counted from accept to close), across all event loops.
    public var connectionCount: Int { limiter.count }

    /// Blocks until another thread has called `stop()` and the server has stopped.
    public func waitUntilStopped() {
        running.wait()
    }

    private static func listen(on address: HTTPAddress) throws(HTTPError) -> Int32 {
        var resolved = try Socket.resolve(address, passive: true)
        let fd = socket(resolved.family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard fd >= 0 else { throw .couldNotListen(address.description, reason: Socket.errorText(errno)) }
        var one: Int32 = 1
        _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        let bound = withUnsafePointer(to: &resolved.storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, resolved.length) }
        }
        guard bound == 0, Glibc.listen(fd, 1024) == 0 else {
            let code = errno
            close(fd)
            throw .couldNotListen(address.description, reason: Socket.errorText(code))
        }
        return fd
    }
}
