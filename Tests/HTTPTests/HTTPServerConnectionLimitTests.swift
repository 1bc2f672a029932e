import Foundation
import HTTP
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Connection caps: one client address hoarding idle connections loses its oldest ones, and
/// never locks out other clients.
@Suite(.serialized, .timeLimit(.minutes(10))) struct HTTPServerConnectionLimitTests {
    private static func echo(_ request: HTTPRequest) -> HTTPResponse {
        HTTPResponse(status: 200, contentType: "text/plain", text: "\(request.method) \(request.target)")
    }

    /// Raises the soft limit on open files towards `wanted` (within the hard limit) and returns
    /// the limit now in force.
    private static func raiseOpenFileLimit(to wanted: Int) -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 0 }
        if limit.rlim_cur < rlim_t(wanted) {
            limit.rlim_cur = min(rlim_t(wanted), limit.rlim_max)
            _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
            _ = getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        }
        return Int(clamping: limit.rlim_cur)
    }

    /// Waits (up to 10 s) until the server has closed `socket`.
    private func closedByServer(_ socket: RawSocket) -> Bool {
        socket.readToEnd(limit: 10_000).closed
    }

    @Test func twoThousandIdleConnectionsFromOneAddressDoNotLockOutAnother() throws {
        // The test holds both ends of every connection: two descriptors each, plus slack. Where
        // the hard limit is lower, it holds as many as fit (never fewer than the global cap).
        let available = Self.raiseOpenFileLimit(to: 2 * 2000 + 256)
        let holding = min(2000, (available - 256) / 2)
        try #require(holding > 1000, "RLIMIT_NOFILE \(available) too low to exceed the global cap")
        let server = try HTTPServer(configuration: HTTPServerConfiguration(maxConnections: 1000), handler: Self.echo)
        defer { server.stop() }
        var idle: [RawSocket] = []
        for _ in 0..<holding {
            if let socket = RawSocket(connectingTo: server.address.port) { idle.append(socket) }
        }
        #expect(idle.count == holding)
        let other = try #require(RawSocket(connectingTo: server.address.port, from: "127.0.0.2"))
        other.send("GET /other HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(other.readResponse()?.bodyText == "GET /other")
        // The newest of the hoarded connections is served too: only older idle ones were closed.
        let newest = try #require(idle.last)
        newest.send("GET /newest HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(newest.readResponse()?.bodyText == "GET /newest")
        #expect(closedByServer(idle[0]))
    }

    /// With two loops, the connection to close may belong to the loop that did not accept.
    @Test(arguments: [1, 2])
    func aClientOverItsAddressCapLosesItsOldestIdleConnection(eventLoops: Int) throws {
        let configuration = HTTPServerConfiguration(eventLoopCount: eventLoops, maxConnections: 1000, maxConnectionsPerAddress: 20)
        let server = try HTTPServer(configuration: configuration, handler: Self.echo)
        defer { server.stop() }
        var sockets: [RawSocket] = []
        for index in 0..<25 {
            let socket = try #require(RawSocket(connectingTo: server.address.port))
            socket.send("GET /\(index) HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(socket.readResponse()?.bodyText == "GET /\(index)")
            sockets.append(socket)
        }
        for socket in sockets[0..<5] { #expect(closedByServer(socket)) }
        for (index, socket) in sockets.enumerated().dropFirst(5) {
            socket.send("GET /again/\(index) HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(socket.readResponse()?.bodyText == "GET /again/\(index)")
        }
        let other = try #require(RawSocket(connectingTo: server.address.port, from: "127.0.0.2"))
        other.send("GET /other HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(other.readResponse()?.bodyText == "GET /other")
    }

    /// A client that has read a whole response finds the connection idle already, whichever
    /// loop accepts its next one: the connection turns idle before its last bytes are written,
    /// not after (once the CI caught the owner loop between the two with the client ahead).
    @Test func aConnectionIsIdleOnceItsClientHasTheWholeResponse() throws {
        let configuration = HTTPServerConfiguration(eventLoopCount: 2, maxConnectionsPerAddress: 1)
        let server = try HTTPServer(configuration: configuration, handler: Self.echo)
        defer { server.stop() }
        var previous = try #require(RawSocket(connectingTo: server.address.port))
        previous.send("GET /0 HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(previous.readResponse()?.bodyText == "GET /0")
        for round in 1...300 {
            let next = try #require(RawSocket(connectingTo: server.address.port))
            next.send("GET /\(round) HTTP/1.1\r\nHost: x\r\n\r\n")
            try #require(next.readResponse()?.bodyText == "GET /\(round)", "refused in round \(round)")
            #expect(closedByServer(previous))
            previous = next
        }
    }

    /// Half-sent requests once held their connections for the whole request time-out, so that a
    /// client sending none of them in full locked its address out (and, at the global cap,
    /// everyone): the one whose request began first is answered 408 and closed to make room.
    @Test func theOldestHalfSentRequestIsClosedToMakeRoomWhenNoneIsIdle() throws {
        let configuration = HTTPServerConfiguration(maxConnectionsPerAddress: 3)
        let server = try HTTPServer(configuration: configuration, handler: Self.echo)
        defer { server.stop() }
        let starts = [
            "GET /0 HTTP/1.1\r\nHo", "POST /1 HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\n", "GET /2 HTTP/1.1\r\nHo",
        ]
        var halfSent: [RawSocket] = []
        for start in starts {
            let socket = try #require(RawSocket(connectingTo: server.address.port))
            socket.send(start)
            halfSent.append(socket)
            // The server reads each start before the next connection arrives (it answers a probe
            // from another address in between), so all three are mid-request, in this order.
            let probe = try #require(RawSocket(connectingTo: server.address.port, from: "127.0.0.2"))
            probe.send("GET /probe HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(probe.readResponse()?.bodyText == "GET /probe")
        }
        let next = try #require(RawSocket(connectingTo: server.address.port))
        next.send("GET /next HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(next.readResponse()?.bodyText == "GET /next")
        let (bytes, closed) = halfSent[0].readToEnd(limit: 10_000)
        #expect(closed && String(decoding: bytes, as: UTF8.self).hasPrefix("HTTP/1.1 408 "))
        // The younger ones were not touched.
        halfSent[1].send("ok")
        #expect(halfSent[1].readResponse(method: "POST")?.bodyText == "POST /1")
        halfSent[2].send("st: x\r\n\r\n")
        #expect(halfSent[2].readResponse()?.bodyText == "GET /2")
    }
}
