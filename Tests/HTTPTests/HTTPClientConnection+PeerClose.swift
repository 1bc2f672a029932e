@testable import HTTP

#if canImport(Glibc)
import Glibc
#endif

extension HTTPClientConnection {
    /// Waits until the server's close of this open, idle connection has reached its socket (the
    /// peer's FIN is readable), at most `limit` milliseconds (a bound against hanging, not a
    /// time the close must come within); returns whether it did. For tests of what the client
    /// does with a connection the server closed, without sleeping in the hope that it has.
    func waitForPeerClose(limit: Int32 = 10_000) -> Bool {
        state.withLock { (state: inout State) -> Bool in
            guard state.fd >= 0 else { return false }
            var entry = pollfd(fd: state.fd, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, limit) > 0 else { return false }
            // Readable with nothing to read: the peer's orderly close (peeked, so nothing is taken).
            var byte: UInt8 = 0
            return recv(state.fd, &byte, 1, Int32(MSG_PEEK)) == 0
        }
    }
}
