import Dispatch
import FoundationEssentials
import HTTP
import StrategyKit
import WebSocket
import Wire

/// The simulated StockFighter exchange: the API's endpoints 1 to 10 over HTTP/1.1, on the
/// matching engine, for the venues and accounts of a `VenueConfiguration`.
///
/// Creating it starts serving; `address` is where (the real port when port 0 was asked for).
/// `stop()` closes every connection and returns once the server's threads have ended; as a
/// `Service`, `run()` serves until cancelled, then stops the same way. Signals are the caller's
/// business: stop it (or cancel its `run()`) on SIGTERM. With bots configured, they trade on a timer
/// thread of their own, under the same lock as the requests; EDGAR's new filings come on another
/// (`EdgarConfiguration.filingInterval`), under EDGAR's own lock. The game master (`/gm/...`)
/// is always served; each level instance a player starts has a market of its own, which its
/// venue's requests reach, stepped and judged on the game master's one timer thread (started
/// with the first instance).
public final class VenueServer: Sendable {
    /// Where the server listens.
    public var address: HTTPAddress { server.address }
    let server: HTTPServer
    let marketplace: Marketplace
    let alpacaStreams: AlpacaStreamRoutes
    private let botTimer: BotTimer?
    private let faults: ResponseFaults
    private let edgar: EdgarMarket?
    private let filingTimer: BotTimer?
    let gameMaster: GameMaster

    /// Starts serving `configuration`; throws `.server` when the address cannot be bound.
    public init(configuration: VenueConfiguration) throws(VenueError) {
        let marketplace = Marketplace(configuration: configuration)
        let alpacaStreams = AlpacaStreamRoutes(marketplace: marketplace, limits: configuration.alpaca?.streamLimits ?? WebSocketLimits())
        let faults = ResponseFaults()
        let edgar = configuration.edgar.map { edgar in
            EdgarMarket(
                configuration: edgar, stocks: configuration.listings.flatMap { listing in
                    listing.stocks.map { ($0.symbol.rawValue, $0.name, listing.venue.rawValue) }
                }, seed: configuration.botSeed)
        }
        let gameMaster = GameMaster(
            configuration: configuration.gameMaster, access: marketplace.access, reserved: Set(configuration.listings.map(\.venue)))
        let dispatch = VenueDispatch(
            router: VenueRouter(marketplace: marketplace), alpaca: AlpacaRouter(marketplace: marketplace),
            alpacaStreams: configuration.alpaca == nil ? nil : alpacaStreams, feeds: StockFighterStreamRouter(marketplace: marketplace, openExecutionFeeds: configuration.openExecutionFeeds),
            edgar: edgar.map(EdgarRouter.init), gameMaster: GameMasterRouter(gameMaster: gameMaster))
        let log = configuration.requestLog
        var http = HTTPServerConfiguration(
            address: configuration.listen, idleTimeout: configuration.idleTimeout, eventLoopCount: configuration.eventLoopCount,
            errorResponse: { status, reason in VenueRouter.failure(status, reason) })
        http.fewClientsPollInterval = configuration.fewClientsPollInterval
        // Its clients are tests and benchmarks on this machine, all from loopback: a thousand
        // stream subscribers must not meet the cap meant for one remote address.
        http.maxConnectionsPerAddress = http.maxConnections
        do {
            server = try HTTPServer(configuration: http) { request in
                if faults.shouldRateLimit(request) { return AlpacaRouter.rateLimited(retryAfterSeconds: 1) }
                let response = dispatch.respond(to: request)
                log?("\(request.method) \(request.target) -> \(response.status)")
                return faults.shouldDrop(request) ? .noAnswer : response
            }
        } catch {
            throw .server(error)
        }
        self.marketplace = marketplace
        self.alpacaStreams = alpacaStreams
        self.faults = faults
        self.edgar = edgar
        self.gameMaster = gameMaster
        if configuration.bots != nil, let interval = configuration.botInterval {
            botTimer = BotTimer(interval: interval) { marketplace.stepBots() }
        } else {
            botTimer = nil
        }
        if let edgar, let interval = configuration.edgar?.filingInterval {
            filingTimer = BotTimer(interval: interval, name: "venue-edgar") { _ = edgar.fileNew(now: WallClock.now()) }
        } else {
            filingTimer = nil
        }
    }

    /// Lets a few companies file something new on the simulated EDGAR now, accepted at the wall
    /// clock's time, in addition to its timer: for tests with `filingInterval` nil. Returns
    /// their CIKs (none when EDGAR is not served).
    @discardableResult
    public func fileEdgarFilings() -> [Int] {
        edgar?.fileNew(now: WallClock.now()) ?? []
    }

    /// Lets the bots of every venue take one step now (none without bots), in addition to their
    /// timer: for reproducible sessions and tests with `botInterval` nil.
    public func stepBots() {
        marketplace.stepBots()
    }

    /// Lets every live game-master instance's bots take one step now and judges it, in addition
    /// to the game master's timer: for tests with `GameMasterConfiguration.stepInterval` nil.
    public func stepGameMaster() {
        gameMaster.step()
    }

    /// The steps the bots have taken since the server started (by their timer or `stepBots()`):
    /// the simulated market's clock, which a level's days are counted on.
    public var botSteps: Int { marketplace.botSteps }

    /// Every order `account` has placed on `venue`, with its fills, straight from the books (no
    /// API key needed): how the process running the exchange, like a level's judge, sees an
    /// account's trading exactly rather than through polls.
    public func orders(of account: Account, on venue: Venue) -> [OrderStatus] {
        marketplace.orders(of: account, on: venue)
    }

    /// The number of orders (open, and closed but not yet forgotten under the configuration's
    /// `orderRetention`) and of their fills that `venue` still holds in memory: what a test
    /// watches to see that the exchange's memory stays flat.
    public func retained(on venue: Venue) -> (orders: Int, fills: Int) {
        marketplace.retained(on: venue)
    }

    /// The quote of `symbol` on `venue` now (its `last` is the last trade's price), or nil when
    /// the venue does not list it.
    public func quote(_ symbol: Symbol, on venue: Venue) -> Quote? {
        marketplace.currentQuote(symbol, on: venue)
    }

    /// The value the bots trade `symbol` on `venue` around now, or nil without bots there.
    public func fairValue(of symbol: Symbol, on venue: Venue) -> Price? {
        marketplace.fairValue(of: symbol, on: venue)
    }

    /// The account of the insider among the bots of `venue` (level making-amends; an instance's
    /// venue or the exchange's own), or nil when they have none: what a judge checks an
    /// accusation against.
    public func insider(on venue: Venue) -> Account? {
        gameMaster.instance(on: venue)?.insider ?? marketplace.insider(on: venue)
    }

    /// Carries out the next `count` requests `method path` (`POST`, `/v2/orders`; the path
    /// without its query) as usual but closes their connections without answering, as when the
    /// network loses a response: for tests of a client's retries (did the order go in?).
    public func dropResponses(_ count: Int = 1, method: String, path: String) {
        faults.drop(count, method: method, path: path)
    }

    /// Answers the next `count` requests `method path` (the path without its query) 429 with
    /// Alpaca's body and `Retry-After: 1`, without carrying them out: for tests of a client's
    /// rate-limit handling in the middle of a paged read.
    public func rateLimitResponses(_ count: Int = 1, method: String, path: String) {
        faults.rateLimit(count, method: method, path: path)
    }

    /// Forgets the lost and refused answers still to come (`dropResponses`, `rateLimitResponses`):
    /// for a test that held a client back with them and now lets it through.
    public func clearResponseFaults() {
        faults.clear()
    }

    /// Stops the bots and the server: closes the listener and every connection. Harmless to call
    /// again.
    public func stop() {
        botTimer?.stop()
        filingTimer?.stop()
        gameMaster.stopTimer()
        server.stop()
    }

    /// Blocks until `stop()` has been called (from another thread) and the server has stopped.
    public func waitUntilStopped() {
        server.waitUntilStopped()
    }
}
