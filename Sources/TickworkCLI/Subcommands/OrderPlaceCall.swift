import Alpaca
import CommandLineKit
import StockFighter
import StrategyKit
import Wire

/// `tickwork order place SYMBOL buy|sell QTY [--price PRICE] [--type TYPE] [--tif TIF]
/// [--stop-price PRICE] [--trail PRICE | --trail-percent P] [--bracket EXITS | --oco EXITS]`.
enum OrderPlaceCall {
    static let command = Command(
        name: "place",
        summary: "Place an order for the account.",
        discussion: """
            Sends the order once. If the answer is lost (a time-out or a dropped connection), the \
            order is looked up in the account's orders before anything is concluded: the command \
            reports the order if it was placed, and fails if it was not or cannot be told.
            Prices are in dollars (49.50; cents only with c: 4950c). A stop (market once a trade prints at or through --stop-price), \
            a stop-limit (a limit at --price from then on), a trailing stop (--trail dollars or \
            --trail-percent behind the best price since it was placed), a bracket (this order as \
            the entry, with a take-profit limit and a stop-loss on the other side, one cancelling \
            the other once it fills) and an OCO (a take-profit and a stop-loss for QTY on SIDE, \
            one cancelling the other) must be kept by the venue itself: here the command talks \
            to the broker directly, and on a venue that cannot keep one (the StockFighter API \
            keeps plain orders only) it fails, naming what the venue cannot keep. Only 'tickwork \
            run' emulates them, and its emulation ends with it.
            """,
        arguments: [symbol, side, qty],
        options: [price, type, timeInForce, stopPrice, trail, trailPercent, bracket, oco] + ExchangeConnection.options,
        validate: OrderPlacement.validate,
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
    static let price: Option<Price> = .defaulted(
        "--price", "PRICE", default: .zero,
        help: "The limit price in dollars, e.g. 51.00 (or cents: 5100c; required for limit, fok, ioc and stop-limit).",
        parse: .price(in: .zero ... OrderPlacement.maxPrice))
    static let type: Option<OrderPlacement.Kind> = .defaulted(
        "--type", "TYPE", default: .limit,
        help: "limit (default), market, fok (fill-or-kill), ioc (immediate-or-cancel), stop, stop-limit or trailing-stop.",
        parse: .oneOf("limit, market, fok, ioc, stop, stop-limit or trailing-stop"))
    static let timeInForce: Option<TimeInForce> = .defaulted(
        "--tif", "TIF", default: .day,
        help: "day (default), gtc (until cancelled), opg (the opening auction) or cls (the closing auction); not with fok or ioc.",
        parse: .oneOf("day, gtc, opg or cls"))
    static let stopPrice: Option<Price?> = .optional(
        "--stop-price", "PRICE", help: "A stop's or stop-limit's stop price in dollars, e.g. 49.50.",
        parse: .price(in: OrderPlacement.minPrice ... OrderPlacement.maxPrice))
    static let trail: Option<Price?> = .optional(
        "--trail", "PRICE", help: "A trailing stop's distance in dollars, e.g. 0.50.",
        parse: .price(in: OrderPlacement.minPrice ... OrderPlacement.maxPrice))
    static let trailPercent: Option<Int64?> = .optional(
        "--trail-percent", "P", help: "A trailing stop's distance in percent, at most two decimals, e.g. 1.5.",
        parse: ValueParser { text throws(ValueError) in
            // Hundredths of a percent are basis points: 1.5 is 150.
            guard let points = FixedPoint.parse(text, scale: 2), (1...10_000).contains(points) else {
                throw .expected("a percentage from 0.01 to 100 with at most two decimals")
            }
            return points
        })
    static let bracket: Option<OrderPlacement.Exits?> = .optional(
        "--bracket", "EXITS",
        help: "Make the order (limit or market) a bracket's entry with these exits: take-profit=PRICE,stop-loss=PRICE[,stop-limit=PRICE] in dollars.",
        parse: OrderPlacement.Exits.parser)
    static let oco: Option<OrderPlacement.Exits?> = .optional(
        "--oco", "EXITS", help: "Place an OCO of these exits (as --bracket's) for QTY on SIDE instead; no --type or --price.",
        parse: OrderPlacement.Exits.parser)

    static func run(_ invocation: Invocation) throws -> Int32 {
        let placement = OrderPlacement(invocation)
        if let alpaca = try AlpacaConnection.selected(invocation) {
            try placement.refuseUnkept(by: alpaca.broker(symbols: [invocation[Self.symbol]]).capabilities, at: alpaca.endpoint)
            switch placement {
            case .single(let request): return try AlpacaCalls.place(alpaca, request)
            case .group(let group): return try AlpacaCalls.place(alpaca, group)
            }
        }
        let connection = try ExchangeConnection(invocation)
        try placement.refuseUnkept(
            by: StockFighterBroker(client: connection.client, account: connection.account).capabilities,
            at: "\(connection.endpoint): venue \(connection.venue)")
        guard case .single(let request) = placement else {
            throw CLIError.failure("\(connection.endpoint): the StockFighter API has no order classes")
        }
        let order = PlaceOrder(venue: connection.venue, account: connection.account, request: request)
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
