import MarketTestSupport

/// What the protective-order tests do over and over: post an order body, print a trade between
/// two other accounts, and hold shares to protect.
extension AlpacaHarness {
    /// Posts `body` (a JSON object's members, without the braces) as an Alpaca order on FOOBAR.
    func post(_ members: String) throws -> Reply {
        try call("POST", "/v2/orders", body: #"{"symbol":"FOOBAR","#+members+"}")
    }

    /// `PATCH /v2/orders/{id}` with `members` as the body's.
    func patch(_ id: String?, _ members: String) throws -> Reply {
        try call("PATCH", "/v2/orders/\(id ?? "")", body: "{" + members + "}")
    }

    /// The order `id` now, its legs nested.
    func order(_ id: String?) throws -> Reply { try get("/v2/orders/\(id ?? "")?nested=true") }

    /// One share traded at `cents` between two StockFighter accounts that are not the Alpaca one:
    /// a print that stops follow.
    func print(at cents: Int) throws {
        try rest("buy", 1, at: cents, account: "TAPE1")
        try rest("sell", 1, at: cents, account: "TAPE2")
    }

    /// Buys `qty` FOOBAR at `cents` from a resting sell, so that the account holds shares to protect.
    func hold(_ qty: Int, at cents: Int) throws {
        try rest("sell", qty, at: cents)
        _ = try order("buy", String(qty))
    }

    /// The fills `/v2/account/activities/FILL` lists for order `id`.
    func fills(of id: String?) throws -> [WireJSON] {
        (try get("/v2/account/activities/FILL").json?.array ?? []).filter { $0["order_id"]?.string == id }
    }
}
