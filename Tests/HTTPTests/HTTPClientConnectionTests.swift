import Foundation
import HTTP
import Testing
import TestSupport

@Suite(.timeLimit(.minutes(10))) struct HTTPClientConnectionTests {
    private static let get = HTTPRequest(method: "GET", target: "/q")

    private func scripted(_ script: @escaping @Sendable (RawSocket) -> Void, _ body: (HTTPClientConnection) -> Void) {
        let server = ScriptedServer(script: script)
        let client = HTTPClientConnection(
            address: HTTPAddress(host: "127.0.0.1", port: server.port),
            configuration: HTTPClientConfiguration(connectTimeout: .seconds(2), responseTimeout: .milliseconds(500)))
        body(client)
        client.close()
        server.finish()
    }

    private func result(_ client: HTTPClientConnection, _ request: HTTPRequest = get) -> Result<HTTPResponse, HTTPError> {
        do throws(HTTPError) { return .success(try client.send(request)) } catch { return .failure(error) }
    }

    @Test func reconnectsAfterTheServerClosedAnIdleConnection() throws {
        let server = try HTTPServer(configuration: HTTPServerConfiguration(idleTimeout: .milliseconds(100))) { request in
            HTTPResponse(status: 200, contentType: "text/plain", text: request.target)
        }
        defer { server.stop() }
        let client = HTTPClientConnection(address: server.address)
        #expect(try client.send(HTTPRequest(method: "GET", target: "/1")).bodyText == "/1")
        // The server's idle time-out closes the connection; the test goes on once it has.
        #expect(client.waitForPeerClose(), "the server did not close the idle connection")
        #expect(try client.send(HTTPRequest(method: "POST", target: "/2")).bodyText == "/2")
    }

    @Test func reconnectsAfterAResponseWithConnectionClose() throws {
        let server = try HTTPServer { request in
            HTTPResponse(status: 200, headers: ["Connection": "close"], body: Array(request.target.utf8))
        }
        defer { server.stop() }
        let client = HTTPClientConnection(address: server.address)
        for index in 0..<3 {
            #expect(try client.send(HTTPRequest(method: "POST", target: "/\(index)")).bodyText == "/\(index)")
        }
    }

    @Test func refusedConnectionIsCouldNotConnect() throws {
        let reserved = try #require(ReservedPort())
        let client = HTTPClientConnection(address: HTTPAddress(host: "127.0.0.1", port: reserved.port))
        guard case .failure(.couldNotConnect) = result(client) else {
            Issue.record("expected couldNotConnect")
            return
        }
    }

    @Test func silentServerTimesOutAfterTheRequestWasSent() {
        scripted({ socket in _ = socket.readToEnd(limit: 1500) }) { client in
            #expect(throws: HTTPError.timedOut(requestSent: true)) { try client.send(Self.get) }
        }
    }

    @Test func drippingServerTimesOutWithinTheResponseTimeOut() {
        scripted({ socket in
            socket.send("HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n")
            for _ in 0..<20 {
                socket.send("x")
                Thread.sleep(forTimeInterval: 0.05)
            }
        }) { client in
            #expect(throws: HTTPError.timedOut(requestSent: true)) { try client.send(Self.get) }
        }
    }

    @Test func closeMidResponseIsConnectionLostAfterSending() {
        scripted({ socket in
            _ = socket.readResponseHead()
            socket.send("HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\npartial")
        }) { client in
            #expect(throws: HTTPError.connectionLost(requestSent: true)) {
                try client.send(HTTPRequest(method: "POST", target: "/o", body: [1]))
            }
        }
    }

    @Test func garbageIsMalformedResponse() {
        scripted({ socket in
            _ = socket.readResponseHead()
            socket.send("<html>502 Bad Gateway</html>\r\n\r\n")
        }) { client in
            guard case .failure(.malformedResponse) = result(client) else {
                Issue.record("expected malformedResponse")
                return
            }
        }
    }

    @Test func oversizedResponseIsTooLarge() {
        let server = ScriptedServer { socket in
            _ = socket.readResponseHead()
            socket.send("HTTP/1.1 200 OK\r\nContent-Length: 2000\r\n\r\n")
        }
        let client = HTTPClientConnection(
            address: HTTPAddress(host: "127.0.0.1", port: server.port),
            configuration: HTTPClientConfiguration(limits: HTTPLimits(maxHeadBytes: 1024, maxBodyBytes: 1000)))
        #expect(throws: HTTPError.tooLarge(limit: 1000)) { try client.send(Self.get) }
        client.close()
        server.finish()
    }

    @Test func unresolvableHostIsInvalidAddress() {
        let client = HTTPClientConnection(address: HTTPAddress(host: "no such host.invalid", port: 1))
        guard case .failure(.invalidAddress) = result(client) else {
            Issue.record("expected invalidAddress")
            return
        }
    }
}

extension RawSocket {
    /// Reads until a request head has arrived (the blank line), or the peer stalls.
    func readResponseHead() -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while !String(decoding: bytes, as: UTF8.self).contains("\r\n\r\n") {
            let count = recv(fd, &chunk, chunk.count, 0)
            if count <= 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return bytes
    }
}
