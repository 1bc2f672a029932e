import CommandLineKit

/// `tickwork clock`: whether the market is open, and its next open and close.
enum ClockCall {
    static let command = Command(
        name: "clock",
        summary: "Show whether the market is open and when it next opens and closes (Alpaca's API only).",
        options: ExchangeConnection.options,
        run: run
    )

    static func run(_ invocation: Invocation) throws -> Int32 {
        guard let connection = try AlpacaConnection.selected(invocation) else {
            throw CLIError.usage("clock: the StockFighter API has no market clock (its venues never close); use --api alpaca")
        }
        return try AlpacaCalls.clock(connection)
    }
}
