import FoundationEssentials
import HTTP
import StrategyKit
import Wire

/// What the simulated exchange serves, where, and to whom.
public struct VenueConfiguration: Sendable {
    /// Where to listen; `127.0.0.1:0` (any free port) by default.
    public var listen: HTTPAddress
    /// The venues and their stocks; always includes `TESTEX` with `FOOBAR`.
    public private(set) var listings: [VenueListing]
    /// The API key of each account; nil leaves the exchange open (any key, any account).
    public var apiKeys: [Account: String]?
    /// How long a connection may stall before the server closes it.
    public var idleTimeout: Duration
    /// The number of threads serving connections (1 by default).
    public var eventLoopCount: Int = 1
    /// How long the server keeps checking its connections without sleeping after a request
    /// while at most four connections are active (2 ms by default, against the HTTP server's
    /// 50 µs; see `HTTPServerConfiguration.fewClientsPollInterval`): a trading loop's next
    /// request, its order after a poll or its next round, finds it awake. It costs at most this
    /// much CPU, yielding to any other runnable thread, after each such request.
    public var fewClientsPollInterval: Duration = .milliseconds(2)
    /// The market bots each venue runs (the same numbers on every symbol), or nil for none.
    public var bots: BotConfiguration?
    /// The seed of the bots' randomness: the same seed and the same outside orders between the
    /// same steps give the same market. The venues' bots are seeded `botSeed`, `botSeed + 1`, ...
    /// in listing order.
    public var botSeed: UInt64 = 1
    /// How often the bots step (100 ms by default); nil steps them only on
    /// `VenueServer.stepBots()`.
    public var botInterval: Duration? = .milliseconds(100)
    /// The id of the first order, on every venue; nil (the default) takes the microseconds since
    /// the Unix epoch at start, so that a restarted exchange never hands out an id an earlier run
    /// gave while a client's ledger remembers it. That holds as long as the earlier run averaged
    /// under one order per microsecond (a million a second, far beyond what it serves) and the
    /// clock was not set back between the runs; the ids stay below 2^53, exact for any JSON
    /// reader, until the year 2255. Tests that want the same ids on every run set it.
    public var firstOrderID: OrderID?
    /// How long closed orders stay in memory for lookups and account lists; nil keeps every order
    /// for as long as the exchange runs (the practice levels, whose judge reads every order).
    public var orderRetention: OrderRetention? = OrderRetention()
    /// Whether any caller may watch any account's executions feed, keys in force or not, as the
    /// game's exchange allowed (how its level making-amends is solved); false (the default) asks
    /// the account's key, as `GET .../accounts/:account/orders` does.
    public var openExecutionFeeds = false
    /// How the Alpaca API is served next to the StockFighter one; nil serves StockFighter's only.
    public var alpaca: AlpacaConfiguration? = AlpacaConfiguration()
    /// How SEC EDGAR's endpoints are served for the exchange's companies; nil serves none.
    /// Generated from `botSeed`.
    public var edgar: EdgarConfiguration? = EdgarConfiguration()
    /// The game master's limits and pace: it is always served (`/gm/...`), and makes a level's
    /// market only when a player starts one.
    public var gameMaster = GameMasterConfiguration()
    /// Called with one line per request (`GET /ob/api/heartbeat -> 200`), for debug logging.
    public var requestLog: (@Sendable (String) -> Void)?

    /// The practice venue plus, when `venue` or `symbols` is given, `symbols` listed on `venue`
    /// (`TESTEX` when `venue` is nil), each with a generated company name.
    public init(
        listen: HTTPAddress = HTTPAddress(host: "127.0.0.1", port: 0), venue: String? = nil, symbols: [String] = [],
        apiKeys: [Account: String]? = nil, idleTimeout: Duration = .seconds(30),
        requestLog: (@Sendable (String) -> Void)? = nil
    ) throws(VenueError) {
        self.listen = listen
        self.listings = [VenueListing.testExchange]
        self.apiKeys = apiKeys
        self.idleTimeout = idleTimeout
        self.requestLog = requestLog
        let venueName = venue ?? VenueListing.testExchange.venue.rawValue
        try Self.validate(venueName, kind: "venue")
        for symbol in symbols { try Self.validate(symbol, kind: "symbol") }
        add(VenueListing(venue: Venue(venueName), stocks: symbols.map { ListedStock(symbol: Symbol($0)) }))
    }

    /// `listing` alone, without the practice venue, with `apiKeys` in force: the market of one
    /// game-master instance.
    init(instance listing: VenueListing, apiKeys: [Account: String]) {
        listen = HTTPAddress(host: "127.0.0.1", port: 0)
        listings = [listing]
        self.apiKeys = apiKeys
        idleTimeout = .seconds(30)
    }

    /// Adds a venue, or adds to an existing venue the stocks it does not list yet; a symbol
    /// given twice is listed once.
    public mutating func add(_ listing: VenueListing) {
        let index = listings.firstIndex { $0.venue == listing.venue } ?? {
            listings.append(VenueListing(venue: listing.venue, stocks: []))
            return listings.count - 1
        }()
        for stock in listing.stocks where !listings[index].stocks.contains(where: { $0.symbol == stock.symbol }) {
            listings[index].stocks.append(stock)
        }
    }

    /// Reads an accounts file: a JSON object mapping account names to API keys. Refuses an empty
    /// key and a key given to two accounts (a key must name one account), naming the accounts but
    /// never the key.
    public static func loadAPIKeys(path: String) throws(VenueError) -> [Account: String] {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .unreadableAccounts(path: path, reason: error.systemReason)
        }
        let object: [String: String]
        do {
            object = try JSONDecoder().decode([String: String].self, from: data)
        } catch {
            throw .invalidAccounts(path: path, reason: "expected a JSON object of account name to API key string")
        }
        var keys: [Account: String] = [:]
        var accountOfKey: [String: String] = [:]
        // In name order, so that the refusal names the same two accounts on every run.
        for (account, key) in object.sorted(by: { $0.key < $1.key }) {
            guard !key.isEmpty else { throw .invalidAccounts(path: path, reason: "\(account): empty API key") }
            if let other = accountOfKey[key] {
                throw .invalidAccounts(
                    path: path, reason: "accounts \(other) and \(account) have the same API key; each account needs a key of its own")
            }
            accountOfKey[key] = account
            keys[Account(account)] = key
        }
        return keys
    }

    private static func validate(_ name: String, kind: String) throws(VenueError) {
        let valid = (1...16).contains(name.utf8.count)
            && name.utf8.allSatisfy { (65...90).contains($0) || (48...57).contains($0) }
        guard valid else { throw .invalidName(name, kind: kind) }
    }
}
