import Foundation
import HTTP
import SimulatedMarket

/// The daemon's two calls on the decision path, straight through `HTTPClientConnection` against
/// `VenueServer` on loopback, one connection, in turns: an order-book GET, then a place POST (a
/// 1-share buy that fills at once against a large resting sell). Prints p50 and p99 latency in
/// microseconds of each: what the exchange and the HTTP layer add to `engine.endToEnd`, without
/// the exchange client or the engine.
///
/// The book holds the sell and one resting bid; 1,000 unmeasured turns run first.
func runServerPlaceBench(turns: Int = 20_000) throws {
    let server = try VenueServer(configuration: try VenueConfiguration())
    defer { server.stop() }
    let connection = HTTPClientConnection(address: server.address)
    defer { connection.close() }
    let ordersPath = "/ob/api/venues/TESTEX/stocks/FOOBAR/orders"
    func post(_ body: String) -> HTTPRequest {
        HTTPRequest(method: "POST", target: ordersPath, headers: ["Content-Type": "application/json"], body: Array(body.utf8))
    }
    let warmUp = 1_000
    for seed in [
        #"{"account":"SELLER","venue":"TESTEX","stock":"FOOBAR","price":5010,"qty":\#(turns + warmUp + 10),"direction":"sell","orderType":"limit"}"#,
        #"{"account":"SELLER","venue":"TESTEX","stock":"FOOBAR","price":5000,"qty":100,"direction":"buy","orderType":"limit"}"#,
    ] {
        let status = try connection.send(post(seed)).status
        precondition(status == 200, "the seed order is placed")
    }
    let book = HTTPRequest(method: "GET", target: "/ob/api/venues/TESTEX/stocks/FOOBAR")
    let place = post(#"{"account":"EXB123456","venue":"TESTEX","stock":"FOOBAR","price":5010,"qty":1,"direction":"buy","orderType":"limit"}"#)
    var gets: [UInt64] = [], places: [UInt64] = []
    gets.reserveCapacity(turns)
    places.reserveCapacity(turns)
    for turn in 0..<(warmUp + turns) {
        let start = monotonicNanoseconds()
        let booked = try connection.send(book)
        let between = monotonicNanoseconds()
        let placed = try connection.send(place)
        let end = monotonicNanoseconds()
        precondition(booked.status == 200 && placed.status == 200, "the book and the placement are answered")
        guard turn >= warmUp else { continue }
        gets.append(between - start)
        places.append(end - between)
    }
    let inputs = ["connection": "1, keep-alive", "turns": String(turns), "order": "1-share limit buy, fills at once"]
    for (name, samples) in [("orderbook_get", gets.sorted()), ("place", places.sorted())] {
        for (label, rank) in [("p50", 0.5), ("p99", 0.99)] {
            let micros = Double(percentile(samples, rank)) / 1_000
            Figure(name: "server.\(name)_latency_\(label)", unit: "us", value: (micros * 10).rounded() / 10, inputs: inputs).print()
        }
    }
}
