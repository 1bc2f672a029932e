import Exchange
import Foundation
import HTTP
import StrategyKit
import Venue

/// Sequential order-book GETs against `VenueServer` on loopback through the exchange client
/// (`CommandInvoker`, envelope check and decoding included), once over the keep-alive transport
/// and once over `URLSessionTransport`. Prints one JSON object per figure: p50 and p99 latency in
/// microseconds, and the growth of the process's resident memory over `requests` requests.
///
/// The book holds `restingOrders` orders; each transport first runs 1,000 unmeasured requests.
public func runClientBench(requests: Int = 100_000, restingOrders: Int = 40) async throws {
    let server = try VenueServer(configuration: try VenueConfiguration())
    defer { server.stop() }
    let baseURL = "http://\(server.address)/ob/api"
    let policy = RetryPolicy(attemptTimeout: .seconds(10), maxAttempts: 1)
    let keepAlive = CommandInvoker(
        transport: try ExchangeEndpoint(baseURL: baseURL).makeTransport(timeout: policy.attemptTimeout), apiKey: nil, policy: policy)
    for index in 0..<restingOrders {
        let buy = index % 2 == 0
        _ = try await keepAlive.run(PlaceOrder(
            venue: "TESTEX", account: "BENCH", symbol: "FOOBAR", side: buy ? .buy : .sell,
            price: Price(cents: Int64(buy ? 5000 - index : 5100 + index)), qty: Quantity(shares: Int64(10 + index))))
    }
    let origin = URL(string: "http://\(server.address)")
    guard let origin else { preconditionFailure("a server address forms a URL") }
    let urlSession = CommandInvoker(transport: URLSessionTransport(origin: origin), apiKey: nil, policy: policy)
    let book = GetOrderBook(venue: "TESTEX", symbol: "FOOBAR")
    for (name, invoker) in [("keep-alive", keepAlive), ("URLSession", urlSession)] {
        for _ in 0..<1_000 { _ = try await invoker.run(book) }
        var latencies = [Int64](repeating: 0, count: requests)
        let clock = ContinuousClock()
        let rssBefore = residentBytes()
        for index in 0..<requests {
            let start = clock.now
            let snapshot = try await invoker.run(book)
            let elapsed = clock.now - start
            precondition(snapshot.bids.count + snapshot.asks.count == restingOrders, "the book lost orders")
            latencies[index] = elapsed.components.seconds * 1_000_000_000 + elapsed.components.attoseconds / 1_000_000_000
        }
        let growth = residentBytes() - rssBefore
        latencies.sort()
        let inputs = #"{"transport":"\#(name)","requests":\#(requests),"restingOrders":\#(restingOrders)}"#
        for (figure, rank) in [("p50", 0.50), ("p99", 0.99)] {
            let micros = Double(latencies[min(requests - 1, Int(Double(requests) * rank))]) / 1000
            print(#"{"name":"client.orderbook_get_\#(figure)","unit":"us","value":\#((micros * 10).rounded() / 10),"inputs":\#(inputs)}"#)
        }
        print(#"{"name":"client.memory_growth","unit":"bytes","value":\#(growth),"inputs":\#(inputs)}"#)
    }
}

/// The process's resident set size, from `/proc/self/statm`.
private func residentBytes() -> Int {
    guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = statm.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}
