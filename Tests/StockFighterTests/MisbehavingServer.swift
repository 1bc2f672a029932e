import Foundation
import Glibc
import Synchronization
import TestSupport

/// A loopback HTTP server that misbehaves on purpose, one way per instance, on raw POSIX
/// sockets and one thread. It counts the requests it read under its own `basePath` and keeps
/// their raw text. `stop()` ends the thread and closes every socket.
final class MisbehavingServer: Sendable {
    enum Behavior: Sendable {
        /// Reads the request and never answers.
        case silent
        /// Sends the head and half the body of a 200 response, then closes.
        case closeMidResponse
        /// Sends a complete response, then closes.
        case respond(status: Int, body: String)
        /// Sends a complete response one byte every `interval`, then closes.
        case drip(status: Int, body: String, interval: Duration)
        /// Answers every request but a POST with a keep-alive 200 of `body`; resets the
        /// connection on reading a POST, as a server that dies on a reused connection does.
        case resetOnPost(body: String)
    }

    let port: UInt16
    /// A base path no other server shares. Only requests under it count as this test's: the
    /// port was free a moment ago, and another test's or process's client still aiming at a
    /// server that used to have it would otherwise add its requests to the count.
    let basePath = "/\(UUID().uuidString)/ob/api"
    let behavior: Behavior
    private let listener: Int32
    private let stopping = Atomic<Bool>(false)
    private let finished = DispatchSemaphore(value: 0)
    private let received = Mutex<[String]>([])

    /// Starts serving on 127.0.0.1 on a free port.
    init(_ behavior: Behavior) throws {
        self.behavior = behavior
        guard let (fd, port) = RawSocket.listenLoopback() else { throw SocketFailure(what: "socket, bind or listen") }
        listener = fd
        self.port = port
        let thread = Thread { [self] in serve() }
        thread.start()
    }

    /// Runs `body` with a port on 127.0.0.1 where nothing listens, so connecting is refused.
    /// The port stays bound, without listening, until `body` returns, so that no server started
    /// meanwhile can take it.
    static func withRefusingPort<T>(_ body: (UInt16) async throws -> T) async throws -> T {
        guard let (fd, port) = RawSocket.bindLoopback() else { throw SocketFailure(what: "socket or bind") }
        defer { close(fd) }
        return try await body(port)
    }

    /// The requests under `basePath` read so far, as text.
    var requests: [String] {
        let line = " \(basePath)/"
        return received.withLock { $0 }.filter { $0.prefix { $0 != "\r" }.contains(line) }
    }

    /// The requests under `basePath` once there are `count` of them, or as they are after
    /// `timeout`: a client that timed out has sent its request, but this server's thread may not
    /// have read it yet.
    func requests(reaching count: Int, within timeout: Duration = .seconds(10)) async throws -> [String] {
        let deadline = ContinuousClock.now + timeout
        var seen = requests
        while seen.count < count && ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(5))
            seen = requests
        }
        return seen
    }

    /// Ends the serving thread and closes every socket; returns once they are closed.
    func stop() {
        stopping.store(true, ordering: .sequentiallyConsistent)
        finished.wait()
    }

    struct SocketFailure: Error { var what: String }

    private struct Client {
        var fd: Int32
        var input: [UInt8] = []
        var output: [UInt8] = []
        var written = 0
        var answering = false
        var nextWrite = ContinuousClock.now
    }

    private func serve() {
        var clients: [Client] = []
        while !stopping.load(ordering: .sequentiallyConsistent) {
            var fds = [pollfd(fd: listener, events: Int16(POLLIN), revents: 0)]
            for client in clients {
                // A silent server, once it has read the request, only waits for the client to go.
                let silent = client.answering && client.output.isEmpty
                fds.append(pollfd(fd: client.fd, events: Int16(silent ? 0 : client.answering ? POLLOUT : POLLIN), revents: 0))
            }
            guard poll(&fds, nfds_t(fds.count), 5) > 0 else { continue }
            var kept: [Client] = []
            for (offset, var client) in clients.enumerated() {
                if step(&client, ready: fds[offset + 1].revents != 0) {
                    kept.append(client)
                } else {
                    close(client.fd)
                }
            }
            clients = kept
            if fds[0].revents & Int16(POLLIN) != 0 {
                let fd = accept(listener, nil, nil)
                if fd >= 0 {
                    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
                    clients.append(Client(fd: fd))
                }
            }
        }
        for client in clients { close(client.fd) }
        close(listener)
        finished.signal()
    }

    /// Advances one client; false when its socket should be closed.
    private func step(_ client: inout Client, ready: Bool) -> Bool {
        if !client.answering {
            guard ready else { return true }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = chunk.withUnsafeMutableBytes { recv(client.fd, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return count < 0 && errno == EAGAIN }
            client.input += chunk[0..<count]
            guard let length = RequestFraming.length(of: client.input) else { return true }
            let request = String(decoding: client.input.prefix(length), as: UTF8.self)
            received.withLock { $0.append(request) }
            if case .resetOnPost = behavior, request.hasPrefix("POST ") {
                var reset = linger(l_onoff: 1, l_linger: 0)
                _ = setsockopt(client.fd, SOL_SOCKET, SO_LINGER, &reset, socklen_t(MemoryLayout<linger>.size))
                return false
            }
            client.answering = true
            client.output = answer()
            return true
        }
        if case .resetOnPost = behavior, client.written == client.output.count {
            client = Client(fd: client.fd)
            return true
        }
        guard client.written < client.output.count else {
            // Silent: keep the socket open until the client closes it (a hang-up).
            guard case .silent = behavior else { return false }
            return !ready
        }
        var batch = client.output.count - client.written
        if case .drip(_, _, let interval) = behavior {
            guard ContinuousClock.now >= client.nextWrite else { return true }
            client.nextWrite = ContinuousClock.now + interval
            batch = 1
        }
        let count = client.output.withUnsafeBytes {
            send(client.fd, $0.baseAddress! + client.written, batch, Int32(MSG_NOSIGNAL))
        }
        guard count > 0 else { return count < 0 && errno == EAGAIN }
        client.written += count
        if case .resetOnPost = behavior { return true }
        return client.written < client.output.count
    }

    private func answer() -> [UInt8] {
        switch behavior {
        case .silent: return []
        case .closeMidResponse:
            let full = Self.response(status: 200, body: #"{"ok":true,"venue":"TESTEX","symbol":"FOOBAR","bids":[],"asks":[]}"#)
            return Array(full[0..<(full.count - 30)])
        case .respond(let status, let body), .drip(let status, let body, _):
            return Self.response(status: status, body: body)
        case .resetOnPost(let body):
            let bytes = Array(body.utf8)
            return Array("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(bytes.count)\r\n\r\n".utf8) + bytes
        }
    }

    static func response(status: Int, body: String) -> [UInt8] {
        let body = Array(body.utf8)
        let head = "HTTP/1.1 \(status) Whatever\r\nContent-Type: text/plain\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n"
        return Array(head.utf8) + body
    }
}
