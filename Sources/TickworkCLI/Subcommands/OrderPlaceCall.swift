import Exchange
import StrategyKit

/// `tickwork order place SYMBOL buy|sell QTY [--price CENTS] [--type TYPE]`.
enum OrderPlaceCall {
    static let command = Command(
        name: "place",
        summary: "Place an order for the account.",
        discussion: """
            Sends the order once. If the answer is lost (a time-out or a dropped connection), the \
            order is looked up in the account's orders before anything is concluded: the command \
            reports the order if it was placed, and fails if it was not or cannot be told.
            """,
        arguments: [
            ArgumentSpec("SYMBOL", help: "The stock, e.g. FOOBAR."),
            ArgumentSpec("SIDE", help: "buy or sell."),
            ArgumentSpec("QTY", help: "Shares, a positive integer."),
        ],
        options: [
            .value("--price", "CENTS", help: "The limit price in cents, e.g. 5100 for $51.00 (required unless --type market)."),
            .value("--type", "TYPE", help: "limit (default), market, fok (fill-or-kill) or ioc (immediate-or-cancel)."),
        ] + ExchangeConnection.options,
        run: run
    )

    static func run(_ invocation: Invocation) throws -> Int32 {
        let side = try parseSide(invocation.argument(1) ?? "")
        guard let qty = Int64(invocation.argument(2) ?? ""), qty > 0 else {
            throw CLIError.usage("QTY: expected a positive integer, got \"\(invocation.argument(2) ?? "")\"")
        }
        let typeText = invocation.value("--type") ?? "limit"
        guard let type = OrderType(apiName: typeText) else {
            throw CLIError.usage("--type: expected limit, market, fok or ioc, got \"\(typeText)\"")
        }
        let price = try invocation.integer("--price", default: 0, in: 0...Int64(Int32.max))
        guard type == .market || price > 0 else { throw CLIError.usage("--price: required (in cents) for a \(typeText) order") }
        let connection = try ExchangeConnection(invocation)
        let order = PlaceOrder(
            venue: connection.venue, account: connection.account, symbol: Symbol(invocation.argument(0) ?? ""), side: side,
            type: type, price: Price(cents: price), qty: Quantity(shares: qty))
        let outcome = try connection.call { client throws(ExchangeError) -> Outcome in
            do throws(ExchangeError) {
                return .answered(try await client.placeOrder(order))
            } catch .outcomeUnknown(let unknown) {
                return .lost(unknown, try await client.resolve(unknown))
            }
        }
        let placed: OrderStatus
        switch outcome {
        case .answered(let status), .lost(_, .placed(let status)):
            placed = status
        case .lost(let unknown, .notPlaced):
            throw CLIError.failure("exchange \(connection.baseURL): \(unknown.cause); the order is not among the account's orders: it was not placed")
        case .lost(let unknown, .ambiguous(let matches)):
            let ids = matches.map(\.id.description).joined(separator: ", ")
            throw CLIError.failure("exchange \(connection.baseURL): \(unknown.cause); several orders of the account match it (\(ids)): check them with tickwork orders")
        }
        try connection.print(ExchangeJSON.Order(placed)) { ExchangeOutput.text(placed) }
        return 0
    }

    /// What became of the placement: an answer, or a lost answer and what the lookup found.
    private enum Outcome: Sendable {
        case answered(OrderStatus)
        case lost(UnknownPlacement, PlacementResolution)
    }

    private static func parseSide(_ text: String) throws(CLIError) -> Side {
        guard let side = Side(rawValue: text) else { throw .usage("SIDE: expected buy or sell, got \"\(text)\"") }
        return side
    }
}
