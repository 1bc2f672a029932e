import Foundation
import HTTP
import Synchronization
import Testing
import TestSupport

@Suite(.timeLimit(.minutes(10))) struct HTTPServerTests {
    private static func echo(_ request: HTTPRequest) -> HTTPResponse {
        HTTPResponse(status: 200, contentType: "text/plain", text: "\(request.method) \(request.target) \(request.body.count)")
    }

    private func withServer(
        _ configuration: HTTPServerConfiguration = HTTPServerConfiguration(),
        handler: @escaping HTTPServer.Handler = echo, _ body: (HTTPServer) throws -> Void
    ) throws {
        let server = try HTTPServer(configuration: configuration, handler: handler)
        defer { server.stop() }
        try body(server)
    }

    @Test func portZeroBindsLoopbackAndReportsTheBoundPort() throws {
        try withServer { server in
            #expect(server.address.host == "127.0.0.1")
            #expect(server.address.port != 0)
            let response = try HTTPClientConnection(address: server.address).send(HTTPRequest(method: "GET", target: "/hi"))
            #expect(response.bodyText == "GET /hi 0")
        }
    }

    @Test func keepsTheConnectionOpenAcrossRequests() throws {
        try withServer { server in
            let socket = try #require(RawSocket(connectingTo: server.address.port))
            for index in 0..<3 {
                socket.send("GET /\(index) HTTP/1.1\r\nHost: x\r\n\r\n")
                #expect(socket.readResponse()?.bodyText == "GET /\(index) 0")
            }
        }
    }

    @Test func answersPipelinedRequestsInOrder() throws {
        try withServer { server in
            let socket = try #require(RawSocket(connectingTo: server.address.port))
            socket.send("GET /a HTTP/1.1\r\nHost: x\r\n\r\nPOST /b HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\nxyzGET /c HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            let text = String(decoding: socket.readToEnd().bytes, as: UTF8.self)
            let bodies = ["GET /a 0", "POST /b 3", "GET /c 0"]
            #expect(bodies.allSatisfy(text.contains))
            #expect(text.range(of: "GET /a 0")!.lowerBound < text.range(of: "POST /b 3")!.lowerBound)
        }
    }

    @Test func connectionCloseIsHonouredAfterTheResponse() throws {
        try withServer { server in
            let socket = try #require(RawSocket(connectingTo: server.address.port))
            socket.send("GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            let (bytes, closed) = socket.readToEnd()
            #expect(closed)
            #expect(String(decoding: bytes, as: UTF8.self).contains("Connection: close"))
        }
    }

    @Test func http10ClosesUnlessAskedToKeepAlive() throws {
        try withServer { server in
            let socket = try #require(RawSocket(connectingTo: server.address.port))
            socket.send("GET / HTTP/1.0\r\n\r\n")
            #expect(socket.readToEnd().closed)
        }
    }

    @Test func expectContinueGetsAnInterimResponseBeforeTheBody() throws {
        try withServer { server in
            let socket = try #require(RawSocket(connectingTo: server.address.port))
            socket.send("POST /e HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nExpect: 100-continue\r\n\r\n")
            let interim = socket.readResponseHead()
            #expect(String(decoding: interim, as: UTF8.self) == "HTTP/1.1 100 Continue\r\n\r\n")
            socket.send("abc")
            #expect(socket.readResponse()?.bodyText == "POST /e 3")
        }
    }

    @Test func headRequestGetsLengthButNoBody() throws {
        try withServer { server in
            let socket = try #require(RawSocket(connectingTo: server.address.port))
            socket.send("HEAD /x HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            let text = String(decoding: socket.readToEnd().bytes, as: UTF8.self)
            #expect(text.hasSuffix("Content-Length: 9\r\nConnection: close\r\n\r\n"))
        }
    }

    @Test(arguments: [
        ("GARBAGE\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nX: \(String(repeating: "a", count: 17_000))\r\n\r\n", 431),
        ("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 70000\r\n\r\n" + String(repeating: "b", count: 70_000), 413),
        ("GET / HTTP/3.0\r\n\r\n", 505),
        ("GET / HTTP/1.1\nHost: x\n\n", 400),
        ("GET / HTTP/1.1\r\n\r\n", 400),
        ("POST / HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 400),
        ("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n1\nx\r\n0\r\n\r\n", 400),
        ("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
            + String(repeating: "1;\(String(repeating: "e", count: 1000))\r\nx\r\n", count: 70), 413),
        ("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n" + String(repeating: "T: v\r\n", count: 100), 431),
    ])
    func refusesBadRequestsWithTheRightStatusAndCloses(request: String, status: Int) throws {
        let configuration = HTTPServerConfiguration(errorResponse: { status, reason in
            HTTPResponse(status: status, contentType: "application/json", text: "{\"ok\":false,\"error\":\"\(reason)\"}")
        })
        try withServer(configuration) { server in
            let socket = try #require(RawSocket(connectingTo: server.address.port))
            socket.send(request)
            let (bytes, closed) = socket.readToEnd()
            var decoder = HTTPResponseDecoder()
            guard case let .response(response, _, keepAlive) = decoder.decode(bytes, requestMethod: "GET", endOfStream: true) else {
                Issue.record("no response to a bad request")
                return
            }
            #expect(response.status == status)
            #expect(response.bodyText.hasPrefix("{\"ok\":false"))
            #expect(!keepAlive)
            #expect(closed)
            // The server goes on serving others.
            #expect(try HTTPClientConnection(address: server.address).send(HTTPRequest(method: "GET", target: "/")).status == 200)
        }
    }

    @Test func stalledClientIsClosedAfterTheIdleTimeOutWhileOthersAreServed() throws {
        try withServer(HTTPServerConfiguration(idleTimeout: .milliseconds(300))) { server in
            let stalled = try #require(RawSocket(connectingTo: server.address.port))
            stalled.send("POST /slow HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\nonly part")
            let client = HTTPClientConnection(address: server.address)
            for index in 0..<20 {
                #expect(try client.send(HTTPRequest(method: "GET", target: "/\(index)")).bodyText == "GET /\(index) 0")
            }
            let (bytes, closed) = stalled.readToEnd()
            #expect(closed)
            #expect(String(decoding: bytes, as: UTF8.self).hasPrefix("HTTP/1.1 408"))
        }
    }

    @Test func tricklingClientIsCutOffAfterTheRequestTimeOut() throws {
        try withServer(HTTPServerConfiguration(idleTimeout: .seconds(30), requestTimeout: .milliseconds(300))) { server in
            let trickler = try #require(RawSocket(connectingTo: server.address.port))
            trickler.send("POST /slow HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n")
            var answer: [UInt8] = []
            // One byte every 50 ms keeps the connection active; bounded at 200 bytes (10 s).
            for _ in 0..<200 {
                trickler.send("x")
                Thread.sleep(forTimeInterval: 0.05)
                let (bytes, closed) = trickler.readToEnd(limit: 0)
                answer += bytes
                if closed { break }
            }
            #expect(String(decoding: answer, as: UTF8.self).hasPrefix("HTTP/1.1 408"))
        }
    }

    /// A head is small and every real client sends it at once: one still arriving after the
    /// header time-out is answered 408 and closed, while a body may take up to the request
    /// time-out.
    @Test func aHeadNotWholeWithinTheHeaderTimeOutIs408ABodyMayTakeLonger() throws {
        try withServer(HTTPServerConfiguration(headerTimeout: .milliseconds(200))) { server in
            let upload = try #require(RawSocket(connectingTo: server.address.port))
            upload.send("POST /up HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\n")
            let slow = try #require(RawSocket(connectingTo: server.address.port))
            slow.send("GET /slow HTTP/1.1\r\nHost: x\r\n")
            let (bytes, closed) = slow.readToEnd(limit: 10_000)
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(closed && text.hasPrefix("HTTP/1.1 408") && text.contains("head"), "\(text)")
            // Its head whole before the slow one's began, the upload has waited longer still.
            upload.send("ok")
            #expect(upload.readResponse(method: "POST")?.bodyText == "POST /up 2")
        }
    }

    @Test(arguments: [1, 2])
    func servesTwoHundredFiftyConcurrentKeepAliveConnections(eventLoops: Int) throws {
        let served = Atomic<Int>(0)
        try withServer(HTTPServerConfiguration(eventLoopCount: eventLoops), handler: { request in
            served.add(1, ordering: .relaxed)
            return HTTPServerTests.echo(request)
        }) { server in
            let clients = (0..<250).map { _ in HTTPClientConnection(address: server.address) }
            // First round opens all 250 connections and leaves them open.
            for (index, client) in clients.enumerated() {
                #expect((try? client.send(HTTPRequest(method: "GET", target: "/open/\(index)")))?.status == 200)
            }
            let failures = Atomic<Int>(0)
            DispatchQueue.concurrentPerform(iterations: clients.count) { index in
                for round in 0..<4 {
                    let target = "/round/\(round)/\(index)"
                    let response = try? clients[index].send(HTTPRequest(method: "POST", target: target, body: [1, 2]))
                    if response?.bodyText != "POST \(target) 2" { failures.add(1, ordering: .relaxed) }
                }
            }
            #expect(failures.load(ordering: .relaxed) == 0)
            #expect(served.load(ordering: .relaxed) == 250 * 5)
            clients.forEach { $0.close() }
        }
    }

    @Test func handlerCanAskToCloseTheConnection() throws {
        try withServer(handler: { _ in HTTPResponse(status: 200, headers: ["Connection": "close"]) }) { server in
            let socket = try #require(RawSocket(connectingTo: server.address.port))
            socket.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(socket.readToEnd().closed)
        }
    }

    @Test func noAnswerClosesTheConnectionAfterEarlierAnswersAndBeforeLaterRequests() throws {
        let handled = Mutex<[String]>([])
        let handler: HTTPServer.Handler = { request in
            handled.withLock { $0.append(request.target) }
            return request.target == "/lost" ? .noAnswer : HTTPServerTests.echo(request)
        }
        try withServer(handler: handler) { server in
            let socket = try #require(RawSocket(connectingTo: server.address.port))
            socket.send("GET /a HTTP/1.1\r\nHost: x\r\n\r\nPOST /lost HTTP/1.1\r\nHost: x\r\n\r\nGET /b HTTP/1.1\r\nHost: x\r\n\r\n")
            let (bytes, closed) = socket.readToEnd()
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(closed)
            #expect(text.contains("GET /a 0"))
            #expect(!text.contains("/lost") && !text.contains("GET /b"))
            #expect(handled.withLock { $0 } == ["/a", "/lost"], "carried out, then nothing more on that connection")
            let next = try HTTPClientConnection(address: server.address).send(HTTPRequest(method: "GET", target: "/c"))
            #expect(next.bodyText == "GET /c 0")
        }
    }

    @Test func stopClosesOpenConnectionsAndTheListener() throws {
        let server = try HTTPServer(handler: HTTPServerTests.echo)
        let socket = try #require(RawSocket(connectingTo: server.address.port))
        socket.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(socket.readResponse() != nil)
        server.stop()
        server.stop()
        #expect(socket.readToEnd().closed)
        // The port can be bound again only once nothing listens there; held, it refuses.
        let reserved = try #require(ReservedPort(server.address.port))
        #expect(RawSocket(connectingTo: reserved.port) == nil)
    }

    @Test func listeningOnATakenPortThrowsCouldNotListen() throws {
        try withServer { server in
            #expect(throws: HTTPError.self) {
                _ = try HTTPServer(configuration: HTTPServerConfiguration(address: server.address), handler: HTTPServerTests.echo)
            }
        }
    }
}
