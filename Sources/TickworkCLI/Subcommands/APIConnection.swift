import Brokerage
import CommandLineKit
import Lifecycle
import Live

/// What every one-call command does with its connection, whichever API it speaks: run one call
/// on the client, turning the API's error into a one-line failure that names the endpoint, and
/// print the result as JSON (`--json`) or as text. `ExchangeConnection` (StockFighter) and
/// `AlpacaConnection` say how to reach their API; this says how a call goes.
protocol APIConnection {
    associatedtype Client: Sendable
    /// The error the client's calls throw.
    associatedtype Failure: Error

    var client: Client { get }
    /// Whether to print JSON (`--json`).
    var json: Bool { get }
    /// The API and the URL a failure names: `exchange http://127.0.0.1:8080/ob/api`.
    var endpoint: String { get }
}

extension APIConnection {
    /// Runs `call` on the client and returns its result; the API's error becomes a one-line
    /// failure naming the endpoint.
    func call<T: Sendable>(_ call: @escaping @Sendable (Client) async throws(Failure) -> T) throws -> T {
        let client = self.client
        do {
            return try runBlocking { try await call(client) }
        } catch let error as Failure {
            throw CLIError.failure("\(endpoint): \(error)")
        }
    }

    /// Runs `call`, a `Broker`'s, and returns its result; the broker's error becomes a
    /// one-line failure naming the endpoint.
    func callBroker<T: Sendable>(_ call: @escaping @Sendable () async throws(BrokerError) -> T) throws -> T {
        do {
            return try runBlocking { try await call() }
        } catch let error as BrokerError {
            throw CLIError.failure("\(endpoint): \(error)")
        }
    }

    /// Prints `value` as JSON with `--json`, else `text()`.
    func print(_ value: some Encodable, text: () -> String) throws {
        if json {
            Console.out(try JSONOutput.encode(value))
        } else {
            Console.out(text(), terminator: "")
        }
    }
}
