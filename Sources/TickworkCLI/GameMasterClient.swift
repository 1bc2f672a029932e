import APIClient
import CommandLineKit
import FoundationEssentials
import HTTP
import SimulatedMarket

/// The game master's API as an outside client calls it: start a level, poll an instance, stop
/// it. One keep-alive connection to the exchange's root (`http://host:port`), carrying the
/// player's key; a refusal throws the exchange's `error` text.
struct GameMasterClient: Sendable {
    /// The exchange's root, without a trailing slash.
    let root: String
    private let connection: HTTPClientConnection
    private let key: String

    /// The answer to starting (or resuming) a level.
    struct Start: Decodable, Sendable {
        var instanceId: Int
        var account: String
        var venues: [String]
        var tickers: [String]
        var instructions: [String: String]
        var secondsPerTradingDay: Int
    }

    /// Where an instance stands.
    struct Status: Decodable, Sendable {
        var done: Bool
        var id: Int
        var state: String
        var details: Details
        var flash: [String: String]

        struct Details: Decodable, Sendable {
            var tradingDay: Int
            var endOfTheWorldDay: Int
            /// The revealed target, on levels that have one (our extension).
            var targetPriceCents: Int64?
            /// The judge's verdict with its figures (our extension).
            var verdict: LevelVerdict
        }
    }

    /// A client of the exchange at `root` (a URL with no path, or `/`), sending `key`; throws a
    /// usage-level failure for a URL that is not http(s).
    init(root: String, key: String, caFile: String?) throws {
        let endpoint: ExchangeEndpoint
        do {
            endpoint = try ExchangeEndpoint(baseURL: root)
        } catch {
            throw CLIError.failure("--base-url: \(error)")
        }
        self.root = "\(endpoint.scheme)://\(HTTPAddress(host: endpoint.host, port: endpoint.port))"
        let tls = endpoint.scheme == "https" ? try TLSClientContext(caFile: caFile) : nil
        connection = HTTPClientConnection(
            address: HTTPAddress(host: endpoint.host, port: endpoint.port),
            configuration: HTTPClientConfiguration(responseTimeout: .seconds(30)), tls: tls)
        self.key = key
    }

    /// `POST /gm/levels/:level?seed=N`.
    func start(level: String, seed: UInt64) throws -> Start {
        try call("POST", "/gm/levels/\(level)?seed=\(seed)")
    }

    /// `GET /gm/instances/:id`.
    func status(_ id: Int) throws -> Status {
        try call("GET", "/gm/instances/\(id)")
    }

    /// `POST /gm/instances/:id/stop`.
    func stop(_ id: Int) throws {
        let _: Acknowledgement = try call("POST", "/gm/instances/\(id)/stop")
    }

    /// `POST /gm/instances/:id/judge` accusing `account`: the instance's status once judged.
    func judge(_ id: Int, accusing account: String, summary: String) throws -> Status {
        struct Accusation: Encodable {
            var account: String
            var explanation_link: String
            var executive_summary: String
        }
        let body = try JSONEncoder().encode(Accusation(account: account, explanation_link: "", executive_summary: summary))
        return try call("POST", "/gm/instances/\(id)/judge", body: Array(body))
    }

    /// Stops instance `id` before its judge has decided and returns its verdict: failed for
    /// `reason` when the game master had not decided by then.
    func concede(_ id: Int, reason: String) throws -> LevelVerdict {
        try stop(id)
        var verdict = try status(id).details.verdict
        if verdict.outcome == .running {
            verdict.outcome = .failed
            verdict.reason = reason
        }
        return verdict
    }

    /// Closes the connection.
    func close() {
        connection.close()
    }

    private struct Acknowledgement: Decodable {}

    private struct Refusal: Decodable {
        var error: String?
    }

    private func call<Reply: Decodable>(_ method: String, _ target: String, body: [UInt8] = []) throws -> Reply {
        var headers = HTTPHeaders()
        headers.add(name: "X-Starfighter-Authorization", value: key)
        let response: HTTPResponse
        do {
            response = try connection.send(HTTPRequest(method: method, target: target, headers: headers, body: body))
        } catch {
            throw CLIError.failure("the game master at \(root): \(error)")
        }
        let body = Data(response.body)
        guard response.status == 200 else {
            let message = (try? JSONDecoder().decode(Refusal.self, from: body))?.error ?? "HTTP \(response.status)"
            throw CLIError.failure("the game master at \(root): \(method) \(target): \(message)")
        }
        do {
            return try JSONDecoder().decode(Reply.self, from: body)
        } catch {
            throw CLIError.failure("the game master at \(root): \(method) \(target): unexpected answer: \(error)")
        }
    }
}
