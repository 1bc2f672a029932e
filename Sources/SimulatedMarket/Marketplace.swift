import Glibc
import MatchingEngine
import StrategyKit
import Synchronization
import Wire

/// The venues' books behind one lock, and the API calls as functions from their inputs to the
/// JSON body of a successful response (refusals are thrown as `APIFailure`).
final class Marketplace: Sendable {
    struct Listing {
        var exchange: Exchange
        let stocks: [ListedStock]
        /// The order-book response up to `"ts":`, per symbol, with the book version it shows.
        var bookPrefixes: [Symbol: (version: UInt64, bytes: [UInt8])] = [:]
        /// When closed orders past the retention's age are next looked for, in nanoseconds.
        var nextAgeSweep = Int64.min
        /// Every trade on the venue, as bars and latest trades, and its quote and trade history.
        var tape = TradeTape()
        /// The exchange's stream subscribers, which the venue's batches of match events reach (the
        /// marketplace's one hub; a listing made alone, in a test, has a hub of its own).
        var streams = StreamHub()
        /// Whether Alpaca's market-data stream carries this venue's trades, quotes and bars.
        var carriesAlpacaData = false
        /// Each stock's quote as the streams last saw it: a change from it is streamed.
        var streamedQuotes: [Symbol: Quote] = [:]
        /// The start of the minute from which closed minute bars have still to be streamed.
        var streamedBarStart: Int64 = 0
    }

    struct State {
        var listings: [Venue: Listing]
        /// Each venue's bots, in listing order so that steps are reproducible.
        var bots: [(venue: Venue, bots: MarketBots)] = []
        /// The bots' steps so far: the market's clock.
        var botSteps = 0
        /// The last time handed out, so that times never go backwards.
        var lastTime: Int64 = 0
        /// How long closed orders are kept; nil keeps them all.
        var retention: OrderRetention?
        /// The Alpaca API's accounts and orders; nil when it is not served.
        var alpaca: AlpacaMarket?

        /// The current wall-clock time, later than every time handed out before.
        mutating func now() -> Timestamp {
            var clock = timespec()
            clock_gettime(CLOCK_REALTIME, &clock)
            lastTime = max(Int64(clock.tv_sec) * 1_000_000_000 + Int64(clock.tv_nsec), lastTime + 1)
            return Timestamp(nanoseconds: lastTime)
        }
    }

    let state: Mutex<State>
    let access: AccessControl
    let streams: StreamHub

    /// Empty books for the configuration's listings, with its bots (seeded from `botSeed` on)
    /// trading every venue, numbering orders from its `firstOrderID` or else from the clock.
    init(configuration: VenueConfiguration) {
        var state = State(listings: [:], retention: configuration.orderRetention)
        let streams = StreamHub()
        let firstOrderID = configuration.firstOrderID ?? Self.firstOrderIDFromClock()
        for (index, listing) in configuration.listings.enumerated() {
            let symbols = listing.stocks.map(\.symbol)
            state.listings[listing.venue] = Listing(
                exchange: Exchange(venue: listing.venue, symbols: symbols, firstOrderID: firstOrderID), stocks: listing.stocks,
                tape: TradeTape(retention: configuration.orderRetention), streams: streams)
            if let bots = configuration.bots {
                let seed = configuration.botSeed &+ UInt64(index)
                state.bots.append((listing.venue, MarketBots(symbols: symbols, configuration: bots, seed: seed)))
            }
        }
        if let alpaca = configuration.alpaca {
            let venue = alpaca.venue ?? configuration.listings.last?.venue ?? VenueListing.testExchange.venue
            state.alpaca = AlpacaMarket(venue: venue, configuration: alpaca, newsSeed: configuration.botSeed, streams: streams)
            state.listings[venue]?.carriesAlpacaData = true
        }
        self.state = Mutex(state)
        self.streams = streams
        access = AccessControl(apiKeys: configuration.apiKeys)
    }

    /// The microseconds since the Unix epoch now: the first order id of an exchange starting now
    /// (see `VenueConfiguration.firstOrderID`).
    static func firstOrderIDFromClock() -> OrderID {
        var clock = timespec()
        clock_gettime(CLOCK_REALTIME, &clock)
        return OrderID(Int64(clock.tv_sec) * 1_000_000 + Int64(clock.tv_nsec) / 1_000)
    }

    /// Lets every venue's bots take one step now.
    func stepBots() {
        state.withLock { state in
            state.botSteps += 1
            let time = state.now()
            for index in state.bots.indices {
                let venue = state.bots[index].venue
                state.expireAlpacaDayOrders(on: venue, at: time)
                // Bots are only made for listed venues, and listings are never removed.
                let events = state.bots[index].bots.step(at: time, on: &state.listings[venue]!.exchange)
                state.record(events, on: venue, at: time)
                let symbols = state.listings[venue]!.exchange.symbols
                Self.forgetClosedOrders(of: &state.listings[venue]!, in: symbols, retention: state.retention, at: time)
            }
            for venue in state.listings.keys { state.listings[venue]!.publishClosedBars(at: time) }
        }
    }

    /// The bots' steps so far.
    var botSteps: Int { state.withLock { $0.botSteps } }

    // MARK: Public calls

    /// 2: `{"ok":true,"venue":V}`.
    func heartbeat(_ venue: Venue) throws(APIFailure) -> [UInt8] {
        try state.withLock { state throws(APIFailure) in _ = try Self.listing(venue, in: &state) }
        var json = JSONWriter(style: .shortEscapes)
        json.raw("{\"ok\":true,\"venue\":")
        json.string(venue.rawValue)
        json.raw("}")
        return json.bytes
    }

    /// 3: the venue's stocks with their company names.
    func stocks(_ venue: Venue) throws(APIFailure) -> [UInt8] {
        let stocks = try state.withLock { state throws(APIFailure) in try Self.listing(venue, in: &state).stocks }
        var json = JSONWriter(style: .shortEscapes)
        json.raw("{\"ok\":true,\"symbols\":[")
        for (index, stock) in stocks.enumerated() {
            json.raw(index == 0 ? "{\"name\":" : ",{\"name\":")
            json.string(stock.name)
            json.raw(",\"symbol\":")
            json.string(stock.symbol.rawValue)
            json.raw("}")
        }
        json.raw("]}")
        return json.bytes
    }

    /// 4: the book's resting orders, best first; the JSON of an unchanged book is reused.
    func book(_ venue: Venue, _ symbol: Symbol) throws(APIFailure) -> [UInt8] {
        var bytes = try state.withLock { state throws(APIFailure) -> [UInt8] in
            let time = state.now()
            var prefix = try Self.cachedBookPrefix(venue, symbol, in: &state)
            prefix.append(UInt8(ascii: "\""))
            time.appendISO8601(to: &prefix)
            return prefix
        }
        bytes.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: "}")])
        return bytes
    }

    /// 6: the quote.
    func quote(_ venue: Venue, _ symbol: Symbol) throws(APIFailure) -> [UInt8] {
        let quote = try state.withLock { state throws(APIFailure) -> Quote in
            let time = state.now()
            let listing = try Self.listing(venue, symbol, in: &state)
            guard let quote = listing.exchange.quote(symbol, at: time) else { throw Self.unknownSymbol(symbol, venue) }
            return quote
        }
        var json = JSONWriter(style: .shortEscapes)
        json.quote(quote)
        return json.bytes
    }

    // MARK: Lookups shared by the calls

    static func listing(_ venue: Venue, in state: inout State) throws(APIFailure) -> Listing {
        guard let listing = state.listings[venue] else { throw .notFound("No venue exists with the symbol \(venue.rawValue).") }
        return listing
    }

    static func listing(_ venue: Venue, _ symbol: Symbol, in state: inout State) throws(APIFailure) -> Listing {
        let listing = try listing(venue, in: &state)
        guard listing.exchange.lists(symbol) else { throw unknownSymbol(symbol, venue) }
        return listing
    }

    static func unknownSymbol(_ symbol: Symbol, _ venue: Venue) -> APIFailure {
        .notFound("symbol \(symbol.rawValue) does not exist on venue \(venue.rawValue)")
    }

    /// Runs `body` on the listing of `venue` in place, or throws 404 for an unknown venue.
    static func withListing<Result>(
        _ venue: Venue, in state: inout State, _ body: (inout Listing) throws(APIFailure) -> Result
    ) throws(APIFailure) -> Result {
        guard state.listings[venue] != nil else { throw .notFound("No venue exists with the symbol \(venue.rawValue).") }
        return try body(&state.listings[venue]!)
    }

    /// Forgets closed orders of `listing` as `retention` asks, when it is time: on a book of
    /// `symbols` holding `slack` more closed orders than it keeps, and on every book once per
    /// sweep interval (when the quote and trade history past the retention's age goes too).
    static func forgetClosedOrders(of listing: inout Listing, in symbols: [Symbol], retention: OrderRetention?, at time: Timestamp) {
        guard let retention else { return }
        let cutoff = Timestamp(nanoseconds: time.nanoseconds &- retention.maxAgeNanoseconds)
        var due = symbols.filter { listing.exchange.closedOrderCount($0) > retention.maxClosedOrders + retention.slack }
        if time.nanoseconds >= listing.nextAgeSweep {
            listing.nextAgeSweep = time.nanoseconds &+ retention.sweepIntervalNanoseconds
            due = listing.exchange.symbols
            listing.tape.forgetHistory(before: cutoff)
        }
        guard !due.isEmpty else { return }
        listing.exchange.forgetClosedOrders(in: due, closedBefore: cutoff, keepingAtMost: retention.maxClosedOrders)
    }

    private static func cachedBookPrefix(_ venue: Venue, _ symbol: Symbol, in state: inout State) throws(APIFailure) -> [UInt8] {
        try withListing(venue, in: &state) { listing throws(APIFailure) -> [UInt8] in
            guard let version = listing.exchange.book(symbol)?.version, let (bids, asks) = listing.exchange.entries(symbol) else {
                throw unknownSymbol(symbol, venue)
            }
            if let cached = listing.bookPrefixes[symbol], cached.version == version { return cached.bytes }
            var json = JSONWriter(capacity: 64 + 40 * (bids.count + asks.count), style: .shortEscapes)
            APIBookCodec.writePrefix(venue: venue, symbol: symbol, bids: bids, asks: asks, to: &json)
            listing.bookPrefixes[symbol] = (version, json.bytes)
            return json.bytes
        }
    }
}
