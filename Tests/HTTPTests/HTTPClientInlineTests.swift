import Foundation
import HTTP
import Synchronization
import Testing

/// `sendInline`: a request answered on the caller's thread, handed over when slow, and never
/// given another request's answer.
@Suite(.timeLimit(.minutes(10))) struct HTTPClientInlineTests {
    /// A server that answers each request with its target, after 300 ms for `/slow`, and counts
    /// the requests it has seen.
    private final class EchoServer: Sendable {
        final class Count: Sendable { let value = Atomic<Int>(0) }
        let server: HTTPServer
        private let count = Count()
        var requests: Int { count.value.load(ordering: .relaxed) }

        init(idleTimeout: Duration = .seconds(30)) throws {
            let count = self.count
            server = try HTTPServer(configuration: HTTPServerConfiguration(idleTimeout: idleTimeout)) { request in
                count.value.add(1, ordering: .relaxed)
                if request.target == "/slow" { Thread.sleep(forTimeInterval: 0.3) }
                return HTTPResponse(status: 200, contentType: "text/plain", text: request.target)
            }
        }
    }

    private static func get(_ target: String) -> HTTPRequest { HTTPRequest(method: "GET", target: target) }

    /// Runs `body` with a connection to an echo server, opened by one request unless `open` is
    /// false, and closed after.
    private func connected(open: Bool = true, idleTimeout: Duration = .seconds(30), _ body: (EchoServer, HTTPClientConnection) throws -> Void) throws {
        let echo = try EchoServer(idleTimeout: idleTimeout)
        defer { echo.server.stop() }
        let client = HTTPClientConnection(address: echo.server.address)
        defer { client.close() }
        if open { _ = try client.send(Self.get("/open")) }
        try body(echo, client)
    }

    /// Whether `outcome` is `.unfinished`, recording an issue when it is not.
    private static func isUnfinished(_ outcome: InlineOutcome) -> Bool {
        guard case .unfinished = outcome else {
            Issue.record("expected the answer unfinished, got \(outcome)")
            return false
        }
        return true
    }

    private static func body(_ outcome: InlineOutcome) -> String? {
        guard case .done(.success(let response)) = outcome else { return nil }
        return response.bodyText
    }

    private static func body(_ result: Result<HTTPResponse, HTTPError>) -> String? {
        guard case .success(let response) = result else { return nil }
        return response.bodyText
    }

    @Test func onAnOpenConnectionTheCallerGetsTheAnswerItself() throws {
        try connected { _, client in
            #expect(Self.body(client.sendInline(Self.get("/1"), budget: .seconds(5))) == "/1")
            #expect(Self.body(client.sendInline(HTTPRequest(method: "POST", target: "/2", body: [1]), budget: .seconds(5))) == "/2")
        }
    }

    @Test func beforeTheConnectionIsOpenNothingIsSentInline() throws {
        try connected(open: false) { echo, client in
            guard case .declined = client.sendInline(Self.get("/1"), budget: .seconds(5)) else {
                Issue.record("expected the request declined")
                return
            }
            #expect(echo.requests == 0)
        }
    }

    @Test func aConnectionTheServerClosedIsNotUsedInline() throws {
        try connected(idleTimeout: .milliseconds(100)) { echo, client in
            // The server's idle time-out closes the connection; the test goes on once it has.
            #expect(client.waitForPeerClose(), "the server did not close the idle connection")
            guard case .declined = client.sendInline(HTTPRequest(method: "POST", target: "/o", body: [1]), budget: .seconds(5)) else {
                Issue.record("expected the request declined")
                return
            }
            #expect(echo.requests == 1)
            let again = try client.send(Self.get("/again"))
            #expect(again.bodyText == "/again")
        }
    }

    @Test func aSlowAnswerIsLeftUnfinishedAndFinishedLaterByAThreadThatMayBlock() throws {
        try connected { _, client in
            guard Self.isUnfinished(client.sendInline(Self.get("/slow"), budget: .milliseconds(1))) else { return }
            #expect(Self.body(client.finishInline()) == "/slow")
        }
    }

    @Test func whileAnAnswerIsOwedTheNextRequestFinishesItFirstAndEachGetsItsOwn() throws {
        try connected { _, client in
            guard Self.isUnfinished(client.sendInline(Self.get("/slow"), budget: .milliseconds(1))) else { return }
            guard case .declined = client.sendInline(Self.get("/inline"), budget: .seconds(5)) else {
                Issue.record("expected a second inline request declined while one is owed")
                return
            }
            let next = try client.send(Self.get("/next"))
            #expect(next.bodyText == "/next")
            #expect(Self.body(client.finishInline()) == "/slow")
            #expect(Self.body(client.sendInline(Self.get("/after"), budget: .seconds(5))) == "/after")
        }
    }

    @Test func closedWhileAnAnswerIsOwedItIsReportedLostAfterSending() throws {
        try connected { _, client in
            guard Self.isUnfinished(client.sendInline(HTTPRequest(method: "POST", target: "/slow", body: [1]), budget: .milliseconds(1))) else { return }
            client.close()
            guard case .failure(.connectionLost(requestSent: true)) = client.finishInline() else {
                Issue.record("expected connectionLost after sending")
                return
            }
        }
    }

    @Test func anAnswerThatNeverComesTimesOutWhenFinishedAfterSending() {
        let server = ScriptedServer { socket in
            _ = socket.readResponseHead()
            socket.send("HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nfirst")
            _ = socket.readToEnd(limit: 1500)
        }
        let client = HTTPClientConnection(
            address: HTTPAddress(host: "127.0.0.1", port: server.port),
            configuration: HTTPClientConfiguration(connectTimeout: .seconds(2), responseTimeout: .milliseconds(500)))
        #expect((try? client.send(Self.get("/first")))?.bodyText == "first")
        guard Self.isUnfinished(client.sendInline(HTTPRequest(method: "POST", target: "/o", body: [1]), budget: .milliseconds(1))) else {
            client.close()
            server.finish()
            return
        }
        guard case .failure(.timedOut(requestSent: true)) = client.finishInline() else {
            Issue.record("expected timedOut after sending")
            client.close()
            server.finish()
            return
        }
        client.close()
        server.finish()
    }
}
