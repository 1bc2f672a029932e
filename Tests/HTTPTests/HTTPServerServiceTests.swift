@testable import HTTP
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

@Suite(.timeLimit(.minutes(10))) struct HTTPServerServiceTests {
    @Test func servesUntilCancelledThenClosesItsConnectionsAndListener() async throws {
        let server = try HTTPServer { request in HTTPResponse(status: 200, contentType: "text/plain", text: request.target) }
        let service = Task { await server.run() }
        let socket = try #require(RawSocket(connectingTo: server.address.port))
        socket.send("GET /before HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(socket.readResponse()?.bodyText == "/before")
        service.cancel()
        await service.value
        // The kept-alive connection is closed, and nothing listens any more.
        #expect(socket.readToEnd().closed)
        #expect(RawSocket(connectingTo: server.address.port) == nil)
    }

    @Test func returnsWhenTheServerIsStoppedFromOutside() async throws {
        let server = try HTTPServer { _ in HTTPResponse(status: 204, contentType: "text/plain", text: "") }
        let service = Task { await server.run() }
        server.stop()
        await service.value
        #expect(RawSocket(connectingTo: server.address.port) == nil)
    }

    @Test("a stopped server refuses connections even while a child started in that instant still holds a copy of its listener")
    func aStoppedServerRefusesConnectionsWhileACopyOfItsListenerLives() throws {
        let server = try HTTPServer { _ in HTTPResponse(status: 204, contentType: "text/plain", text: "") }
        // A process starting a child (as every test that runs `tickwork` does) shares its open
        // files with the child until the child's exec closes them: a copy of the descriptor.
        let childsCopy = dup(server.listenFD)
        #expect(childsCopy >= 0)
        defer { close(childsCopy) }
        server.stop()
        #expect(RawSocket(connectingTo: server.address.port) == nil)
    }
}
