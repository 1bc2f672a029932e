import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

@Suite(.timeLimit(.minutes(10))) struct RawSocketTests {
    @Test func aBoundLoopbackPortIsHeldAndRefusesConnectionsUntilItListens() throws {
        let bound = try #require(RawSocket.bindLoopback())
        defer { close(bound.fd) }
        #expect(bound.port != 0)
        #expect(RawSocket.bindLoopback(port: bound.port) == nil)
        #expect(RawSocket(connectingTo: bound.port) == nil)
        #expect(listen(bound.fd, 1) == 0)
        let client = try #require(RawSocket(connectingTo: bound.port))
        let accepted = RawSocket(fd: accept(bound.fd, nil, nil))
        client.send("ping")
        shutdown(client.fd, Int32(SHUT_WR))
        let (bytes, closed) = accepted.readToEnd(limit: 5_000)
        #expect(String(decoding: bytes, as: UTF8.self) == "ping" && closed)
    }
}
