import Foundation
import HTTP
import HTTPTesting
import Synchronization
import Testing
import TestSupport
import WebSocket

/// The client over TLS, against a stalled server, and the server's back-pressure on a client
/// that never reads.
@Suite(.timeLimit(.minutes(10)))
struct WebSocketClientTests {
    @Test func urlsAreParsedInOnePlace() throws {
        let plain = try #require(WebSocketURL(parsing: "ws://127.0.0.1:8080/ob/api/ws/EXB123/venues/TESTEX/tickertape"))
        #expect(plain.address == HTTPAddress(host: "127.0.0.1", port: 8080))
        #expect(!plain.secure)
        #expect(plain.target == "/ob/api/ws/EXB123/venues/TESTEX/tickertape")
        let secure = try #require(WebSocketURL(parsing: "wss://stream.data.alpaca.markets/v2/iex"))
        #expect(secure.address == HTTPAddress(host: "stream.data.alpaca.markets", port: 443))
        #expect(secure.secure && secure.hostField == "stream.data.alpaca.markets")
        #expect(WebSocketURL(parsing: "wss://[::1]:9000")?.target == "/")
        #expect(WebSocketURL(parsing: "wss://[::1]:9000")?.address.host == "::1")
        #expect(WebSocketURL(parsing: "http://example.com/") == nil)
        #expect(WebSocketURL(parsing: "ws:///path") == nil)
        #expect(WebSocketURL(parsing: "ws://host/a#b") == nil)
    }

    @Test func clientSpeaksOverTLS() throws {
        let certificates = try TestCertificates()
        defer { certificates.remove() }
        let (server, _) = try echoServer()
        defer { server.stop() }
        let front = try TLSFront(backend: server.address, mode: .tls(try certificates.issue("loopback", names: ["IP:127.0.0.1"])))
        defer { front.stop() }
        let events = WebSocketEvents()
        let url = try #require(WebSocketURL(parsing: "wss://127.0.0.1:\(front.address.port)/echo"))
        let client = try WebSocketClient(url: url, tls: try TLSClientContext(caFile: certificates.caFile), onEvent: events.record)
        for index in 0..<20 { client.send(text: "message \(index)") }
        events.wait { $0.messages.count == 20 }
        #expect(events.messages == (0..<20).map { .text("message \($0)") })
        client.close()
        events.wait { $0.closed != nil }
        #expect(events.closed?.0 == .normal)
    }

    @Test func stalledServerEndsTheConnection() throws {
        // The server never pings and never answers: the client's keep-alive deadline passes.
        let limits = WebSocketLimits(pingInterval: .seconds(60), keepAliveTimeout: .seconds(60))
        let start = WebSocketServerStart(limits: limits)
        let server = try HTTPServer { request in .webSocket(request, start: start) }
        defer { server.stop() }
        let events = WebSocketEvents()
        let configuration = WebSocketClientConfiguration(limits: WebSocketLimits(pingInterval: .seconds(60), keepAliveTimeout: .milliseconds(300)))
        _ = try WebSocketClient(url: WebSocketURL(address: server.address, secure: false, target: "/"), configuration: configuration, onEvent: events.record)
        events.wait { $0.closed != nil }
        #expect(events.closed?.0 == .abnormal)
        #expect(events.closed?.1.hasPrefix("stalled") == true)
    }

    @Test func clientAnswersPingsSoTheServerKeepsIt() throws {
        // The server's sweep (every 250 ms at most) pings; its deadline is four sweeps.
        let limits = WebSocketLimits(pingInterval: .milliseconds(50), keepAliveTimeout: .seconds(1))
        let (server, _) = try echoServer(limits: limits)
        defer { server.stop() }
        let events = WebSocketEvents()
        let configuration = WebSocketClientConfiguration(limits: WebSocketLimits(pingInterval: .seconds(60)))
        let client = try WebSocketClient(url: WebSocketURL(address: server.address, secure: false, target: "/echo"), configuration: configuration, onEvent: events.record)
        // Past twice the server's deadline, the connection is still there and echoes.
        usleep(2_500_000)
        #expect(client.send(text: "still here"))
        events.wait { !$0.messages.isEmpty }
        #expect(events.messages == [.text("still here")])
        #expect(events.closed == nil)
        client.close()
    }

    @Test func readerThatNeverReadsIsDroppedAndCountedWhileAnotherKeepsReceiving() throws {
        let connections = Mutex<[String: WebSocketConnection]>([:])
        let limits = WebSocketLimits(sendBufferLimit: 256 * 1024)
        let start = WebSocketServerStart(limits: limits, open: { connection in
            connections.withLock { $0[String(connection.request.path)] = connection }
        })
        let server = try HTTPServer { request in .webSocket(request, start: start) }
        defer { server.stop() }
        let slow = try #require(upgradedSocket(server, target: "/slow"))
        var small: Int32 = 4096
        setsockopt(slow.fd, SOL_SOCKET, SO_RCVBUF, &small, socklen_t(MemoryLayout<Int32>.size))
        let events = WebSocketEvents()
        let client = try WebSocketClient(url: WebSocketURL(address: server.address, secure: false, target: "/fast"), onEvent: events.record)
        defer { client.close() }
        #expect(waitUntil { connections.withLock { $0.count } == 2 })
        let (slowConnection, fastConnection) = try connections.withLock { (try #require($0["/slow"]), try #require($0["/fast"])) }
        let payload = String(repeating: "x", count: 4096)
        var sent = 0
        // Lock-step with the reading client; the other queue fills until it is dropped.
        while sent < 20_000, slowConnection.send(text: payload) {
            #expect(fastConnection.send(text: payload))
            sent += 1
            events.wait { $0.messages.count == sent }
        }
        #expect(sent < 20_000)
        #expect(!slowConnection.isOpen)
        #expect(waitUntil { start.slowReadersDropped == 1 })
        #expect(fastConnection.send(text: "after"))
        events.wait { $0.messages.count == sent + 1 }
        #expect(events.messages.count == sent + 1)
        #expect(events.closed == nil)
        #expect(waitUntil { server.connectionCount == 1 })
    }
}
