import Foundation
import HTTP
import Monitor
import Testing

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
