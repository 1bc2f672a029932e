import Foundation
import Synchronization
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// A loopback TCP proxy in front of an exchange that holds the first order placement (a `POST`
/// to a path ending in `/orders`) until the test calls `release()`, and forwards every other
/// request at once: a slow exchange whose order books and account lists stay live. The held
/// request is forwarded on release even if its client gave up meanwhile, as an exchange that
/// queued it would execute it. Two threads per open connection (at most `maxConnections`) and
/// one accepting; `stop()` ends them all and closes every socket.
final class HoldingProxy: Sendable {
    /// The base URL to give the daemon instead of the exchange's.
    let baseURL: String
    /// Connections open at once beyond which a new client is closed at once.
    static let maxConnections = 16

    private struct State {
        var stopping = false
        var released = false
        /// Placements read (held or not), and whether the first one has been read and held.
        var placements = 0
        var holding = false
        /// Requests for an account's order list forwarded.
        var accountLists = 0
        var sockets: [Int32] = []
        var connections = 0
        var threads = 0
    }

    private let state = Mutex(State())
    private let listener: Int32
    private let upstreamPort: UInt16

    enum ProxyError: Error {
        /// The exchange's base URL has no loopback port to forward to.
        case badUpstream(String)
        /// A socket call failed while starting the proxy.
        case socket(String)
    }

    /// Starts listening on a free port of 127.0.0.1, forwarding to the exchange at `upstream`
    /// (a base URL such as `http://127.0.0.1:4000/ob/api`).
    init(upstream: String) throws {
        guard let url = URL(string: upstream), let port = url.port, url.host == "127.0.0.1" else {
            throw ProxyError.badUpstream(upstream)
        }
        upstreamPort = UInt16(port)
        guard let bound = RawSocket.listenLoopback() else { throw ProxyError.socket("socket, bind or listen") }
        listener = bound.fd
        baseURL = upstream.replacingOccurrences(of: "127.0.0.1:\(port)", with: "127.0.0.1:\(bound.port)")
        spawn { $0.acceptClients() }
    }

    /// Whether the first placement has reached the proxy and is being held.
    var isHolding: Bool { state.withLock { $0.holding && !$0.released } }
    /// Placements that reached the proxy so far, the held one included.
    var placements: Int { state.withLock { $0.placements } }
    /// Account order lists forwarded so far.
    var accountLists: Int { state.withLock { $0.accountLists } }

    /// Forwards the held placement (and lets later ones through, as it always does).
    func release() { state.withLock { $0.released = true } }

    /// Ends every thread (a held placement is then never forwarded) and closes every socket.
    func stop() {
        let sockets = state.withLock { state in
            state.stopping = true
            return state.sockets
        }
        for fd in sockets { shutdown(fd, Int32(SHUT_RDWR)) }
        let deadline = Date().addingTimeInterval(10)
        while state.withLock({ $0.threads }) > 0, Date() < deadline { usleep(10_000) }
        for fd in sockets { close(fd) }
        close(listener)
    }

    private var isStopping: Bool { state.withLock { $0.stopping } }

    private func spawn(_ body: @escaping @Sendable (HoldingProxy) -> Void) {
        state.withLock { $0.threads += 1 }
        Thread { [self] in
            body(self)
            state.withLock { $0.threads -= 1 }
        }.start()
    }

    /// Accepts clients (polling, so that `stop()` is seen) and connects each to the exchange.
    private func acceptClients() {
        while !isStopping {
            var ready = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, 50) > 0 else { continue }
            let client = Glibc.accept(listener, nil, nil)
            guard client >= 0 else { continue }
            let upstream = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            let connected = upstream >= 0 && withIPv4Address("127.0.0.1", upstreamPort, { connect(upstream, $0, $1) }) == 0
            let admitted = connected && state.withLock { state in
                guard !state.stopping, state.connections < Self.maxConnections else { return false }
                state.connections += 1
                state.sockets += [client, upstream]
                return true
            }
            guard admitted else {
                close(client)
                if upstream >= 0 { close(upstream) }
                continue
            }
            spawn { $0.forwardRequests(from: client, to: upstream) }
            spawn { $0.forwardResponses(from: upstream, to: client) }
        }
    }

    /// Copies requests from the client to the exchange one whole request at a time, holding the
    /// first placement until `release()`. Ends when the client closes or the proxy stops.
    private func forwardRequests(from client: Int32, to upstream: Int32) {
        var input: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            while let length = RequestFraming.length(of: input) {
                let line = String(decoding: input.prefix { $0 != UInt8(ascii: "\r") }, as: UTF8.self)
                if !admit(line) || !Self.sendAll(Array(input.prefix(length)), to: upstream) { return }
                input.removeFirst(length)
            }
            let count = chunk.withUnsafeMutableBytes { recv(client, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return }
            input += chunk[0..<count]
        }
    }

    /// Counts the request whose first line is `line` and, for the first placement, waits for
    /// `release()`; false if the proxy stopped meanwhile.
    private func admit(_ line: String) -> Bool {
        let parts = line.split(separator: " ")
        let isPlacement = parts.count == 3 && parts[0] == "POST" && parts[1].hasSuffix("/orders")
        let held = state.withLock { state in
            if parts.count == 3, parts[0] == "GET", parts[1].contains("/accounts/") { state.accountLists += 1 }
            guard isPlacement else { return false }
            state.placements += 1
            state.holding = state.placements == 1
            return state.holding
        }
        while held, !state.withLock({ $0.released || $0.stopping }) { usleep(10_000) }
        return !isStopping
    }

    /// Copies the exchange's answers to the client; an answer the client no longer takes (it
    /// timed out) is dropped, and the copying goes on until the exchange closes.
    private func forwardResponses(from upstream: Int32, to client: Int32) {
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(upstream, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            _ = Self.sendAll(Array(chunk[0..<count]), to: client)
        }
        shutdown(client, Int32(SHUT_RDWR))
        state.withLock { $0.connections -= 1 }
    }

    private static func sendAll(_ bytes: [UInt8], to fd: Int32) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let count = bytes.withUnsafeBytes { send(fd, $0.baseAddress! + sent, bytes.count - sent, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { return false }
            sent += count
        }
        return true
    }
}
