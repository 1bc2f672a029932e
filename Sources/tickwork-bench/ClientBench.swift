import APIClient
import Foundation
import HTTP
import SimulatedMarket
import StockFighter
import StrategyKit
import Wire

/// Sequential order-book GETs against `VenueServer` on loopback through the exchange client
/// (`CommandInvoker`, envelope check and decoding included) over the keep-alive transport.
/// Prints one JSON object per figure: p50 and p99 latency in microseconds, and the growth of the
/// process's resident memory over `requests` requests. (URLSession, compared here until it left
/// the client, took about 300 µs a request and grew the process by ~170 bytes a request.)
///
/// The book holds `restingOrders` orders; 1,000 unmeasured requests run first.
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
    let book = GetOrderBook(venue: "TESTEX", symbol: "FOOBAR")
    for _ in 0..<1_000 { _ = try await keepAlive.run(book) }
    var latencies = [Int64](repeating: 0, count: requests)
    let clock = ContinuousClock()
    let rssBefore = residentBytes()
    for index in 0..<requests {
        let start = clock.now
        let snapshot = try await keepAlive.run(book)
        let elapsed = clock.now - start
        precondition(snapshot.bids.count + snapshot.asks.count == restingOrders, "the book lost orders")
        latencies[index] = elapsed.components.seconds * 1_000_000_000 + elapsed.components.attoseconds / 1_000_000_000
    }
    let growth = residentBytes() - rssBefore
    latencies.sort()
    let inputs = ["transport": "keep-alive", "requests": "\(requests)", "restingOrders": "\(restingOrders)"]
    for (figure, rank) in [("p50", 0.50), ("p99", 0.99)] {
        let micros = Double(latencies[min(requests - 1, Int(Double(requests) * rank))]) / 1000
        Figure(name: "client.orderbook_get_\(figure)", unit: "us", value: (micros * 10).rounded() / 10, inputs: inputs).print()
    }
    Figure(name: "client.memory_growth", unit: "bytes", value: Double(growth), inputs: inputs).print()
}

/// Order-book decoding throughput: the client's byte-level decoder against `JSONDecoder` on the
/// same body (a book of `restingOrders` entries), in MB/s of JSON. Prints one JSON object per
/// decoder.
public func runBookDecodeBench(restingOrders: Int = 40, iterations: Int = 20_000) throws {
    var entries: [String] = []
    for index in 0..<restingOrders {
        let buy = index % 2 == 0
        entries.append(#"{"price":\#(buy ? 5000 - index : 5100 + index),"qty":\#(10 + index),"isBuy":\#(buy)}"#)
    }
    let bids = stride(from: 0, to: restingOrders, by: 2).map { entries[$0] }.joined(separator: ",")
    let asks = stride(from: 1, to: restingOrders, by: 2).map { entries[$0] }.joined(separator: ",")
    let body = Array(#"{"ok":true,"venue":"TESTEX","symbol":"FOOBAR","bids":[\#(bids)],"asks":[\#(asks)],"ts":"2015-12-04T09:02:16.680986205Z"}"#.utf8)
    let command = GetOrderBook(venue: "TESTEX", symbol: "FOOBAR")
    let context = DecodeContext(receivedAt: .zero)
    let data = Data(body)
    let decoder = JSONDecoder()
    let clock = ContinuousClock()
    var checksum = 0
    let byteLevel = try clock.measure {
        for _ in 0..<iterations {
            checksum &+= try body.withUnsafeBytes { bytes in try command.decode(bytes, context: context) }.bids.count
        }
    }
    let foundation = try clock.measure {
        for _ in 0..<iterations { checksum &+= try decoder.decode(WireBook.self, from: data).bids.count }
    }
    precondition(checksum == iterations * restingOrders, "both decoders see every bid")
    for (name, elapsed) in [("byte-level", byteLevel), ("JSONDecoder", foundation)] {
        let seconds = elapsed.seconds
        let megabytesPerSecond = Double(body.count * iterations) / seconds / 1e6
        Figure(
            name: "client.book_decode", unit: "MB/s", value: megabytesPerSecond.rounded(),
            inputs: ["decoder": name, "bodyBytes": "\(body.count)", "iterations": "\(iterations)"]
        ).print()
    }
}

/// The order book as `JSONDecoder` sees it, for the comparison.
private struct WireBook: Decodable {
    struct Entry: Decodable {
        var price: Int64
        var qty: Int64
        var isBuy: Bool
    }
    var venue: String
    var symbol: String
    var bids: [Entry]
    var asks: [Entry]
    var ts: String
}

/// The process's resident set size, from `/proc/self/statm`.
private func residentBytes() -> Int {
    guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = statm.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}
