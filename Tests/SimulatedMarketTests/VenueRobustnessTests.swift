import Foundation
import HTTP
import Lifecycle
import MarketTestSupport
import SimulatedMarket
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

@Suite(.timeLimit(.minutes(10))) struct VenueRobustnessTests {
    private static let ordersPath = "/venues/TESTEX/stocks/FOOBAR/orders"

    @Test(arguments: [
        ("not json", "not a valid JSON object"),
        (#"{"account":"EXB123456","price":100,"qty":1,"direction":"buy""#, "not a valid JSON object"),
        (#"{"account":"EXB123456","price":"100","qty":1,"direction":"buy","orderType":"limit"}"#, "price"),
        (#"{"account":"EXB123456","price":100,"qty":0,"direction":"buy","orderType":"limit"}"#, "qty"),
        (#"{"account":"EXB123456","price":100,"qty":-5,"direction":"buy","orderType":"limit"}"#, "qty"),
        (#"{"account":"EXB123456","price":100,"qty":1,"direction":"up","orderType":"limit"}"#, "direction"),
        (#"{"account":"EXB123456","price":100,"qty":1,"direction":"buy","orderType":"stop"}"#, "orderType"),
        (#"{"account":"EXB123456","qty":1,"direction":"buy","orderType":"limit"}"#, "price"),
        (#"{"account":"EXB123456","price":-1,"qty":1,"direction":"buy","orderType":"limit"}"#, "price"),
        (#"{"price":100,"qty":1,"direction":"buy","orderType":"limit"}"#, "account"),
        (#"{"account":"EXB123456","venue":"OTHER","price":100,"qty":1,"direction":"buy","orderType":"limit"}"#, "venue"),
        (#"{"account":"EXB123456","stock":"OTHER","price":100,"qty":1,"direction":"buy","orderType":"limit"}"#, "stock"),
        (#"{"account":"EXB123456","symbol":"OTHER","price":100,"qty":1,"direction":"buy","orderType":"limit"}"#, "stock"),
        (#"{"account":"EXB123456","price":100,"qty":5000000000000000000,"direction":"buy","orderType":"limit"}"#, "qty"),
        (#"{"account":"EXB123456","price":1000000000000,"qty":1,"direction":"buy","orderType":"limit"}"#, "price"),
        (#"{"account":"EXB123456","price":100,"qty":1.5,"direction":"buy","orderType":"limit"}"#, "qty must be a whole number"),
        (#"{"account":"EXB123456","price":50.25,"qty":1,"direction":"buy","orderType":"limit"}"#, "got 50.25"),
        ("[1,2]", "not a valid JSON object"),
        ("", "body"),
    ])
    func invalidOrdersAre400NamingTheProblemAndBookNothing(body: String, mentions: String) throws {
        // Numbered from 1, so that the next order's id shows the refused one took none.
        let venue = try VenueHarness { $0.firstOrderID = 1 }
        let reply = try venue.call("POST", Self.ordersPath, body: body)
        #expect(reply.status == 400)
        #expect(reply.ok == false)
        #expect(reply.error?.contains(mentions) == true, "\(reply.error ?? "no error")")
        #expect(try venue.place("buy", 1, at: 1).int("id") == 1)
    }

    @Test func marketOrderNeedsNoPrice() throws {
        let venue = try VenueHarness()
        let reply = try venue.call("POST", Self.ordersPath, body: #"{"account":"A","qty":1,"direction":"sell","orderType":"market"}"#)
        #expect(reply.status == 200)
        #expect(reply.int("price") == 0)
    }

    /// Sends raw bytes on a fresh socket and returns the decoded reply and whether the server
    /// closed the connection afterwards.
    private func raw(_ venue: VenueHarness, _ bytes: [UInt8]) throws -> (HTTPResponse?, closed: Bool) {
        let socket = try #require(RawSocket(connectingTo: venue.server.address.port))
        socket.send(bytes)
        let (received, closed) = socket.readToEnd()
        var decoder = HTTPResponseDecoder()
        if case let .response(response, _, _) = decoder.decode(received, requestMethod: "GET", endOfStream: true) {
            return (response, closed)
        }
        return (nil, closed)
    }

    @Test(arguments: [
        ("GET /ob/api/heartbeat\r\n\r\n", 400),
        ("HELLO\r\n\r\n", 400),
        ("GET /ob/api/heartbeat HTTP/1.1\r\nX-Big: \(String(repeating: "x", count: 17 * 1024))\r\n\r\n", 431),
        ("POST /ob/api/venues/TESTEX/stocks/FOOBAR/orders HTTP/1.1\r\nHost: x\r\nContent-Length: 70000\r\n\r\n\(String(repeating: " ", count: 70_000))", 413),
    ])
    func malformedRequestsGetJSONErrorsAndTheServerGoesOn(request: String, status: Int) throws {
        let venue = try VenueHarness()
        let (response, closed) = try raw(venue, Array(request.utf8))
        let reply = try #require(response)
        #expect(reply.status == status)
        #expect(reply.headers["Content-Type"] == "application/json")
        let json = try JSONSerialization.jsonObject(with: Data(reply.body)) as? [String: Any]
        #expect(json?["ok"] as? Bool == false)
        #expect(closed)
        #expect(try venue.get("/heartbeat").status == 200)
    }

    @Test func stalledClientIsClosedWhileOthersTrade() throws {
        let venue = try VenueHarness(idleTimeout: .milliseconds(300))
        let stalled = Thread.detachNewThreadWithResult { [port = venue.server.address.port] in
            stalledExchange(port: port)
        }
        for index in 0..<20 {
            #expect(try venue.place("buy", 1, at: 100 + index).status == 200)
        }
        let (reply, closed) = stalled.wait()
        #expect(reply?.hasPrefix("HTTP/1.1 408") == true)
        #expect(closed)
    }

    @Test func hundredsOfKeepAliveClientsReadTheBookAtOnce() throws {
        let venue = try VenueHarness()
        _ = try venue.place("buy", 5, at: 100)
        let clients = (0..<200).map { _ in HTTPClientConnection(address: venue.server.address) }
        defer { clients.forEach { $0.close() } }
        let request = HTTPRequest(method: "GET", target: "/ob/api/venues/TESTEX/stocks/FOOBAR")
        for client in clients { #expect((try? client.send(request))?.status == 200) }
        let failures = Locked(0)
        DispatchQueue.concurrentPerform(iterations: clients.count) { index in
            for _ in 0..<3 where (try? clients[index].send(request))?.status != 200 { failures.update { $0 += 1 } }
        }
        #expect(failures.get() == 0)
    }
}

/// Sends half a request, then reads what the server says before closing (bounded by 5 s).
private func stalledExchange(port: UInt16) -> (String?, Bool) {
    guard let socket = RawSocket(connectingTo: port) else { return (nil, false) }
    let half = Array("POST /ob/api/venues/TESTEX/stocks/FOOBAR/orders HTTP/1.1\r\nHost: x\r\nContent-Length: 50\r\n\r\n{\"acc".utf8)
    socket.send(half)
    let (received, closed) = socket.readToEnd()
    return (String(decoding: received, as: UTF8.self), closed)
}

extension Thread {
    /// A thread running `body` whose result `wait()` returns.
    final class Result<Value: Sendable>: @unchecked Sendable {
        private let done = DispatchSemaphore(value: 0)
        private var value: Value?
        fileprivate func finish(_ result: Value) {
            value = result
            done.signal()
        }
        func wait() -> Value {
            done.wait()
            return value!
        }
    }

    static func detachNewThreadWithResult<Value: Sendable>(_ body: @escaping @Sendable () -> Value) -> Result<Value> {
        let result = Result<Value>()
        Thread.detachNewThread { result.finish(body()) }
        return result
    }
}
