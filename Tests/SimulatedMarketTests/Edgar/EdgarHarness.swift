import Foundation
import HTTP
import MarketTestSupport
import Quoting
import SimulatedMarket
import StrategyKit

/// A simulated exchange serving EDGAR for a few directory companies and its own stocks, with a
/// history that ends on a fixed day (so documents do not depend on the day the test runs) and
/// no filing timer (tests file with `VenueServer.fileEdgarFilings()`).
final class EdgarHarness {
    let venue: VenueHarness
    static let agent = "Tickwork tests tests@example.com"
    static let historyEnd = Timestamp(iso8601: "2025-06-30T23:59:59Z")!
    static let directory = [
        DirectoryEntry(symbol: "AAPL", name: "Apple Inc.", exchange: "NASDAQ", type: "Common Stock", cik: 320193, prominence: 4),
        DirectoryEntry(symbol: "GOOG", name: "Alphabet Inc.", exchange: "NASDAQ", type: "Common Stock", cik: 1652044, prominence: 3),
        DirectoryEntry(symbol: "GOOGL", name: "Alphabet Inc.", exchange: "NASDAQ", type: "Common Stock", cik: 1652044, prominence: 2),
        DirectoryEntry(symbol: "BRK.B", name: "Berkshire Hathaway", exchange: "NYSE", type: "Common Stock", cik: 1067983, prominence: 10),
        DirectoryEntry(symbol: "SPY", name: "SPDR S&P 500 ETF Trust", exchange: "NYSE ARCA", type: "ETF"),
    ]

    /// An exchange listing `symbols` on TESTEX beside FOOBAR, its EDGAR seeded `seed`.
    init(symbols: [String] = [], seed: UInt64 = 1, requestsPerSecond: Int = 1_000) throws {
        venue = try VenueHarness(symbols: symbols, botSeed: seed) { configuration in
            configuration.edgar?.directory = Self.directory
            configuration.edgar?.historyEnd = Self.historyEnd
            configuration.edgar?.filingInterval = nil
            configuration.edgar?.filersPerInterval = 2
            configuration.edgar?.requestsPerSecond = requestsPerSecond
        }
    }

    struct Reply {
        var status: Int
        var headers: HTTPHeaders
        var body: [UInt8]
        var text: String { String(decoding: body, as: UTF8.self) }
        /// The body as Foundation's JSONSerialization reads it: the oracle of its shape.
        var json: [String: Any] {
            get throws { try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any] ?? [:] }
        }
    }

    /// `GET path` with the harness's User-Agent (`agent` nil sends none).
    func get(_ path: String, agent: String? = EdgarHarness.agent) throws -> Reply {
        var headers = HTTPHeaders()
        if let agent { headers.add(name: "User-Agent", value: agent) }
        let response = try venue.client.send(HTTPRequest(method: "GET", target: path, headers: headers))
        return Reply(status: response.status, headers: response.headers, body: response.body)
    }

    /// The submissions document of `cik`.
    func submissions(_ cik: Int) throws -> [String: Any] {
        let reply = try get("/submissions/CIK\(Self.padded(cik)).json")
        guard reply.status == 200 else { throw Failure(message: "submissions of \(cik): \(reply.status) \(reply.text)") }
        return try reply.json
    }

    /// Every CIK `company_tickers.json` lists, in its order.
    func listedCIKs() throws -> [Int] {
        let list = try get("/files/company_tickers.json").json
        var ciks: [Int] = []
        for rank in 0..<list.count {
            guard let entry = list[String(rank)] as? [String: Any], let cik = entry["cik_str"] as? Int else { continue }
            if !ciks.contains(cik) { ciks.append(cik) }
        }
        return ciks
    }

    static func padded(_ cik: Int) -> String {
        let digits = String(cik)
        return String(repeating: "0", count: 10 - digits.count) + digits
    }

    struct Failure: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }
}
