import Foundation
import HTTP
import Synchronization
import TestSupport
import WebSocket

/// What a WebSocket client received, for tests to wait on (every wait bounded).
final class WebSocketEvents: Sendable {
    private let events = Mutex<[WebSocketClient.Event]>([])

    func record(_ event: WebSocketClient.Event) { events.withLock { $0.append(event) } }

    var all: [WebSocketClient.Event] { events.withLock { $0 } }

    var messages: [WebSocketMessage] {
        all.compactMap { if case .message(let message) = $0 { message } else { nil } }
    }

    var closed: (WebSocketCloseCode, String)? {
        for event in all { if case let .closed(code, reason) = event { return (code, reason) } }
        return nil
    }

    /// Waits up to 10 s for `condition` (a bound against hanging, not a timing assertion).
    @discardableResult
    func wait(until condition: (WebSocketEvents) -> Bool) -> Bool {
        waitUntil { condition(self) }
    }
}

/// Polls `condition` every millisecond for up to 10 s; whether it held.
@discardableResult
func waitUntil(_ condition: () -> Bool) -> Bool {
    for _ in 0..<10_000 {
        if condition() { return true }
        usleep(1000)
    }
    return condition()
}

/// A server whose `/echo` route echoes every message, and whose other routes are 404.
func echoServer(limits: WebSocketLimits = WebSocketLimits()) throws -> (HTTPServer, WebSocketServerStart) {
    let start = WebSocketServerStart(limits: limits, message: { connection, message in
        switch message {
        case .text(let text): connection.send(text: text)
        case .binary(let bytes): connection.send(binary: bytes)
        }
    })
    let server = try HTTPServer { request in
        request.path == "/echo" ? .webSocket(request, start: start) : HTTPResponse(status: 404)
    }
    return (server, start)
}

/// An upgrade request's bytes for `target`, as a raw client sends it.
func upgradeRequest(_ target: String = "/echo", version: String = "13") -> String {
    "GET \(target) HTTP/1.1\r\nHost: localhost\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: \(version)\r\n\r\n"
}

/// A raw socket upgraded to a WebSocket on `server`: the 101's head is read and checked.
func upgradedSocket(_ server: HTTPServer, target: String = "/echo") -> RawSocket? {
    guard let socket = RawSocket(connectingTo: server.address.port) else { return nil }
    socket.send(upgradeRequest(target))
    var received: [UInt8] = []
    guard socket.read(onto: &received, until: { $0.count >= 4 && Array($0.suffix(4)) == Array("\r\n\r\n".utf8) }) else { return nil }
    let head = String(decoding: received, as: UTF8.self)
    guard head.hasPrefix("HTTP/1.1 101"), head.contains("Sec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo=") else { return nil }
    return socket
}

/// The first close frame's code in `bytes` (frames from a server: unmasked), skipping others.
func closeCode(in bytes: [UInt8]) -> WebSocketCloseCode? {
    var decoder = WebSocketDecoder(role: .client, maxMessageSize: 1 << 24)
    var code: WebSocketCloseCode?
    _ = bytes.withUnsafeBytes { raw in
        decoder.feed(raw) { event in
            if case .close(let found, _) = event, code == nil { code = found }
        }
    }
    return code
}
