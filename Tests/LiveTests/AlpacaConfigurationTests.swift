import Foundation
import Live
import Testing

/// `"exchange": {"api": "alpaca", ...}` and its keys.
@Suite(.timeLimit(.minutes(10))) struct AlpacaConfigurationTests {
    func parse(_ exchange: String) throws -> Configuration {
        let text = """
            {"version": 1, "exchange": \(exchange),
             "strategies": [{"id": "fs", "plugin": "FirstSteps", "symbols": ["AAPL"], "parameters": {"quantity": 1}}]}
            """
        return try Configuration.parse(Data(text.utf8), file: "test.json", directory: "/etc/tickwork")
    }

    func error(_ exchange: String) -> String? {
        do {
            _ = try parse(exchange)
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test func stockFighterStaysTheDefault() throws {
        #expect(try parse(#"{"baseURL": "http://127.0.0.1:8080/ob/api"}"#).exchange.api == .stockFighter)
    }

    @Test func alpacaKeysAndTheirDefaults() throws {
        let configuration = try parse(#"{"api": "alpaca", "baseURL": "https://paper-api.alpaca.markets", "marketDataURL": "https://data.alpaca.markets"}"#)
        #expect(configuration.exchange.apiKey == .environment("APCA_API_KEY_ID"))
        #expect(configuration.exchange.api == .alpaca(AlpacaSettings(
            marketDataURL: "https://data.alpaca.markets", secret: .environment("APCA_API_SECRET_KEY"), extendedHours: false)))
        let files = try parse(#"{"api": "alpaca", "baseURL": "http://h", "apiKeyFile": "id", "apiSecretFile": "secret", "extendedHours": true}"#)
        #expect(files.exchange.api == .alpaca(AlpacaSettings(marketDataURL: nil, secret: .file("secret"), extendedHours: true)))
    }

    /// Each configuration's default prefix is its ledger's (two configurations trading one
    /// account have two ledgers); a prefix given is kept, and a malformed one refused.
    @Test func theClientOrderPrefixIsTheConfigurationsOwn() throws {
        let alpaca = #"{"api": "alpaca", "baseURL": "https://paper-api.alpaca.markets", "clientOrderPrefix": "desk-2"}"#
        #expect(try parse(alpaca).clientOrderPrefix == "desk-2")
        var one = try parse(#"{"api": "alpaca", "baseURL": "https://paper-api.alpaca.markets"}"#)
        var two = one
        one.ledger.path = "/var/lib/tickwork/one.jsonl"
        two.ledger.path = "/var/lib/tickwork/two.jsonl"
        #expect(one.clientOrderPrefix != two.clientOrderPrefix)
        for prefix in [one.clientOrderPrefix, two.clientOrderPrefix] {
            #expect(prefix.count == 9 && prefix.hasPrefix("tw-") && prefix.dropFirst(3).allSatisfy(\.isHexDigit), "\(prefix)")
        }
        for bad in ["", "-tw", "tw-", "tw 1", "tw_1", String(repeating: "a", count: 33)] {
            let text = #"{"api": "alpaca", "baseURL": "https://x.example", "clientOrderPrefix": "\#(bad)"}"#
            #expect(error(text)?.contains("exchange.clientOrderPrefix") == true, "\(bad)")
        }
        #expect(error(#"{"baseURL": "http://127.0.0.1:8080/ob/api", "clientOrderPrefix": "tw"}"#)?.contains("only for") == true)
    }

    @Test func mistakesAreNamed() {
        #expect(error(#"{"api": "ibkr", "baseURL": "http://h"}"#) == #"test.json: exchange.api: expected "stockfighter" or "alpaca", got "ibkr""#)
        #expect(error(#"{"baseURL": "http://h", "extendedHours": true}"#) == #"test.json: exchange.extendedHours: only for "api": "alpaca""#)
        #expect(error(#"{"api": "alpaca", "baseURL": "http://h", "apiSecret": "s3cret"}"#)?.hasPrefix("test.json: exchange.apiSecret: secrets never go") == true)
        #expect(error(#"{"api": "alpaca", "baseURL": "http://h", "apiSecretEnv": "A", "apiSecretFile": "B"}"#)
            == "test.json: exchange.apiSecretFile: give apiSecretEnv or apiSecretFile, not both")
        #expect(error(#"{"api": "alpaca", "baseURL": "http://h", "marketDataURL": "data.alpaca.markets"}"#)
            == #"test.json: exchange.marketDataURL: expected an http:// or https:// URL, got "data.alpaca.markets""#)
    }

    @Test func shippedAlpacaConfigurationsParse() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        for name in ["alpaca-sim.json", "alpaca-paper.json"] {
            let path = root.appendingPathComponent("config/\(name)").path
            let configuration = try Configuration.parse(
                Data(contentsOf: URL(fileURLWithPath: path)), file: path, directory: root.appendingPathComponent("config").path)
            guard case .alpaca = configuration.exchange.api else { Issue.record("\(name) is not an Alpaca configuration"); continue }
        }
    }
}
