import Foundation
import HTTP
import Testing
import TestSupport

/// The handler is told who sent each request: a TCP client's address and port, a Unix-socket
/// client's uid and pid; and a Unix socket is served and reached like any address.
@Suite(.timeLimit(.minutes(10))) struct HTTPPeerTests {
    private static func echoPeer(_ request: HTTPRequest) -> HTTPResponse {
        HTTPResponse(status: 200, contentType: "text/plain", text: request.peer?.description ?? "none")
    }

    @Test func aTCPClientIsItsAddressAndPort() throws {
        let server = try HTTPServer(handler: Self.echoPeer)
        defer { server.stop() }
        let client = HTTPClientConnection(address: server.address)
        defer { client.close() }
        let peer = try client.send(HTTPRequest(method: "GET", target: "/")).bodyText
        #expect(peer.hasPrefix("127.0.0.1:") && UInt16(peer.dropFirst("127.0.0.1:".count)) != nil, "\(peer)")
    }

    @Test func aUnixSocketClientIsItsUIDAndPID() throws {
        let scratch = try TemporaryDirectory("tickwork-http-unix")
        defer { scratch.remove() }
        let address = HTTPAddress.unixSocket(scratch.file("s.sock"))
        #expect(address.description == "unix:\(scratch.file("s.sock"))")
        let server = try HTTPServer(configuration: HTTPServerConfiguration(address: address), handler: Self.echoPeer)
        defer { server.stop() }
        #expect(server.address == address)
        let client = HTTPClientConnection(address: address)
        defer { client.close() }
        #expect(try client.send(HTTPRequest(method: "GET", target: "/")).bodyText == "uid \(getuid()) pid \(getpid())")
    }

    @Test func aUnixSocketPathTooLongIsRefusedSayingSo() {
        let address = HTTPAddress.unixSocket("/" + String(repeating: "x", count: 200))
        #expect {
            _ = try HTTPServer(configuration: HTTPServerConfiguration(address: address), handler: Self.echoPeer)
        } throws: { error in
            "\(error)".contains("limited to 107 bytes")
        }
    }
}
