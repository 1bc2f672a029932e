import Foundation
@testable import HTTP
#if canImport(Glibc)
import Glibc
#endif

/// Calls `call` (`bind`, `connect`) with the IPv4 address `host`:`port` and returns its result.
func withIPv4Address(_ host: String, _ port: UInt16, _ call: (UnsafePointer<sockaddr>, socklen_t) -> Int32) -> Int32 {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr(host)
    return withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { call($0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
}

/// A blocking loopback TCP socket for tests that must send exactly the bytes they choose.
final class RawSocket {
    let fd: Int32

    init(fd: Int32) { self.fd = fd }

    /// Connects to 127.0.0.1:`port` from `source` (another loopback address, such as 127.0.0.2,
    /// plays a second client machine).
    convenience init?(connectingTo port: UInt16, from source: String = "127.0.0.1") {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        guard withIPv4Address(source, 0, { bind(fd, $0, $1) }) == 0 else {
            close(fd)
            return nil
        }
        let status = withIPv4Address("127.0.0.1", port) { connect(fd, $0, $1) }
        guard status == 0 else {
            close(fd)
            return nil
        }
        self.init(fd: fd)
    }

    deinit { close(fd) }

    func send(_ text: String) { send(Array(text.utf8)) }

    func send(_ bytes: [UInt8]) {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + written, $0.count - written, Int32(MSG_NOSIGNAL)) }
            if count <= 0 { return }
            written += count
        }
    }

    /// Reads until the peer closes, or until `limit` passes with nothing new (a bound against
    /// hanging, not an assertion about timing).
    func readToEnd(limit: Int32 = 5000) -> (bytes: [UInt8], closed: Bool) {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, limit) > 0 else { return (bytes, false) }
            let count = recv(fd, &chunk, chunk.count, 0)
            if count <= 0 { return (bytes, true) }
            bytes.append(contentsOf: chunk[0..<count])
        }
    }

    /// Reads one whole response, or nil if the stream ends or stalls first.
    func readResponse(method: String = "GET") -> HTTPResponse? {
        var decoder = HTTPResponseDecoder()
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            if case let .response(response, _, _) = decoder.decode(bytes, requestMethod: method, endOfStream: false) { return response }
            var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, 5000) > 0 else { return nil }
            let count = recv(fd, &chunk, chunk.count, 0)
            if count <= 0 { return nil }
            bytes.append(contentsOf: chunk[0..<count])
        }
    }
}

/// A one-connection loopback server that runs `script` on the accepted socket on its own thread,
/// to play misbehaving servers. `finish()` waits for the script and closes everything.
final class ScriptedServer: @unchecked Sendable {
    let port: UInt16
    private let listenFD: Int32
    private let done = DispatchSemaphore(value: 0)

    init(script: @escaping @Sendable (RawSocket) -> Void) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        listen(fd, 8)
        listenFD = fd
        port = Socket.boundPort(fd) ?? 0
        let done = self.done
        Thread {
            var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            if poll(&entry, 1, 10_000) > 0 {
                let client = accept(fd, nil, nil)
                if client >= 0 { script(RawSocket(fd: client)) }
            }
            done.signal()
        }.start()
    }

    func finish() {
        done.wait()
        close(listenFD)
    }
}

/// A port on 127.0.0.1 held bound without listening: connecting to it is refused, and while it is
/// held neither another server nor the kernel (for an outgoing connection's own port, which could
/// make a connection to it connect to itself) can take it.
final class ReservedPort {
    let port: UInt16
    private let fd: Int32

    /// Binds `port` (0: any free port); nil when it is taken, which for a port where a server
    /// listened means something still listens there.
    init?(_ port: UInt16 = 0) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return nil }
        // A closed server's port keeps connections in TIME_WAIT, which this allows; a listener
        // on the port still makes the bind fail.
        var one: Int32 = 1
        _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        let bound = withIPv4Address("127.0.0.1", port) { bind(fd, $0, $1) }
        guard bound == 0, let boundPort = Socket.boundPort(fd) else {
            close(fd)
            return nil
        }
        self.fd = fd
        self.port = boundPort
    }

    deinit { close(fd) }
}
