import StrategyKit
import Wire

/// One connection to Alpaca's trading stream (`/stream`), as a pure state machine: the caller
/// hands it each message received (text or binary, both JSON) and sends what it answers; once
/// `listening` holds an account, the caller subscribes the connection to that account's
/// `trade_updates` (`VenueServer.subscribeTradeUpdates`), and ends the subscription when it
/// turns nil again (a `listen` without `trade_updates`).
///
/// As Alpaca: `auth` (or the older `authenticate` with `data.key_id` and `data.secret_key`)
/// → `authorization` `authorized`, or `unauthorized` and the connection closed; `listen` →
/// `listening` with the streams that exist among those asked for (only `trade_updates`);
/// `listen` before auth → `authorization` `unauthorized` for the action `listen`; anything
/// else is ignored.
public struct AlpacaTradingStreamSession: Sendable {
    /// The trading stream's path.
    public static let path = "/stream"

    let signIn: @Sendable (_ keyID: String?, _ secret: String?) -> Account?
    /// The account signed in, once authorized.
    public private(set) var account: Account?
    /// The account whose `trade_updates` the connection listens to, or nil.
    public private(set) var listening: Account?

    init(signIn: @escaping @Sendable (String?, String?) -> Account?) {
        self.signIn = signIn
    }

    /// The answer to one message received.
    public mutating func receive(_ message: [UInt8]) -> StreamReply {
        guard let request = AlpacaStreamRequest.read(message) else { return StreamReply() }
        switch request.action {
        case "auth", "authenticate":
            let keyID = request.key ?? request.data?.key_id
            let secret = request.secret ?? request.data?.secret_key
            guard let account = signIn(keyID, secret) else {
                return StreamReply(messages: [Self.authorization("unauthorized", "authenticate")], close: true)
            }
            self.account = account
            return StreamReply(messages: [Self.authorization("authorized", "authenticate")])
        case "listen":
            guard let account else { return StreamReply(messages: [Self.authorization("unauthorized", "listen")]) }
            let streams = (request.data?.streams ?? []).filter { $0 == "trade_updates" }
            listening = streams.isEmpty ? nil : account
            var json = JSONWriter(capacity: 64, style: .shortEscapes)
            json.raw("{\"stream\":\"listening\",\"data\":{\"streams\":")
            json.array(streams) { json, stream in json.string(stream) }
            json.raw("}}")
            return StreamReply(messages: [json.bytes])
        default:
            return StreamReply()
        }
    }

    private static func authorization(_ status: StaticString, _ action: StaticString) -> [UInt8] {
        var json = JSONWriter(capacity: 96, style: .shortEscapes)
        json.raw("{\"stream\":\"authorization\",\"data\":{\"status\":\"")
        json.raw(status)
        json.raw("\",\"action\":\"")
        json.raw(action)
        json.raw("\"}}")
        return json.bytes
    }
}
