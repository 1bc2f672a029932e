import APIClient
import HTTP
import HTTPTesting
import SimulatedMarket
import StockFighter
import StrategyKit

/// HTTPS against plain HTTP on loopback: sequential order-book GETs through the exchange client
/// (`CommandInvoker`, decoding included) to one `VenueServer`, and the cost of a TLS handshake.
///
/// TLS is terminated by a `TLSFront` relaying to the server, so each HTTPS request crosses one
/// more loopback hop than a direct one; the same front without TLS (`plain relay`) isolates what
/// TLS itself costs. Prints p50 and p99 in microseconds per transport, and for handshakes the
/// time of a new connection's first GET, with a full handshake and with a resumed one.
/// (URLSession over HTTPS, measured the same way before it left the client, took p50 305 µs
/// where the keep-alive TLS client took 57; see the closing note of issue 15.)
public func runTLSBench(requests: Int = 20_000, handshakes: Int = 1_000, restingOrders: Int = 40) async throws {
    let certificates = try TestCertificates()
    defer { certificates.remove() }
    let identity = try certificates.issue("loopback", names: ["IP:127.0.0.1"])
    let caFile = certificates.caFile
    let server = try VenueServer(configuration: try VenueConfiguration())
    defer { server.stop() }
    let secureFront = try TLSFront(backend: server.address, mode: .tls(identity))
    defer { secureFront.stop() }
    let plainFront = try TLSFront(backend: server.address, mode: .plain)
    defer { plainFront.stop() }
    let policy = RetryPolicy(attemptTimeout: .seconds(10), maxAttempts: 1)
    func invoker(_ baseURL: String) throws -> CommandInvoker {
        CommandInvoker(
            transport: try ExchangeEndpoint(baseURL: baseURL).makeTransport(timeout: policy.attemptTimeout, caFile: caFile),
            apiKey: nil, policy: policy)
    }
    let direct = try invoker("http://\(server.address)/ob/api")
    for index in 0..<restingOrders {
        let buy = index % 2 == 0
        _ = try await direct.run(PlaceOrder(
            venue: "TESTEX", account: "BENCH", symbol: "FOOBAR", side: buy ? .buy : .sell,
            price: Price(cents: Int64(buy ? 5000 - index : 5100 + index)), qty: Quantity(shares: Int64(10 + index))))
    }
    let transports = [
        ("http direct", direct), ("http plain relay", try invoker("http://\(plainFront.address)/ob/api")),
        ("https relay", try invoker("https://\(secureFront.address)/ob/api")),
    ]
    let book = GetOrderBook(venue: "TESTEX", symbol: "FOOBAR")
    for (name, invoker) in transports {
        for _ in 0..<1_000 { _ = try await invoker.run(book) }
        var latencies: [UInt64] = []
        latencies.reserveCapacity(requests)
        for _ in 0..<requests {
            let start = monotonicNanoseconds()
            let snapshot = try await invoker.run(book)
            latencies.append(monotonicNanoseconds() - start)
            precondition(snapshot.bids.count + snapshot.asks.count == restingOrders, "the book lost orders")
        }
        printLatencies(latencies, name: "tls.orderbook_get", inputs: ["transport": name, "requests": "\(requests)", "restingOrders": "\(restingOrders)"])
    }
    try measureHandshakes(secureFront.address, caFile: caFile, count: handshakes)
}

/// New connections' first GETs: each on a fresh connection object (a full handshake) and each
/// after closing one connection (which resumes the session it had).
private func measureHandshakes(_ address: HTTPAddress, caFile: String, count: Int) throws {
    let context = try TLSClientContext(caFile: caFile)
    let request = HTTPRequest(method: "GET", target: "/ob/api/heartbeat")
    var full: [UInt64] = []
    for _ in 0..<count {
        let connection = HTTPClientConnection(address: address, tls: context)
        let start = monotonicNanoseconds()
        _ = try connection.send(request)
        full.append(monotonicNanoseconds() - start)
        connection.close()
    }
    var resumed: [UInt64] = []
    let connection = HTTPClientConnection(address: address, tls: context)
    _ = try connection.send(request)
    for _ in 0..<count {
        connection.close()
        let start = monotonicNanoseconds()
        _ = try connection.send(request)
        resumed.append(monotonicNanoseconds() - start)
    }
    connection.close()
    for (kind, samples) in [("full", full), ("resumed", resumed)] {
        printLatencies(samples, name: "tls.connect_and_get", inputs: ["handshake": kind, "connections": "\(count)"])
    }
}

private func printLatencies(_ samples: [UInt64], name: String, inputs: [String: String]) {
    let sorted = samples.sorted()
    for (figure, rank) in [("p50", 0.50), ("p99", 0.99)] {
        let micros = Double(percentile(sorted, rank)) / 1000
        Figure(name: "\(name)_\(figure)", unit: "us", value: (micros * 10).rounded() / 10, inputs: inputs).print()
    }
}
