import Foundation
import HTTP
import Synchronization
import Testing
import TestSupport

/// Held responses: bytes pushed from another thread reach the client on the open connection,
/// a quiet stream gets heartbeats, a client that falls behind is dropped alone, and stopping the
/// server or the client's closing ends the stream.
@Suite(.timeLimit(.minutes(10))) struct HTTPStreamTests {
    /// The streams the server opened, in order.
    final class Opened: Sendable {
        let streams = Mutex<[HTTPStream]>([])
        var all: [HTTPStream] { streams.withLock { $0 } }
    }

    private static func server(
        _ opened: Opened, bufferLimit: Int = 64 * 1024, heartbeat: Duration = .seconds(15)
    ) throws -> HTTPServer {
        let start = HTTPStreamStart(bufferLimit: bufferLimit, heartbeatInterval: heartbeat, heartbeat: Array(":\n".utf8)) { stream in
            stream.send(Array("hello\n".utf8))
            opened.streams.withLock { $0.append(stream) }
        }
        return try HTTPServer { request in
            request.path == "/stream"
                ? .streaming(headers: ["Content-Type": "text/event-stream"], start: start)
                : HTTPResponse(status: 200, contentType: "text/plain", text: "whole")
        }
    }

    private static func subscribe(_ server: HTTPServer, _ opened: Opened) throws -> (RawSocket, HTTPStream, [UInt8]) {
        let socket = try #require(RawSocket(connectingTo: server.address.port))
        let before = opened.all.count
        socket.send("GET /stream HTTP/1.1\r\nHost: x\r\n\r\n")
        var received: [UInt8] = []
        #expect(socket.read(onto: &received) { String(decoding: $0, as: UTF8.self).hasSuffix("\r\n\r\nhello\n") })
        let stream = try #require(opened.all.dropFirst(before).first)
        return (socket, stream, received)
    }

    private static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test func bytesSentFromAnotherThreadArriveOnTheHeldConnectionUntilFinished() throws {
        let opened = Opened()
        let server = try Self.server(opened)
        defer { server.stop() }
        let (socket, stream, first) = try Self.subscribe(server, opened)
        var received = first
        let head = Self.text(received)
        #expect(head.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(head.contains("Connection: close\r\n") && head.contains("Content-Type: text/event-stream\r\n"))
        #expect(!head.contains("Content-Length"))
        for index in 0..<3 {
            // The test's thread is not the event loop's.
            #expect(stream.send(Array("event \(index)\n".utf8)))
            #expect(socket.read(onto: &received) { Self.text($0).hasSuffix("event \(index)\n") })
        }
        stream.send(Array("last\n".utf8))
        stream.finish()
        let rest = socket.readToEnd()
        #expect(rest.closed)
        #expect(Self.text(received + rest.bytes).hasSuffix("event 2\nlast\n"))
        #expect(!stream.send(Array("late".utf8)))
        // Other requests are still answered whole.
        #expect(try HTTPClientConnection(address: server.address).send(HTTPRequest(method: "GET", target: "/")).bodyText == "whole")
    }

    @Test func aQuietStreamGetsTheHeartbeat() throws {
        let opened = Opened()
        let server = try Self.server(opened, heartbeat: .milliseconds(50))
        defer { server.stop() }
        let (socket, _, first) = try Self.subscribe(server, opened)
        var received = first
        #expect(socket.read(onto: &received) { Self.text($0).hasSuffix("hello\n:\n:\n") })
    }

    @Test func bytesQueuedWhileTheSocketIsFullAreWrittenOnceItDrains() throws {
        let opened = Opened()
        let server = try Self.server(opened, bufferLimit: 64 << 20)
        defer { server.stop() }
        let (socket, stream, first) = try Self.subscribe(server, opened)
        // Far more than loopback's socket buffers hold, so the loop has output pending while the
        // marks below are queued one by one, a few milliseconds apart.
        let bulk = 32 << 20
        #expect(stream.send([UInt8](repeating: 0x61, count: bulk)))
        let marks = (0..<50).map { "mark \($0)\n" }
        for mark in marks {
            #expect(stream.send(Array(mark.utf8)))
            usleep(2_000)
        }
        stream.finish()
        let rest = socket.readToEnd()
        #expect(rest.closed)
        let received = first + rest.bytes
        #expect(received.count == first.count + bulk + marks.joined().utf8.count)
        #expect(Self.text(Array(received.suffix(marks.joined().utf8.count))) == marks.joined())
    }

    @Test func aClientThatFallsBehindIsDroppedWithoutHoldingUpAnother() throws {
        let opened = Opened()
        let server = try Self.server(opened, bufferLimit: 64 * 1024)
        defer { server.stop() }
        let (stalled, slowStream, _) = try Self.subscribe(server, opened)
        let (reading, liveStream, first) = try Self.subscribe(server, opened)
        var received = first
        // The stalled client reads nothing: once its socket is full the queue passes the limit,
        // and the send that would pass it is refused (bounded: 4 GiB would be far past any buffer).
        let chunk = [UInt8](repeating: 0x61, count: 16 * 1024)
        var refused = false
        for _ in 0..<(1 << 18) where !refused { refused = !slowStream.send(chunk) }
        #expect(refused)
        #expect(!slowStream.isOpen)
        #expect(liveStream.send(Array("still here\n".utf8)))
        #expect(reading.read(onto: &received) { Self.text($0).hasSuffix("still here\n") })
        // The stalled client finds its connection closed after what the sockets held.
        #expect(stalled.readToEnd().closed)
    }

    @Test func stoppingTheServerClosesItsStreams() throws {
        let opened = Opened()
        let server = try Self.server(opened)
        let (socket, stream, _) = try Self.subscribe(server, opened)
        server.stop()
        #expect(socket.readToEnd().closed)
        #expect(!stream.send(Array("after stop".utf8)))
    }

    @Test func theClientClosingEndsTheStream() throws {
        let opened = Opened()
        let server = try Self.server(opened)
        defer { server.stop() }
        let (socket, stream, _) = try Self.subscribe(server, opened)
        shutdown(socket.fd, Int32(SHUT_RDWR))
        let deadline = Date().addingTimeInterval(10)
        while stream.send(Array("ping\n".utf8)), Date() < deadline { usleep(10_000) }
        #expect(!stream.isOpen)
    }
}
