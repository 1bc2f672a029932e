import CommandLineKit
import FoundationEssentials
import HTTP
import Live
import StrategyKit
import Wire

/// `tickwork status`: one screen (or JSON) from a running daemon's monitor, and an exit code
/// for scripts: 0 trading, 1 unreachable, 2 halted.
enum Status {
    static let command = Command(
        name: "status",
        summary: "Show a running daemon's state from its monitor endpoint (exit 0 trading, 1 unreachable, 2 halted).",
        discussion: """
            Reads /api/status from the monitor of a running `tickwork run` (the configuration's \
            "monitor" object; off unless set). Exit status: 0 when it is trading (the account \
            active or reducing, some strategy not halted), 2 when it is halted (the account, or \
            every strategy) or stopping, 1 when the monitor cannot be reached or does not \
            answer with a status. A monitor that requires a token is sent the one in the \
            environment variable that --token-env names.
            """,
        options: [url, config, json, tokenEnv],
        run: run
    )

    static let url: Option<String?> = .optional(
        "--url", "URL", help: "The monitor's address (default: the configuration's monitor.listen, else http://127.0.0.1:9464).")
    static let config: Option<String?> = .optional(
        "--config", "FILE", help: "The configuration naming the monitor (default: $TICKWORK_CONFIG, else the installed one, else the embedded one).")
    static let json: Option<Bool> = .flag("--json", help: "Print the daemon's /api/status document as it is.")
    static let tokenEnv: Option<String?> = .optional(
        "--token-env", "NAME", help: "An environment variable holding the monitor's bearer token.")

    static let unreachableStatus: Int32 = 1
    static let haltedStatus: Int32 = 2

    static func run(_ invocation: Invocation) throws -> Int32 {
        let text = try invocation[Self.url] ?? monitorURL(
            of: DefaultConfiguration.load(invocation[Self.config]))
        guard let address = address(of: text) else {
            throw CLIError.usage("--url: expected http://HOST:PORT, got \"\(text)\"")
        }
        var headers: HTTPHeaders = ["Accept": "application/json"]
        if let name = invocation[Self.tokenEnv] {
            guard let token = ProcessInfo.processInfo.environment[name], !token.isEmpty else {
                throw CLIError.usage("--token-env: the environment variable \(name) is not set")
            }
            headers.set(name: "Authorization", value: "Bearer \(token)")
        }
        let connection = HTTPClientConnection(
            address: address, configuration: HTTPClientConfiguration(connectTimeout: .seconds(2), responseTimeout: .seconds(5)))
        defer { connection.close() }
        let response: HTTPResponse
        do {
            response = try connection.send(HTTPRequest(method: "GET", target: "/api/status", headers: headers))
        } catch {
            Console.err("tickwork: \(text)/api/status: \(error)")
            return unreachableStatus
        }
        guard response.status == 200, let status = try? JSONDecoder().decode(StatusReply.self, from: Data(response.body)) else {
            Console.err("tickwork: \(text)/api/status: answered \(response.status) \(response.reason) without a status")
            return unreachableStatus
        }
        Console.out(invocation[Self.json] ? response.bodyText : screen(status))
        return status.isTrading ? 0 : haltedStatus
    }

    /// Where the configuration's monitor answers: its `monitor.listen`, a wildcard address as
    /// loopback; the default address when it has no monitor.
    static func monitorURL(of configuration: Configuration) -> String {
        let listen = configuration.monitor?.listen ?? MonitorSettings().listen
        guard var address = HTTPAddress(parsing: listen) else { return "http://\(listen)" }
        if ["0.0.0.0", "::", ""].contains(address.host) { address.host = "127.0.0.1" }
        return "http://\(address)"
    }

    /// The host and port of `http://HOST:PORT` (a trailing `/` allowed).
    static func address(of url: String) -> HTTPAddress? {
        guard url.hasPrefix("http://") else { return nil }
        var rest = url.dropFirst("http://".count)
        if rest.hasSuffix("/") { rest = rest.dropLast() }
        return HTTPAddress(parsing: String(rest))
    }

    static func screen(_ status: StatusReply) -> String {
        var lines = [
            "tickwork \(status.version) on \(status.venue), account \(status.account): \(status.trading.summary)\(status.stopped ? ", stopping" : ""); up \(status.uptimeSeconds) s",
            "P&L $\(status.pnl.total) (realized $\(status.pnl.realized), unrealized $\(status.pnl.unrealized)); fills \(status.counters.fills); open orders \(status.openOrders.count)",
        ]
        let poll = status.exchange.lastPollAgeMs.map { "\($0) ms ago" } ?? "never"
        lines.append("exchange: last book poll \(poll); \(status.exchange.errors) errors in \(status.exchange.requests) requests")
        for (venue, stream) in (status.exchange.streams ?? [:]).sorted(by: { $0.key < $1.key }) {
            let state = stream.up ? "trusted" : "down, polling"
            lines.append("stream: \(venue) \(state); \(stream.reconnects) reconnects, \(stream.switches["poll"] ?? 0) switches to polling")
        }
        var rows = [["STRATEGY", "STATE", "P&L"]]
        rows += status.strategies.map { [$0.id, $0.trading.summary, "$\($0.pnl.total)"] }
        lines.append(TextTable.render(rows).trimmingWhitespace)
        if !status.positions.isEmpty {
            var positions = [["STRATEGY", "SYMBOL", "SHARES"]]
            positions += status.positions.map { [$0.strategy, $0.symbol, String($0.shares)] }
            lines.append(TextTable.render(positions, rightAligned: [2]).trimmingWhitespace)
        }
        return lines.joined(separator: "\n")
    }

    /// The fields of `/api/status` the screen shows. Money is read exactly into the SDK's
    /// integer unit and shown as the monitor wrote it (`12.50`, not `12.5`).
    struct StatusReply: Decodable {
        /// An amount of money in decimal dollars, as the monitor writes it; refused when it is
        /// finer than the SDK's unit.
        struct Dollars: Decodable, CustomStringConvertible {
            var money: Money
            var description: String { money.description }

            init(from decoder: any Decoder) throws {
                let container = try decoder.singleValueContainer()
                // Decimal holds the number's digits exactly, and its text gives them back.
                let text = try container.decode(Decimal.self).description
                guard let units = FixedPoint.parse(text, scale: Price.decimalPlaces) else {
                    throw DecodingError.dataCorruptedError(in: container, debugDescription: "\(text) is not an amount of dollars to $0.0001")
                }
                money = Money(units: units)
            }
        }
        struct Trading: Decodable {
            var state: String
            var code: String?
            var summary: String { code.map { "\(state) (\($0))" } ?? state }
        }
        struct PnL: Decodable {
            var realized: Dollars
            var unrealized: Dollars
            var total: Dollars
        }
        struct Strategy: Decodable {
            var id: String
            var trading: Trading
            var pnl: PnL
        }
        struct Position: Decodable {
            var strategy: String
            var symbol: String
            var shares: Int64
        }
        struct Order: Decodable {
            var client: String
        }
        struct Counters: Decodable {
            var fills: Int64
        }
        struct Stream: Decodable {
            var up: Bool
            var reconnects: Int64
            var switches: [String: Int64]
        }
        struct Exchange: Decodable {
            var lastPollAgeMs: Int64?
            var requests: Int64
            var errors: Int64
            /// Absent from a daemon older than the field.
            var streams: [String: Stream]?
        }
        var version: String
        var venue: String
        var account: String
        var uptimeSeconds: Int64
        var stopped: Bool
        var trading: Trading
        var pnl: PnL
        var strategies: [Strategy]
        var positions: [Position]
        var openOrders: [Order]
        var counters: Counters
        var exchange: Exchange

        /// Trading: not stopping, the account not halted, and some strategy not halted.
        var isTrading: Bool {
            !stopped && trading.state != "halted" && (strategies.isEmpty || strategies.contains { $0.trading.state != "halted" })
        }
    }
}
