import StrategyKit
import Wire

/// One connection to Alpaca's market-data stream (`/v2/iex`, `/v2/sip`), as a pure state
/// machine: the caller sends `greeting()` on open, then hands it each text message received
/// (`receive`) and, once `authTimeoutNanoseconds` have passed, the time (`tick`, for the auth
/// timeout), and sends what it answers. Its `channels` are what the connection's
/// `StreamSubscription` should carry.
///
/// As Alpaca: `auth` with the account's key id and secret → `authenticated`, or 402 `auth
/// failed` and the connection closed; anything else before auth → 401; a second auth → 403;
/// no auth within 10 seconds of opening → 404 `auth timeout` and closed; a message that is not
/// JSON with an `action` → 400; a subscribe past the symbol limit (`*` counts as one) → 405
/// and the subscription unchanged; subscribe and unsubscribe are answered with the whole
/// subscription.
public struct AlpacaDataStreamSession: Sendable {
    /// How long a connection may stay unauthenticated.
    public static let authTimeoutNanoseconds: Int64 = 10_000_000_000
    /// Alpaca's free (iex) plan's limit of symbols a connection subscribes to.
    public static let defaultSymbolLimit = 30

    /// The feeds' paths: both serve the exchange's one market.
    public static let paths: Set<String> = ["/v2/iex", "/v2/sip"]

    let openedAt: Timestamp
    let symbolLimit: Int
    let signIn: @Sendable (_ keyID: String?, _ secret: String?) -> Account?
    /// The account signed in, once authenticated.
    public private(set) var account: Account?
    public private(set) var channels = AlpacaDataChannels()

    init(openedAt: Timestamp, symbolLimit: Int, signIn: @escaping @Sendable (String?, String?) -> Account?) {
        self.openedAt = openedAt
        self.symbolLimit = symbolLimit
        self.signIn = signIn
    }

    /// `[{"T":"success","msg":"connected"}]`, sent on open.
    public func greeting() -> StreamReply { StreamReply(messages: [Self.success("connected")]) }

    /// The answer to one text message received at `time`.
    public mutating func receive(_ text: [UInt8], at time: Timestamp) -> StreamReply {
        if account == nil, timedOut(at: time) { return Self.failure(404, "auth timeout", close: true) }
        guard let request = AlpacaStreamRequest.read(text) else { return Self.failure(400, "invalid syntax") }
        switch request.action {
        case "auth":
            guard account == nil else { return Self.failure(403, "already authenticated") }
            guard let account = signIn(request.key, request.secret) else { return Self.failure(402, "auth failed", close: true) }
            self.account = account
            return StreamReply(messages: [Self.success("authenticated")])
        case "subscribe", "unsubscribe":
            guard account != nil else { return Self.failure(401, "not authenticated") }
            var next = channels
            for channel in AlpacaDataChannels.Channel.allCases {
                if request.action == "subscribe" {
                    next.subscribe(request.symbols(channel), to: channel)
                } else {
                    next.unsubscribe(request.symbols(channel), from: channel)
                }
            }
            guard next.symbolCount <= symbolLimit else { return Self.failure(405, "symbol limit exceeded") }
            channels = next
            return StreamReply(messages: [Self.subscription(channels)])
        default:
            return Self.failure(account == nil ? 401 : 400, account == nil ? "not authenticated" : "invalid syntax")
        }
    }

    /// 404 `auth timeout` and close once the connection has stayed unauthenticated too long;
    /// nothing otherwise.
    public func tick(at time: Timestamp) -> StreamReply {
        account == nil && timedOut(at: time) ? Self.failure(404, "auth timeout", close: true) : StreamReply()
    }

    private func timedOut(at time: Timestamp) -> Bool {
        time.nanoseconds - openedAt.nanoseconds >= Self.authTimeoutNanoseconds
    }

    private static func success(_ message: StaticString) -> [UInt8] {
        var json = JSONWriter(capacity: 48, style: .shortEscapes)
        json.raw("[{\"T\":\"success\",\"msg\":\"")
        json.raw(message)
        json.raw("\"}]")
        return json.bytes
    }

    /// `[{"T":"error","code":code,"msg":message}]`, closing after it when `close`.
    static func failure(_ code: Int, _ message: String, close: Bool = false) -> StreamReply {
        var json = JSONWriter(capacity: 64, style: .shortEscapes)
        json.raw("[{\"T\":\"error\",\"code\":")
        json.int(Int64(code))
        json.raw(",\"msg\":")
        json.string(message)
        json.raw("}]")
        return StreamReply(messages: [json.bytes], close: close)
    }

    /// `[{"T":"subscription","trades":[...],...}]` with every channel Alpaca lists.
    private static func subscription(_ channels: AlpacaDataChannels) -> [UInt8] {
        var json = JSONWriter(capacity: 256, style: .shortEscapes)
        json.raw("[{\"T\":\"subscription\"")
        for channel in AlpacaDataChannels.Channel.allCases {
            json.raw(",")
            json.string(channel.rawValue)
            json.raw(":")
            json.array(channels.symbols(channel)) { json, symbol in json.string(symbol) }
        }
        json.raw(",\"lulds\":[],\"corrections\":[],\"cancelErrors\":[]}]")
        return json.bytes
    }
}
