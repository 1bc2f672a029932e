import Foundation
@testable import HTTP
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// A one-connection loopback server that runs `script` on the accepted socket on its own thread,
/// to play misbehaving servers. `finish()` waits for the script and closes everything.
final class ScriptedServer: @unchecked Sendable {
    let port: UInt16
    private let listenFD: Int32
    private let done = DispatchSemaphore(value: 0)

    init(script: @escaping @Sendable (RawSocket) -> Void) {
        let (fd, port) = RawSocket.listenLoopback(backlog: 8) ?? (-1, 0)
        listenFD = fd
        self.port = port
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
        // A closed server's port keeps connections in TIME_WAIT, which this allows; a listener
        // on the port still makes the bind fail.
        guard let bound = RawSocket.bindLoopback(port: port, reusingAddress: true) else { return nil }
        self.fd = bound.fd
        self.port = bound.port
    }

    deinit { close(fd) }
}
