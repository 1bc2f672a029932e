import Foundation
import HTTP
import TestSupport

/// A `tickwork exchange` on a free loopback port, with a small client for what tests need:
/// placing liquidity from another account and reading an account's orders.
final class ExchangeFixture {
    let process: SpawnedProcess
    let baseURL: String

    /// Starts the exchange on `listen` (by default a free port), with `bots` trading bots per symbol
    /// and any further `arguments`.
    init(bots: Int = 0, listen: String = "127.0.0.1:0", arguments: [String] = []) async throws {
        let process = try SpawnedProcess(["exchange", "--listen", listen] + (bots > 0 ? ["--bots", String(bots)] : []) + arguments)
        self.process = process
        var url: String?
        await process.wait(upTo: 20) {
            url = process.stdout.split(separator: "\n").first { $0.hasPrefix("listening on ") }
                .map { String($0.dropFirst("listening on ".count)) }
            return url != nil
        }
        guard let url else { throw FixtureError.noAddress(process.stderr) }
        baseURL = url
    }

    /// The HOST:PORT it listens on, for a new exchange in its place once it has stopped.
    var listenAddress: String {
        String(baseURL.dropFirst("http://".count).prefix { $0 != "/" })
    }

    enum FixtureError: Error {
        case noAddress(String)
        case badResponse(String)
    }

    /// Sends a request and returns the JSON object answered.
    func request(_ method: String, _ path: String, body: [String: Any]? = nil) throws -> [String: Any] {
        guard let address = HTTPAddress(parsing: listenAddress) else { throw FixtureError.badResponse("no address in \(baseURL)") }
        var headers = HTTPHeaders()
        headers.add(name: "X-Starfighter-Authorization", value: "test-key")
        if body != nil { headers.add(name: "Content-Type", value: "application/json") }
        let bytes = try body.map { [UInt8](try JSONSerialization.data(withJSONObject: $0)) } ?? []
        let basePath = String(baseURL.dropFirst("http://".count + listenAddress.count))
        let connection = HTTPClientConnection(address: address, configuration: HTTPClientConfiguration(responseTimeout: .seconds(10)))
        defer { connection.close() }
        let response = try connection.send(HTTPRequest(method: method, target: basePath + path, headers: headers, body: bytes))
        guard let object = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any] else {
            throw FixtureError.badResponse("\(method) \(path)")
        }
        return object
    }

    /// Places an order from `account`: by default a limit order, which rests what it does not fill.
    @discardableResult
    func place(account: String, side: String, price: Int, qty: Int, type: String = "limit") throws -> [String: Any] {
        try request("POST", "/venues/TESTEX/stocks/FOOBAR/orders", body: [
            "account": account, "venue": "TESTEX", "stock": "FOOBAR", "price": price, "qty": qty,
            "direction": side, "orderType": type,
        ])
    }

    /// The open orders of `account`.
    func openOrders(of account: String) throws -> [[String: Any]] {
        try orders(of: account).filter { $0["open"] as? Bool == true }
    }

    /// Trades `taker` through every open order of `account`: an immediate-or-cancel order on the
    /// other side at the order's price, for `share(remaining)` shares. Returns how many shares
    /// the taker got.
    @discardableResult
    func trade(through account: String, as taker: String, share: (Int) -> Int) throws -> Int {
        var taken = 0
        for order in try openOrders(of: account) {
            guard let price = order["price"] as? Int, let remaining = order["qty"] as? Int, remaining > 0 else { continue }
            let side = order["direction"] as? String == "buy" ? "sell" : "buy"
            let answer = try place(account: taker, side: side, price: price, qty: share(remaining), type: "immediate-or-cancel")
            taken += answer["totalFilled"] as? Int ?? 0
        }
        return taken
    }

    /// Trades FOOBAR at `price` between EXB123456 (buying `bought`) and SELLER (selling `sold`)
    /// every half second, at most 40 times, until `heard` holds of `process`: a feed opens some
    /// time after its process starts, so one trade may come before it listens.
    func trade(price: Int, bought: Int, sold: Int, until heard: () -> Bool, in process: SpawnedProcess) async throws {
        var rounds = 0
        while !heard(), rounds < 40 {
            try place(account: "EXB123456", side: "buy", price: price, qty: bought)
            try place(account: "SELLER", side: "sell", price: price, qty: sold)
            rounds += 1
            _ = await process.wait(upTo: 0.5, for: heard)
        }
    }

    /// Every order of `account`.
    func orders(of account: String) throws -> [[String: Any]] {
        try request("GET", "/venues/TESTEX/accounts/\(account)/orders")["orders"] as? [[String: Any]] ?? []
    }

    /// The fills of `account`'s orders as (order id, index, price, qty), sorted.
    func fills(of account: String) throws -> [[Int]] {
        try orders(of: account).flatMap { order -> [[Int]] in
            let id = order["id"] as? Int ?? -1
            return (order["fills"] as? [[String: Any]] ?? []).enumerated().map { index, fill in
                [id, index, fill["price"] as? Int ?? -1, fill["qty"] as? Int ?? -1]
            }
        }.sorted { $0.lexicographicallyPrecedes($1) }
    }

    /// Asks the exchange to stop (SIGTERM), for a test's `defer`, which cannot wait; a process
    /// still running when the fixture goes is killed. A test that starts another exchange in
    /// its place calls `stopped()` instead.
    func stop() {
        process.send(SIGTERM)
    }

    /// Stops the exchange and waits (at most ten seconds) until it has exited and freed its port.
    func stopped() async {
        stop()
        _ = await process.exitStatus(within: 10)
    }
}
