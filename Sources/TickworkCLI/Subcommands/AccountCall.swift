import Alpaca
import CommandLineKit

/// `tickwork account`: the Alpaca account's cash, buying power and equity.
enum AccountCall {
    static let command = Command(
        name: "account",
        summary: "Show the account's cash, buying power and equity (Alpaca's API only).",
        options: ExchangeConnection.options,
        run: run
    )

    static func run(_ invocation: Invocation) throws -> Int32 {
        guard let connection = try AlpacaConnection.selected(invocation) else {
            throw CLIError.usage("account: the StockFighter API has no account call; use --api alpaca")
        }
        let account = try connection.call { client throws(AlpacaError) in try await client.account() }
        try connection.print(AlpacaJSON.Account(account)) { AlpacaOutput.text(account) }
        return 0
    }
}
