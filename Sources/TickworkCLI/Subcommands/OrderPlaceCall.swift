import CommandLineKit
import StockFighter
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
        arguments: [symbol, side, qty],
        options: [price, type] + ExchangeConnection.options,
        validate: { invocation throws(CLIError) in
            let type = invocation[Self.type]
            guard type == .market || invocation[Self.price] > 0 else {
                throw .usage("--price: required (in cents) for a \(type.rawValue) order")
            }
        },
        run: run
    )

    static let symbol: Argument<Symbol> = .required("SYMBOL", help: "The stock, e.g. FOOBAR.", parse: .name())
    static let side: Argument<Side> = .required("SIDE", help: "buy or sell.", parse: .oneOf("buy or sell"))
    static let qty: Argument<Quantity> = .required(
        "QTY", help: "Shares, a positive integer.",
        parse: ValueParser { text throws(ValueError) in
            guard let shares = Int64(text), shares > 0 else { throw .expected("a positive integer") }
            return Quantity(shares: shares)
        })
    static let price: Option<Int64> = .defaulted(
        "--price", "CENTS", default: 0, help: "The limit price in cents, e.g. 5100 for $51.00 (required unless --type market).",
        parse: .integer(in: 0...Int64(Int32.max)))
    static let type: Option<OrderType> = .defaulted(
        "--type", "TYPE", default: .limit, help: "limit (default), market, fok (fill-or-kill) or ioc (immediate-or-cancel).",
        parse: ValueParser { text throws(ValueError) in
            guard let type = OrderType(apiName: text) else { throw .expected("limit, market, fok or ioc") }
            return type
        })

    static func run(_ invocation: Invocation) throws -> Int32 {
        if let alpaca = try AlpacaConnection.selected(invocation) {
            return try AlpacaCalls.place(alpaca, OrderRequest(
                symbol: invocation[Self.symbol], side: invocation[Self.side], type: invocation[Self.type],
                price: Price(cents: invocation[Self.price]), qty: invocation[Self.qty]))
        }
        let connection = try ExchangeConnection(invocation)
        let order = PlaceOrder(
            venue: connection.venue, account: connection.account, symbol: invocation[Self.symbol], side: invocation[Self.side],
            type: invocation[Self.type], price: Price(cents: invocation[Self.price]), qty: invocation[Self.qty])
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
}
