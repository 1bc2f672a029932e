import Foundation
import HTTP
import Testing
import TestSupport
import WebSocket

/// The server's WebSocket connections: the upgrade, messages both ways, hostile frames closed
/// with the right code, the keep-alive deadline, and nothing left behind.
@Suite(.timeLimit(.minutes(10)))
struct WebSocketServerTests {
    @Test func clientAndServerExchangeMessagesAndCloseCleanly() throws {
        let (server, _) = try echoServer()
        defer { server.stop() }
        let events = WebSocketEvents()
        let url = try #require(WebSocketURL(parsing: "ws://127.0.0.1:\(server.address.port)/echo"))
        let client = try WebSocketClient(url: url, onEvent: events.record)
        #expect(client.send(text: "Hello"))
        #expect(client.send(binary: [UInt8](repeating: 9, count: 100_000)))
        events.wait { $0.messages.count == 2 }
        #expect(events.messages == [.text("Hello"), .binary([UInt8](repeating: 9, count: 100_000))])
        client.close(code: .normal, reason: "done")
        events.wait { $0.closed != nil }
        #expect(events.closed?.0 == .normal)
        #expect(!client.send(text: "late"))
        #expect(waitUntil { server.connectionCount == 0 })
    }

    @Test func serverCloseReachesTheClientWithItsCode() throws {
        let start = WebSocketServerStart(open: { connection in
            connection.send(text: "welcome")
            connection.close(code: .goingAway, reason: "bye")
        })
        let server = try HTTPServer { request in .webSocket(request, start: start) }
        defer { server.stop() }
        let events = WebSocketEvents()
        let url = WebSocketURL(address: server.address, secure: false, target: "/")
        _ = try WebSocketClient(url: url, onEvent: events.record)
        events.wait { $0.closed != nil }
        #expect(events.messages == [.text("welcome")])
        #expect(events.closed?.0 == .goingAway)
        #expect(events.closed?.1 == "bye")
        #expect(waitUntil { server.connectionCount == 0 })
    }

    @Test func upgradeOfAnotherVersionIsAnswered426() throws {
        let (server, _) = try echoServer()
        defer { server.stop() }
        let socket = try #require(RawSocket(connectingTo: server.address.port))
        socket.send(upgradeRequest(version: "8"))
        let text = String(decoding: socket.readToEnd().bytes, as: UTF8.self)
        #expect(text.hasPrefix("HTTP/1.1 426"))
        #expect(text.contains("Sec-WebSocket-Version: 13"))
    }

    @Test func refusedUpgradeIsTheClientsError() throws {
        let (server, _) = try echoServer()
        defer { server.stop() }
        let url = WebSocketURL(address: server.address, secure: false, target: "/elsewhere")
        #expect(throws: WebSocketClientError.refused(status: 404, reason: "Not Found", body: "")) {
            _ = try WebSocketClient(url: url) { _ in }
        }
    }

    /// Hostile frames: each gets a close frame with its code, then the connection is closed.
    @Test(arguments: [
        ("unmasked", [0x81, 0x05, 0x48, 0x65, 0x6c, 0x6c, 0x6f], WebSocketCloseCode.protocolError),
        ("2^63 length", [0x82, 0xFF, 0x80, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4], .protocolError),
        ("reserved bit", [0xC1, 0x80, 1, 2, 3, 4], .protocolError),
        ("fragmented ping", [0x09, 0x80, 1, 2, 3, 4], .protocolError),
        ("oversized", [0x82, 0xFF, 0, 0, 0, 0, 0x10, 0, 0, 0, 1, 2, 3, 4], .tooBig),
        ("close code 1005", [0x88, 0x82, 0, 0, 0, 0, 0x03, 0xED], .protocolError),
        ("invalid UTF-8", [0x81, 0x82, 0, 0, 0, 0, 0xC3, 0x28], .invalidData),
    ] as [(String, [UInt8], WebSocketCloseCode)])
    func hostileFrameIsClosedWithItsCode(name: String, frame: [UInt8], code: WebSocketCloseCode) throws {
        let (server, _) = try echoServer(limits: WebSocketLimits(maxMessageSize: 64 * 1024))
        defer { server.stop() }
        let socket = try #require(upgradedSocket(server))
        socket.send(frame)
        let (bytes, closed) = socket.readToEnd()
        #expect(closed, "\(name)")
        #expect(closeCode(in: bytes) == code, "\(name)")
        #expect(waitUntil { server.connectionCount == 0 }, "\(name)")
    }

    @Test func interleavedPingIsAnsweredAndTheMessageEchoed() throws {
        let (server, _) = try echoServer()
        defer { server.stop() }
        let socket = try #require(upgradedSocket(server))
        let mask = WebSocketMask(1, 2, 3, 4)
        var bytes: [UInt8] = []
        WebSocketFrame.encode(.text, payload: Array("Hel".utf8), fin: false, mask: mask, into: &bytes)
        WebSocketFrame.encode(.ping, payload: [7], mask: mask, into: &bytes)
        WebSocketFrame.encode(.continuation, payload: Array("lo".utf8), mask: mask, into: &bytes)
        socket.send(bytes)
        var received: [UInt8] = []
        #expect(socket.read(onto: &received) { $0.count >= 10 })
        #expect(received == [0x8A, 0x01, 7, 0x81, 0x05] + Array("Hello".utf8))
    }

    @Test func silentClientIsClosedAtTheKeepAliveDeadline() throws {
        let limits = WebSocketLimits(pingInterval: .seconds(60), keepAliveTimeout: .milliseconds(300))
        let (server, _) = try echoServer(limits: limits)
        defer { server.stop() }
        let socket = try #require(upgradedSocket(server))
        let (bytes, closed) = socket.readToEnd(limit: 10_000)
        #expect(closed)
        #expect(closeCode(in: bytes) == .goingAway)
        #expect(waitUntil { server.connectionCount == 0 })
    }

    @Test func quietClientIsPinged() throws {
        let limits = WebSocketLimits(pingInterval: .milliseconds(100), keepAliveTimeout: .seconds(30))
        let (server, _) = try echoServer(limits: limits)
        defer { server.stop() }
        let socket = try #require(upgradedSocket(server))
        var received: [UInt8] = []
        #expect(socket.read(onto: &received) { $0.count >= 2 })
        #expect(Array(received.prefix(2)) == [0x89, 0x00])
    }
}
