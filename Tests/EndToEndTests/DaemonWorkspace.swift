import AlpacaTestSupport
import Foundation
import TestSupport

/// A temporary directory holding a `tickwork run` configuration, the ledger it keeps and its risk
/// state, and what a test reads back from that ledger. The daemon tests of every venue (the
/// exchange, the embedded exchange, Alpaca) share it, so "what did the daemon book" is read one way.
struct DaemonWorkspace {
    private let scratch: TemporaryDirectory
    var directory: String { scratch.path }
    var config: String { directory + "/tickwork.json" }
    var ledger: String { directory + "/ledger.jsonl" }

    /// An empty workspace; a test writes the configuration with `write(exchange:strategies:extra:)`.
    init() throws { scratch = try TemporaryDirectory("tickwork-daemon") }

    /// A workspace trading FirstSteps (buying `quantity`) against `exchange`.
    init(exchange: ExchangeFixture, quantity: Int = 100, extra: String = "") throws {
        try self.init(exchange: exchange, strategies: Self.firstSteps(quantity: quantity), extra: extra)
    }

    /// A workspace running `strategies` (a JSON array) against `exchange`.
    init(exchange: ExchangeFixture, strategies: String, extra: String = "") throws {
        try self.init()
        try write(exchange: exchange, strategies: strategies, extra: extra)
    }

    /// A workspace buying `quantity` AAPL with FirstSteps on the fake Alpaca `alpaca`.
    init(alpaca: FakeAlpaca, quantity: Int, clientOrderPrefix: String? = nil) throws {
        try self.init(
            alpacaBaseURL: alpaca.baseURL, venue: "ALPACA", account: "PA1TEST", strategies: Self.firstSteps(symbol: "AAPL", quantity: quantity),
            clientOrderPrefix: clientOrderPrefix)
    }

    /// A workspace running `strategies` on the Alpaca API at `alpacaBaseURL`.
    init(alpacaBaseURL: String, venue: String, account: String, strategies: String, clientOrderPrefix: String? = nil) throws {
        try self.init()
        let prefix = clientOrderPrefix.map { ", \"clientOrderPrefix\": \"\($0)\"" } ?? ""
        try write(
            exchange: #"{"api": "alpaca", "baseURL": "\#(alpacaBaseURL)", "venue": "\#(venue)", "account": "\#(account)"\#(prefix)}"#,
            strategies: strategies)
    }

    /// Writes the configuration: `strategies` (a JSON array) trading against `exchange`.
    func write(exchange: ExchangeFixture, strategies: String, extra: String = "") throws {
        try write(
            exchange: #"{"baseURL": "\#(exchange.baseURL)", "venue": "TESTEX", "account": "EXB123456"}"#, strategies: strategies, extra: extra)
    }

    /// Writes the configuration: `strategies` (a JSON array) trading on `exchange` (a JSON object),
    /// polling every 50 ms, the ledger synced at every line, `extra` (`, "key": value…`) appended.
    func write(exchange: String, strategies: String, extra: String = "") throws {
        let text = """
            {"version": 1,
             "exchange": \(exchange),
             "pollIntervalMs": 50,
             "strategies": \(strategies),
             "ledger": {"path": "\(ledger)", "fsync": "always"},
             "riskStatePath": "\(directory)/risk.json"\(extra)}
            """
        try text.write(toFile: config, atomically: true, encoding: .utf8)
    }

    /// The strategies of a configuration that buys `quantity` `symbol` with FirstSteps, in orders
    /// of at most `maxOrderQty` (FirstSteps' own default when nil).
    static func firstSteps(symbol: String = "FOOBAR", quantity: Int, maxOrderQty: Int? = 30) -> String {
        let cap = maxOrderQty.map { ", \"maxOrderQty\": \($0)" } ?? ""
        return #"[{"id": "fs", "plugin": "FirstSteps", "symbols": ["\#(symbol)"], "parameters": {"symbol": "\#(symbol)", "quantity": \#(quantity)\#(cap)}}]"#
    }

    /// The ledger's whole lines (a torn last one, left by a kill, is not) as JSON objects, in
    /// order; none while there is no ledger.
    func ledgerLines() throws -> [[String: Any]] {
        guard let text = try? String(contentsOfFile: ledger, encoding: .utf8) else { return [] }
        return try text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { line in
            try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] ?? [:]
        }
    }

    /// The ledger's fills as (order id, index, price, qty), sorted.
    func ledgerFills() throws -> [[Int]] {
        try ledgerLines().map(Self.fill).sorted { $0.lexicographicallyPrecedes($1) }
    }

    /// The fills of the ledger marked `reconciled` (found at start-up, not seen live), sorted.
    func reconciledFills() throws -> [[Int]] {
        try ledgerLines().filter { $0["reconciled"] as? Bool == true }.map(Self.fill).sorted { $0.lexicographicallyPrecedes($1) }
    }

    /// A ledger line's fill as (order id, index, price, qty), its price (units of $0.0001 in
    /// the ledger) in cents.
    static func fill(_ line: [String: Any]) -> [Int] {
        [line["order"] as? Int ?? -1, line["index"] as? Int ?? -1, (line["price"] as? Int).map { $0 / 100 } ?? -1, line["qty"] as? Int ?? -1]
    }

    /// The shares the ledger's fills add up to; 0 while there is no ledger or it cannot be read.
    func bought() -> Int { ((try? ledgerFills()) ?? []).reduce(0) { $0 + $1[3] } }

    func remove() { scratch.remove() }
}
