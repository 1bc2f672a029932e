import Foundation
import HTTP
import Testing

/// `tickwork exchange` serving the Alpaca API next to StockFighter's, with its --alpaca options.
@Suite(.processHeavy, .timeLimit(.minutes(10))) struct ExchangeAlpacaTests {
    private func get(_ exchange: ExchangeFixture, _ path: String) throws -> (status: Int, json: [String: Any]) {
        let address = try #require(HTTPAddress(parsing: exchange.listenAddress))
        let connection = HTTPClientConnection(address: address, configuration: HTTPClientConfiguration(responseTimeout: .seconds(10)))
        defer { connection.close() }
        var headers = HTTPHeaders()
        headers.add(name: "APCA-API-KEY-ID", value: "PAPER1")
        headers.add(name: "APCA-API-SECRET-KEY", value: "any")
        let response = try connection.send(HTTPRequest(method: "GET", target: path, headers: headers))
        return (response.status, try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any] ?? [:])
    }

    @Test func theExchangeServesAlpacaWithItsStartingCashAndSession() async throws {
        let exchange = try await ExchangeFixture(arguments: ["--alpaca-cash", "2500.5", "--alpaca-session", "00:00-00:01"])
        #expect(exchange.process.stdout.contains("alpaca api on http://\(exchange.listenAddress)"))
        let account = try get(exchange, "/v2/account")
        #expect(account.status == 200)
        #expect(account.json["cash"] as? String == "2500.50")
        let clock = try get(exchange, "/v2/clock")
        #expect(clock.json["next_close"] as? String != nil)
        #expect(try exchange.request("GET", "/venues/TESTEX/heartbeat")["ok"] as? Bool == true, "StockFighter on the same port")
    }

    @Test func badAlpacaOptionsAreUsageErrors() async throws {
        for arguments in [["--alpaca-cash", "1.001"], ["--alpaca-session", "16:00-09:30"], ["--alpaca-rate-limit", "-1"]] {
            let result = try await TickworkProcess.run(["exchange", "--listen", "127.0.0.1:0"] + arguments)
            #expect(result.status == 64, "\(arguments)")
            #expect(result.stderr.contains(arguments[0]), "\(result.stderr)")
        }
    }
}
