import Foundation
import HTTP
@testable import Monitor
import Testing
import TestSupport

/// The monitor's server: where it may listen, and that it answers over a real socket.
@Suite(.timeLimit(.minutes(10))) struct MonitorServerTests {
    @Test func aListenOffLoopbackWithoutATokenIsRefused() throws {
        let fixture = try MonitorFixture()
        #expect(throws: MonitorError.exposedWithoutToken("0.0.0.0:0")) {
            _ = try MonitorServer(listen: "0.0.0.0:0", routes: fixture.routes())
        }
        #expect(throws: MonitorError.badListen("9464")) {
            _ = try MonitorServer(listen: "9464", routes: fixture.routes())
        }
        #expect(throws: MonitorError.emptyToken) {
            _ = try MonitorServer(listen: "127.0.0.1:0", routes: fixture.routes(token: ""))
        }
    }

    @Test func loopbackIsRecognised() {
        #expect(MonitorServer.isLoopback("127.0.0.1"))
        #expect(MonitorServer.isLoopback("127.1.2.3"))
        #expect(MonitorServer.isLoopback("localhost"))
        #expect(MonitorServer.isLoopback("::1"))
        #expect(!MonitorServer.isLoopback("0.0.0.0"))
        #expect(!MonitorServer.isLoopback("::"))
        #expect(!MonitorServer.isLoopback("127.0.0.1.example"))
        #expect(!MonitorServer.isLoopback("10.0.0.1"))
    }

    @Test func itServesTheMetricsOverLoopback() throws {
        let fixture = try MonitorFixture()
        fixture.publish()
        let server = try MonitorServer(listen: "127.0.0.1:0", routes: fixture.routes())
        defer { server.stop() }
        let connection = HTTPClientConnection(address: server.address)
        defer { connection.close() }
        let response = try connection.send(HTTPRequest(method: "GET", target: "/metrics"))
        #expect(response.status == 200)
        #expect(response.bodyText.contains("# TYPE tickwork_books_received_total counter\n"))
    }
}

/// The monitor's server against hostile loopback clients: any web page can make the browser
/// connect to 127.0.0.1, and a name the page's site controls can be pointed there (DNS rebinding).
@Suite(.serialized, .timeLimit(.minutes(10))) struct MonitorServerHostilityTests {
    /// The status line of the response `socket` is sent, and the body text after it; nil when the
    /// stream ends or stalls first.
    static func response(_ socket: RawSocket) -> (status: String, body: String)? {
        var received: [UInt8] = []
        guard socket.read(onto: &received, until: { String(decoding: $0, as: UTF8.self).contains("\r\n\r\n") }) else { return nil }
        let text = String(decoding: received, as: UTF8.self)
        let head = text.components(separatedBy: "\r\n\r\n")[0]
        let lines = head.components(separatedBy: "\r\n")
        let length = lines.first { $0.lowercased().hasPrefix("content-length: ") }.flatMap { Int($0.dropFirst("content-length: ".count)) } ?? 0
        _ = socket.read(onto: &received) { $0.count >= Array(head.utf8).count + 4 + length }
        let body = String(decoding: received.dropFirst(Array(head.utf8).count + 4), as: UTF8.self)
        return (lines[0], body)
    }

    /// The answer to `GET target` sent with `Host: host` (no `Host` field when nil), from `source`.
    static func get(_ server: MonitorServer, _ target: String, host: String?, from source: String = "127.0.0.1") throws -> (status: String, body: String)? {
        let socket = try #require(RawSocket(connectingTo: server.address.port, from: source))
        socket.send("GET \(target) HTTP/1.1\r\n\(host.map { "Host: \($0)\r\n" } ?? "")Connection: close\r\n\r\n")
        return response(socket)
    }

    @Test func onlyLoopbackNamesAreServedAnyOtherHostIs421() throws {
        let fixture = try MonitorFixture()
        fixture.publish()
        let server = try MonitorServer(listen: "127.0.0.1:0", routes: fixture.routes())
        defer { server.stop() }
        let port = server.address.port
        let accepted = ["localhost", "LocalHost:\(port)", "127.0.0.1", "127.0.0.1:\(port)", "[::1]", "[::1]:\(port)"]
        for host in accepted {
            #expect(try Self.get(server, "/api/status", host: host)?.status == "HTTP/1.1 200 OK", "Host: \(host)")
        }
        let refused = [
            "attacker.example", "attacker.example:\(port)", "127.0.0.1.attacker.example", "localhost.attacker.example",
            "127.0.0.3", "[::1]x", "::1", "127.0.0.1:", "127.0.0.1:x", "",
        ]
        for host in refused {
            let answer = try Self.get(server, "/api/status", host: host)
            #expect(answer?.status.hasPrefix("HTTP/1.1 421") == true, "Host: \(host) got \(String(describing: answer))")
            let body = answer?.body ?? ""
            #expect(body.hasSuffix("\n") && body.dropLast().allSatisfy { $0 != "\n" } && body.contains("Host"), "\(body)")
        }
    }

    @Test func aWildcardListenAddsNoNameAndOthersAreMatchedAsHostsAreWritten() {
        let wildcard = MonitorHostCheck(listening: "0.0.0.0")
        #expect(!wildcard.accepts("0.0.0.0") && !wildcard.accepts("0.0.0.0:9464") && wildcard.accepts("localhost:9464"))
        #expect(!MonitorHostCheck(listening: "::").accepts("[::]:9464"))
        let v6 = MonitorHostCheck(listening: "fd00::1")
        #expect(v6.accepts("[fd00::1]:9464") && v6.accepts("[FD00::1]") && !v6.accepts("fd00::1"))
        let named = MonitorHostCheck(listening: "Monitor.Internal")
        #expect(named.accepts("monitor.internal:9464") && !named.accepts("monitor.internal.attacker.example"))
    }

    /// Sends half a request head from `source` on a new connection; the server has read it
    /// once a later probe has been answered.
    static func halfSend(_ server: MonitorServer, from source: String) throws -> RawSocket {
        let socket = try #require(RawSocket(connectingTo: server.address.port, from: source))
        socket.send("GET /api/status HTTP/1.1\r\nHo")
        return socket
    }

    @Test func sixtyFourHalfSentRequestsFromOneAddressDoNotLockItOut() throws {
        let fixture = try MonitorFixture()
        fixture.publish()
        let server = try MonitorServer(listen: "127.0.0.1:0", routes: fixture.routes())
        defer { server.stop() }
        var held: [RawSocket] = []
        for _ in 0..<64 { held.append(try Self.halfSend(server, from: "127.0.0.1")) }
        #expect(try Self.get(server, "/api/status", host: "localhost", from: "127.0.0.2")?.status == "HTTP/1.1 200 OK")
        #expect(try Self.get(server, "/api/status", host: "localhost")?.status == "HTTP/1.1 200 OK")
        #expect(held.count == 64)
    }

    @Test func twoHundredFiftySixHalfSentRequestsDoNotLockOutEveryone() throws {
        let fixture = try MonitorFixture()
        fixture.publish()
        let server = try MonitorServer(listen: "127.0.0.1:0", routes: fixture.routes())
        defer { server.stop() }
        var held: [RawSocket] = []
        for source in ["127.0.0.2", "127.0.0.3", "127.0.0.4", "127.0.0.5"] {
            for _ in 0..<64 { held.append(try Self.halfSend(server, from: source)) }
        }
        #expect(try Self.get(server, "/api/status", host: "localhost", from: "127.0.0.6")?.status == "HTTP/1.1 200 OK")
        #expect(try Self.get(server, "/api/status", host: "localhost", from: "127.0.0.7")?.status == "HTTP/1.1 200 OK")
        #expect(held.count == 256)
    }

    /// A head that stops arriving is answered 408 and closed after a few seconds, not the minute
    /// a whole request may take.
    @Test func aRequestHeadThatStopsArrivingIsClosedWith408() throws {
        let fixture = try MonitorFixture()
        let server = try MonitorServer(listen: "127.0.0.1:0", routes: fixture.routes())
        defer { server.stop() }
        let socket = try Self.halfSend(server, from: "127.0.0.1")
        let (bytes, closed) = socket.readToEnd(limit: 20_000)
        #expect(closed)
        #expect(String(decoding: bytes, as: UTF8.self).hasPrefix("HTTP/1.1 408"))
    }
}
